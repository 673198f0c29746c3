/// The strict reader reads a file's bytes in place, through the same checked view as the fast one.
extension ByteView: JSONBytes {
    func validatedString(_ range: Range<Int>) -> String? {
        UTF8Validation.isValid(self[range]) ? string(range) : nil
    }
}
