extension ThreeWayMerge {
    /// What one side's history did since the ancestor: its changes that the ancestor's history
    /// does not hold. They tell which IDs the side gave records of its own, and what a record
    /// was before the side first edited or removed it: a side that holds another record than
    /// the ancestor under one ID, and added it there or found it there before changing it,
    /// holds another record (the two lines of changes gave that ID each to their own record,
    /// and a merge renumbered one of them).
    struct FreshChanges {
        private var changes: [ChangeRecord] = []
        /// The ancestor's changes the side's history does not hold.
        private var ancestorChanges: [ChangeRecord] = []
        /// Whether the side's history reaches back to a change the ancestor's holds too (or, for
        /// an ancestor without history, to the first change): a history holds the last
        /// `BudgetDocument.historyLimit` changes only, and what an older one did is not known.
        /// When it does not, nothing is known: records are matched by ID.
        private(set) var isComplete: Bool

        /// The changes of `side`'s history that `ancestor`'s does not hold.
        init(_ side: BudgetDocument, since ancestor: BudgetDocument) {
            let known = ancestor.history.entries
            let entries = side.history.entries
            let shared = entries.map { entry in known.contains { $0.isSame(as: entry) } }
            isComplete = known.isEmpty
                ? !entries.isEmpty && entries.count < BudgetDocument.historyLimit : shared.contains(true)
            guard isComplete else { return }
            // A merge's entry (`budget merge`, the merge driver) holds what came from elsewhere:
            // no record of the side's own, and no edit of its own.
            for (entry, isShared) in zip(entries, shared) where !isShared && !Self.isMerge(entry.summary) {
                guard let change = entry.change else { continue }
                changes.append(change)
            }
            for entry in known where !Self.isMerge(entry.summary) {
                guard !entries.contains(where: { $0.isSame(as: entry) }) else { continue }
                guard let change = entry.change else { continue }
                ancestorChanges.append(change)
            }
        }

        /// Whether a history entry is a merge's (`BudgetDocument.mergeSummary`).
        static func isMerge(_ summary: String) -> Bool { summary.hasPrefix(BudgetDocument.mergeSummary(of: "")) }

        private static func table<Record: BaseModel>(_ change: ChangeRecord, _: Record.Type) -> TableChange<Record>? {
            (change.incomes as? TableChange<Record>) ?? (change.expenses as? TableChange<Record>)
                ?? (change.transfers as? TableChange<Record>)
        }

        /// What these changes did to one kind's records: the IDs they added, each record as it
        /// was before they first edited or removed it, the IDs they removed, and the IDs the
        /// ancestor's own changes (those the side's history does not hold) added.
        func evidence<Record: BaseModel>(_: Record.Type) -> Alignment<Record>.Evidence {
            var added: Set<String> = [], before: [String: Record] = [:], removed: Set<String> = []
            var addedByAncestor: Set<String> = []
            for change in ancestorChanges {
                if let table = Self.table(change, Record.self) { addedByAncestor.formUnion(table.added) }
            }
            for change in changes {
                guard let table = Self.table(change, Record.self) else { continue }
                added.formUnion(table.added)
                for record in table.edited + table.removed where before[record.id] == nil {
                    before[record.id] = record
                }
                removed.formUnion(table.removed.lazy.map(\.id))
            }
            return (added, before, removed, addedByAncestor)
        }
    }

    /// One kind's records of the ancestor and of their side, named by the IDs ours holds them
    /// under: after a merge that gave their new record the next free ID (`renumbered`), one
    /// side holds a record under that new ID while the other, and the ancestor git gives the
    /// next merge, still hold it under the ID it was added with, where the first side holds
    /// another record. Matched by ID alone, an edit of it would land on that other record.
    struct Alignment<Record: BaseModel> {
        /// The ancestor's records, each under the ID ours holds it under (`~a` and its ID when
        /// ours holds it nowhere: deleted on our side).
        var ancestor: [Record]
        /// Their records: each the ancestor holds under the name it has here; their records
        /// that took such an ID under a name no record has (`~` and their ID), so that they are
        /// added with a free one.
        var theirs: [Record]
        /// Their ID of each of their records named otherwise here.
        var theirIDs: [String: String]
        /// Their records held by ours under another ID (their ID, ours), for people.
        var matched: [Renumbering]
        /// The IDs each side's own changes since the ancestor added (`FreshChanges.evidence`).
        let oursAdded: Set<String>, theirsAdded: Set<String>

        /// The alignment of `ancestor` and `theirs` to `ours`, from what each side's history
        /// did since the ancestor.
        init(
            ancestor: [Record], ours: [Record], theirs: [Record], oursSince: FreshChanges, theirsSince: FreshChanges
        ) {
            self.ancestor = ancestor
            self.theirs = theirs
            theirIDs = [:]
            matched = []
            let kind = Record.kind
            let ourEvidence = oursSince.evidence(Record.self), theirEvidence = theirsSince.evidence(Record.self)
            oursAdded = ourEvidence.added
            theirsAdded = theirEvidence.added
            let ourMoves = oursSince.isComplete ? Self.moves(from: ancestor, in: ours, since: ourEvidence) : [:]
            let theirMoves = theirsSince.isComplete
                ? Self.moves(from: ancestor, in: theirs, since: theirEvidence) : [:]
            guard !ourMoves.isEmpty || !theirMoves.isEmpty else { return }
            let schema = Record.schema
            let ancestorIDs = Set(ancestor.lazy.map(\.id))
            var ourPlaces = [String: Int](minimumCapacity: ours.count)
            for (index, record) in ours.enumerated() { ourPlaces[record.id] = index }
            // Where ours holds each of the ancestor's records: its own ID, another, or deleted
            // (`~a` and its ID, which ours holds not).
            func ourID(_ id: String) -> String {
                switch ourMoves[id] {
                case nil: return id
                case .moved(let new)?: return new
                case .deleted?: return "~a" + id
                }
            }
            var ourTargets: Set<String> = []
            for case .moved(let new) in ourMoves.values { ourTargets.insert(new) }
            var theirSources: [String: String] = [:]
            for case let (old, .moved(new)) in theirMoves { theirSources[new] = old }

            self.ancestor = ancestor.map { record in
                let id = ourID(record.id)
                return id == record.id ? record : schema.copy(of: record, id: id)
            }
            let ancestorHere = Set(self.ancestor.lazy.map(\.id))
            self.theirs = theirs.map { record in
                let id: String
                if let old = theirSources[record.id] {
                    id = ourID(old)  // the ancestor's `old`, held by them under another ID
                } else if ancestorIDs.contains(record.id) && theirMoves[record.id] == nil {
                    id = ourID(record.id)
                } else if theirMoves[record.id] != nil || ourTargets.contains(record.id) {
                    // Their new record, under an ID that names another here, unless ours holds
                    // it there too (both sides merged it so).
                    if !ancestorHere.contains(record.id), let same = ourPlaces[record.id],
                       schema.sameContent(ours[same], record) { return record }
                    id = "~" + record.id
                } else {
                    return record
                }
                guard id != record.id else { return record }
                theirIDs[id] = record.id
                if !id.hasPrefix("~") { matched.append(Renumbering(kind: kind, from: record.id, to: id)) }
                return schema.copy(of: record, id: id)
            }
        }

        /// Their ID of a record named `id` here.
        func theirID(_ id: String) -> String { theirIDs[id] ?? id }

        /// Where `side` holds the ancestor's records it does not hold under their own IDs, by the
        /// ancestor's ID (`Place`). Looked for are the ancestor's records whose ID holds another
        /// record on `side` (`side` added one there as the ancestor's line added its own; or two
        /// of name, amount and day of what it first changed there, or holds unchanged, differ;
        /// or a merge changed it there while the ancestor's record is there unchanged under a new
        /// ID), and those `side` holds under no ID and did not remove. They are looked for among
        /// the records of `side` under IDs the ancestor does not hold or that hold another record
        /// (never the one under the same ID): first one with the same content (its ID and place
        /// aside) or from the same statement row or schedule occurrence; failing both, the most
        /// alike with the same name and day (edited since on the side that renumbered it);
        /// failing that too, the most alike with its name, day or amount and at most two fields
        /// changed (renamed, or moved to another day). Each record of `side` is matched once.
        /// One found nowhere while another record holds its ID was deleted there.
        static func moves(from ancestor: [Record], in side: [Record], since: Evidence) -> [String: Place] {
            let (added, before, removed, addedByAncestor) = since
            let schema = Record.schema
            var ancestorPlaces = [String: Int](minimumCapacity: ancestor.count)
            for (index, record) in ancestor.enumerated() { ancestorPlaces[record.id] = index }
            var sidePlaces = [String: Int](minimumCapacity: side.count)
            for (index, record) in side.enumerated() { sidePlaces[record.id] = index }
            // The contents of the records under IDs the ancestor does not hold.
            var copies: Set<Record> = []
            for record in side where ancestorPlaces[record.id] == nil { copies.insert(content(record)) }
            // Whether `side` holds (or held) another record than the ancestor's under its ID: each
            // added its own there (changes the other's history does not hold), or what the side
            // first changed there (or holds, unchanged) is another record: two of its name, amount
            // and day differ (an edit merged in from elsewhere changes less).
            func foundAnother(_ old: Record) -> Bool {
                if added.contains(old.id) && addedByAncestor.contains(old.id) { return true }
                guard let found = before[old.id] ?? sidePlaces[old.id].map({ side[$0] }) else { return false }
                let differences = [found.name != old.name, found.amount != old.amount, found.date != old.date]
                if differences.filter({ $0 }).count >= 2 { return true }
                // Changed there by no change of the side's own (a merge brought it), while the
                // record itself, unchanged, is under an ID the ancestor does not hold.
                return before[old.id] == nil && !added.contains(old.id) && !schema.sameContent(found, old)
                    && copies.contains(content(old))
            }
            // The IDs the ancestor holds that hold another record on `side`.
            let others = Set(ancestor.lazy.map(\.id).filter { id in
                guard let old = ancestorPlaces[id], let now = sidePlaces[id],
                      !schema.sameContent(ancestor[old], side[now]) else { return false }
                return foundAnother(ancestor[old])
            })
            // Sought: the ancestor's records under those IDs, and those `side` holds nowhere and did
            // not remove (it removed another record, or none).
            let sought = ancestor.filter { record in
                sidePlaces[record.id] == nil
                    ? !removed.contains(record.id) || foundAnother(record) : others.contains(record.id)
            }
            guard !sought.isEmpty else { return [:] }
            let pool = side.filter { ancestorPlaces[$0.id] == nil || others.contains($0.id) }
            var byContent: [Record: Candidates] = [:]
            var byOrigin: [String: Candidates] = [:]
            var byNameAndDay: [String: [Int]] = [:], byName: [String: [Int]] = [:], byDay: [Day: [Int]] = [:]
            var byAmount: [Int: [Int]] = [:]
            for (index, record) in pool.enumerated() {
                byContent[content(record), default: Candidates()].ids.append(record.id)
                for key in origins(record) { byOrigin[key, default: Candidates()].ids.append(record.id) }
                byNameAndDay[nameAndDay(record), default: []].append(index)
                byName[record.name, default: []].append(index)
                byDay[record.date, default: []].append(index)
                byAmount[record.amount, default: []].append(index)
            }
            var taken: Set<String> = []
            var moves: [String: Place] = [:]
            // In turn, each way of finding them for every record sought, the surest first.
            // The record `side` holds under the sought record's ID is another: never a candidate.
            for record in sought {
                var found = byContent[content(record)]?.next(skipping: taken, record.id)
                for key in origins(record) where found == nil {
                    found = byOrigin[key]?.next(skipping: taken, record.id)
                }
                guard let id = found else { continue }
                moves[record.id] = .moved(id)
                taken.insert(id)
            }
            // The candidate with the most fields alike, the amount counting twice (a receipt's
            // amount says more than its category).
            func mostAlike(_ record: Record, among indices: some Sequence<Int>) -> (id: String, alike: Int)? {
                var best: (id: String, alike: Int, score: Int)?
                for index in indices where !taken.contains(pool[index].id) && pool[index].id != record.id {
                    let alike = fieldsAlike(pool[index], record)
                    let score = alike + (pool[index].amount == record.amount ? 1 : 0)
                    if best.map({ score > $0.score }) ?? true { best = (pool[index].id, alike, score) }
                }
                return best.map { ($0.id, $0.alike) }
            }
            for record in sought where moves[record.id] == nil {
                guard let best = mostAlike(record, among: byNameAndDay[nameAndDay(record)] ?? []) else { continue }
                moves[record.id] = .moved(best.id)
                taken.insert(best.id)
            }
            let fields = schema.fields.count { !$0.isPosition && $0.key != "id" }
            for record in sought where moves[record.id] == nil {
                // At most a thousand of each (a day of ten thousand receipts is not searched whole
                // for each record renamed on it).
                let nearby = (byName[record.name] ?? []).prefix(1_000) + (byDay[record.date] ?? []).prefix(1_000)
                    + (byAmount[record.amount] ?? []).prefix(1_000)
                if let best = mostAlike(record, among: nearby), best.alike >= fields - 2 {
                    moves[record.id] = .moved(best.id)
                    taken.insert(best.id)
                } else if others.contains(record.id) {
                    // Nowhere, and another record holds its ID: deleted there (the ancestor is one
                    // of the side's own states, so the side held it once; a merge may have
                    // removed it, which a history's merge step does not tell as the side's own).
                    moves[record.id] = .deleted
                }
            }
            return moves
        }

        /// What a side's changes since the ancestor did (`FreshChanges.evidence`).
        typealias Evidence = (
            added: Set<String>, before: [String: Record], removed: Set<String>, addedByAncestor: Set<String>
        )

        /// Where a side holds one of the ancestor's records it does not hold under its own ID.
        enum Place: Equatable {
            /// Under this other ID.
            case moved(String)
            /// Nowhere, while another record holds its ID: deleted there.
            case deleted
        }

        /// A list of IDs taken in turn, the ones taken by other lists passed over.
        private struct Candidates {
            var ids: [String] = []
            var next = 0

            /// The next ID not taken and not `excluded` (which stays for later).
            mutating func next(skipping taken: Set<String>, _ excluded: String) -> String? {
                while next < ids.count, taken.contains(ids[next]) { next += 1 }
                var index = next
                while index < ids.count, taken.contains(ids[index]) || ids[index] == excluded { index += 1 }
                guard index < ids.count else { return nil }
                if index == next { next += 1 }
                return ids[index]
            }
        }

        /// How many fields two records hold alike (their place and ID aside).
        private static func fieldsAlike(_ a: Record, _ b: Record) -> Int {
            Record.schema.fields.reduce(0) { count, field in
                count + (field.isPosition || field.key == "id" || field.json(a) != field.json(b) ? 0 : 1)
            }
        }

        private static func nameAndDay(_ record: Record) -> String { record.name + "\u{0}" + record.date.iso }

        /// What makes two records one whatever else was edited: their non-empty `source` or
        /// `schedule` (`joiningFields`), as keys.
        private static func origins(_ record: Record) -> [String] {
            var keys: [String] = []
            if let source = record.source, !source.isEmpty { keys.append("source\u{0}" + source) }
            if let schedule = record.schedule, !schedule.isEmpty { keys.append("schedule\u{0}" + schedule) }
            return keys
        }
    }
}
