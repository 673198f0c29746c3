/// A rule as a setting's value: one line of text, `key=value` parts joined by `;`, in a
/// fixed order, each part only when it differs from the default:
///
/// ```
/// match=ｾﾌﾞﾝ;kind=expense;category=food;tag=conbini
/// regex=^amazon;field=note;rename=Amazon
/// match=ｶｰﾄﾞ ﾗｸﾃﾝ;skip
/// ```
///
/// `match=` (text to find) or `regex=` comes first, then `field=note`, `kind=`, `category=`,
/// `rename=`, one `tag=` per tag in their sorted order, `transfer-to=` and `skip`. In values, `%` is written
/// `%25` and `;` is written `%3B`. Each rule has exactly one text: a text that reads as a
/// rule but is written otherwise (parts out of order, a default spelt out, other escapes) is
/// refused, so the text round-trips exactly.
extension Rule: PlainSettingValue {
    /// What values look like.
    public static let valueDescription =
        "a rule's text (match=<text> or regex=<pattern>, then field=note, kind=, category=, rename=, tag=, "
            + "transfer-to=, skip, "
            + "in that order, joined by ';')"

    /// Reads a rule's text.
    public init(settingText text: String) throws(ValueError) {
        guard let rule = Self.decode(text) else { throw .invalidSetting(text, expected: Self.valueDescription) }
        self = rule
    }

    /// Reads a stored string that is exactly a valid rule's text.
    public init?(stored: StoredSetting) {
        guard case .string(let text) = stored, let rule = Self.decode(text) else { return nil }
        self = rule
    }

    /// The rule's text.
    public var settingText: String {
        var parts = [(isRegex ? "regex=" : "match=") + SettingText.escaped(pattern)]
        if field != .name { parts.append("field=" + field.rawValue) }
        if let kind { parts.append("kind=" + kind.rawValue) }
        if let category { parts.append("category=" + SettingText.escaped(category)) }
        if let rename { parts.append("rename=" + SettingText.escaped(rename)) }
        for tag in tags { parts.append("tag=" + SettingText.escaped(tag)) }
        if let transferTo { parts.append("transfer-to=" + SettingText.escaped(transferTo)) }
        if skip { parts.append("skip") }
        return parts.joined(separator: ";")
    }

    /// The text, as a JSON string.
    public var stored: StoredSetting? { .string(settingText) }

    // MARK: Reading

    private static func decode(_ text: String) -> Rule? {
        var pattern: String?
        var isRegex = false, skip = false
        var field = Field.name
        var kind: RecordKind?
        var category: String?, rename: String?, transferTo: String?
        var tags: [String] = []
        guard let parts = SettingText.parts(of: text) else { return nil }
        for part in parts {
            guard let value = part.value else {
                if part.key != "skip" { return nil }
                skip = true
                continue
            }
            switch part.key {
            case "match", "regex":
                pattern = value
                isRegex = part.key == "regex"
            case "field":
                guard let named = Field(rawValue: value) else { return nil }
                field = named
            case "kind":
                guard let named = RecordKind(rawValue: value) else { return nil }
                kind = named
            case "category": category = value
            case "rename": rename = value
            case "tag": tags.append(value)
            case "transfer-to": transferTo = value
            default: return nil
            }
        }
        guard let pattern,
              let rule = try? Rule(
                pattern: pattern, isRegex: isRegex, field: field, kind: kind, category: category, rename: rename,
                tags: tags, skip: skip, transferTo: transferTo, keepingUnsupported: true),
              rule.settingText == text else { return nil }
        return rule
    }
}
