/// A plain-text-accounting journal that `ledger` and `hledger` read: expenses post to
/// `Expenses:<category>`, incomes to `Income:<name>`, both against their account
/// (`Assets:<account>`, a card's `Liabilities:<account>`), or `Assets:Cash` for a record without
/// one, each transaction tagged with its ID.
public enum LedgerJournal {
    /// The earliest year `ledger` reads (its calendar starts in 1400; hledger has no such limit).
    public static let earliestYear = 1400

    /// The journal of the records `query` selects, sorted by date (then incomes before expenses,
    /// then display order).
    ///
    /// - Throws: `BudgetError.dateBeforeLedgerCalendar` for a record dated before `earliestYear`,
    ///   which `ledger` would refuse to read.
    public static func write(_ document: BudgetDocument, query: RecordQuery) throws -> String {
        var journal = ""
        try write(document, query: query) { journal += $0 }
        return journal
    }

    /// The journal of `write(_:query:)`, handed to `emit` in order in pieces of about a
    /// megabyte: only the order of the transactions is held, each one's text made as its turn
    /// comes, so a journal of a million records never lies in memory whole.
    ///
    /// - Throws: as `write(_:query:)`, before anything is emitted.
    public static func write(
        _ document: BudgetDocument, query: RecordQuery, emit: (String) -> Void
    ) throws {
        let money = document.moneyFormat
        let commodity = money.currency.map { " " + $0.code } ?? ""
        let incomes = query.incomes(in: document), expenses = query.expenses(in: document)
        var cards = Set<String>()
        for account in document[settings: AccountKeys.self].accounts where account.type.isLiability {
            cards.insert(account.name)
        }
        let members = Set(document[settings: MemberKeys.self].memberNames)
        /// Where a record's money was held: its account, else `Assets:Cash` as before accounts;
        /// a settlement's members (issue #30) are `Equity:Members:<name>`, no account's money.
        /// Worked out once per name.
        var holdings: [String: String] = [:]
        func holding(_ name: String?) -> String {
            guard let name else { return "Assets:Cash" }
            if let known = holdings[name] { return known }
            let held: String
            if name == Transfer.adjustment {
                held = "Equity:Adjustments"
            } else if members.contains(name), !cards.contains(name) {
                held = "Equity:Members:" + account(name, fallback: "Member")
            } else {
                held = (cards.contains(name) ? "Liabilities:" : "Assets:") + account(name, fallback: "Cash")
            }
            holdings[name] = held
            return held
        }
        if let income = incomes.first(where: { $0.date.year < earliestYear }) {
            throw BudgetError.dateBeforeLedgerCalendar(RecordReference(kind: .income, id: income.id), income.date)
        }
        if let expense = expenses.first(where: { $0.date.year < earliestYear }) {
            throw BudgetError.dateBeforeLedgerCalendar(RecordReference(kind: .expense, id: expense.id), expense.date)
        }
        let transfers = query.transfers(in: document)
        if let transfer = transfers.first(where: { $0.date.year < earliestYear }) {
            throw BudgetError.dateBeforeLedgerCalendar(RecordReference(kind: .transfer, id: transfer.id), transfer.date)
        }
        // Each account's opening balance, on its opening day (or its first record's), against
        // equity: a journal of the whole budget balances to what `budget accounts` says.
        var openings: [(date: Day, text: String)] = []
        if query.matchesEverything {
            for opened in document.accounts where opened.opening != 0 {
                let dates = document.recordDates(of: opened.name)
                guard let date = opened.asOf ?? dates.min(), date.year >= earliestYear else { continue }
                let amount = opened.type.isLiability ? -opened.opening : opened.opening
                let text = date.iso + " " + description("Opening balance " + opened.name) + "\n"
                    + "    \(holding(opened.name))  \(money.plain(amount))\(commodity)\n    Equity:Opening Balances\n"
                openings.append((date, text))
            }
        }
        // Where each transaction comes in the journal: by date, then openings, incomes,
        // expenses and transfers, each in display order.
        var entries: [Entry] = []
        entries.reserveCapacity(openings.count + incomes.count + expenses.count + transfers.count)
        for (index, opening) in openings.enumerated() { entries.append(Entry(opening.date, .opening, index)) }
        for (index, income) in incomes.enumerated() { entries.append(Entry(income.date, .income, index)) }
        for (index, expense) in expenses.enumerated() { entries.append(Entry(expense.date, .expense, index)) }
        for (index, transfer) in transfers.enumerated() { entries.append(Entry(transfer.date, .transfer, index)) }
        entries.sort()
        let amounts = commodity.isEmpty ? " are whole numbers" : " are in" + commodity
        var piece = "; Exported by budget. Amounts\(amounts).\n\n"
        piece.reserveCapacity(1 << 20 + 4096)
        let incomeFields = metadataFields(of: Income.self), expenseFields = metadataFields(of: Expense.self)
        let transferFields = metadataFields(of: Transfer.self)
        for (position, entry) in entries.enumerated() {
            if position > 0 { piece += "\n" }
            switch entry.source {
            case .opening:
                piece += openings[entry.index].text
            case .income:
                let income = incomes[entry.index]
                transaction(
                    income, kind: "income-", fields: incomeFields, money: money,
                    posting: (holding(income.account), income.amount),
                    against: "Income:" + account(income.name, fallback: "Salary"), commodity: commodity,
                    into: &piece)
            case .expense:
                let expense = expenses[entry.index]
                transaction(
                    expense, kind: "expense-", fields: expenseFields, money: money,
                    posting: ("Expenses:" + account(expense.category, fallback: "uncategorized"), expense.amount),
                    against: holding(expense.account), commodity: commodity, into: &piece)
            case .transfer:
                let transfer = transfers[entry.index]
                transaction(
                    transfer, kind: "transfer-", fields: transferFields, money: money,
                    posting: (holding(transfer.to), transfer.amount), against: holding(transfer.from),
                    commodity: commodity, into: &piece)
            }
            if piece.utf8.count >= 1 << 20 {
                emit(piece)
                piece.removeAll(keepingCapacity: true)
            }
        }
        if !piece.isEmpty { emit(piece) }
    }

    /// A transaction's place in the journal: its date, then where it comes from, then its
    /// place among those.
    private struct Entry: Comparable {
        enum Source: Int { case opening, income, expense, transfer }
        var date: Day
        var source: Source
        var index: Int

        init(_ date: Day, _ source: Source, _ index: Int) {
            self.date = date
            self.source = source
            self.index = index
        }

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.date, lhs.source.rawValue, lhs.index) < (rhs.date, rhs.source.rawValue, rhs.index)
        }
    }

    /// A transaction of `record`, appended to `text`: its date and payee, its ID as a comment
    /// (`kind` before it), note lines, tags and `fields` as comments, then `posting` with its
    /// amount and `against` without one (ledger balances it).
    private static func transaction<Record: BaseModel>(
        _ record: Record, kind: String, fields: [RecordField<Record>], money: MoneyFormat,
        posting: (account: String, amount: Int), against: String, commodity: String, into text: inout String
    ) {
        text += record.date.iso
        text += " "
        text += description(record.name)
        text += "\n    ; id: "
        text += kind
        text += record.id
        text += "\n"
        if let note = record.note {
            for line in note.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
                text += "    ; "
                text += cleaned(line) { _ in nil }
                text += "\n"
            }
        }
        // One tag per comment line, `name:`, which ledger (`tag name`, `%name`) and hledger
        // (`tag:name`) both read as a tag; a colon inside a name would end it, so it becomes `_`.
        for tag in record.tags {
            text += "    ; "
            text += tag.contains(":") ? String(tag.map { $0 == ":" ? "_" : $0 }) : tag
            text += ":\n"
        }
        for field in fields {
            let value = metadata(field.value(record), money: money)
            if !value.isEmpty {
                text += "    ; "
                text += field.key
                text += ": "
                text += value
                text += "\n"
            }
        }
        text += "    "
        text += posting.account
        text += "  "
        text += money.plain(posting.amount)
        text += commodity
        text += "\n    "
        text += against
        text += "\n"
    }

    /// A field a person sets that the journal has no place of its own for (one declared after
    /// those in `placedFields`): written as a `key: value` tag, which both tools read as metadata.
    private static func metadataFields<Record: BaseModel>(of kind: Record.Type) -> [RecordField<Record>] {
        Record.schema.fields.filter { $0.setting != nil && !placedFields.contains($0.key) }
    }

    /// The fields a transaction shows in places of their own: its date, payee, postings (the
    /// account's, a transfer's two, among them), note and tags.
    static let placedFields: Set<String> = [
        "date", "name", "amount", "category", "note", "tags", "account", "from", "to",
    ]

    /// A field's value as one line of a metadata tag (empty for none).
    private static func metadata(_ value: FieldValue, money: MoneyFormat) -> String {
        let text: String
        switch value {
        case .text(let value): text = value
        case .optionalText(let value): text = value ?? ""
        case .number(let number): text = String(number)
        case .amount(let amount): text = money.plain(amount)
        case .day(let day): text = day.iso
        case .tags(let tags): text = tags.sorted.joined(separator: ", ")
        }
        return cleaned(text[...]) { $0 == ";" ? "," : nil }
    }

    /// A payee both tools read as written: `;` would start a comment, `|` splits payee and note in
    /// hledger, and a leading `(`, `*` or `!` reads as a code or a status.
    static func description(_ name: String) -> String {
        let text = cleaned(name[...]) { scalar in
            switch scalar {
            case ";": ","
            case "|": "/"
            default: nil
            }
        }
        if let first = text.first, "(*!".contains(first) { return "- " + text }
        return text
    }

    /// An account name segment: `:` would start a sub-account and `;` a comment; runs of white
    /// space (two spaces end an account name) become one space; brackets that would mark a
    /// virtual posting are replaced.
    static func account(_ name: String, fallback: String) -> String {
        let text = cleaned(name[...]) { scalar in
            switch scalar {
            case ":", "(", ")", "[", "]": "-"
            case ";": ","
            default: nil
            }
        }
        return text.isEmpty ? fallback : text
    }

    /// `text` in one pass: runs of white space collapsed to one space (none at either end),
    /// and the characters `replacement` names replaced.
    private static func cleaned(_ text: Substring, replacement: (Unicode.Scalar) -> Unicode.Scalar?) -> String {
        isClean(text.utf8, replacement: replacement) ? String(text) : rebuilt(text, replacement: replacement)
    }

    /// `cleaned(_:replacement:)`, scalar by scalar.
    static func rebuilt(_ text: Substring, replacement: (Unicode.Scalar) -> Unicode.Scalar?) -> String {
        var result = String.UnicodeScalarView()
        var spaceOwed = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar.isASCII
                ? (scalar == " " || (0x09...0x0D).contains(scalar.value)) : scalar.properties.isWhitespace
            if isSpace {
                spaceOwed = !result.isEmpty
                continue
            }
            if spaceOwed {
                result.append(" ")
                spaceOwed = false
            }
            result.append(replacement(scalar) ?? scalar)
        }
        return String(result)
    }

    /// Whether `cleaned` would give `text` back as it is: no white space but single spaces
    /// between words, and no character `replacement` replaces. Read byte by byte: every white
    /// space character beyond ASCII (Unicode's White_Space, which `isWhitespace` reads) is
    /// one of a few sequences; the characters replaced are all ASCII.
    static func isClean(_ text: Substring.UTF8View, replacement: (Unicode.Scalar) -> Unicode.Scalar?) -> Bool {
        var previous: UInt8 = 0x20  // a space at the start is not clean
        var index = text.startIndex
        while index != text.endIndex {
            let byte = text[index]
            if byte < 0x80 {
                if byte == 0x20 {
                    if previous == 0x20 { return false }
                } else if (0x09...0x0D).contains(byte) || replacement(Unicode.Scalar(byte)) != nil {
                    return false
                }
            } else if byte == 0xC2 || byte == 0xE1 || byte == 0xE2 || byte == 0xE3 {
                // U+0085 and U+00A0 (C2 85, C2 A0); U+1680 (E1 9A 80); U+2000…U+200A, U+2028,
                // U+2029, U+202F (E2 80 xx) and U+205F (E2 81 9F); U+3000 (E3 80 80).
                let second = text.index(after: index)
                let next = second == text.endIndex ? 0 : text[second]
                let third = second == text.endIndex || text.index(after: second) == text.endIndex
                    ? 0 : text[text.index(after: second)]
                switch byte {
                case 0xC2: if next == 0x85 || next == 0xA0 { return false }
                case 0xE1: if next == 0x9A && third == 0x80 { return false }
                case 0xE2:
                    if next == 0x80 && ((0x80...0x8A).contains(third) || [0xA8, 0xA9, 0xAF].contains(third)) {
                        return false
                    }
                    if next == 0x81 && third == 0x9F { return false }
                default: if next == 0x80 && third == 0x80 { return false }
                }
            }
            previous = byte
            index = text.index(after: index)
        }
        return text.isEmpty || previous != 0x20
    }
}
