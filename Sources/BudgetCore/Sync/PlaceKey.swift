/// Where a record stands among its kind's records in every replica: a number, the records
/// shown in the order of their keys (then of their IDs). A record never moved has its ID as its
/// key and nothing written; a record moved (or added after records with higher keys) gets a
/// key between its neighbours', written as a register, so that two devices' moves merge.
public enum PlaceKey {
    /// The key's text in a register (Swift's shortest form of the number).
    public static func text(_ key: Double) -> String { "\(key)" }

    /// The key a register's text holds; `nil` for anything else.
    public static func key(_ text: String?) -> Double? {
        guard let text, let key = Double(text), key.isFinite else { return nil }
        return key
    }
}
