/// A split as a setting's value (`share.<category>`, `ShareKeys`): its stored form.
extension Split: SettingValue {
    /// Reads a split as typed.
    public init(settingText text: String, context: SettingContext) throws(ValueError) {
        guard let split = Split(typed: text) else { throw .invalidSetting(text, expected: Self.valueDescription) }
        self = split
    }

    /// Reads the exact stored text.
    public init?(stored: StoredSetting) {
        guard case .string(let text) = stored, let split = Split(stored: text) else { return nil }
        self = split
    }

    /// The split as stored.
    public func settingText(context: SettingContext) -> String { text }

    /// The stored text.
    public var stored: StoredSetting? { .string(text) }
}
