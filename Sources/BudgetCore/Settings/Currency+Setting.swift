extension Currency: PlainSettingValue {
    /// What values look like.
    public static let valueDescription = "an ISO 4217 code such as JPY, USD, EUR or KWD"

    /// Reads a code in any case (`usd`).
    public init(settingText text: String) throws(ValueError) {
        guard let currency = Currency(code: text) else { throw .invalidSetting(text, expected: Self.valueDescription) }
        self = currency
    }

    /// Reads a stored code.
    public init?(stored: StoredSetting) {
        guard case .string(let text) = stored, let currency = Currency(code: text), currency.code == text else {
            return nil
        }
        self = currency
    }

    /// The code.
    public var settingText: String { code }
    /// The code, as a JSON string.
    public var stored: StoredSetting? { .string(code) }
}
