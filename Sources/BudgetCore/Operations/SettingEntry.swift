/// One setting as `config list` shows it: its value, its default and what it does.
public struct SettingEntry: Sendable {
    /// The key.
    public var key: AnySettingKey
    /// Its value as `config get` prints it: the value set, else the default.
    public var value: String
    /// Its default as text (`none` when it has none).
    public var defaultValue: String
    /// Whether a value is set (rather than the default applying).
    public var isSet: Bool
}
