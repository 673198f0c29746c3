/// What reading or showing a setting may depend on: amounts need the currency.
public struct SettingContext: Sendable {
    /// The budget's currency, which amounts are read and shown in (`nil`: whole numbers).
    public var currency: Currency?

    /// A context with a currency.
    public init(currency: Currency?) {
        self.currency = currency
    }
}
