/// When output is coloured.
public enum ColorMode: String, CaseIterable, PlainSettingValue {
    /// Only when the stream is a terminal and `TERM` is not `dumb`.
    case auto
    case always
    case never

    public static let valueDescription = "auto, always or never"

    public init(settingText text: String) throws(ValueError) {
        guard let mode = ColorMode(rawValue: text) else { throw .invalidSetting(text, expected: Self.valueDescription) }
        self = mode
    }
    public init?(stored: StoredSetting) {
        guard case .string(let text) = stored, let mode = ColorMode(rawValue: text) else { return nil }
        self = mode
    }
    public var settingText: String { rawValue }
    public var stored: StoredSetting? { .string(rawValue) }
}
