import Foundation

/// How hard the property and fuzz tests try. `make check` runs them at the fast default;
/// `make test` (and so CI) sets `BUDGET_PROPERTY_DEPTH=deep`, which runs every round and every
/// cut they ran before the fast default existed. The seeds are the same at both depths: a fast
/// run is the first part of the deep one, so a failure it finds, the deep run finds too.
public enum PropertyDepth {
    /// Whether `BUDGET_PROPERTY_DEPTH` is `deep`. Any other value is refused loudly by `check()`
    /// rather than silently read as fast.
    public static let isDeep = ProcessInfo.processInfo.environment["BUDGET_PROPERTY_DEPTH"] == "deep"

    /// The value of `BUDGET_PROPERTY_DEPTH` when it is neither unset nor `fast`/`deep`: a typo in
    /// CI must not quietly run the fast depth.
    public static var unknownSetting: String? {
        guard let value = ProcessInfo.processInfo.environment["BUDGET_PROPERTY_DEPTH"],
              !["", "fast", "deep"].contains(value) else { return nil }
        return value
    }

    /// `deep` at the deep setting, else `fast` (a number of rounds, or of inputs).
    public static func rounds(deep: Int, fast: Int) -> Int {
        precondition(fast <= deep && fast > 0, "the fast depth is a part of the deep one")
        return checkedIsDeep ? deep : fast
    }

    /// The step between the cuts a fuzz test makes of a file: `deep` (1: every cut) at the deep
    /// setting, else `fast`.
    public static func step(deep: Int = 1, fast: Int) -> Int {
        precondition(fast >= deep && deep > 0, "the deep depth cuts at least as often")
        return checkedIsDeep ? deep : fast
    }

    private static var checkedIsDeep: Bool {
        if let unknownSetting { fatalError("BUDGET_PROPERTY_DEPTH is \(unknownSetting); use fast or deep") }
        return isDeep
    }

    /// A minimum that the deep run's `deepCount` inputs were held to, scaled to the rounds this
    /// run makes (`rounds`), rounded up: the same share of the inputs, so the fast run checks the
    /// same proportion, and the deep run exactly the former number.
    public static func share(_ minimum: Int, of deepCount: Int, rounds: Int) -> Int {
        (minimum * rounds + deepCount - 1) / deepCount
    }
}
