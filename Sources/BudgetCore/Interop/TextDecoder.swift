/// Reads a text file's bytes as text, in an encoding named or found.
///
/// Found (`encoding` `nil`): a byte-order mark first (UTF-8's is dropped; UTF-16's, little or
/// big endian, is decoded as UTF-16), then strict UTF-8, then CP932, then EUC-JP, else an
/// error saying where each stopped. EUC-JP comes last: its bytes are often also valid CP932
/// (read as the wrong characters), so text that is both is read as CP932, and EUC-JP text
/// is found only where CP932 stops (and never with a control character 0x80–0x9F); name it
/// to be sure. Windows-1252 and Latin-1 are never guessed (any bytes are Latin-1 text): they
/// must be named. Nothing is ever replaced.
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
    ///   decode), `.invalidUTF16`, `.undetected` (not UTF-8, CP932 or EUC-JP), `.unavailable`.
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
        let cp932Stop: TextEncodingError.Place
        do {
            return try TextEncoding.cp932.decode(bytes)
        } catch {
            guard case .invalid(_, let place) = error else { throw error }
            cp932Stop = place
        }
        let eucJPStop: TextEncodingError.Place
        do {
            let text = try TextEncoding.eucJP.decode(bytes)
            guard let control = Self.eucJPControl(in: bytes) else { return text }
            eucJPStop = TextEncoding.place(of: control, in: bytes)
        } catch {
            guard case .invalid(_, let place) = error else { throw error }
            eucJPStop = place
        }
        throw .undetected(utf8: utf8Stop, cp932: cp932Stop, eucJP: eucJPStop)
    }

    /// The offset of the first C1 control in bytes iconv read as EUC-JP (a byte 0x80–0xA0
    /// that is no single shift, 0x8E or 0x8F), or `nil`. iconv takes such a byte as a control
    /// character, which statements never hold: found, it is another encoding's (Windows-1252's
    /// `€` is 0x80), and the bytes are not taken for EUC-JP.
    static func eucJPControl(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x00...0x7F: index += 1
            case 0x8E, 0xA1...0xFE: index += 2
            case 0x8F: index += 3
            default: return index
            }
        }
        return nil
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
