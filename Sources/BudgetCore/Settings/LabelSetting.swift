/// A setting that holds a name or a category (`expense.default-category`): text read with the
/// input rules of a label (`FieldRules.label`) and checked like one when read from the file.
public struct LabelSetting: PlainSettingValue, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The text, trimmed.
    public var text: String

    /// A value that is already a valid label (string literals in code).
    public init(stringLiteral text: String) {
        self.text = text
    }

    /// What values look like.
    public static let valueDescription = "text"

    /// Reads typed text with `FieldRules.label`.
    public init(settingText text: String) throws(ValueError) {
        self.text = try FieldRules.label(text, field: "value")
    }

    /// Reads a stored string that `FieldRules.checkLabel` accepts.
    public init?(stored: StoredSetting) {
        guard case .string(let text) = stored else { return nil }
        do {
            try FieldRules.checkLabel(text, field: "value")
        } catch {
            return nil
        }
        self.text = text
    }

    /// The text itself.
    public var settingText: String { text }
    /// The text, as a JSON string.
    public var stored: StoredSetting? { .string(text) }
    /// The text itself.
    public var description: String { text }
}
