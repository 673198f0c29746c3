/// A plain-text-accounting journal that `ledger` and `hledger` read: expenses post to
/// `Expenses:<category>`, incomes to `Income:<name>`, both against `Assets:Cash`, each
/// transaction tagged with its ID.
public enum LedgerJournal {
    /// The journal of the records `query` selects, sorted by date (then incomes before expenses,
    /// then display order).
    public static func write(_ document: BudgetDocument, query: RecordQuery) -> String {
        let money = document.moneyFormat
        let commodity = money.currency.map { " " + $0.code } ?? ""
        struct Entry { var date: Day; var rank: Int; var text: String }
        var entries: [Entry] = []
        for (offset, income) in query.incomes(in: document).enumerated() {
            let account = "Income:" + account(income.name, fallback: "Salary")
            entries.append(Entry(date: income.date, rank: offset, text: transaction(
                income, tag: "income-\(income.id)", postings: [("Assets:Cash", money.plain(income.amount) + commodity), (account, nil)])))
        }
        for (offset, expense) in query.expenses(in: document).enumerated() {
            let account = "Expenses:" + account(expense.category, fallback: "uncategorized")
            entries.append(Entry(date: expense.date, rank: 1_000_000_000 + offset, text: transaction(
                expense, tag: "expense-\(expense.id)", postings: [(account, money.plain(expense.amount) + commodity), ("Assets:Cash", nil)])))
        }
        entries.sort { ($0.date, $0.rank) < ($1.date, $1.rank) }
        return "; Exported by budget. Amounts\(commodity.isEmpty ? " are whole numbers" : " are in" + commodity).\n\n"
            + entries.map(\.text).joined(separator: "\n")
    }

    private static func transaction(_ record: some BaseModel, tag: String, postings: [(String, String?)]) -> String {
        var lines = ["\(record.date.iso) \(description(record.name))", "    ; id: \(tag)"]
        if let note = record.note {
            for line in note.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) { lines.append("    ; " + collapse(String(line))) }
        }
        for (account, amount) in postings {
            lines.append("    " + account + (amount.map { "  " + $0 } ?? ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A payee both tools read as written: `;` would start a comment, `|` splits payee and note in
    /// hledger, and a leading `(`, `*` or `!` reads as a code or a status.
    static func description(_ name: String) -> String {
        var text = collapse(name).replacing(";", with: ",").replacing("|", with: "/")
        if let first = text.first, "(*!".contains(first) { text = "- " + text }
        return text
    }

    /// An account name segment: `:` would start a sub-account and `;` a comment; runs of white
    /// space (two spaces end an account name) become one space; brackets that would mark a
    /// virtual posting are replaced.
    static func account(_ name: String, fallback: String) -> String {
        var text = collapse(name)
        for (character, replacement) in [(":", "-"), (";", ","), ("(", "-"), (")", "-"), ("[", "-"), ("]", "-")] {
            text = text.replacing(character, with: replacement)
        }
        return text.isEmpty ? fallback : text
    }

    private static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
