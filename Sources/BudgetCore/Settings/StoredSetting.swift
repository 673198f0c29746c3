/// A setting's value as the data file holds it: a JSON string, whole number or boolean.
public enum StoredSetting: Equatable, Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
}
