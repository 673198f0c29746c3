import XCTest
@testable import BudgetCore
import TestSupport

final class ImportTests: XCTestCase {
    private let today = Day(iso: "2026-11-21")!

    private func importer(_ kind: RecordKind = .expense, currency: String? = nil) -> RecordImporter {
        RecordImporter(
            kind: kind, money: MoneyFormat(currency: currency.flatMap(Currency.init(code:))), today: today,
            defaultCategory: "uncategorized")
    }

    private func importError(
        _ text: String, _ format: ImportFormat, _ importer: RecordImporter? = nil
    ) -> ImportError? {
        do {
            _ = try (importer ?? self.importer()).read(text, format: format)
            return nil
        } catch {
            return error as? ImportError
        }
    }

    func testCSV_ReadsQuotingBOMAndCRLF() throws {
        let rows = try DelimitedReader.csv(
            "\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\r\nlines\"\r\n\r\nplain,,\"\"\n")
        XCTAssertEqual(rows, [
            .init(line: 1, fields: ["a", "b", "c"]),
            .init(line: 2, fields: ["x, y", "say \"hi\"", "two\nlines"]),
            .init(line: 5, fields: ["plain", "", ""]),
        ])
    }

    func testCSV_RefusesBrokenQuoting() {
        XCTAssertEqual(try? DelimitedReader.csv("a,b\n\"open,1\n"), nil)
        XCTAssertThrowsError(try DelimitedReader.csv("a,b\nx\"y,1\n")) { error in
            XCTAssertEqual(
                error as? ImportError,
                ImportError(
                    line: 2, column: "1",
                    "a quote inside an unquoted field (quote the whole field and double the quote)"))
        }
        XCTAssertThrowsError(try DelimitedReader.csv("a,b\n\"x\"y,1\n"))
    }

    func testTSV_UnescapesWhatListWrites() throws {
        XCTAssertEqual(
            try DelimitedReader.tsv("a\tb\r\nx\\ty\tz\\\\\\n\n"),
            [.init(line: 1, fields: ["a", "b"]), .init(line: 2, fields: ["x\ty", "z\\\n"])])
        XCTAssertThrowsError(try DelimitedReader.tsv("a\nbad\\q\n"))
    }

    func testImporter_ReadsColumnsInAnyOrderWithDefaults() throws {
        let (rows, other) = try importer(currency: "USD").read(
            "Amount,NAME,note,id\n\"1,234.50\",家賃,11月,00000042\n0.5,Tea,,\n", format: .csv)
        XCTAssertEqual(other, 0)
        XCTAssertEqual(rows, [
            ImportedRow(line: 2, name: "家賃", amount: 123_450, date: today, category: "uncategorized", note: "11月"),
            ImportedRow(line: 3, name: "Tea", amount: 50, date: today, category: "uncategorized", note: nil),
        ])
    }

    func testImporter_AnEmptyCellIsReadByItsFieldsRules_StandInsIncluded() throws {
        // Empty cells pass over only fields an empty cell leaves as they are: a date, a category
        // and a name still get their stand-in or their refusal.
        let (rows, _) = try importer(currency: "JPY").read(
            "name,amount,date,category,note,tags\n茶,300,,,,\n本,500,2026-11-05,書籍,メモ,a\n", format: .csv)
        XCTAssertEqual(rows, [
            ImportedRow(line: 2, name: "茶", amount: 300, date: today, category: "uncategorized", note: nil),
            ImportedRow(
                line: 3, name: "本", amount: 500, date: try XCTUnwrap(Day(iso: "2026-11-05")), category: "書籍",
                note: "メモ", tags: Tags(["a"])),
        ])
        XCTAssertEqual(importError("name,amount\n,300\n", .csv)?.message, "the name must not be empty")
        XCTAssertEqual(importError("name,amount\nx,\n", .csv)?.column, "amount")
    }

    func testImporter_ReadsARefundAsTheNegativeExpenseItIs() throws {
        // What `list --format csv` and `json` write for a refund reads back as that refund: a
        // leading minus (ASCII, U+2212 or full-width), or a negative JSON number.
        let (rows, _) = try importer(currency: "JPY").read(
            "name,amount,category\n返品,\"-1,200\",衣服\n返品,−300,衣服\n返品,－５０,衣服\n", format: .csv)
        XCTAssertEqual(rows.map(\.amount), [-1_200, -300, -50])
        XCTAssertEqual(
            importError("name,amount\nx,\"-1,2\"\n", .csv)?.message,
            "invalid amount '-1,2': misplaced ',' digit group separator", "quoted as given")
        XCTAssertEqual(
            try importer().read("[{\"name\": \"返品\", \"amount\": -1200, \"category\": \"衣服\"}]", format: .json)
                .rows.map(\.amount),
            [-1_200])
        var document = BudgetDocument()
        try document.addExpense(name: "シャツ", amount: 5_000, category: "衣服", date: today)
        _ = try document.importRows(rows, kind: .expense, skipDuplicates: false)
        XCTAssertEqual(
            try document.total(category: "衣服", in: document.budgetCalendar.period(containing: today)), 5_000 - 1_550)
        XCTAssertEqual(document.expenses.records.map(\.isRefund), [false, true, true, true])
    }

    func testJSON_ManyPrettyRowsFindTheirLinesInOnePass() throws {
        // `list --format json | import -`: each row's line was once a scan from byte 0.
        let rows = (1...3_000).map {
            "  {\n    \"name\" : \"n\($0)\",\n    \"amount\" : \($0),\n    \"category\" : \"c\"\n  }"
        }
        let text = "[\n" + rows.joined(separator: ",\n") + "\n]\n"
        let before = TextPositionsCounter.bytesScanned.load(ordering: .relaxed)
        let read = try importer().read(text, format: .json)
        XCTAssertLessThanOrEqual(TextPositionsCounter.bytesScanned.load(ordering: .relaxed) - before, text.utf8.count)
        XCTAssertEqual(read.rows.count, 3_000)
        XCTAssertEqual(read.rows.last?.line, 2 + 2_999 * 5)
    }

    /// The columns an expense import reads, as its errors list them: the schema's fields with
    /// input rules, in its order.
    private static let expenseColumns = Expense.schema.fields.filter { $0.input != nil }.map(\.key)

    func testImportColumns_AreTheFieldsWithInputRules() {
        // Every field of the first release, in the schema's order; never the ID, the position or
        // the schedule (which names the exporting file's schedule).
        let known = ["date", "name", "category", "amount", "note", "tags", "source"]
        XCTAssertEqual(Self.expenseColumns.filter(known.contains), known)
        XCTAssertFalse(Self.expenseColumns.contains { ["id", "order", "schedule"].contains($0) },
                       "\(Self.expenseColumns)")
    }

    func testImporter_ErrorsNameLineAndColumn() {
        // Names that no field may take (a field's key is a JSON key and a column name, never with a space).
        let unknownColumn = "no such column", unknownField = "no such field"
        for name in [unknownColumn, unknownField] {
            XCTAssertFalse(Expense.schema.fields.contains { $0.key == name },
                           "the example of an unknown column '\(name)' is a field")
        }
        let expected = (Self.expenseColumns + ["from", "to"]).joined(separator: ", ")
        let cases: [(String, ImportFormat, ImportError)] = [
            ("date,name,amount\n2026-11-01,Lunch,900\n2026-11-02,Dinner,12x\n", .csv,
             ImportError(line: 3, column: "amount", "invalid amount '12x': an amount is a whole number such as 1200")),
            ("date,name,amount\n2026-13-01,Lunch,900\n", .csv,
             ImportError(line: 2, column: "date", "'2026-13-01' is not a day: months run from 01 to 12")),
            ("date,name,amount\n2026-11-01,,900\n", .csv,
             ImportError(line: 2, column: "name", "the name must not be empty")),
            ("date,name,amount\n2026-11-01,x\n", .csv,
             ImportError(line: 2, "expected 3 fields like the header, found 2")),
            ("date,\(unknownColumn),amount\n", .csv,
             ImportError(line: 1, column: "2", "unknown column '\(unknownColumn)' (expected \(expected))")),
            ("date,amount\n", .csv, ImportError(line: 1, "the header has no 'name' column")),
            ("", .csv, ImportError(line: nil, "the file is empty; expected a header row naming the columns")),
            ("[{\"name\": \"x\", \"amount\": \"5\"}]", .json,
             ImportError(
                line: 1, column: "26",
                "\"amount\" must be a whole number of the currency's smallest unit, as JSON listings write it",
                reason: .amountNotInMinorUnits)),
            ("[{\"name\": \"x\", \"amount\": 5, \"\(unknownField)\": []}]", .json,
             ImportError(line: 1, column: "46", "unknown field \"\(unknownField)\" (expected \(expected))")),
            ("[{\"name\": \"x\", \"amount\": 5, \"tags\": [\"a b\"]}]", .json,
             ImportError(
                line: 1, column: "37",
                "the tag 'a b' contains white space or a comma; a tag is one word (use - or _ to join words)")),
            ("name,amount,tags\nx,5,\"a b,c\"\n", .csv,
             ImportError(
                line: 2, column: "tags",
                "the tag 'a b' contains white space or a comma; a tag is one word (use - or _ to join words)")),
            ("[{\"name\": \"x\",\n \"amount\": 5, \"currency\": \"USD\"}]", .json,
             ImportError(line: 2, column: "27", "the amounts are in USD but this budget uses no currency")),
            ("[{\"name\": \"x\", \"amount\": 5,]", .json,
             ImportError(line: 1, column: "28", "expected a string key but found ']'")),
        ]
        for (text, format, expected) in cases {
            XCTAssertEqual(importError(text, format), expected, text)
        }
        // An income is never negative; an expense may be (a refund), except by more than 64 bits hold.
        XCTAssertEqual(
            importError("[{\"name\": \"x\", \"amount\": -1}]", .json, importer(.income)),
            ImportError(line: 1, column: "26", "amounts cannot be negative"))
        XCTAssertEqual(
            importError("name,amount\nx,-5\n", .csv, importer(.income))?.message,
            "invalid amount '-5': amounts cannot be negative")
        XCTAssertEqual(
            importError("[{\"name\": \"x\", \"amount\": -9223372036854775808}]", .json)?.message,
            "invalid amount '-9223372036854775808': the amount is too large")
        XCTAssertEqual(
            importError("name,amount\n2026,x\n", .csv)?.errorDescription,
            "line 2, column 'amount': invalid amount 'x': "
                + "an amount is a whole number such as 1200; nothing was imported")
    }

    func testImporter_IncomesRefuseACategoryAndSkipOtherKinds() throws {
        XCTAssertEqual(
            importError("name,amount,category\nSalary,1,food\n", .csv, importer(.income))?.message,
            "incomes have no category")
        let (rows, other) = try importer(.income).read(
            "kind,name,category,amount\nincome,Salary,,5\nexpense,Lunch,food,1\n", format: .csv)
        XCTAssertEqual(rows.map(\.name), ["Salary"])
        XCTAssertEqual(other, 1)
    }

    /// A row equal to a record is skipped once per such record: identical rows of one file are
    /// separate purchases (two ¥150 coffees), not duplicates of each other.
    func testImportRows_SkipsRowsEqualToRecordsOncePerRecord() throws {
        var document = BudgetDocument()
        try document.expenses.add { Expense(id: $0, name: "Lunch", amount: 900, category: "food", date: self.today) }
        let rows = [
            ImportedRow(
                line: 2, name: "Lunch", amount: 900, date: today, category: "food", note: "a note does not matter"),
            ImportedRow(line: 3, name: "Lunch", amount: 900, date: today, category: "other", note: nil),
            ImportedRow(line: 4, name: "Lunch", amount: 900, date: today, category: "other", note: nil),
        ]
        let result = try document.importRows(rows, kind: .expense, skipDuplicates: true)
        XCTAssertEqual(result.ids, ["00000002", "00000003"])
        XCTAssertEqual(result.skipped, 1)
        let again = try document.importRows(rows + [rows[0]], kind: .expense, skipDuplicates: true)
        XCTAssertEqual(again.ids, ["00000004"], "the second identical row is new: the budget has one such record")
        XCTAssertEqual(again.skipped, 3)
    }

    /// The format and the header are found from the header row read alone, however long the
    /// file: a prefix cut inside a quoted field once made budget's own CSV "no known statement".
    func testHeader_IsReadAloneNeverFromACutPrefix() {
        let row = "2026-11-01,Lunch,food,900,\"" + String(repeating: "a, b ", count: 40) + "\"\n"
        let text = "date,name,category,amount,note\n" + String(repeating: row, count: 200)
        XCTAssertEqual(
            text.prefix(20_000).filter { $0 == "\"" }.count % 2, 1, "the 20,000th character is inside quotes")
        XCTAssertEqual(RecordImporter.headerCells(text, format: .csv), ["date", "name", "category", "amount", "note"])
        XCTAssertEqual(
            RecordImporter.headerCells(
                "\u{FEFF}\nname,\"a very\nlong\"\n" + String(repeating: "x", count: 30_000), format: .csv),
            ["name", "a very\nlong"])
        XCTAssertEqual(
            RecordImporter.headerCells(
                "\u{FEFF}\nname\tamount\n" + String(repeating: "x\\", count: 15_000), format: .tsv),
            ["name", "amount"])
        XCTAssertNil(RecordImporter.headerCells("\"never closed,a\n1,2\n", format: .csv))
        // Statements too: a header whose quoted cell breaks its line, after a preamble.
        let mufg = "口座,\"1\n2\"\n\"日付\",\"摘要\",\"摘要内容\",\"支払い金額\",\"預かり金額\",\"メモ\nです\"\n2026/10/4,カード,x,12000,,\n"
        XCTAssertEqual(StatementPreset.detect(in: mufg)?.name, "mufg")
        XCTAssertEqual(StatementPreset.mufg.headerLine(in: mufg, delimiter: ",", from: 0), 2)
        var layout = StatementLayout()
        layout.skipLines = 2
        XCTAssertEqual(StatementReader.headerCells(mufg, layout: layout).last, "メモ\nです")
    }

    /// The guard `export --for-excel` writes is taken off by imports, and only it.
    func testFormulaGuard_IsTakenOffExactlyAsWritten() throws {
        for text in [
            "=1+2", "+a", "-5", "@x", "\tx", "\rx", "'", "'abc", "'=x", "''", "'''", "plain", "家賃", "", "'\t",
        ] {
            for spreadsheet in [true, false] {
                let written = FormulaGuard.needsGuard(text, forSpreadsheet: spreadsheet) ? "'" + text : text
                XCTAssertEqual(FormulaGuard.unguarded(written), text, "\(text) \(spreadsheet)")
            }
        }
        XCTAssertFalse(FormulaGuard.needsGuard("'abc", forSpreadsheet: true), "a quote before a letter is no guard")
        XCTAssertFalse(FormulaGuard.needsGuard("=x", forSpreadsheet: false))
        let (rows, _) = try importer().read(
            "name,amount,category,note\n'=SUM(A1),1,'-food,'@x\n'abc,2,''',\n", format: .csv)
        XCTAssertEqual(rows.map(\.name), ["=SUM(A1)", "'abc"])
        XCTAssertEqual(rows.map(\.category), ["-food", "''"])
        XCTAssertEqual(rows.map(\.note), ["@x", nil])
    }

    /// Every bad row of budget's own files is reported, as statements' are: one as itself, more
    /// as `StatementProblems` (the first 20 and how many), by line across both kinds.
    func testImporter_ReportsEveryBadRow() throws {
        let text = "name,amount\n" + (1...25).map { "n\($0),\($0)x" }.joined(separator: "\n")
        XCTAssertThrowsError(try importer().read(text, format: .csv)) { error in
            guard let problems = error as? StatementProblems else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.total, 25)
            XCTAssertEqual(problems.problems.count, StatementProblems.shownLimit)
            XCTAssertEqual(problems.problems.map(\.line), Array(2...21))
        }
        let both = "kind,name,category,amount\nexpense,a,food,1x\nnope,b,,1\nincome,c,,2x\n"
        XCTAssertThrowsError(
            try RecordImporter.read(both, format: .csv, by: [importer(.income), importer(.expense)])
        ) { error in
            XCTAssertEqual(
                (error as? StatementProblems)?.problems.map(\.line), [2, 3, 4], "the unknown kind once, in line order")
        }
        // An income's amount is never negative (an expense's may be: a refund).
        XCTAssertEqual(
            importError(
                "[{\"name\": \"a\", \"amount\": 1}, {\"name\": \"b\", \"amount\": -1}]", .json, importer(.income)
            )?.message,
            "amounts cannot be negative")
    }

    /// A note's CRLF is a line break, as `add --note` reads it: it was once kept, and the
    /// import refused at the write as "an invalid data file".
    func testImporter_NotesLineBreaksAreReadAsAddReadsThem() throws {
        let (rows, _) = try importer().read(
            "[{\"name\": \"a\", \"amount\": 1, \"note\": \"x\\r\\ny\\rz\"}]", format: .json)
        XCTAssertEqual(rows.map(\.note), ["x\ny\nz"])
        let (tsvRows, _) = try importer().read("name\tamount\tnote\na\t1\tx\\r\\ny\n", format: .tsv)
        XCTAssertEqual(tsvRows.map(\.note), ["x\ny"])
    }

    func testLedger_EscapesWhatTheToolsReadSpecially() {
        XCTAssertEqual(LedgerJournal.account("Food: dining  out; (fancy)", fallback: "x"), "Food- dining out, -fancy-")
        XCTAssertEqual(LedgerJournal.account("  ", fallback: "Salary"), "Salary")
        XCTAssertEqual(LedgerJournal.description("(Refund) shop; a|b"), "- (Refund) shop, a/b")
        XCTAssertEqual(LedgerJournal.description("*starred\tname"), "- *starred name")
    }

    /// The journal's byte-level check that a payee or an account needs no cleaning agrees with
    /// the cleaning itself on text made of every white space character Unicode names, the
    /// characters the tools read specially, Japanese and plain letters.
    func testLedger_TextLeftAsItIsIsExactlyTextThatCleaningLeavesAlike() {
        let alphabet: [Unicode.Scalar] = [
            " ", "\t", "\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2005}",
            "\u{200A}", "\u{200B}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{3001}",
            "\u{1681}", "\u{A1}", "\u{84}", "\u{2030}", "\u{2060}", ";", "|", ":", "(", ")", "[", "]", "*", "a",
            "Z", "家", "ｾ", "Ａ", "\u{1F600}", "\u{0}", "\u{7F}",
        ]
        let replacements: [(Unicode.Scalar) -> Unicode.Scalar?] = [
            { _ in nil }, { $0 == ";" ? "," : nil }, { ":()[]".unicodeScalars.contains($0) ? "-" : nil },
        ]
        var generator = SeededGenerator(seed: 26)
        var cleanSeen = 0
        for _ in 0..<PropertyDepth.rounds(deep: 200_000, fast: 20_000) {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
            }
            let text = Substring(String(scalars))
            for replacement in replacements {
                let clean = LedgerJournal.isClean(text.utf8, replacement: replacement)
                let rebuilt = LedgerJournal.rebuilt(text, replacement: replacement)
                XCTAssertEqual(clean, rebuilt == text, "\(text.debugDescription)")
                if clean { cleanSeen += 1 }
            }
        }
        XCTAssertGreaterThan(cleanSeen, 100, "texts left as they are were tried too")
    }

    /// Every field a person sets today has a place of its own in a transaction, so the journal
    /// writes no metadata tag for them (its bytes are as before); a field declared later is a
    /// `key: value` tag (the payee experiment of ARCHITECTURE.md's checklist showed `; payee: …`).
    func testLedger_PlacesEveryFieldSetTodayAndLeavesLaterOnesToTags() throws {
        // The members' fields (issue #30) came later: tags.
        XCTAssertEqual(
            Set(SettableField.all.map(\.key)).subtracting(["paid_by", "split", "parts"]), LedgerJournal.placedFields)
        var document = BudgetDocument()
        let day = try XCTUnwrap(Day(iso: "2026-11-25"))
        try document.addExpense(name: "家賃", amount: 80000, category: "住居", date: day, note: "11月分", tags: ["rent"])
        XCTAssertEqual(try LedgerJournal.write(document, query: RecordQuery()), """
            ; Exported by budget. Amounts are whole numbers.

            2026-11-25 家賃
                ; id: expense-00000001
                ; 11月分
                ; rent:
                Expenses:住居  80000
                Assets:Cash

            """)
    }

    /// A journal over a megabyte comes in pieces, each ending after a whole transaction, that
    /// make the same journal (dates out of order sorted, incomes before expenses on a day).
    func testLedger_AJournalOfManyRecordsComesInWholePiecesThatMakeTheSameText() throws {
        var document = BudgetDocument()
        for number in 0..<12_000 {
            let month = 12 - number % 12
            let day = try XCTUnwrap(Day(iso: "2026-\(month < 10 ? "0" : "")\(month)-01"))
            try document.addExpense(
                name: "買い物 \(number)", amount: 100 + number, category: "食費", date: day, note: nil, tags: [])
            if number % 1000 == 0 { try document.addIncome(name: "給与", amount: 300_000, date: day) }
        }
        var pieces: [String] = []
        try LedgerJournal.write(document, query: RecordQuery()) { pieces.append($0) }
        XCTAssertGreaterThan(pieces.count, 1)
        for piece in pieces.dropLast() { XCTAssertTrue(piece.hasSuffix("Assets:Cash\n"), "a piece ends a transaction") }
        let journal = pieces.joined()
        XCTAssertEqual(journal, try LedgerJournal.write(document, query: RecordQuery()))
        let dates = journal.split(separator: "\n").filter { $0.first?.isNumber == true }.map { $0.prefix(10) }
        XCTAssertEqual(dates, dates.sorted())
        XCTAssertEqual(dates.count, 12_012)
        let december = journal.split(separator: "\n").filter { $0.hasPrefix("2026-12-01") }
        // The incomes of rows 0, 3000, 6000 and 9000 fall on 1 December, before its expenses.
        XCTAssertEqual(december.prefix(4).map { String($0) }, Array(repeating: "2026-12-01 給与", count: 4),
                       "the incomes come first on their day")
        XCTAssertEqual(december.dropFirst(4).first.map { String($0) }, "2026-12-01 買い物 0")
    }
}
