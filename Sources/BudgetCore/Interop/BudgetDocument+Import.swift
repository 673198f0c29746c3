import FoundationEssentials

extension BudgetDocument {
    /// Appends imported rows of one kind in file order, as one change (one undo step).
    ///
    /// - Parameters:
    ///   - skipDuplicates: leave out rows equal (date, name, amount, category) to an existing
    ///     record, as many of them as there are such records: two identical coffees in the file
    ///     and one in the budget add one.
    ///   - into: the account of the rows that name none (`import --account`); an owned
    ///     account's rows are paid by its owner.
    /// - Returns: the new IDs and the number of rows skipped as duplicates.
    /// - Throws: `BudgetError.idSpaceExhausted` when the IDs run out; `ImportError` naming the
    ///   first row after which the kind's amounts would add up to more than the largest total
    ///   (`checkTotals`); nothing is added then.
    public mutating func importRows(
        _ rows: [ImportedRow], kind: RecordKind, skipDuplicates: Bool, into: String? = nil
    ) throws -> (ids: [String], skipped: Int) {
        var batch = ImportBatch(into: self, kind: kind, skipDuplicates: skipDuplicates, account: into)
        var draft = self
        draft.makeRoom(forMore: rows.count, of: kind)
        for row in rows { try batch.add(row, to: &draft) }
        self = draft
        return (batch.ids, batch.skipped)
    }

    /// Imports a file of budget's own (CSV, TSV or JSON) as one change: each row read by each
    /// importer (one per kind) is added as it is read (`importRows`' rules), so a large file's
    /// rows are never all held at once; nothing is added when any row is bad or any kind's rows
    /// cannot all be added.
    ///
    /// - Parameter tags: the tags of a record whose row has none (`import --tag`).
    /// - Returns: for each importer, the new IDs, the rows skipped as duplicates and the rows
    ///   of another kind it left out.
    /// - Throws: what `RecordImporter.read(_:format:by:)` throws for bad rows (all of them,
    ///   first), else what `importRows` throws for the first kind whose rows cannot be added.
    public mutating func importRecords(
        _ text: String, format: ImportFormat, by importers: [RecordImporter], skipDuplicates: Bool,
        into: String? = nil, tags: Tags = Tags()
    ) throws -> [(ids: [String], skipped: Int, otherKind: Int)] {
        let kinds = importers.map(\.kind)
        if let transcoded = RecordTranscoder(
            text, format: format, kinds: kinds, plainImport: !skipDuplicates && into == nil && tags.isEmpty,
            into: self) {
            // Every row an expense, sure to read as below: written as bytes at once.
            expenses = RecordTable(lastID: transcoded.ids.upperBound, orderedRecords: transcoded.records)
            let ids = transcoded.ids.map { RecordID.string(for: $0) }
            return kinds.map { $0 == .expense ? (ids, 0, 0) : ([], 0, ids.count) }
        }
        let rowBound = DelimitedReader.rowBound(of: text)
        var batches = importers.map {
            var batch = ImportBatch(
                into: self, kind: $0.kind, skipDuplicates: skipDuplicates, account: into, defaultTags: tags)
            batch.rowBound = rowBound
            return batch
        }
        var failures = [(any Error)?](repeating: nil, count: importers.count)
        var draft = self
        let otherKinds = try RecordImporter.forEachRow(text, format: format, by: importers) { index, row in
            guard failures[index] == nil else { return }
            do {
                try batches[index].add(row, to: &draft)
            } catch {
                failures[index] = error
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        self = draft
        return zip(batches, otherKinds).map { ($0.ids, $0.skipped, $1) }
    }
}
