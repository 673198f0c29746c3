/// An amount as a setting: stored in minor units, read and shown in the currency. (A limit is a
/// `SpendingLimit`, whose plain form is stored the same way.)
public struct Money: SettingValue, Comparable {
    /// The amount in the currency's minor unit (yen, cents).
    public var minorUnits: Int

    /// An amount in minor units.
    public init(minorUnits: Int) {
        self.minorUnits = minorUnits
    }

    /// What values look like.
    public static let valueDescription = "an amount such as 40000 (or 400.00 with a currency that has decimals)"

    /// Reads an amount as typed, in the context's currency.
    public init(settingText text: String, context: SettingContext) throws(ValueError) {
        minorUnits = try MoneyFormat(currency: context.currency).parse(text)
    }

    /// Reads a stored whole number of minor units, never negative.
    public init?(stored: StoredSetting) {
        guard case .int(let value) = stored, value >= 0 else { return nil }
        minorUnits = value
    }

    /// The amount as `config get` prints it: plain, with the currency's decimals.
    public func settingText(context: SettingContext) -> String {
        MoneyFormat(currency: context.currency).plain(minorUnits)
    }

    /// The minor units, as a JSON integer.
    public var stored: StoredSetting? { .int(minorUnits) }

    /// Whether `lhs` is the smaller amount.
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }
}
