/// A character encoding of the text files `budget` reads (bank and card statements) or writes
/// (exports for spreadsheets). UTF-8 is decoded by Swift; Windows-1252 and Latin-1 by their
/// tables here; CP932 and EUC-JP by the C library's iconv, strictly: bytes that are not text in
/// the encoding are refused, never replaced.
public enum TextEncoding: String, CaseIterable, Sendable {
    /// UTF-8. A leading byte-order mark is not part of the text.
    case utf8 = "utf-8"
    /// CP932 (Windows-31J), Microsoft's Shift_JIS, which most Japanese banks export: its table
    /// maps 0x8160 to ～ U+FF5E, holds ① ㈱ 髙 﨑, and keeps 0x5C a backslash.
    case cp932
    /// EUC-JP, rare in statements.
    case eucJP = "euc-jp"
    /// Windows-1252 (also named `cp1252`), the Western European Windows code page: Latin-1
    /// with `€`, curly quotes and dashes in 0x80–0x9F, where five bytes (0x81, 0x8D, 0x8F,
    /// 0x90, 0x9D) are no character.
    case windows1252 = "windows-1252"
    /// ISO-8859-1, Latin-1 (also named `iso-8859-1`): each byte is the character U+0000–U+00FF
    /// of its value.
    case latin1 = "latin-1"

    /// The encoding a name names: its own (`rawValue`) or another it goes by (`otherNames`:
    /// `cp1252`, `iso-8859-1`), as written (lower-case).
    public init?(rawValue: String) {
        switch rawValue {
        case "utf-8": self = .utf8
        case "cp932": self = .cp932
        case "euc-jp": self = .eucJP
        case "windows-1252", "cp1252": self = .windows1252
        case "latin-1", "iso-8859-1": self = .latin1
        default: return nil
        }
    }

    /// The other names encodings go by, which `init(rawValue:)` takes too.
    public static let otherNames = ["cp1252", "iso-8859-1"]

    /// The encoding as messages name it: `UTF-8`, `CP932`, `EUC-JP`, `Windows-1252`, `Latin-1`.
    public var name: String {
        switch self {
        case .utf8: return "UTF-8"
        case .cp932: return "CP932"
        case .eucJP: return "EUC-JP"
        case .windows1252: return "Windows-1252"
        case .latin1: return "Latin-1"
        }
    }

    /// The name `iconv_open` knows it by.
    var iconvName: String {
        switch self {
        case .windows1252: return "CP1252"
        case .latin1: return "ISO-8859-1"
        case .utf8, .cp932, .eucJP: return name
        }
    }

    /// The characters of Windows-1252's bytes 0x80–0x9F (`nil`: no character), from
    /// Microsoft's table; its other bytes are Latin-1's.
    static let windows1252High: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]

    /// The character of a byte in a one-byte encoding (Windows-1252, Latin-1); `nil` when it
    /// is none, or for the other encodings.
    func character(of byte: UInt8) -> Unicode.Scalar? {
        switch self {
        case .latin1: return Unicode.Scalar(byte)
        case .windows1252:
            return (0x80...0x9F).contains(byte) ? Self.windows1252High[Int(byte) - 0x80] : Unicode.Scalar(byte)
        case .utf8, .cp932, .eucJP: return nil
        }
    }

    /// The byte of a character in a one-byte encoding (Windows-1252, Latin-1); `nil` when it
    /// has none, or for the other encodings.
    func byte(of scalar: Unicode.Scalar) -> UInt8? {
        switch self {
        case .latin1: return scalar.value <= 0xFF ? UInt8(scalar.value) : nil
        case .windows1252:
            if scalar.value < 0x80 || (0xA0...0xFF).contains(scalar.value) { return UInt8(scalar.value) }
            return Self.windows1252High.firstIndex(of: scalar).map { UInt8(0x80 + $0) }
        case .utf8, .cp932, .eucJP: return nil
        }
    }

    /// UTF-8's byte-order mark, which a file may start with.
    static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Characters CP932 has no code for but holds under another Unicode character, replaced
    /// before CP932 is written: the code points a JIS-table Shift_JIS or EUC-JP decoder gives
    /// for the JIS codes that Microsoft's table maps elsewhere (the wave-dash problem). Read
    /// back, the text has the replacement (`～`, not `〜`).
    public static let cp932Substitutes: [Unicode.Scalar: Unicode.Scalar] = [
        "\u{301C}": "\u{FF5E}", // 〜 wave dash → ～ full-width tilde
        "\u{2212}": "\u{FF0D}", // − minus sign → － full-width hyphen-minus
        "\u{00A5}": "\u{FFE5}", // ¥ yen sign → ￥ full-width yen sign (not 0x5C, which reads back as \)
        "\u{2016}": "\u{2225}", // ‖ double vertical line → ∥ parallel to
        "\u{2014}": "\u{2015}", // — em dash → ― horizontal bar
        "\u{00A2}": "\u{FFE0}", // ¢ → ￠
        "\u{00A3}": "\u{FFE1}", // £ → ￡
        "\u{00AC}": "\u{FFE2}", // ¬ → ￢
    ]

    /// The text of `bytes` in this encoding, strictly: for UTF-8 without a leading
    /// byte-order mark.
    ///
    /// - Throws: `TextEncodingError.invalid` with the line and byte offset of the first byte
    ///   that does not decode (an invalid or incomplete sequence), or `.unavailable`.
    public func decode(_ bytes: [UInt8]) throws(TextEncodingError) -> String {
        switch self {
        case .utf8:
            let start = bytes.starts(with: Self.utf8BOM) ? Self.utf8BOM.count : 0
            // Valid text (the usual case) is checked once; invalid text again, for the place.
            if let text = String(validating: bytes[start...], as: UTF8.self) { return text }
            do {
                _ = try UTF8Span(validating: bytes.span.extracting(start...))
            } catch {
                throw .invalid(self, at: Self.place(of: start + error.byteOffsets.lowerBound, in: bytes))
            }
            return String(decoding: bytes[start...], as: UTF8.self)
        case .windows1252, .latin1:
            var scalars = String.UnicodeScalarView()
            for (offset, byte) in bytes.enumerated() {
                guard let scalar = character(of: byte) else {
                    throw .invalid(self, at: Self.place(of: offset, in: bytes))
                }
                scalars.append(scalar)
            }
            return String(scalars)
        case .cp932, .eucJP:
            let converter = try converter(from: iconvName, to: "UTF-8")
            do {
                return String(decoding: try converter.convert(bytes), as: UTF8.self)
            } catch {
                switch error {
                case .invalid(let offset), .incomplete(let offset):
                    throw .invalid(self, at: Self.place(of: offset, in: bytes))
                case .unsupported, .failed: throw .unavailable(self)
                }
            }
        }
    }

    /// `text` in this encoding, with `cp932Substitutes` applied for CP932.
    ///
    /// - Throws: `TextEncodingError.unencodable` naming the first character the encoding has
    ///   no code for (and no record: the caller knows which records it wrote), or
    ///   `.unavailable`.
    public func encode(_ text: String) throws(TextEncodingError) -> [UInt8] {
        switch self {
        case .utf8: return Array(text.utf8)
        case .windows1252, .latin1:
            var bytes: [UInt8] = []
            for scalar in text.unicodeScalars {
                guard let byte = byte(of: scalar) else { throw .unencodable(scalar, self, record: nil) }
                bytes.append(byte)
            }
            return bytes
        case .cp932, .eucJP: break
        }
        let utf8 = Array(substituted(text).utf8)
        let converter = try converter(from: "UTF-8", to: iconvName)
        do {
            return try converter.convert(utf8)
        } catch {
            switch error {
            case .invalid(let offset), .incomplete(let offset):
                let scalar =
                    String(decoding: utf8[offset...].prefix(4), as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
                throw .unencodable(scalar, self, record: nil)
            case .unsupported, .failed:
                throw .unavailable(self)
            }
        }
    }

    /// What this encoding writes instead of `scalar`, when it has no code for it but holds it
    /// as another character (`cp932Substitutes`); `nil` otherwise.
    func substitute(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        self == .cp932 ? Self.cp932Substitutes[scalar] : nil
    }

    /// `text` with this encoding's substitutes in place of the characters they stand for.
    func substituted(_ text: String) -> String {
        guard self == .cp932, text.unicodeScalars.contains(where: { Self.cp932Substitutes[$0] != nil }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(Self.cp932Substitutes[scalar] ?? scalar) }
        return String(result)
    }

    /// An iconv converter, or `.unavailable` for this encoding.
    func converter(from source: String, to target: String) throws(TextEncodingError) -> Iconv {
        do {
            return try Iconv(from: source, to: target)
        } catch {
            throw .unavailable(self)
        }
    }

    /// The line (1 + the line feeds before it) and offset of a byte. A line feed byte is one
    /// in each of these encodings: CP932 and EUC-JP never use 0x0A inside a character, and
    /// Windows-1252 and Latin-1 have one byte a character.
    static func place(of offset: Int, in bytes: [UInt8]) -> TextEncodingError.Place {
        var line = 1
        for byte in bytes[..<min(offset, bytes.count)] where byte == 0x0A { line += 1 }
        return TextEncodingError.Place(line: line, offset: offset)
    }
}
