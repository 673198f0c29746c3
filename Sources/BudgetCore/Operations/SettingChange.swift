/// What setting or unsetting a key did (`BudgetDocument.setSetting(_:to:rescale:)`).
public struct SettingChange: Equatable, Sendable {
    /// The stored key (`display.currency`).
    public var key: String
    /// Whether the key was set before the change.
    public var wasSet: Bool
    /// Whether the stored value changed (`false`: it already was that, or was not set).
    public var changed: Bool
    /// The value afterwards as `config get` shows it; `nil` when the key is not set.
    public var value: String?
}
