/// The parts of a stored setting key (`budget.limit.食費`), read from its bytes where that is
/// what its characters say.
enum StoredKeyName {
    /// What follows `prefix` (an ASCII prefix such as `budget.` or `budget.limit.`) in `key`,
    /// or `nil` unless the key starts with the prefix's whole characters: a mark joining its
    /// last character makes another character, so `budget.limit.\u{301}x` has no `budget.limit.`.
    /// The bytes are compared first (most keys are refused there), and the prefix's bytes are
    /// what is dropped: an ASCII prefix's characters are its bytes. With the bytes alike, the
    /// key starts with the prefix's characters exactly when a character of the key ends where
    /// the prefix does: that one place is asked, not every character compared (`hasPrefix`,
    /// which costs a key of 2,000 limits' categories most of a forecast's time).
    static func rest(of key: String, after prefix: String) -> String? {
        guard ByteView.hasPrefix(prefix, in: key) else { return nil }
        let end = key.utf8.index(key.utf8.startIndex, offsetBy: prefix.utf8.count)
        guard prefix.utf8.allSatisfy({ $0 < 0x80 }) ? String.Index(end, within: key) != nil : key.hasPrefix(prefix)
        else { return nil }
        return String(key.utf8[end...])
    }
}
