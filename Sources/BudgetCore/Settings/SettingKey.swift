/// One setting: its name within its domain, the type of its value, its default and what it does.
public struct SettingKey<Domain: SettingsDomain, Value: SettingValue>: Sendable {
    /// The name within the domain (`currency`).
    public let name: String
    public let defaultValue: Value
    /// One line for `config list`.
    public let summary: String

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
            describe: { stored, context in Value(stored: stored)?.settingText(context: context) })
    }
}

/// A setting key whose value type is known only at run time (`config set display.color never`).
public struct AnySettingKey: Sendable {
    public let storedKey: String
    public let name: String
    public let summary: String
    public let valueDescription: String
    /// The default as the file would store it (`nil`: none).
    public let defaultValue: StoredSetting?
    /// Parses command-line text into what the file stores (`nil`: remove the key).
    public let parse: @Sendable (String, SettingContext) throws(ValueError) -> StoredSetting?
    /// The text of a stored value, or `nil` when the stored value is not valid for the key.
    public let describe: @Sendable (StoredSetting, SettingContext) -> String?

    /// The text of the default (`none` when there is none).
    public func defaultText(context: SettingContext) -> String {
        defaultValue.flatMap { describe($0, context) } ?? "none"
    }
}
