#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why text could not be read from bytes (`TextDecoder`) or written as bytes
/// (`TextEncoding.encode`). Nothing is imported or exported.
public enum TextEncodingError: LocalizedError, Equatable, Sendable {
    /// Where in a file the first byte that does not decode is.
    public struct Place: Equatable, Sendable {
        /// The line, counted from 1.
        public var line: Int
        /// The byte offset in the file, counted from 0.
        public var offset: Int

        /// A place at a byte offset, on a line.
        public init(line: Int, offset: Int) {
            self.line = line
            self.offset = offset
        }

        /// `line 12 (byte 345)`.
        public var description: String { "line \(line) (byte \(offset))" }
    }

    /// The bytes are not text in `encoding`, which was named or which a byte-order mark
    /// declared: the first byte that does not decode is at `place`.
    case invalid(TextEncoding, at: Place)
    /// A file that starts with UTF-16's byte-order mark but is not UTF-16 text from `place` on.
    case invalidUTF16(at: Place)
    /// No encoding was named and the bytes are not UTF-8, CP932 or EUC-JP text: where each
    /// stopped.
    case undetected(utf8: Place, cp932: Place, eucJP: Place)
    /// A character `encoding` has no code for (after its substitutions), in `record` when the
    /// character belongs to one.
    case unencodable(Unicode.Scalar, TextEncoding, record: RecordReference?)
    /// The C library has no converter for `encoding` (on Linux, glibc's `gconv` modules are
    /// missing).
    case unavailable(TextEncoding)

    /// The message, lower-case, without the command line's words.
    public var errorDescription: String? {
        switch self {
        case let .invalid(encoding, place):
            return "\(place.description) is not valid \(encoding.name) text"
        case let .invalidUTF16(place):
            return "\(place.description) is not valid UTF-16 text, though the file starts with UTF-16's byte-order mark"
        case let .undetected(utf8, cp932, eucJP):
            guard utf8 != cp932 || utf8 != eucJP else {
                return "\(utf8.description) is not UTF-8, CP932 or EUC-JP text"
            }
            return "the file is not UTF-8, CP932 or EUC-JP text: UTF-8 stops at \(utf8.description), "
                + "CP932 at \(cp932.description), EUC-JP at \(eucJP.description)"
        case let .unencodable(scalar, encoding, record):
            let holder = record.map { $0.description + " holds" } ?? "the text holds"
            return "\(holder) \(Self.shown(scalar)), which \(encoding.name) has no code for"
        case let .unavailable(encoding):
            return "this system cannot convert \(encoding.name) text: the C library's iconv has no converter for it"
        }
    }

    /// A character as a message quotes it: `'😀' (U+1F600)`.
    static func shown(_ scalar: Unicode.Scalar) -> String {
        let code = String(scalar.value, radix: 16, uppercase: true)
        return "'\(scalar)' (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))"
    }
}
