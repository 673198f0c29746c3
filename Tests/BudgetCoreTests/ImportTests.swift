import XCTest
@testable import BudgetCore

final class ImportTests: XCTestCase {
    private let today = Day(iso: "2026-11-21")!

    private func importer(_ kind: RecordKind = .expense, currency: String? = nil) -> RecordImporter {
        RecordImporter(kind: kind, money: MoneyFormat(currency: currency.flatMap(Currency.init(code:))), today: today, defaultCategory: "uncategorized")
    }

    private func importError(_ text: String, _ format: ImportFormat, _ importer: RecordImporter? = nil) -> ImportError? {
        do {
            _ = try (importer ?? self.importer()).read(text, format: format)
            return nil
        } catch {
            return error
        }
    }

    func testCSV_ReadsQuotingBOMAndCRLFWithLineBreaksInFieldsAsLF() throws {
        let rows = try DelimitedReader.csv("\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\r\nlines\"\r\n\r\nplain,,\"\"\n")
        XCTAssertEqual(rows, [
            .init(line: 1, fields: ["a", "b", "c"]),
            .init(line: 2, fields: ["x, y", "say \"hi\"", "two\nlines"]),
            .init(line: 5, fields: ["plain", "", ""]),
        ])
    }

    func testCSV_RefusesBrokenQuoting() {
        XCTAssertEqual(try? DelimitedReader.csv("a,b\n\"open,1\n"), nil)
        XCTAssertThrowsError(try DelimitedReader.csv("a,b\nx\"y,1\n")) { error in
            XCTAssertEqual(error as? ImportError, ImportError(line: 2, column: "1", "a quote inside an unquoted field (quote the whole field and double the quote)"))
        }
        XCTAssertThrowsError(try DelimitedReader.csv("a,b\n\"x\"y,1\n"))
    }

    func testTSV_UnescapesWhatListWrites() throws {
        XCTAssertEqual(try DelimitedReader.tsv("a\tb\r\nx\\ty\tz\\\\\\n\n"), [.init(line: 1, fields: ["a", "b"]), .init(line: 2, fields: ["x\ty", "z\\\n"])])
        XCTAssertThrowsError(try DelimitedReader.tsv("a\nbad\\q\n"))
    }

    func testImporter_ReadsColumnsInAnyOrderWithDefaults() throws {
        let (rows, other) = try importer(currency: "USD").read("Amount,NAME,note,id\n\"1,234.50\",家賃,11月,00000042\n0.5,Tea,,\n", format: .csv)
        XCTAssertEqual(other, 0)
        XCTAssertEqual(rows, [
            ImportedRow(line: 2, name: "家賃", amount: 123_450, date: today, category: "uncategorized", note: "11月"),
            ImportedRow(line: 3, name: "Tea", amount: 50, date: today, category: "uncategorized", note: nil),
        ])
    }

    func testImporter_ErrorsNameLineAndColumn() {
        let cases: [(String, ImportFormat, ImportError)] = [
            ("date,name,amount\n2026-11-01,Lunch,900\n2026-11-02,Dinner,12x\n", .csv,
             ImportError(line: 3, column: "amount", "invalid amount '12x': an amount is a whole number such as 1200")),
            ("date,name,amount\n2026-13-01,Lunch,900\n", .csv, ImportError(line: 2, column: "date", "invalid date '2026-13-01': expected YYYY-MM-DD, 'today' or 'yesterday'")),
            ("date,name,amount\n2026-11-01,,900\n", .csv, ImportError(line: 2, column: "name", "the name must not be empty")),
            ("date,name,amount\n2026-11-01,x\n", .csv, ImportError(line: 2, "expected 3 fields like the header, found 2")),
            ("date,payee,amount\n", .csv, ImportError(line: 1, column: "2", "unknown column 'payee' (expected date, name, category, amount, note)")),
            ("date,amount\n", .csv, ImportError(line: 1, "the header has no 'name' column")),
            ("", .csv, ImportError(line: nil, "the file is empty; expected a header row naming the columns")),
            ("[{\"name\": \"x\", \"amount\": -1}]", .json, ImportError(line: 1, column: "26", "amounts cannot be negative")),
            ("[{\"name\": \"x\", \"amount\": \"5\"}]", .json, ImportError(line: 1, column: "26", "\"amount\" must be a whole number of the currency's smallest unit, as list --format json writes it")),
            ("[{\"name\": \"x\", \"amount\": 5, \"tags\": []}]", .json, ImportError(line: 1, column: "37", "unknown field \"tags\" (expected date, name, category, amount, note)")),
            ("[{\"name\": \"x\",\n \"amount\": 5, \"currency\": \"USD\"}]", .json, ImportError(line: 2, column: "27", "the amounts are in USD but this budget uses no currency")),
            ("[{\"name\": \"x\", \"amount\": 5,]", .json, ImportError(line: 1, column: "28", "expected a string key but found ']'")),
        ]
        for (text, format, expected) in cases {
            XCTAssertEqual(importError(text, format), expected, text)
        }
        XCTAssertEqual(importError("name,amount\n2026,x\n", .csv)?.errorDescription, "line 2, column 'amount': invalid amount 'x': an amount is a whole number such as 1200; nothing was imported")
    }

    func testImporter_IncomesRefuseACategoryAndSkipOtherKinds() throws {
        XCTAssertEqual(importError("name,amount,category\nSalary,1,food\n", .csv, importer(.income))?.message, "incomes have no category")
        let (rows, other) = try importer(.income).read("kind,name,category,amount\nincome,Salary,,5\nexpense,Lunch,food,1\n", format: .csv)
        XCTAssertEqual(rows.map(\.name), ["Salary"])
        XCTAssertEqual(other, 1)
    }

    func testImportRows_SkipsDuplicatesOfRecordsAndEarlierRows() throws {
        var document = BudgetDocument()
        try document.expenses.add { Expense(id: $0, name: "Lunch", amount: 900, category: "food", date: self.today) }
        let rows = [
            ImportedRow(line: 2, name: "Lunch", amount: 900, date: today, category: "food", note: "a note does not matter"),
            ImportedRow(line: 3, name: "Lunch", amount: 900, date: today, category: "other", note: nil),
            ImportedRow(line: 4, name: "Lunch", amount: 900, date: today, category: "other", note: nil),
        ]
        let result = try document.importRows(rows, kind: .expense, skipDuplicates: true)
        XCTAssertEqual(result.ids, ["00000002"])
        XCTAssertEqual(result.skipped, 2)
    }

    func testLedger_EscapesWhatTheToolsReadSpecially() {
        XCTAssertEqual(LedgerJournal.account("Food: dining  out; (fancy)", fallback: "x"), "Food- dining out, -fancy-")
        XCTAssertEqual(LedgerJournal.account("  ", fallback: "Salary"), "Salary")
        XCTAssertEqual(LedgerJournal.description("(Refund) shop; a|b"), "- (Refund) shop, a/b")
        XCTAssertEqual(LedgerJournal.description("*starred\tname"), "- *starred name")
    }

    // MARK: Input rules

    func testCSV_CRLFInsideAQuotedNoteImportsAsLF() throws {
        let (rows, _) = try importer().read("name,amount,note\r\nRent,5,\"two\r\nlines\"\r\nTea,1,\"old\rmac\"\r\n", format: .csv)
        XCTAssertEqual(rows.map(\.note), ["two\nlines", "old\nmac"])
        XCTAssertEqual(rows.map(\.line), [2, 4])
    }

    func testImporter_UnknownKindIsRefusedWithLineAndColumn() throws {
        for value in ["foo", "", "7", "null", "incomez"] {
            XCTAssertEqual(importError("kind,name,amount\nexpense,Tea,1\n\(value),Salary,300000\n", .csv),
                           ImportError(line: 3, column: "kind", "unknown kind '\(value)' (expected income or expense)"), value)
            XCTAssertEqual(importError("name\tamount\tkind\nSalary\t300000\t\(value)\n", .tsv, importer(.income))?.column, "kind", value)
        }
        let cases: [(String, ImportError)] = [
            ("[{\"kind\": \"foo\", \"name\": \"x\", \"amount\": 5}]", ImportError(line: 1, column: "11", "unknown kind 'foo' (expected income or expense)")),
            ("[{\"kind\": null, \"name\": \"x\", \"amount\": 5}]", ImportError(line: 1, column: "11", "\"kind\" must be \"income\" or \"expense\", not null")),
            ("[{\"kind\": 7, \"name\": \"x\", \"amount\": 5}]", ImportError(line: 1, column: "11", "\"kind\" must be \"income\" or \"expense\", not a number")),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(importError(text, .json), expected, text)
        }
    }

    func testImporter_KnownKindsMatchInAnyCase() throws {
        let csv = "kind,name,amount\nIncome,Salary,300000\nEXPENSE,Tea,1\n Expenses ,Bus,2\n"
        let expenses = try importer(.expense).read(csv, format: .csv)
        XCTAssertEqual(expenses.rows.map(\.name), ["Tea", "Bus"])
        XCTAssertEqual(expenses.otherKind, 1)
        let incomes = try importer(.income).read(csv, format: .csv)
        XCTAssertEqual(incomes.rows.map(\.name), ["Salary"])
        XCTAssertEqual(incomes.otherKind, 2)
        let json = try importer(.expense).read("[{\"kind\": \"Income\", \"name\": \"Salary\", \"amount\": 5}]", format: .json)
        XCTAssertEqual(json.rows, [])
        XCTAssertEqual(json.otherKind, 1)
    }

    func testImporter_TrimsNamesAndCategoriesAndRefusesInvisibleOnes() throws {
        let (rows, _) = try importer().read("name,category,amount\n Lunch ,\" food\",5\n\u{3000}家賃\u{3000},住居 ,1\n", format: .csv)
        XCTAssertEqual(rows.map(\.name), ["Lunch", "家賃"])
        XCTAssertEqual(rows.map(\.category), ["food", "住居"])
        XCTAssertEqual(importError("name,amount\na\u{202E}b,5\n", .csv)?.column, "name")
        XCTAssertEqual(importError("name,category,amount\nx,\u{200B},5\n", .csv),
                       ImportError(line: 2, column: "category", "the category '\\u{200B}' has no visible characters"))
    }

    func testImporter_TabSeparatedFileReadAsCSVSaysSo() {
        XCTAssertEqual(importError("name\tamount\nTea\t5\n", .csv),
                       ImportError(line: 1, column: "1", "the header 'name\tamount' looks tab-separated, not comma-separated (use --format tsv)"))
    }

    func testImporter_ReadsFullWidthAmountsAndDates() throws {
        let (rows, _) = try importer().read("date\tname\tamount\n２０２６-１１-２２\t家賃\t８０，０００円\n", format: .tsv)
        XCTAssertEqual(rows.map(\.amount), [80_000])
        XCTAssertEqual(rows.map(\.date), [Day(iso: "2026-11-22")!])
    }

    func testImportRows_RefusesTheRowThatMakesTheTotalTooLarge() throws {
        var document = BudgetDocument()
        try document.expenses.add { Expense(id: $0, name: "Big", amount: Int.max - 10, category: "x", date: self.today) }
        let rows = [
            ImportedRow(line: 2, name: "a", amount: 10, date: today, category: "x", note: nil),
            ImportedRow(line: 3, name: "b", amount: 1, date: today, category: "x", note: nil),
        ]
        XCTAssertThrowsError(try document.importRows(rows, kind: .expense, skipDuplicates: false)) { error in
            XCTAssertEqual((error as? ImportError)?.line, 3)
            XCTAssertEqual((error as? ImportError)?.column, "amount")
        }
        XCTAssertEqual(document.expenses.count, 1, "nothing was imported")
        XCTAssertEqual(try document.importRows(rows, kind: .income, skipDuplicates: false).ids.count, 2, "each kind has its own total")
    }
}
