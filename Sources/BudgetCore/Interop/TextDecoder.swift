/// Reads a text file's bytes as text, in an encoding named or found.
///
/// Found (`encoding` `nil`): a byte-order mark first (UTF-8's is dropped; UTF-16's, little or
/// big endian, is decoded as UTF-16), then strict UTF-8, then CP932, else an error saying
/// where each stopped. EUC-JP is never guessed: it must be named (its bytes are often also
/// valid CP932, read as the wrong characters). Nothing is ever replaced.
public struct TextDecoder: Sendable {
    /// The encoding to read, or `nil` to find it.
    public var encoding: TextEncoding?

    /// A decoder for `encoding`, or one that finds the encoding (`nil`).
    public init(encoding: TextEncoding? = nil) {
        self.encoding = encoding
    }

    /// The text of `bytes`, without a leading byte-order mark.
    ///
    /// - Throws: `TextEncodingError`: `.invalid` (the encoding named, or UTF-8 after its
    ///   byte-order mark, with the line and byte offset of the first byte that does not
    ///   decode), `.invalidUTF16`, `.undetected` (neither UTF-8 nor CP932), `.unavailable`.
    public func decode(_ bytes: [UInt8]) throws(TextEncodingError) -> String {
        if let encoding { return try encoding.decode(bytes) }
        if bytes.starts(with: TextEncoding.utf8BOM) { return try TextEncoding.utf8.decode(bytes) }
        if bytes.starts(with: [0xFF, 0xFE]) { return try Self.decodeUTF16(bytes, bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try Self.decodeUTF16(bytes, bigEndian: true) }
        let utf8Stop: TextEncodingError.Place
        do {
            return try TextEncoding.utf8.decode(bytes)
        } catch {
            guard case .invalid(_, let place) = error else { throw error }
            utf8Stop = place
        }
        do {
            return try TextEncoding.cp932.decode(bytes)
        } catch {
            guard case .invalid(_, let place) = error else { throw error }
            throw .undetected(utf8: utf8Stop, cp932: place)
        }
    }

    /// UTF-16 after its two-byte byte-order mark.
    static func decodeUTF16(_ bytes: [UInt8], bigEndian: Bool) throws(TextEncodingError) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var scalars = String.UnicodeScalarView()
        var codec = UTF16()
        var iterator = units.makeIterator()
        var read = 0
        var line = 1
        func stop() -> TextEncodingError {
            .invalidUTF16(at: TextEncodingError.Place(line: line, offset: 2 + 2 * read))
        }
        decoding: while true {
            switch codec.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                read += UTF16.width(scalar)
                if scalar == "\n" { line += 1 }
            case .emptyInput:
                break decoding
            case .error:
                throw stop()
            }
        }
        // An odd byte at the end is half a code unit.
        guard index == bytes.count else { throw stop() }
        return String(scalars)
    }
}
