/// A setting value that reads and shows the same whatever the context (no amounts).
public protocol PlainSettingValue: SettingValue {
    /// Parses a value as a person types it.
    init(settingText text: String) throws(ValueError)
    /// The value as `config get` prints it.
    var settingText: String { get }
}

extension PlainSettingValue {
    /// Parses a value as a person types it; the context does not matter.
    public init(settingText text: String, context: SettingContext) throws(ValueError) {
        try self.init(settingText: text)
    }

    /// The value as `config get` prints it; the context does not matter.
    public func settingText(context: SettingContext) -> String { settingText }
}
