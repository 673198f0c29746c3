/// How `budget` shows things.
public enum DisplayKeys: SettingsDomain {
    /// The prefix of the domain's keys.
    public static let name = "display"

    /// The currency of all amounts.
    public static let currency = SettingKey<DisplayKeys, Currency?>(
        "currency", default: nil, "The currency of all amounts (ISO 4217), or none for plain whole numbers.")
    /// When to colour output.
    public static let color = SettingKey<DisplayKeys, ColorMode>(
        "color", default: .auto, "When to colour output: auto (on terminals), always or never.")
    /// How tables show dates.
    public static let dateFormat = SettingKey<DisplayKeys, DateFormat>(
        "date-format", default: .iso, "How tables show dates: iso, ymd-slash, dmy or mdy.")

    /// Every key of the domain.
    public static let keys = [currency.erased, color.erased, dateFormat.erased]
}
