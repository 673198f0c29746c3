/// A setting that is on or off.
public enum Switch: String, EnumSettingValue {
    case on
    case off

    /// Whether it is on.
    public var isOn: Bool { self == .on }
}
