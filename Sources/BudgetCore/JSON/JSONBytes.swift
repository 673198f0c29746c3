/// Bytes the JSON reader can read: an array, or a file's bytes read in place (`ByteView` over a
/// mapped file), so that checking a large file never copies it.
protocol JSONBytes: RandomAccessCollection where Element == UInt8, Index == Int {
    /// The bytes in `range` as text (invalid UTF-8 repaired: validate first where it matters).
    func string(_ range: Range<Int>) -> String
    /// The bytes in `range` as text, or `nil` when they are not UTF-8.
    func validatedString(_ range: Range<Int>) -> String?
}

extension Array: JSONBytes where Element == UInt8 {
    func string(_ range: Range<Int>) -> String {
        String(decoding: self[range], as: UTF8.self)
    }

    func validatedString(_ range: Range<Int>) -> String? {
        UTF8Validation.isValid(self[range]) ? string(range) : nil
    }
}
