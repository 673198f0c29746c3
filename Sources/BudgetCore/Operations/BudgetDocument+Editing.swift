extension BudgetDocument {
    // MARK: Adding

    /// The category of an expense added without one: the `expense.default-category` setting
    /// (`uncategorized` unless set).
    public var defaultExpenseCategory: String {
        self[settings: ExpenseKeys.self][ExpenseKeys.defaultCategory].text
    }

    /// The account of an expense added without one: the `expense.default-account` setting
    /// (none unless set).
    public var defaultExpenseAccount: String? {
        self[settings: ExpenseKeys.self][ExpenseKeys.defaultAccount]?.text
    }

    /// Adds a record last, with the next ID of its kind: the values given (a draft, each read
    /// by its field's input rules: `SettableField.value(typed:)`), and for the fields not given
    /// what stands in for them (`defaultExpenseCategory`, today, no note, no tags). A category
    /// given is spelt as a category in use that folds alike (`canonicalCategory`).
    ///
    /// - Parameters:
    ///   - type: the kind, `Income.self` or `Expense.self`.
    ///   - values: the fields' values by key; an expense's negative amount is a refund.
    ///   - today: the date of a record given none.
    /// - Returns: the new record.
    /// - Throws: `ValueError.notApplicable` for a field the kind does not have, `ValueError` for
    ///   a value no record may hold or a field it must have (`missing`),
    ///   `BudgetError.idSpaceExhausted`; nothing is added then.
    @discardableResult
    public mutating func add<Record: BaseModel>(
        _ type: Record.Type, _ values: RecordValues, today: Day = .today(), devicePayer: String? = nil
    ) throws -> Record {
        let schema = Record.schema
        try schema.checkApplicable(values)
        var values = values
        if case .text(let category) = values["category"] { values["category"] = .text(canonicalCategory(category)) }
        if Record.kind == .expense, values["account"] == nil, let account = defaultExpenseAccount {
            values["account"] = .optionalText(account)
        }
        if case .optionalText(let account?) = values["account"] {
            let date = if case .day(let day) = values["date"] { day } else { today }
            values["account"] = .optionalText(try self[settings: AccountKeys.self].recordAccount(account, on: date))
        }
        let context = InputContext(money: moneyFormat, today: today, defaultCategory: defaultExpenseCategory)
        let members = MemberCheck(self, devicePayer: devicePayer)
        // In place: the table is not copied (a budget of 100,000 records adds at the same speed).
        return try self[keyPath: Record.table].add { id in
            let record = try schema.make(id: id, values, context).checkedMembers(members)
            try schema.check(record)
            return record
        }
    }

    /// Makes room in one kind's table for `count` more records at once (an import's, before
    /// it adds the first: `RecordTable.reserveCapacity(forMore:)`).
    mutating func makeRoom(forMore count: Int, of kind: RecordKind) {
        switch kind {
        case .income: incomes.reserveCapacity(forMore: count)
        case .expense: expenses.reserveCapacity(forMore: count)
        case .transfer: transfers.reserveCapacity(forMore: count)
        }
    }

    /// Adds an income last, with the next income ID (`add(_:_:today:)` with these values).
    ///
    /// - Parameters:
    ///   - name: read with `FieldRules.label`.
    ///   - amount: in the currency's minor unit (`moneyFormat.parse` reads typed text).
    ///   - note: read with `FieldRules.note`; an empty text means no note.
    ///   - tags: each read with `FieldRules.tag`.
    /// - Returns: the new income.
    /// - Throws: `ValueError` for a value no income may hold, `BudgetError.idSpaceExhausted`;
    ///   nothing is added then.
    @discardableResult
    public mutating func addIncome(
        name: String, amount: Int, date: Day, note: String? = nil, tags: [String] = []
    ) throws -> Income {
        let values = try Self.newValues(name: name, amount: amount, date: date, note: note, tags: tags)
        return try add(Income.self, values)
    }

    /// Adds an expense last, with the next expense ID (`add(_:_:today:)` with these values).
    ///
    /// - Parameters:
    ///   - name: read with `FieldRules.label`.
    ///   - amount: in the currency's minor unit (`moneyFormat.parse` reads typed text).
    ///   - category: read with `FieldRules.label`, spelt as a category in use that folds alike
    ///     (`canonicalCategory`); `nil` files it under `defaultExpenseCategory`.
    ///   - note: read with `FieldRules.note`; an empty text means no note.
    ///   - tags: each read with `FieldRules.tag`.
    ///   - refund: whether it is a refund (`Expense.isRefund`): money back for a purchase,
    ///     recorded as `-amount` in the category, which it takes from.
    /// - Returns: the new expense. `limitWarnings(since:)` tells whether it took its category
    ///   past its monthly limit.
    /// - Throws: `ValueError` for a value no expense may hold (a negative `amount`: a refund is
    ///   `refund` with its size), `BudgetError.idSpaceExhausted`; nothing is added then.
    @discardableResult
    public mutating func addExpense(
        name: String, amount: Int, category: String? = nil, date: Day, note: String? = nil, tags: [String] = [],
        refund: Bool = false
    ) throws -> Expense {
        var values = try Self.newValues(name: name, amount: amount, date: date, note: note, tags: tags)
        if let category { values["category"] = .text(try FieldRules.label(category, field: "category")) }
        if refund { values["amount"] = .amount(-amount) }
        return try add(Expense.self, values)
    }

    private static func newValues(
        name: String, amount: Int, date: Day, note: String?, tags: [String]
    ) throws(ValueError) -> RecordValues {
        var values = RecordValues()
        values["name"] = .text(try FieldRules.label(name, field: "name"))
        if amount < 0 { throw .invalidAmount(String(amount), reason: "amounts cannot be negative") }
        values["amount"] = .amount(amount)
        values["date"] = .day(date)
        values["note"] = .optionalText(try note.flatMap { text throws(ValueError) in
            text.isEmpty ? nil : try FieldRules.note(text)
        })
        var checked: [String] = []
        for tag in tags { checked.append(try FieldRules.tag(tag)) }
        values["tags"] = .tags(Tags(checked))
        return values
    }

    // MARK: Editing

    /// Applies one edit to every record named, all or nothing: when one record is unknown, or
    /// does not have a field the edit changes (a category on an income), nothing changes.
    ///
    /// In a store transaction this is one change and one undo step, however many records it
    /// touches.
    ///
    /// - Parameters:
    ///   - references: the records, of either kind; a record named twice is edited once.
    ///   - edit: what to change.
    /// - Returns: each record with its new name and whether it changed, and the limit warnings.
    /// - Throws: `BudgetError.recordNotFound` for the first record that does not exist,
    ///   `ValueError.notApplicable` for a category given for an income.
    @discardableResult
    public mutating func edit(_ references: [RecordReference], with edit: RecordEdit) throws -> RecordEditResult {
        var seen = Set<RecordReference>()
        let unique = references.filter { seen.insert($0).inserted }
        if unique.contains(where: { $0.kind == .income }) { try edit.check(for: .income) }
        if unique.contains(where: { $0.kind == .transfer }) { try edit.check(for: .transfer) }
        let before = self
        var edit = edit
        if let category = edit.category { edit.respell(category: canonicalCategory(category)) }
        if let account = edit.account {
            // Every record's date as edited must fall on or before the account's closing day.
            let accounts = self[settings: AccountKeys.self]
            var latest = edit.date ?? .epoch
            if edit.date == nil {
                for reference in unique {
                    let date = reference.kind == .income
                        ? incomes.record(id: reference.id)?.date : expenses.record(id: reference.id)?.date
                    if let date, date > latest { latest = date }
                }
            }
            edit.respell(account: try accounts.recordAccount(account, on: latest))
        }
        var incomes = self.incomes, expenses = self.expenses, transfers = self.transfers
        let incomeEntries = try incomes.modify(ids: unique.filter { $0.kind == .income }.map(\.id)) {
            income throws(ValueError) in
            try edit.apply(to: &income)
        }
        let expenseEntries = try expenses.modify(ids: unique.filter { $0.kind == .expense }.map(\.id)) {
            edit.apply(to: &$0)
        }
        let transferEntries = try transfers.modify(ids: unique.filter { $0.kind == .transfer }.map(\.id)) {
            transfer throws(ValueError) in
            try edit.apply(to: &transfer)
        }
        for (id, _, changed) in transferEntries where changed {
            if let transfer = transfers.record(id: id) { try transfers.update(try checkedAccounts(of: transfer)) }
        }
        // Who paid, a split and parts, checked as edited (an amount below its parts is refused).
        let members = MemberCheck(self)
        for (id, _, changed) in incomeEntries where changed {
            if let income = incomes.record(id: id) { try incomes.update(try members.income(income)) }
        }
        for (id, _, changed) in expenseEntries where changed {
            if let expense = expenses.record(id: id) { try expenses.update(try members.expense(expense)) }
        }
        (self.incomes, self.expenses, self.transfers) = (incomes, expenses, transfers)
        var byReference: [RecordReference: RecordEditResult.Entry] = [:]
        for (id, name, changed) in incomeEntries {
            let reference = RecordReference(kind: .income, id: id)
            byReference[reference] = RecordEditResult.Entry(reference: reference, name: name, changed: changed)
        }
        for (id, name, changed) in expenseEntries {
            let reference = RecordReference(kind: .expense, id: id)
            byReference[reference] = RecordEditResult.Entry(reference: reference, name: name, changed: changed)
        }
        for (id, name, changed) in transferEntries {
            let reference = RecordReference(kind: .transfer, id: id)
            byReference[reference] = RecordEditResult.Entry(reference: reference, name: name, changed: changed)
        }
        return RecordEditResult(
            entries: unique.compactMap { byReference[$0] }, limitWarnings: limitWarnings(since: before))
    }
}
