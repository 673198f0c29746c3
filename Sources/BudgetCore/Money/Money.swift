/// An amount as a setting (a monthly limit): stored in minor units, read and shown in the currency.
public struct Money: SettingValue, Comparable {
    public var minorUnits: Int

    public init(minorUnits: Int) {
        self.minorUnits = minorUnits
    }

    public static let valueDescription = "an amount such as 40000 (or 400.00 with a currency that has decimals)"

    public init(settingText text: String, context: SettingContext) throws(ValueError) {
        minorUnits = try MoneyFormat(currency: context.currency).parse(text)
    }

    public init?(stored: StoredSetting) {
        guard case .int(let value) = stored, value >= 0 else { return nil }
        minorUnits = value
    }

    public func settingText(context: SettingContext) -> String {
        MoneyFormat(currency: context.currency).plain(minorUnits)
    }

    public var stored: StoredSetting? { .int(minorUnits) }

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }
}
