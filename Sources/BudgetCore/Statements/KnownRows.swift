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
        var first: (origin: String, presence: Presence)
        var others: [(origin: String, presence: Presence)] = []
    }

    /// The origins of each identity, with what holds them.
    private var origins: [ExactText: Seen] = [:]

    /// Nothing known.
    init() {}

    /// Adds a source.
    mutating func insert(_ source: String, _ presence: Presence) {
        guard let parsed = StatementSource(source) else {
            if exact[ExactText(source)] == nil || presence == .record { exact[ExactText(source)] = presence }
            return
        }
        let key = ExactText(parsed.identity)
        if origins[key] == nil {
            origins[key] = Seen(first: (parsed.origin, presence))
        } else {
            origins[key]?.others.append((parsed.origin, presence))
        }
    }

    /// Whether a row of `origin` with `identity` is there: a record (or a deleted record) with
    /// that identity from the same account, or from an origin that names none; a record beats
    /// a deleted one.
    func presence(origin: String, identity: String) -> Presence? {
        var found: Presence?
        if let presence = exact[ExactText(origin + ":" + identity)] { found = presence }
        guard let seen = origins[ExactText(identity)] else { return found }
        func look(_ known: (origin: String, presence: Presence)) -> Bool {
            guard StatementSource.sameAccount(known.origin, origin) else { return false }
            found = found ?? known.presence
            return known.presence == .record
        }
        if look(seen.first) { return .record }
        for known in seen.others where look(known) { return .record }
        return found
    }
}
