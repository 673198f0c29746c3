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
        // A profile name may hold `:1` too: the split may be early, so such a source is also
        // known as written (the same origin then always finds it).
        if parsed.identity.utf8.contains(UInt8(ascii: ":")), exact[ExactText(source)] == nil || presence == .record {
            exact[ExactText(source)] = presence
        }
        let key = ExactText(parsed.identity)
        if origins[key] == nil {
            origins[key] = Seen(first: (parsed.origin, presence))
        } else {
            origins[key]?.others.append((parsed.origin, presence))
        }
    }

    /// Whether a row of `origin` with `identity` is there, and through which origin: a record
    /// (or a deleted record) with that identity from the same account, or from an origin that
    /// names none. A record beats a deleted one, and the row's own origin another.
    func presence(origin: String, identity: String) -> (presence: Presence, origin: String)? {
        var best: (presence: Presence, origin: String)?
        func rank(_ found: (presence: Presence, origin: String)) -> Int {
            (found.presence == .record ? 2 : 0) + (found.origin == origin ? 1 : 0)
        }
        func look(_ known: (origin: String, presence: Presence)) {
            guard StatementSource.sameAccount(known.origin, origin) else { return }
            let found = (presence: known.presence, origin: known.origin)
            if best.map({ rank($0) < rank(found) }) ?? true { best = found }
        }
        if let presence = exact[ExactText(origin + ":" + identity)] { look((origin, presence)) }
        if let seen = origins[ExactText(identity)] {
            look(seen.first)
            for known in seen.others { look(known) }
        }
        return best
    }
}
