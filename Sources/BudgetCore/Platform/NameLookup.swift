/// A few names (members, accounts) found by their bytes: comparing bytes needs no Unicode
/// normalisation, which hashing a Japanese name for a dictionary does, a million times over.
public struct NameLookup: Sendable {
    private let names: [[UInt8]]

    /// The names, in the order their positions give.
    public init(_ names: [String]) {
        self.names = names.map { Array($0.utf8) }
    }

    /// The position of the name spelt exactly so, or `nil`.
    public func index(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { text in
            names.firstIndex { bytes in bytes.withUnsafeBufferPointer { text.elementsEqual($0) } }
        }
    }
}
