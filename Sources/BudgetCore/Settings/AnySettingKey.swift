/// A setting key whose value type is known only at run time (`config set display.color never`).
public struct AnySettingKey: Sendable {
    /// The key in the data file (`display.currency`).
    public let storedKey: String
    /// The name within its domain (`currency`).
    public let name: String
    /// One line for `config list`.
    public let summary: String
    /// What values look like (`auto, always or never`).
    public let valueDescription: String
    /// The default as the file would store it (`nil`: none).
    public let defaultValue: StoredSetting?
    /// Parses command-line text into what the file stores (`nil`: remove the key).
    public let parse: @Sendable (String, SettingContext) throws(ValueError) -> StoredSetting?
    /// The text of a stored value, or `nil` when the stored value is not valid for the key.
    public let describe: @Sendable (StoredSetting, SettingContext) -> String?
    /// Whether a stored value is valid for the key: `describe` is not `nil` for it, found
    /// without writing its text (the reader checks every setting of a file).
    public let accepts: @Sendable (StoredSetting) -> Bool

    /// The text of the default (`none` when there is none).
    public func defaultText(context: SettingContext) -> String {
        defaultValue.flatMap { describe($0, context) } ?? "none"
    }
}
