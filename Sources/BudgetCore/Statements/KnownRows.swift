/// The statement rows a budget already accounts for: the sources of its records, and of the
/// imported records deleted since (`DeletedRows`), by identity, for `importStatement`.
struct KnownRows {
    /// Whether a row is there, and why.
    enum Presence {
        /// A record has it.
        case record
        /// A record that had it was deleted.
        case deleted
    }

    /// Sources as written, for sources that do not read as `origin:identity`.
    private var exact: [ExactText: Presence] = [:]
    /// Where an identity was seen: the first origin, then any others (an array only when a
    /// second origin has the identity, so 100,000 imported records cost one entry each).
    private struct Seen {
        var first: Known
        var others: [Known] = []
    }

    /// An origin that has an identity: what holds it, and the budget account of the record
    /// that does (`nil`: none, or a deleted record's row).
    private typealias Known = (origin: String, presence: Presence, account: String?)

    /// The origins of each identity, with what holds them.
    private var origins: [ExactText: Seen] = [:]

    /// Nothing known.
    init() {}

    /// Whether nothing is known: no row is there.
    var isEmpty: Bool { exact.isEmpty && origins.isEmpty }

    /// Adds a source: of a record in `account`, or of a deleted record's row.
    mutating func insert(_ source: String, _ presence: Presence, account: String? = nil) {
        guard let parsed = StatementSource(source) else {
            if exact[ExactText(source)] == nil || presence == .record { exact[ExactText(source)] = presence }
            return
        }
        // A profile name may hold `:1` too: the split may be early, so such a source is also
        // known as written (the same origin then always finds it).
        if parsed.identity.utf8.contains(UInt8(ascii: ":")), exact[ExactText(source)] == nil || presence == .record {
            exact[ExactText(source)] = presence
        }
        let key = ExactText(parsed.identity)
        if origins[key] == nil {
            origins[key] = Seen(first: (parsed.origin, presence, account))
        } else {
            origins[key]?.others.append((parsed.origin, presence, account))
        }
    }

    /// Whether a row of `origin` with `identity`, imported into the budget's `account` (if
    /// any), is there, and through which origin: a record (or a deleted record) with that
    /// identity from the same account, or from an origin that names none, unless the record is
    /// in another of the budget's accounts (two cards of one brand imported with `--account`
    /// and no profile: their identical purchases are two). A record beats a deleted one, and
    /// the row's own origin another.
    func presence(
        origin: String, identity: String, account: String? = nil
    ) -> (presence: Presence, origin: String)? {
        var best: (presence: Presence, origin: String)?
        func rank(_ found: (presence: Presence, origin: String)) -> Int {
            (found.presence == .record ? 2 : 0) + (found.origin == origin ? 1 : 0)
        }
        func look(_ known: Known) {
            guard StatementSource.sameAccount(known.origin, origin) else { return }
            if let account, let theirs = known.account, theirs != account { return }
            let found = (presence: known.presence, origin: known.origin)
            if best.map({ rank($0) < rank(found) }) ?? true { best = found }
        }
        if !exact.isEmpty, let presence = exact[ExactText(origin + ":" + identity)] { look((origin, presence, nil)) }
        if let seen = origins[ExactText(identity)] {
            look(seen.first)
            for known in seen.others { look(known) }
        }
        return best
    }
}
