extension ThreeWayMerge {
    /// The fields that make two records added on both sides one: the same statement row, the
    /// same schedule occurrence.
    static let joiningFields = ["source", "schedule"]

    /// One kind's records merged (`merge(ancestor:ours:theirs:)` says how).
    static func mergeTable<Record: BaseModel>(
        ancestor: RecordTable<Record>, ours: RecordTable<Record>, theirs: RecordTable<Record>,
        since: (ours: FreshChanges, theirs: FreshChanges), money: MoneyFormat, into report: inout Report
    ) throws(MergeError) -> RecordTable<Record> {
        let schema = Record.schema
        let kind = Record.kind
        let aligned = Alignment(
            ancestor: Array(ancestor.records), ours: Array(ours.records), theirs: Array(theirs.records),
            oursSince: since.ours,
            theirsSince: since.theirs)
        let oursAddedSince = aligned.oursAdded, theirsAddedSince = aligned.theirsAdded
        report.matched += aligned.matched
        var base = [String: Record](minimumCapacity: aligned.ancestor.count)
        for record in aligned.ancestor { base[record.id] = record }
        var theirsByID = [String: Record](minimumCapacity: aligned.theirs.count)
        for record in aligned.theirs { theirsByID[record.id] = record }
        var oursByID = [String: Record](minimumCapacity: ours.records.count)
        for record in ours.records { oursByID[record.id] = record }

        var merged: [Record] = []
        let added = aligned.theirs.count - aligned.ancestor.count
        merged.reserveCapacity(ours.records.count + max(0, added))
        // Joining field and value → our added records' IDs, in our order; each absorbs at most
        // one of theirs (an import with duplicates allowed may hold a row twice).
        var oursAdded: [String: [String]] = [:]
        var absorbed: Set<String> = []
        for record in ours.records {
            guard let old = base[record.id] else {
                // Added on our side (or brought back by an undo): it keeps its ID.
                for key in joiningFields {
                    guard let value = joiningValue(record, key) else { continue }
                    oursAdded[key + "\u{0}" + value, default: []].append(record.id)
                }
                merged.append(record)
                continue
            }
            if let other = theirsByID[record.id] {
                merged.append(mergeFields(ancestor: old, ours: record, theirs: other, money: money, into: &report))
                continue
            }
            // Deleted on their side.
            if schema.sameContent(old, record) { continue }
            report.conflicts.append(
                Conflict(
                    kind: .deletedAndEdited, recordKind: kind, id: record.id, ours: text(of: record, money: money),
                    theirs: nil))
            merged.append(record)
        }

        // Our records an earlier merge brought: held by neither the ancestor nor a change of ours.
        var mergedIn: [Record: [String]] = [:]
        for record in ours.records.reversed() where since.ours.isComplete && base[record.id] == nil
            && !oursAddedSince.contains(record.id) && theirsByID[record.id] == nil {
            mergedIn[content(record), default: []].append(record.id)
        }
        var next = max(ours.lastID, theirs.lastID)
        for record in aligned.theirs {
            if let old = base[record.id] {
                if oursByID[record.id] != nil { continue }  // merged with ours above
                // Deleted on our side.
                if schema.sameContent(old, record) { continue }
                var kept = record
                if record.id.hasPrefix("~") {
                    // Ours holds another record under its ID (`Alignment`): it takes a free one.
                    guard next < RecordID.maximum else { throw .idSpaceExhausted(kind) }
                    next += 1
                    kept = schema.copy(of: record, id: RecordID.string(for: next))
                    report.renumbered.append(Renumbering(kind: kind, from: aligned.theirID(record.id), to: kept.id))
                }
                report.conflicts.append(
                    Conflict(
                        kind: .deletedAndEdited, recordKind: kind, id: kept.id, ours: nil,
                        theirs: text(of: kept, money: money)))
                merged.append(kept)
                continue
            }
            // Added on their side (or brought back by an undo).
            if let (key, kept) = joiningFields.lazy.compactMap({ key in
                joiningValue(record, key).flatMap { oursAdded[key + "\u{0}" + $0] }?
                    .first { !absorbed.contains($0) }.map { (key, $0) }
            }).first {
                absorbed.insert(kept)
                report.joined.append(Join(kind: kind, from: aligned.theirID(record.id), to: kept, field: key))
                continue
            }
            // The same record, unless each side's history added a record of its own under the ID.
            if let same = oursByID[record.id], schema.sameContent(same, record),
               !(oursAddedSince.contains(record.id) && theirsAddedSince.contains(record.id)) { continue }
            // Ours holds it already: a record an earlier merge of theirs brought (added by no
            // change of our history), under another ID.
            if let known = mergedIn[content(record)]?.popLast() {
                report.matched.append(Renumbering(kind: kind, from: aligned.theirID(record.id), to: known))
                continue
            }
            if oursByID[record.id] == nil, let number = RecordID.number(fromStored: record.id), number > ours.lastID {
                merged.append(record)  // an ID ours never gave
                continue
            }
            guard next < RecordID.maximum else { throw .idSpaceExhausted(kind) }
            next += 1
            let id = RecordID.string(for: next)
            report.renumbered.append(Renumbering(kind: kind, from: aligned.theirID(record.id), to: id))
            merged.append(schema.copy(of: record, id: id))
        }
        for index in merged.indices { merged[index].order = index + 1 }
        return RecordTable(lastID: next, orderedRecords: merged)
    }

    /// A record kept on both sides, field by field: a field changed on one side only takes
    /// that change; changed on both to different values, ours stays and it is reported.
    static func mergeFields<Record: BaseModel>(
        ancestor: Record, ours: Record, theirs: Record, money: MoneyFormat, into report: inout Report
    ) -> Record {
        var merged = ours
        for field in Record.schema.fields where !field.isPosition && field.key != "id" {
            let mine = field.json(ours), other = field.json(theirs)
            if mine == other { continue }
            let old = field.json(ancestor)
            if old == mine {
                field.copy(theirs, &merged)
            } else if old != other {
                report.conflicts.append(
                    Conflict(
                        kind: .field, recordKind: Record.kind, id: ours.id, field: field.key,
                        ours: text(field.value(ours), money: money), theirs: text(field.value(theirs), money: money)))
            }
        }
        return merged
    }

    /// A record's content: the record with its ID and place blanked.
    static func content<Record: BaseModel>(_ record: Record) -> Record {
        var blank = Record.schema.copy(of: record, id: "")
        blank.order = 0
        return blank
    }

    /// A record's non-empty value of a joining field (`source`, `schedule`).
    private static func joiningValue<Record: BaseModel>(_ record: Record, _ key: String) -> String? {
        guard let field = Record.schema.field(key), case .string(let value)? = field.json(record),
              !value.isEmpty else { return nil }
        return value
    }

    /// A field's value as display text (amounts as plain numbers in the budget's currency).
    static func text(_ value: FieldValue, money: MoneyFormat) -> String {
        switch value {
        case .text(let text): return text
        case .optionalText(let text): return text ?? ""
        case .number(let number): return String(number)
        case .amount(let amount): return money.plain(amount)
        case .day(let day): return day.iso
        case .tags(let tags): return tags.joined
        }
    }

    /// A record as display text: its fields with a value, `name=家賃, amount=80000, …`.
    static func text<Record: BaseModel>(of record: Record, money: MoneyFormat) -> String {
        Record.schema.fields.compactMap { field -> String? in
            guard !field.isPosition, field.key != "id" else { return nil }
            let value = field.value(record)
            return value.isEmpty ? nil : field.key + "=" + text(value, money: money)
        }.joined(separator: ", ")
    }
}
