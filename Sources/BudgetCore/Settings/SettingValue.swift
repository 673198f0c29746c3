/// What reading or showing a setting may depend on: amounts need the currency.
public struct SettingContext: Sendable {
    public var currency: Currency?

    public init(currency: Currency?) {
        self.currency = currency
    }
}

/// A type a setting can hold: parsed from the command line, shown to people, stored in the file.
public protocol SettingValue: Equatable, Sendable {
    /// What values look like, for help and errors (`auto, always or never`).
    static var valueDescription: String { get }
    /// Parses a command-line value.
    init(settingText text: String, context: SettingContext) throws(ValueError)
    /// Reads the file's value; `nil` when it has the wrong type or is out of range.
    init?(stored: StoredSetting)
    /// The value as `config get` prints it and `config set` accepts it.
    func settingText(context: SettingContext) -> String
    /// The value as the file holds it; `nil` means the key is absent.
    var stored: StoredSetting? { get }
}

/// Values that read and show the same whatever the context.
public protocol PlainSettingValue: SettingValue {
    init(settingText text: String) throws(ValueError)
    var settingText: String { get }
}

extension PlainSettingValue {
    public init(settingText text: String, context: SettingContext) throws(ValueError) {
        try self.init(settingText: text)
    }

    public func settingText(context: SettingContext) -> String { settingText }
}

extension String: PlainSettingValue {
    public static let valueDescription = "text"
    public init(settingText text: String) throws(ValueError) {
        self = try FieldRules.label(text, field: "value")
    }
    public init?(stored: StoredSetting) {
        guard case .string(let text) = stored else { return nil }
        do {
            try FieldRules.checkLabel(text, field: "value")
        } catch {
            return nil
        }
        self = text
    }
    public var settingText: String { self }
    public var stored: StoredSetting? { .string(self) }
}

extension Int: PlainSettingValue {
    public static let valueDescription = "a whole number"
    public init(settingText text: String) throws(ValueError) {
        guard let number = Int(text) else { throw .invalidSetting(text, expected: Self.valueDescription) }
        self = number
    }
    public init?(stored: StoredSetting) {
        guard case .int(let number) = stored else { return nil }
        self = number
    }
    public var settingText: String { String(self) }
    public var stored: StoredSetting? { .int(self) }
}

extension Bool: PlainSettingValue {
    public static let valueDescription = "true or false"
    public init(settingText text: String) throws(ValueError) {
        switch text.lowercased() {
        case "true", "yes", "on", "1": self = true
        case "false", "no", "off", "0": self = false
        default: throw .invalidSetting(text, expected: Self.valueDescription)
        }
    }
    public init?(stored: StoredSetting) {
        guard case .bool(let flag) = stored else { return nil }
        self = flag
    }
    public var settingText: String { self ? "true" : "false" }
    public var stored: StoredSetting? { .bool(self) }
}

extension Optional: SettingValue where Wrapped: SettingValue {
    public static var valueDescription: String { Wrapped.valueDescription + ", or none" }
    public init(settingText text: String, context: SettingContext) throws(ValueError) {
        self = text == "none" ? nil : try Wrapped(settingText: text, context: context)
    }
    public init?(stored: StoredSetting) {
        guard let value = Wrapped(stored: stored) else { return nil }
        self = value
    }
    public func settingText(context: SettingContext) -> String { self?.settingText(context: context) ?? "none" }
    public var stored: StoredSetting? { self?.stored }
}
