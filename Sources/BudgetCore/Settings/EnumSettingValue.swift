/// A setting whose values are the cases of a string enum, stored and typed by their raw values.
public protocol EnumSettingValue: PlainSettingValue, CaseIterable, RawRepresentable where RawValue == String {}

extension EnumSettingValue {
    /// The raw values, as `a, b or c`.
    public static var valueDescription: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
    }

    /// Reads a raw value.
    public init(settingText text: String) throws(ValueError) {
        guard let value = Self(rawValue: text) else { throw .invalidSetting(text, expected: Self.valueDescription) }
        self = value
    }

    /// Reads a stored raw value.
    public init?(stored: StoredSetting) {
        guard case .string(let text) = stored, let value = Self(rawValue: text) else { return nil }
        self = value
    }

    /// The raw value.
    public var settingText: String { rawValue }
    /// The raw value, as a JSON string.
    public var stored: StoredSetting? { .string(rawValue) }
}
