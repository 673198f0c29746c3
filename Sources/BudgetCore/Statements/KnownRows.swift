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

    /// A source read as `origin:identity`, kept as its record holds it (its text is not
    /// copied), found by a `PositionTable`: 100,000 imported records cost about 6 MB here,
    /// where a dictionary of their identities took 27.
    private struct Known {
        var source: String
        /// Where the identity starts in `source`, in UTF-8 bytes (the origin ends one before).
        var identityStart: Int
        /// What holds it, and the budget account of the record that does (`nil`: none, or a
        /// deleted record's row).
        var presence: Presence
        var account: String?
        var hash: Int

        var origin: String { String(decoding: source.utf8.prefix(identityStart - 1), as: UTF8.self) }
    }

    /// The sources read as `origin:identity`, in the order they were added, by identity
    /// (sources with one identity are met in that order).
    private var known: [Known] = []
    private var table: PositionTable

    /// Nothing known, with room for `sources` before the table grows.
    init(roomFor sources: Int = 0) {
        known.reserveCapacity(sources)
        table = PositionTable(roomFor: sources)
    }

    /// Whether nothing is known: no row is there.
    var isEmpty: Bool { exact.isEmpty && known.isEmpty }

    /// Adds a source: of a record in `account`, or of a deleted record's row.
    mutating func insert(_ source: String, _ presence: Presence, account: String? = nil) {
        var source = source
        source.makeContiguousUTF8()
        guard let start = StatementSource.identityStart(in: source) else {
            if exact[ExactText(source)] == nil || presence == .record { exact[ExactText(source)] = presence }
            return
        }
        // A profile name may hold `:1` too: the split may be early, so such a source is also
        // known as written (the same origin then always finds it).
        if source.utf8.dropFirst(start).contains(UInt8(ascii: ":")),
           exact[ExactText(source)] == nil || presence == .record {
            exact[ExactText(source)] = presence
        }
        let hash = Self.hash(source, from: start)
        known.append(Known(source: source, identityStart: start, presence: presence, account: account, hash: hash))
        table.add(hash: hash) { known[$0].hash }
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
        func look(_ knownOrigin: String, _ presence: Presence, _ theirs: String?) {
            guard StatementSource.sameAccount(knownOrigin, origin) else { return }
            if let account, let theirs, theirs != account { return }
            let found = (presence: presence, origin: knownOrigin)
            if best.map({ rank($0) < rank(found) }) ?? true { best = found }
        }
        if !exact.isEmpty, let presence = exact[ExactText(origin + ":" + identity)] { look(origin, presence, nil) }
        guard !known.isEmpty else { return best }
        let hash = Self.hash(identity, from: 0)
        table.forEach(hash: hash) { position in
            let candidate = known[position]
            if candidate.hash == hash, Self.identity(of: candidate, is: identity) {
                look(candidate.origin, candidate.presence, candidate.account)
            }
            return true
        }
        return best
    }

    /// The hash of `text`'s UTF-8 from byte `start` (an identity's bytes, not normalised).
    private static func hash(_ text: String, from start: Int) -> Int {
        var hasher = Hasher()
        ByteView.withBytes(utf8Of: text) { bytes in
            bytes.part(start..<bytes.count).combine(into: &hasher)
        }
        return hasher.finalize()
    }

    /// Whether the identity of `known` is `identity`, byte for byte.
    private static func identity(of known: Known, is identity: String) -> Bool {
        ByteView.withBytes(utf8Of: known.source) { source in
            ByteView.withBytes(utf8Of: identity) { identity in
                ByteView.equal(source.part(known.identityStart..<source.count), identity)
            }
        }
    }
}
