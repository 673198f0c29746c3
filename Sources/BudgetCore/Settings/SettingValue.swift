/// A type a setting can hold: parsed from text a person types, shown to people, stored in the file.
public protocol SettingValue: Equatable, Sendable {
    /// What values look like, for help and errors (`auto, always or never`).
    static var valueDescription: String { get }
    /// Parses a value as a person types it.
    init(settingText text: String, context: SettingContext) throws(ValueError)
    /// Reads the file's value; `nil` when it has the wrong type or is out of range.
    init?(stored: StoredSetting)
    /// The value as `config get` prints it and `config set` accepts it.
    func settingText(context: SettingContext) -> String
    /// The value as the file holds it; `nil` means the key is absent.
    var stored: StoredSetting? { get }
}

/// An optional setting: `none` (as typed and as shown) means not set.
extension Optional: SettingValue where Wrapped: SettingValue {
    /// The wrapped type's values, `or none`.
    public static var valueDescription: String { Wrapped.valueDescription + ", or none" }

    /// `none`, or a value of the wrapped type.
    public init(settingText text: String, context: SettingContext) throws(ValueError) {
        self = text == "none" ? nil : try Wrapped(settingText: text, context: context)
    }

    /// A stored value of the wrapped type.
    public init?(stored: StoredSetting) {
        guard let value = Wrapped(stored: stored) else { return nil }
        self = value
    }

    /// The value's text, or `none`.
    public func settingText(context: SettingContext) -> String { self?.settingText(context: context) ?? "none" }

    /// The wrapped value as stored; `nil` (the key is absent) for `none`.
    public var stored: StoredSetting? { self?.stored }
}
