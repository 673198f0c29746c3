/// The statement rows of deleted imported records, so that a later import does not bring them
/// back: their sources (`origin:identity`), kept by the month of the record's date in the
/// setting `import.deleted.<YYYY-MM>`, whose text is the sources joined by `;` (`%` and `;`
/// in a source written `%25` and `%3B`, as `SettingText` escapes them).
///
/// A month's key keeps each change small: deleting a record rewrites its month's list only,
/// and the undo history keeps that list's former text. Deleting a record adds its source;
/// `undo` of the delete takes it away again; an import with duplicates allowed that brings a
/// row back takes its source out. The value is kept as its text, checked in one pass, and
/// split into sources only when an import or a delete asks: reading and writing a budget
/// that remembers 100,000 deleted rows costs a scan of their bytes.
public struct DeletedRows: PlainSettingValue, Hashable {
    /// The sources, escaped and joined by `;`.
    public let settingText: String

    /// A list of sources (duplicates dropped).
    public init(_ sources: [String]) {
        var seen = Set<ExactText>()
        settingText = sources.filter { seen.insert(ExactText($0)).inserted }.map(SettingText.escaped)
            .joined(separator: ";")
    }

    /// What values look like.
    public static let valueDescription = "the sources of deleted imported records (source;…)"

    /// Reads `source;source;…`.
    ///
    /// - Throws: `ValueError.invalidSetting` for an empty text or source, a `%` that is not
    ///   `%25` or `%3B`, or a control character other than a tab or a line break (what a
    ///   record's source may hold).
    public init(settingText text: String) throws(ValueError) {
        guard Self.isValid(text) else { throw .invalidSetting(text, expected: Self.valueDescription) }
        settingText = text
    }

    /// Whether a text is sources as `settingText` writes them, in one pass over its bytes: a
    /// record's source may hold no control character but a tab or a line break
    /// (`FieldRules.checkNote`).
    private static func isValid(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        var pieceLength = 0
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: ";"):
                if pieceLength == 0 { return false }
                pieceLength = 0
                continue
            case UInt8(ascii: "%"):
                let first = bytes.next(), second = bytes.next()
                guard (first, second) == (UInt8(ascii: "2"), UInt8(ascii: "5"))
                    || (first, second) == (UInt8(ascii: "3"), UInt8(ascii: "B")) else { return false }
            case 0x00..<0x20 where byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n"), 0x7F:
                return false
            case 0xC2:
                // U+0080…U+009F, the C1 controls, are C2 80…C2 9F.
                guard let next = bytes.next() else { return false }
                if (0x80...0x9F).contains(next) { return false }
            case 0xE2:
                // U+2028 and U+2029, the line and paragraph separators, are E2 80 A8 and E2 80 A9.
                guard let next = bytes.next(), let last = bytes.next() else { return false }
                if next == 0x80 && (last == 0xA8 || last == 0xA9) { return false }
            default:
                break
            }
            pieceLength += 1
        }
        return pieceLength > 0
    }

    /// The sources, in the order they were deleted.
    public var sources: [String] {
        settingText.utf8.split(separator: UInt8(ascii: ";")).compactMap {
            SettingText.unescaped(String(decoding: $0, as: UTF8.self))
        }
    }

    /// Reads a stored string.
    public init?(stored: StoredSetting) {
        guard case .string(let text) = stored, Self.isValid(text) else { return nil }
        settingText = text
    }

    /// The text, as a JSON string.
    public var stored: StoredSetting? { .string(settingText) }

    /// These sources and those of `more` not among them.
    func inserting(_ more: [String]) -> DeletedRows {
        let current = sources
        return DeletedRows(current + more)
    }

    /// These sources without `gone`; `nil` when none is left.
    func removing(_ gone: Set<ExactText>) -> DeletedRows? {
        let kept = sources.filter { !gone.contains(ExactText($0)) }
        return kept.isEmpty ? nil : DeletedRows(kept)
    }
}
