/// A value of a statement's kind column and what a row holding it is (`--kind-value
/// チャージ=transfer`); values compare folded (`TextFolding`), so `ｵｰﾄ` is `オート`.
public struct KindValue: Hashable, Sendable {
    /// The cell's text, as given.
    public var text: String
    /// What a row holding it is.
    public var meaning: RowMeaning

    /// `text` means `meaning`.
    public init(_ text: String, _ meaning: RowMeaning) {
        self.text = text
        self.meaning = meaning
    }

    /// Reads `<text>=<meaning>` (split at the last `=`, so the text may hold one); `nil` when
    /// the text is empty or the meaning is not one of `RowMeaning`'s.
    public init?(assignment: String, separator: Character = "=") {
        guard let equals = assignment.lastIndex(of: separator) else { return nil }
        let word = FieldRules.trimmed(String(assignment[assignment.index(after: equals)...]))
        guard let meaning = RowMeaning(rawValue: word) else { return nil }
        let text = FieldRules.trimmed(String(assignment[..<equals]))
        guard !text.isEmpty, (try? FieldRules.label(text, field: "kind value")) != nil else { return nil }
        self.init(text, meaning)
    }

    /// Adds `value` to `values` unless a value there folds to the same text (`TextFolding`:
    /// `ｵｰﾄ` is `オート`). With the same meaning it is there already, and nothing is added.
    ///
    /// - Returns: the value there that gives the text another meaning (then nothing is
    ///   added), or `nil`.
    public static func add(_ value: KindValue, to values: inout [KindValue]) -> KindValue? {
        let folded = TextFolding.folded(value.text)
        guard let there = values.first(where: { TextFolding.folded($0.text) == folded }) else {
            values.append(value)
            return nil
        }
        return there.meaning == value.meaning ? nil : there
    }
}
