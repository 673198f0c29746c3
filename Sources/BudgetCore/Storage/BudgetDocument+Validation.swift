/// Why a document in memory would become a data file that the reader refuses.
struct DocumentInvalidity: Error, Sendable {
    /// What is wrong, in lower case.
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

extension BudgetDocument {
    /// Checks the document against the rules the reader applies to the file written from it.
    /// The store runs this before every write, so `budget` never writes a file it then refuses,
    /// whatever path the change took (an undo of a hand-edited history, a restore, a repair).
    ///
    /// Linear in the records, with no text made on the way: a small part of what writing costs.
    ///
    /// - Throws: `DocumentInvalidity` naming the first broken rule.
    func validate() throws(DocumentInvalidity) {
        try Self.validate(incomes)
        try Self.validate(expenses)
        for key in settingsValues.storedKeys {
            guard let value = settingsValues.value(forKey: key) else { continue }
            if let refusal = DocumentCodec.settingRefusal(key: key, value: value) { throw DocumentInvalidity(refusal) }
        }
        for (number, entry) in history.enumerated() {
            let context = "history entry \(number + 1)"
            try Self.validate(entry.incomes, context: context)
            try Self.validate(entry.expenses, context: context)
        }
    }

    /// A table as the reader checks it: a counter of 8 digits, IDs of 8 digits that are distinct
    /// and at most the counter, orders exactly 1...n, and every record's fields.
    private static func validate<Record: DocumentRecord>(_ table: RecordTable<Record>) throws(DocumentInvalidity) {
        let kind = Record.kind.singular
        guard (0...RecordID.maximum).contains(table.lastID) else {
            throw DocumentInvalidity("the \(kind) counter \(table.lastID) is not an 8-digit id")
        }
        var numbers: [Int] = []
        numbers.reserveCapacity(table.count)
        for (index, record) in table.records.enumerated() {
            guard let number = RecordID.number(fromStored: record.id) else {
                throw DocumentInvalidity("\(kind) id \"\(record.id)\" is not 8 digits")
            }
            guard number <= table.lastID else {
                throw DocumentInvalidity("\(kind) \(record.id) is above the counter \(RecordID.string(for: table.lastID)); its id could be given out again")
            }
            guard record.order == index + 1 else {
                throw DocumentInvalidity("\(kind) \(record.id) has order \(record.order) in position \(index + 1)")
            }
            try validateFields(of: record)
            numbers.append(number)
        }
        guard FastDocumentCodec.allDistinct(numbers, highest: table.lastID) else {
            throw DocumentInvalidity("two \(Record.kind.plural) have the same id")
        }
    }

    /// One kind's part of a history entry: the records it would bring back, its IDs and positions.
    private static func validate<Record: DocumentRecord>(_ change: TableChange<Record>, context: String) throws(DocumentInvalidity) {
        for id in change.added + change.moved.map(\.id) where RecordID.number(fromStored: id) == nil {
            throw DocumentInvalidity("\(context) lists the \(Record.kind.singular) id \"\(id)\", which is not 8 digits")
        }
        if let (id, position) = change.moved.first(where: { $0.position < 1 }) {
            throw DocumentInvalidity("\(context) moves \(Record.kind.singular) \(id) to position \(position)")
        }
        for record in change.removed { try validateFields(of: record) }
        for record in change.edited { try validateFields(of: record) }
    }

    /// The fields of one record, by the rules `DocumentCodec.decodeRecord` applies.
    private static func validateFields<Record: DocumentRecord>(of record: Record) throws(DocumentInvalidity) {
        guard record.amount >= 0 else {
            throw DocumentInvalidity("\(Record.kind.singular) \(record.id) has a negative amount")
        }
        do throws(ValueError) {
            try FieldRules.checkLabel(record.name, field: "name")
            if let note = record.note { try FieldRules.checkNote(note) }
            try record.checkOwnFields()
        } catch {
            throw DocumentInvalidity("\(Record.kind.singular) \(record.id): \(error)")
        }
    }
}
