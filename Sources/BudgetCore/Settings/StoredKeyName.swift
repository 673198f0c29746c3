/// The parts of a stored setting key (`budget.limit.食費`), read from its bytes where that is
/// what its characters say.
enum StoredKeyName {
    /// What follows `prefix` (an ASCII prefix such as `budget.` or `budget.limit.`) in `key`,
    /// or `nil` unless the key starts with the prefix's whole characters: a mark joining its
    /// last character makes another character, so `budget.limit.\u{301}x` has no `budget.limit.`.
    /// The bytes are compared first (most keys are refused there), and the prefix's bytes are
    /// what is dropped: an ASCII prefix's characters are its bytes.
    static func rest(of key: String, after prefix: String) -> String? {
        guard key.utf8.starts(with: prefix.utf8), key.hasPrefix(prefix) else { return nil }
        return String(key.utf8.dropFirst(prefix.utf8.count))
    }
}
