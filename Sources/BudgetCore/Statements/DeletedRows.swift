/// The statement rows of deleted imported records, so that a later import does not bring them
/// back: their sources (`origin:identity`), kept by the month of the record's date in the
/// setting `import.deleted.<YYYY-MM>`, whose text is the sources joined by `;` (`%` and `;`
/// in a source written `%25` and `%3B`, as `SettingText` escapes them).
///
/// A month's key keeps each change small: deleting a record rewrites its month's list only,
/// and the undo history keeps that list's former text. Deleting a record adds its source;
/// `undo` of the delete takes it away again; an import with duplicates allowed that brings a
/// row back takes its source out.
public struct DeletedRows: PlainSettingValue, Hashable {
    /// The sources, in the order they were deleted, each once.
    public private(set) var sources: [String]

    /// A list of sources (duplicates dropped).
    public init(_ sources: [String]) {
        var seen = Set<ExactText>()
        self.sources = sources.filter { seen.insert(ExactText($0)).inserted }
    }

    /// What values look like.
    public static let valueDescription = "the sources of deleted imported records (source;…)"

    /// Reads `source;source;…`.
    ///
    /// - Throws: `ValueError.invalidSetting` for an empty source, a `%` that is not `%25` or
    ///   `%3B`, a source with a control character other than a tab or a line break (what a
    ///   record's source may hold), or a source given twice.
    public init(settingText text: String) throws(ValueError) {
        func fail() -> ValueError { .invalidSetting(text, expected: Self.valueDescription) }
        var sources: [String] = []
        var seen = Set<ExactText>()
        for piece in text.unicodeScalars.split(separator: ";", omittingEmptySubsequences: false) {
            guard let source = SettingText.unescaped(String(String.UnicodeScalarView(piece))), !source.isEmpty,
                  (try? FieldRules.checkNote(source, field: "source")) != nil, seen.insert(ExactText(source)).inserted else { throw fail() }
            sources.append(source)
        }
        self.sources = sources
    }

    /// The sources, escaped and joined by `;`.
    public var settingText: String { sources.map(SettingText.escaped).joined(separator: ";") }

    /// Reads a stored string that reads back to the same text.
    public init?(stored: StoredSetting) {
        guard case .string(let text) = stored, let rows = try? DeletedRows(settingText: text), rows.settingText == text else { return nil }
        self = rows
    }

    /// The text, as a JSON string.
    public var stored: StoredSetting? { sources.isEmpty ? nil : .string(settingText) }

    /// Adds sources not in the list yet.
    mutating func insert(_ more: [String]) {
        var seen = Set(sources.map(ExactText.init))
        for source in more where seen.insert(ExactText(source)).inserted { sources.append(source) }
    }

    /// Takes sources out.
    mutating func remove(_ gone: Set<ExactText>) {
        sources.removeAll { gone.contains(ExactText($0)) }
    }
}
