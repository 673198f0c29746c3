/// How a record kind maps to and from its object in the data file.
protocol DocumentRecord: BaseModel {
    /// Reads the kind's own fields (beyond the common ones) and builds the record.
    static func decode(common: CommonFields, reader: inout JSONObjectReader) throws(DataFileProblem) -> Self
    /// The kind's own fields, added to the common ones when writing.
    var extraFields: [(String, JSONValue)] { get }
    /// Checks the kind's own fields by the rules `decode` applies (for a document about to be written).
    func checkOwnFields() throws(ValueError)
    /// Whether the kind's own fields equal another record's.
    func hasSameOwnFields(as other: Self) -> Bool
}

extension DocumentRecord {
    /// Equal apart from `order`, compared field by field without a copy.
    func hasSameContent(as other: Self) -> Bool {
        id == other.id && amount == other.amount && date == other.date && name == other.name && note == other.note
            && hasSameOwnFields(as: other)
    }
}

/// The fields every record has, as read from the file.
struct CommonFields {
    var id: String
    var name: String
    var amount: Int
    var order: Int
    var date: Day
    var note: String?
}

extension Income: DocumentRecord {
    static func decode(common: CommonFields, reader: inout JSONObjectReader) throws(DataFileProblem) -> Income {
        Income(id: common.id, name: common.name, amount: common.amount, order: common.order, date: common.date, note: common.note)
    }

    var extraFields: [(String, JSONValue)] { [] }

    func checkOwnFields() throws(ValueError) {}

    func hasSameOwnFields(as other: Income) -> Bool { true }
}

extension Expense: DocumentRecord {
    static func decode(common: CommonFields, reader: inout JSONObjectReader) throws(DataFileProblem) -> Expense {
        let node = try reader.node("category")
        let category = try reader.string("category")
        do {
            try FieldRules.checkLabel(category, field: "category")
        } catch {
            throw DataFileProblem(offset: node.offset, "expense \(common.id): \(error)")
        }
        return Expense(
            id: common.id, name: common.name, amount: common.amount, category: category,
            order: common.order, date: common.date, note: common.note)
    }

    var extraFields: [(String, JSONValue)] { [("category", .string(category))] }

    func checkOwnFields() throws(ValueError) {
        try FieldRules.checkLabel(category, field: "category")
    }

    func hasSameOwnFields(as other: Expense) -> Bool { category == other.category }
}
