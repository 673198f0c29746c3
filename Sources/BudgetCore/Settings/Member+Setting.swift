/// A member as a setting's value (`member.<name>`, `MemberKeys`): `share=<weight>`. The name is the key's.
extension Member: SettingValue {
    /// What values look like.
    public static let valueDescription = "share=<weight> (a whole number from 1)"

    /// Reads `share=2` as typed.
    public init(settingText text: String, context: SettingContext) throws(ValueError) {
        let pair = FieldRules.trimmed(text).split(separator: "=", omittingEmptySubsequences: false)
            .map { FieldRules.trimmed(String($0)) }
        guard pair.count == 2, pair[0] == "share", case .weights(let weights)? = Split(typed: "x=" + pair[1]),
              let weight = weights.first?.weight else {
            throw .invalidSetting(text, expected: Self.valueDescription)
        }
        self.init(name: "", weight: weight)
    }

    /// Reads the exact stored text.
    public init?(stored: StoredSetting) {
        guard case .string(let text) = stored, text.hasPrefix("share="),
              case .weights(let weights)? = Split(stored: "x=" + text.dropFirst("share=".count)),
              let weight = weights.first?.weight else { return nil }
        self.init(name: "", weight: weight)
    }

    /// `share=<weight>`.
    public func settingText(context: SettingContext) -> String { "share=\(weight)" }

    /// The stored text.
    public var stored: StoredSetting? { .string("share=\(weight)") }
}
