extension ThreeWayMerge {
    /// One kind's records of the ancestor and of their side, named by the IDs ours holds them
    /// under: after a merge that gave their new record the next free ID (`renumbered`), one
    /// side holds a record under that new ID while the other, and the ancestor git gives the
    /// next merge, still hold it under the ID it was added with, where the first side holds
    /// another record. Matched by ID alone, an edit of it would land on that other record.
    struct Alignment<Record: BaseModel> {
        /// The ancestor's records, each under the ID ours holds it under.
        var ancestor: [Record]
        /// Their records: each the ancestor holds under the ID ours holds it under; their
        /// records that took such an ID under a name no record has (`~` and their ID), so that
        /// they are added with a free one.
        var theirs: [Record]
        /// Their ID of each of their records named otherwise here.
        var theirIDs: [String: String]
        /// Their records held by ours under another ID (their ID, ours), for people.
        var matched: [Renumbering]

        /// The alignment of `ancestor` and `theirs` to `ours`.
        init(ancestor: [Record], ours: [Record], theirs: [Record]) {
            self.ancestor = ancestor
            self.theirs = theirs
            theirIDs = [:]
            matched = []
            let ourMoves = Self.moves(from: ancestor, in: ours)
            let theirMoves = Self.moves(from: ancestor, in: theirs)
            guard !ourMoves.isEmpty || !theirMoves.isEmpty else { return }
            let schema = Record.schema
            let ancestorIDs = Set(ancestor.lazy.map(\.id))
            var ourPlaces = [String: Int](minimumCapacity: ours.count)
            for (index, record) in ours.enumerated() { ourPlaces[record.id] = index }
            let ourTargets = Set(ourMoves.values)
            var theirSources: [String: String] = [:]
            for (old, new) in theirMoves { theirSources[new] = old }
            func ourID(_ id: String) -> String { ourMoves[id] ?? id }

            self.ancestor = ancestor.map { record in
                ourMoves[record.id].map { schema.copy(of: record, id: $0) } ?? record
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
                if !id.hasPrefix("~") { matched.append(Renumbering(kind: Record.kind, from: record.id, to: id)) }
                return schema.copy(of: record, id: id)
            }
        }

        /// Their ID of a record named `id` here.
        func theirID(_ id: String) -> String { theirIDs[id] ?? id }

        /// The ancestor's records that `side` holds under another ID, by the ancestor's ID. Where
        /// the ancestor's ID holds another record on `side`, or none, the record is looked for
        /// among the records of `side` not as the ancestor holds them: first one with the same
        /// content (its ID and place aside) or from the same statement row or schedule
        /// occurrence (edited since); failing both, when the record there (if any) has another
        /// name, the free one with its name and day most like it (edited since on the side that
        /// renumbered it), among the free records and those the ancestor names otherwise. Free
        /// are the records under IDs the ancestor does not hold, and those under an ID whose
        /// record was found elsewhere (merges in turn may have swapped two IDs). Each is
        /// matched once.
        static func moves(from ancestor: [Record], in side: [Record]) -> [String: String] {
            let schema = Record.schema
            var ancestorPlaces = [String: Int](minimumCapacity: ancestor.count)
            for (index, record) in ancestor.enumerated() { ancestorPlaces[record.id] = index }
            var sidePlaces = [String: Int](minimumCapacity: side.count)
            for (index, record) in side.enumerated() { sidePlaces[record.id] = index }
            // Where each record may be found: by content or origin, any record not as the
            // ancestor holds it under its ID; by name and day, the free ones, and those under
            // another name there.
            var byContent: [Record: [String]] = [:]
            var byOrigin: [String: [String]] = [:]
            var byNameAndDay: [String: [Record]] = [:]
            func free(_ record: Record) {
                byNameAndDay[record.name + "\u{0}" + record.date.iso, default: []].append(record)
            }
            for record in side {
                let old = ancestorPlaces[record.id].map { ancestor[$0] }
                if let old, schema.sameContent(old, record) { continue }
                byContent[content(record), default: []].append(record.id)
                for key in origins(record) { byOrigin[key, default: []].append(record.id) }
                if old?.name != record.name { free(record) }
            }
            // The ancestor's records the side does not hold as they are under their ID.
            let unsettled = ancestor.filter { record in
                sidePlaces[record.id].map { !schema.sameContent(side[$0], record) } ?? true
            }
            guard !byContent.isEmpty, !unsettled.isEmpty else { return [:] }
            var taken: Set<String> = []
            func take(_ candidates: [String]?) -> String? {
                guard let id = candidates?.first(where: { !taken.contains($0) }) else { return nil }
                taken.insert(id)
                return id
            }
            func sameContentOrOrigin(_ record: Record, _ now: Record?) -> String? {
                if let id = take(byContent[content(record)]) { return id }
                let nowOrigins = now.map(origins) ?? []
                for key in origins(record) where !nowOrigins.contains(key) {
                    if let id = take(byOrigin[key]) { return id }
                }
                return nil
            }
            func likeIt(_ record: Record, _ now: Record?) -> String? {
                guard now?.name != record.name else { return nil }
                let candidates = byNameAndDay[record.name + "\u{0}" + record.date.iso, default: []]
                guard let best = candidates.filter({ !taken.contains($0.id) })
                    .max(by: { fieldsAlike($0, record) < fieldsAlike($1, record) }) else { return nil }
                taken.insert(best.id)
                return best.id
            }
            var moves: [String: String] = [:]
            var found = true
            while found {
                found = false
                for strict in [true, false] where !found {
                    for record in unsettled where moves[record.id] == nil {
                        let now = sidePlaces[record.id].map { side[$0] }
                        guard let id = strict ? sameContentOrOrigin(record, now) : likeIt(record, now) else { continue }
                        moves[record.id] = id
                        if let now { free(now) }
                        found = true
                    }
                }
            }
            return moves
        }

        /// How many fields two records hold alike.
        private static func fieldsAlike(_ a: Record, _ b: Record) -> Int {
            Record.schema.fields.reduce(0) { $0 + ($1.json(a) == $1.json(b) ? 1 : 0) }
        }

        /// A record's content: the record with its ID and place blanked.
        private static func content(_ record: Record) -> Record {
            var blank = Record.schema.copy(of: record, id: "")
            blank.order = 0
            return blank
        }

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
