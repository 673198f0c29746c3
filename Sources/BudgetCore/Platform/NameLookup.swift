#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
            // Lengths first: most names that differ differ in length (銀行, 楽天カード, 財布).
            names.firstIndex { bytes in
                bytes.count == text.count
                    && bytes.withUnsafeBufferPointer { stored in
                        guard let left = stored.baseAddress, let right = text.baseAddress else { return true }
                        return memcmp(left, right, text.count) == 0
                    }
            }
        }
    }
}
