import BudgetCore

/// How long a change waits for another process's lock: `BUDGET_LOCK_TIMEOUT` seconds, else
/// `JSONFileStore.defaultLockTimeout`.
enum LockTimeout {
    /// The accepted values: up to about 31 years, which is to say "wait as long as it takes".
    /// Anything larger (`1e300`, `inf`) is refused rather than clamped, so a typo is noticed.
    static let range = 0.0...1_000_000_000.0

    /// The timeout the environment asks for. An empty variable counts as unset.
    ///
    /// - Throws: `EnvironmentError.invalidLockTimeout` for anything but a number within `range`
    ///   (`nan` and `inf` are not).
    static func from(environment: [String: String]) throws(EnvironmentError) -> Double {
        guard let text = environment["BUDGET_LOCK_TIMEOUT"], !text.isEmpty else {
            return JSONFileStore.defaultLockTimeout
        }
        // Plain decimal seconds only (`10`, `0.5`): `Double` alone would also take `0x10`, `1e3` or `+5`.
        let isDecimal = text.utf8.allSatisfy {
            ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".")
        }
        guard isDecimal, text.utf8.filter({ $0 == UInt8(ascii: ".") }).count <= 1,
              let seconds = Double(text), range.contains(seconds) else { throw .invalidLockTimeout(text) }
        return seconds
    }
}
