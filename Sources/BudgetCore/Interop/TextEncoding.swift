/// A character encoding of the text files `budget` reads (bank and card statements) or writes
/// (exports for spreadsheets). UTF-8 is decoded by Swift; CP932 and EUC-JP by the C library's
/// iconv, strictly: bytes that are not text in the encoding are refused, never replaced.
public enum TextEncoding: String, CaseIterable, Sendable {
    /// UTF-8. A leading byte-order mark is not part of the text.
    case utf8 = "utf-8"
    /// CP932 (Windows-31J), Microsoft's Shift_JIS, which most Japanese banks export: its table
    /// maps 0x8160 to ～ U+FF5E, holds ① ㈱ 髙 﨑, and keeps 0x5C a backslash.
    case cp932
    /// EUC-JP, rare in statements.
    case eucJP = "euc-jp"

    /// The encoding as messages name it: `UTF-8`, `CP932`, `EUC-JP`.
    public var name: String {
        switch self {
        case .utf8: return "UTF-8"
        case .cp932: return "CP932"
        case .eucJP: return "EUC-JP"
        }
    }

    /// The name `iconv_open` knows it by.
    var iconvName: String { name }

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
            do {
                _ = try UTF8Span(validating: bytes.span.extracting(start...))
            } catch {
                throw .invalid(self, at: Self.place(of: start + error.byteOffsets.lowerBound, in: bytes))
            }
            return String(decoding: bytes[start...], as: UTF8.self)
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
        guard self != .utf8 else { return Array(text.utf8) }
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
    /// in each of these encodings: CP932 and EUC-JP never use 0x0A inside a character.
    static func place(of offset: Int, in bytes: [UInt8]) -> TextEncodingError.Place {
        var line = 1
        for byte in bytes[..<min(offset, bytes.count)] where byte == 0x0A { line += 1 }
        return TextEncodingError.Place(line: line, offset: offset)
    }
}
