/// One record read from an import file, checked by the same rules as the command line.
public struct ImportedRow: Equatable, Sendable {
    /// Where it starts in the file.
    public var line: Int
    /// The record the row becomes, read field by field through its kind's schema; its ID and
    /// position are given when it is imported.
    let record: Record

    /// A record of any kind.
    enum Record: Equatable, Sendable {
        case income(Income)
        case expense(Expense)
        case transfer(Transfer)
    }

    /// A row of these values: an expense when it has a category, else an income.
    public init(
        line: Int, name: String, amount: Int, date: Day, category: String?, note: String?, tags: Tags = Tags()
    ) {
        self.line = line
        if let category {
            record = .expense(
                Expense(id: "", name: name, amount: amount, category: category, date: date, note: note, tags: tags))
        } else {
            record = .income(Income(id: "", name: name, amount: amount, date: date, note: note, tags: tags))
        }
    }

    /// The row that becomes `record`.
    init(line: Int, record: Record) {
        self.line = line
        self.record = record
    }

    /// The name, trimmed.
    public var name: String {
        switch record {
        case .income(let income): income.name
        case .expense(let expense): expense.name
        case .transfer(let transfer): transfer.name
        }
    }

    /// The amount in the currency's minor unit.
    public var amount: Int {
        switch record {
        case .income(let income): income.amount
        case .expense(let expense): expense.amount
        case .transfer(let transfer): transfer.amount
        }
    }

    /// The date (today when the row has none).
    public var date: Day {
        switch record {
        case .income(let income): income.date
        case .expense(let expense): expense.date
        case .transfer(let transfer): transfer.date
        }
    }

    /// `nil` for incomes and transfers.
    public var category: String? {
        switch record {
        case .income, .transfer: nil
        case .expense(let expense): expense.category
        }
    }

    /// The note, if any.
    public var note: String? {
        switch record {
        case .income(let income): income.note
        case .expense(let expense): expense.note
        case .transfer(let transfer): transfer.note
        }
    }

    /// The row's tags (none when the file has no `tags` column).
    public var tags: Tags {
        switch record {
        case .income(let income): income.tags
        case .expense(let expense): expense.tags
        case .transfer(let transfer): transfer.tags
        }
    }

    /// What makes two rows the same when duplicates are skipped: date, name, amount and
    /// category (a transfer's accounts stand in for a category).
    public var duplicateKey: String {
        if case .transfer(let transfer) = record {
            return Self.duplicateKey(
                date: date, name: name, amount: amount, category: transfer.from + "\u{1F}" + transfer.to)
        }
        return Self.duplicateKey(date: date, name: name, amount: amount, category: category)
    }

    /// The `duplicateKey` of a row or record with these values.
    static func duplicateKey(date: Day, name: String, amount: Int, category: String?) -> String {
        "\(date.iso)\u{1F}\(name)\u{1F}\(amount)\u{1F}\(category ?? "")"
    }

    /// The row as an income with this ID; a row read as an expense leaves its category behind.
    func income(id: String) -> Income {
        if case .income(var income) = record {
            income.id = id
            return income
        }
        return Income(id: id, name: name, amount: amount, date: date, note: note, tags: tags)
    }

    /// The row as an expense with this ID; a row read as an income is filed under
    /// `Expense.defaultCategory`.
    func expense(id: String) -> Expense {
        if case .expense(var expense) = record {
            expense.id = id
            return expense
        }
        return Expense(
            id: id, name: name, amount: amount, category: Expense.defaultCategory, date: date, note: note, tags: tags)
    }

    /// The row as a transfer with this ID, when it was read as one.
    func transfer(id: String) -> Transfer? {
        if case .transfer(var transfer) = record {
            transfer.id = id
            return transfer
        }
        return nil
    }
}
