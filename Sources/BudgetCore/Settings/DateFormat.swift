/// How tables show dates. Machine formats always use ISO.
public enum DateFormat: String, EnumSettingValue {
    /// `2026-11-21`
    case iso
    /// `2026/11/21`
    case slashes = "ymd-slash"
    /// `21/11/2026`
    case dayFirst = "dmy"
    /// `11/21/2026`
    case monthFirst = "mdy"


    /// A day in this format.
    public func format(_ day: Day) -> String {
        let iso = day.iso
        if self == .iso { return iso }
        let parts = iso.split(separator: "-")
        switch self {
        case .iso: return iso
        case .slashes: return parts.joined(separator: "/")
        case .dayFirst: return "\(parts[2])/\(parts[1])/\(parts[0])"
        case .monthFirst: return "\(parts[1])/\(parts[2])/\(parts[0])"
        }
    }
}
