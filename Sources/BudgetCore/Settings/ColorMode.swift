/// When output is coloured.
public enum ColorMode: String, EnumSettingValue {
    /// Only when the stream is a terminal and `TERM` is not `dumb`.
    case auto
    case always
    case never
}
