#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A few names (members, accounts) found by their bytes: comparing bytes needs no Unicode
/// normalisation, which hashing a Japanese name for a dictionary does, a million times over.
public struct NameLookup: Sendable {
    private let names: [[UInt8]]
    /// Each name of at most 16 bytes as two words (zero past its end), else `nil`: most names
    /// are that short (銀行, 楽天カード), and two comparisons of words cost less than a call.
    private let words: [ShortBytes?]

    /// The names, in the order their positions give.
    public init(_ names: [String]) {
        self.names = names.map { Array($0.utf8) }
        words = self.names.map { bytes in bytes.withUnsafeBufferPointer { ShortBytes($0) } }
    }

    /// The position of the name spelt exactly so, or `nil`.
    public func index(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { text in
            if let short = ShortBytes(text) { return words.firstIndex { $0 == short } }
            // Lengths first: most names that differ differ in length.
            return names.firstIndex { bytes in
                bytes.count == text.count
                    && bytes.withUnsafeBufferPointer { stored in
                        guard let left = stored.baseAddress, let right = text.baseAddress else { return true }
                        return memcmp(left, right, text.count) == 0
                    }
            }
        }
    }
}
