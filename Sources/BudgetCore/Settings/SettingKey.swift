/// One setting: its name within its domain, the type of its value, its default and what it does.
public struct SettingKey<Domain: SettingsDomain, Value: SettingValue>: Sendable {
    /// The name within the domain (`currency`).
    public let name: String
    /// The value when the key is not set.
    public let defaultValue: Value
    /// One line for `config list`.
    public let summary: String

    /// A key named within its domain, with its default and a line for `config list`.
    public init(_ name: String, default defaultValue: Value, _ summary: String) {
        self.name = name
        self.defaultValue = defaultValue
        self.summary = summary
    }

    /// The key in the data file: `domain.name`.
    public var storedKey: String { Domain.name + "." + name }

    /// The same key without its static types, for listing and for keys named at run time.
    public var erased: AnySettingKey {
        AnySettingKey(
            storedKey: storedKey, name: name, summary: summary, valueDescription: Value.valueDescription,
            defaultValue: defaultValue.stored,
            parse: { text, context throws(ValueError) in try Value(settingText: text, context: context).stored },
            describe: { stored, context in Value(stored: stored)?.settingText(context: context) },
            accepts: { stored in Value(stored: stored) != nil })
    }
}
