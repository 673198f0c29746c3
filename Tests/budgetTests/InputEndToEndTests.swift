import Foundation
import XCTest

/// Input from arguments, stdin and imported files, as a hostile user or a bank statement gives it.
final class InputEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
    }

    private func importing(_ arguments: [String], _ text: String) throws -> BudgetProcess.Result {
        try budget.run(["import"] + arguments + ["-"], stdin: text)
    }

    /// A usage error quoting a huge value (an ID of megabytes read from stdin, an argument) is one
    /// line of about a thousand characters that keeps its start and end: it was the whole value.
    func testUsageError_QuotingAHugeValue_IsShortened() throws {
        let huge = try budget.run(["delete", "expenses", "-"], stdin: String(repeating: "1", count: 2_000_000) + "\n")
        XCTAssertEqual(huge.code, 64)
        XCTAssertLessThan(huge.stderr.utf8.count, 1_200, String(huge.stderr.prefix(200)))
        XCTAssertTrue(huge.stderr.hasPrefix("budget: error: invalid id '111"), String(huge.stderr.prefix(200)))
        XCTAssertTrue(huge.stderr.contains(" characters left out)… "))
        let argument = try budget.run("show", "expense", String(repeating: "\u{1B}", count: 100_000))
        XCTAssertEqual(argument.code, 64)
        XCTAssertLessThan(argument.stderr.utf8.count, 8_000, "escaped after it is cut")
        XCTAssertFalse(argument.stderr.unicodeScalars.contains("\u{1B}"))
    }

    func testCategories_AreTrimmedSoLimitsApplyToWhatLooksTheSame() throws {
        XCTAssertEqual(try budget.run("limit", "set", " food", "100").code, 0)
        XCTAssertEqual(
            try budget.run(
                "add", "expense", " Lunch\u{200B}", "90", "--category", "food ", "--date", "2026-11-05").code,
            0)
        let over = try budget.run("add", "expense", "Tea", "20", "--category", "\u{3000}food", "--date", "2026-11-05")
        XCTAssertTrue(over.stderr.contains("warning: food is over its monthly limit"), over.stderr)
        XCTAssertEqual(
            try budget.run("categories", "--format", "tsv", "--no-header").stdout.split(separator: "\n").count, 1)
        let food = Listing(tsv: try budget.run("list", "expenses", "--category", " food ", "--format", "tsv",
                                               "--no-header").stdout,
                           header: ListingColumns.expenses)
        XCTAssertEqual(food.rows, food.blankFilled([
            ["id": "00000001", "order": "1", "date": "2026-11-05", "name": "Lunch", "category": "food", "amount": "90"],
            ["id": "00000002", "order": "2", "date": "2026-11-05", "name": "Tea", "category": "food", "amount": "20"],
        ]))
        XCTAssertEqual(
            try budget.run("config", "set", "expense.default-category", " misc ").stderr,
            "Set expense.default-category to misc.\n")
    }

    func testDays_EveryDayAndNumberOptionReadsSlashesAndFullWidthDigits() throws {
        XCTAssertEqual(try budget.run("add", "expense", "a", "1", "--date", "2026/11/22").code, 0)
        XCTAssertEqual(try budget.run("add", "expense", "b", "2", "--date", "２０２６／１１／０２").code, 0)
        XCTAssertEqual(
            try budget.run("config", "set", "period.month-start", "５").stderr, "Set period.month-start to 5.\n")
        XCTAssertEqual(try budget.run("config", "get", "period.month-start").stdout, "5\n")
        let listed = try budget.run("list", "expenses", "--from", "2026/11/01", "--to", "２０２６－１１－３０", "--format", "tsv")
        XCTAssertEqual(listed.code, 0, listed.stderr)
        XCTAssertEqual(column("date", of: listed.stdout), ["2026-11-22", "2026-11-02"])
        XCTAssertEqual(try budget.run("list", "expenses", "--month", "２０２６／１１", "--format", "ids").code, 0)
        XCTAssertEqual(try budget.run("summary", "--year", "２０２６", "--format", "tsv").code, 0)
        XCTAssertEqual(
            try budget.run(
                "recur", "add", "income", "pay", "100", "--every", "month", "--from", "2026/11/25", "--until",
                "２０２７／１／２５").code,
            0)
        XCTAssertEqual(
            try budget.run("limit", "set", "food", "100", "--rollover", "surplus", "--since", "２０２６／１１").code, 0)
    }

    func testDays_ADayTheCalendarLacksIsSaidToBeNoDay() throws {
        let added = try budget.run("add", "expense", "a", "1", "--date", "2025-02-29")
        XCTAssertEqual(added.code, 64)
        XCTAssertTrue(
            added.stderr.hasPrefix("budget: error: '2025-02-29' is not a day: 2025 is not a leap year\n"), added.stderr)
        let listed = try budget.run("list", "expenses", "--from", "2026-04-31")
        XCTAssertEqual(listed.code, 64)
        XCTAssertTrue(
            listed.stderr.hasPrefix(
                "budget: error: invalid value '2026-04-31' for '--from <day>': it is not a day (April has 30 days)\n"),
            listed.stderr)
        XCTAssertNil(budget.dataBytes())
    }

    /// The values of a TSV column, by its header.
    private func column(_ name: String, of tsv: String) -> [String] {
        let rows = tsv.split(separator: "\n")
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        guard let header = rows.first, let index = header.firstIndex(of: name) else { return [] }
        return rows.dropFirst().map { index < $0.count ? $0[index] : "" }
    }

    func testCategories_BidiControlsAtTheEndsAreRefusedNotTrimmed() throws {
        for category in ["\u{2066}food\u{2069}", "\u{202E}food", "food\u{202C}"] {
            let result = try budget.run("add", "expense", "Lunch", "5", "--category", category)
            XCTAssertEqual(result.code, 64, category.debugDescription)
            XCTAssertTrue(result.stderr.hasPrefix("budget: error: the category '"), result.stderr)
            XCTAssertTrue(result.stderr.contains("' contains a bidirectional control character"), result.stderr)
        }
        XCTAssertNil(budget.dataBytes())
    }

    func testLimits_ConfigSetReadsTheCategoryLikeLimitSet() throws {
        XCTAssertEqual(try budget.run("limit", "set", "food", "100").code, 0)
        XCTAssertEqual(
            try budget.run("config", "set", "budget.limit.food\u{3000}", "200").stderr,
            "Set budget.limit.food to 200.\n")
        XCTAssertEqual(
            try budget.run("limit", "list", "--format", "tsv", "--no-header").stdout.split(separator: "\n").count, 1)
        XCTAssertEqual(try budget.run("config", "get", "budget.limit.food").stdout, "200\n")
        XCTAssertEqual(try budget.run("config", "set", "budget.limit.a\u{202E}b", "1").code, 64)
    }

    func testNames_WithBidiControlsOrOnlyInvisibleCharactersAreRefused() throws {
        let bidi = try budget.run("add", "expense", "invoice\u{202E}fdp.exe", "5")
        XCTAssertEqual(bidi.code, 64)
        XCTAssertTrue(
            bidi.stderr.hasPrefix(
                "budget: error: the name 'invoice\\u{202E}fdp.exe' contains a bidirectional control character"),
            bidi.stderr)
        let invisible = try budget.run("add", "expense", "\u{200B}\u{FEFF}", "5")
        XCTAssertEqual(invisible.code, 64)
        XCTAssertTrue(invisible.stderr.hasPrefix("budget: error: the name must not be empty"), invisible.stderr)
        XCTAssertNil(budget.dataBytes())
    }

    /// A control sequence in any input is shown escaped, never sent to the terminal.
    func testEnvironment_ADataFileVariableThatIsNotUTF8IsRefused() throws {
        let result = try budget.shell("BUDGET_FILE=$(printf '%s/\\377.json' \"$PWD\") \"$BUDGET\" add expense x 1")
        XCTAssertEqual(result.code, 64, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "budget: error: BUDGET_FILE is not UTF-8 text, so it would name another file; "
                + "nothing was done (give the path with --file)\n")
        XCTAssertEqual(
            budget.files().filter { $0.hasSuffix(".json") || $0.hasSuffix(".lock") }, [], "no file was created")
    }

    func testMessages_EscapeControlCharactersFromEveryInput() throws {
        try budget.succeed("add", "expense", "Lunch", "900")
        let cases: [[String]] = [
            ["add", "expense", "x", "\u{1B}]0;pwned\u{07}5"], ["add", "expense", "x", "5", "--date", "\u{1B}[2J"],
            ["list", "\u{1B}[31mall"], ["list", "all", "--format", "\u{1B}[1m"], ["\u{1B}[2Jlist"],
            ["list", "--\u{1B}[2J"], ["show", "expense", "\u{9B}31m1"], ["config", "get", "display.\u{1B}[2J"],
            ["move", "expense", "1", "\u{1B}[2J"],
        ]
        for arguments in cases {
            let result = try budget.run(arguments)
            XCTAssertNotEqual(result.code, 0, "\(arguments)")
            XCTAssertFalse(
                result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 },
                "\(arguments): \(result.stderr.debugDescription)")
            XCTAssertTrue(
                result.stderr.contains("\\u{1B}") || result.stderr.contains("\\u{9B}"),
                "\(arguments): \(result.stderr)")
        }
        // The implicit bidi marks, the byte-order mark and tag characters are escaped too.
        for mark in ["\u{200E}", "\u{200F}", "\u{061C}", "\u{FEFF}", "\u{E0041}"] {
            let result = try budget.run(["list", "all", "--format", "x" + mark])
            XCTAssertEqual(result.code, 64)
            XCTAssertFalse(
                result.stderr.unicodeScalars.contains { $0 == mark.unicodeScalars.first },
                result.stderr.debugDescription)
            XCTAssertTrue(
                result.stderr.contains(
                    "\\u{" + String(mark.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true) + "}"),
                result.stderr)
        }
        let stdin = try budget.run(["delete", "expense", "-"], stdin: "\u{1B}[2J5\n")
        XCTAssertTrue(stdin.stderr.hasPrefix("budget: error: "
            + "invalid id '\\u{1B}[2J5' on line 1 of stdin"), stdin.stderr)
        let imported = try importing(["expenses", "--format", "csv"], "name,amount\nx,\u{1B}]0;title\u{07}\n")
        XCTAssertEqual(imported.code, 65)
        XCTAssertFalse(imported.stderr.unicodeScalars.contains { $0.value == 0x1B }, imported.stderr)
    }

    func testImport_UnknownKindIsRefusedAndKnownKindsMatchInAnyCase() throws {
        let before = budget.dataBytes()
        for kind in ["foo", "", "7", "Incom"] {
            let result = try importing(
                ["expenses", "--format", "csv"], "kind,name,amount\nexpense,Lunch,900\n\(kind),Salary,300000\n")
            XCTAssertEqual(result.code, 65, kind)
            XCTAssertTrue(
                result.stderr.contains(
                    "line 3, column 'kind': unknown kind '\(kind)' (expected income, expense or transfer)"),
                result.stderr)
            XCTAssertEqual(budget.dataBytes(), before)
        }
        for json in [
            "[{\"kind\": null, \"name\": \"x\", \"amount\": 5}]", "[{\"kind\": 7, \"name\": \"x\", \"amount\": 5}]",
            "[{\"kind\": \"foo\", \"name\": \"x\", \"amount\": 5}]",
        ] {
            XCTAssertEqual(try importing(["expenses", "--format", "json"], json).code, 65, json)
        }
        let text = "kind,name,amount\nIncome,Salary,300000\nEXPENSE,Lunch,900\n expenses ,Tea,300\n"
        XCTAssertEqual(try importing(["expenses", "--format", "csv"], text).stdout, "00000001\n00000002\n")
        XCTAssertEqual(try importing(["incomes", "--format", "csv"], text).stdout, "00000001\n")
        XCTAssertEqual(
            try budget.run("list", "all", "--format", "ids").stdout,
            "income-00000001\nexpense-00000001\nexpense-00000002\n")
    }

    func testImport_CRLFInsideAQuotedFieldIsALineBreak() throws {
        let result = try importing(
            ["expenses", "--format", "csv"], "name,amount,note\r\nLunch,900,\"two\r\nlines\"\r\n")
        XCTAssertEqual(result.code, 0, result.stderr)
        let listed = Listing(tsv: try budget.run("list", "expenses", "--format", "tsv", "--no-header").stdout,
                             header: ListingColumns.expenses)
        XCTAssertEqual(listed.column("note"), ["two\\nlines"])
    }

    func testImport_ATabSeparatedFileNamedCSVSaysSo() throws {
        let file = budget.directory.appendingPathComponent("bank.csv")
        try Data("name\tamount\nLunch\t900\n".utf8).write(to: file)
        let result = try budget.run("import", "expenses", file.path)
        XCTAssertEqual(result.code, 65)
        XCTAssertTrue(result.stderr.contains("looks tab-separated"), result.stderr)
        XCTAssertFalse(result.stderr.contains("\t"), "no raw tab: \(result.stderr)")
    }

    /// The core names no options; the command line says which one fixes the problem.
    func testMessages_TheCommandLineNamesTheOptionThatFixesIt() throws {
        let file = budget.directory.appendingPathComponent("bank.csv")
        try Data("name\tamount\nLunch\t900\n".utf8).write(to: file)
        XCTAssertEqual(
            try budget.run("import", "expenses", file.path).stderr,
            "budget: error: line 1: the header holds tabs, so the file looks tab-separated, not comma-separated; "
                + "import it as TSV (--format tsv, or name the file .tsv); nothing was imported\n")
        let json = try budget.run(
            ["import", "expenses", "-", "--format", "json"], stdin: "[{\"name\": \"x\", \"amount\": \"5\"}]")
        XCTAssertEqual(json.code, 65)
        XCTAssertEqual(
            json.stderr,
            "budget: error: line 1, column 26: \"amount\" must be a whole number of the currency's smallest unit, "
                + "as list --format json writes it; nothing was imported\n")
        let restore = try budget.run(["restore", "-"], stdin: "[]")
        XCTAssertEqual(restore.code, 65)
        XCTAssertEqual(
            restore.stderr,
            "budget: error: line 1, column 1: not a budget export: "
                + "restore takes the JSON document 'budget export --format json' writes "
                + "(to add the records of a CSV or TSV file, use 'budget import'); nothing was restored\n")
        // A CSV or TSV export is no JSON at all: said so, not where its JSON syntax failed.
        for text in ["kind,id,order,date,name,category,amount\n", "kind\tid\n", "\u{FEFF}kind,id\n", ""] {
            let other = try budget.run(["restore", "-"], stdin: text)
            XCTAssertEqual(other.code, 65)
            XCTAssertEqual(
                other.stderr,
                "budget: error: not a budget export: "
                    + "restore takes the JSON document 'budget export --format json' writes "
                    + "(to add the records of a CSV or TSV file, use 'budget import'); nothing was restored\n",
                text.debugDescription)
        }
        XCTAssertNil(budget.dataBytes())
    }

    func testImport_NamesAreTrimmedAndTotalsMustStayComputable() throws {
        XCTAssertEqual(
            try importing(["expenses", "--format", "csv"], "name,amount,category\n Lunch ,１２，３４５円, food \n").code, 0)
        let imported = Listing(tsv: try budget.run("list", "expenses", "--format", "tsv", "--no-header").stdout,
                               header: ListingColumns.expenses)
        XCTAssertEqual(imported.rows.map { [$0["name"], $0["category"], $0["amount"]] }, [["Lunch", "food", "12345"]])
        let before = budget.dataBytes()
        let result = try importing(["expenses", "--format", "csv"], "name,amount\nA,9223372036854775000\nB,9000\n")
        XCTAssertEqual(result.code, 65, "like every refused import row")
        XCTAssertEqual(
            result.stderr,
            "budget: error: line 2, column 'amount': the expenses would add up to more than 9,223,372,036,854,775,807, "
                + "the largest total budget can compute; nothing was imported\n")
        XCTAssertEqual(budget.dataBytes(), before)
    }

    /// One rule for every total: what would make a total uncomputable is refused when it is added.
    func testTotals_TheSecondHugeAddIsRefusedAndReportsKeepWorking() throws {
        XCTAssertEqual(try budget.run("add", "expense", "A", "9223372036854775807").code, 0)
        let second = try budget.run("add", "expense", "B", "1")
        XCTAssertEqual(second.code, 1)
        XCTAssertTrue(second.stderr.hasPrefix("budget: error: the expenses would add up to more than"), second.stderr)
        XCTAssertEqual(try budget.run("add", "income", "Salary", "9223372036854775807").code, 0)
        for arguments in [["list", "all"], ["summary", "--all"], ["categories"], ["list", "expenses"]] {
            let result = try budget.run(arguments)
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
        }
        let edit = try budget.run("edit", "income", "1", "--amount", "9223372036854775807")
        XCTAssertEqual(edit.code, 0)
    }

    func testNumbers_AreDigitsOnlyEverywhere() throws {
        try budget.succeed("add", "expense", "A", "1")
        try budget.succeed("add", "expense", "B", "2")
        XCTAssertEqual(try budget.run("move", "expense", "1", "+2").code, 64)
        XCTAssertEqual(try budget.run("move", "expense", "1", "２").code, 0)
        let limit = try budget.run("list", "expenses", "--limit", "99999999999999999999")
        XCTAssertEqual(limit.code, 64)
        XCTAssertTrue(
            limit.stderr.hasPrefix(
                "budget: error: invalid value '99999999999999999999' for '--limit <n>': the number is too large\n"),
            limit.stderr)
        XCTAssertEqual(try budget.run("list", "expenses", "--limit", "+1").code, 64)
        XCTAssertEqual(try budget.run("add", "expense", "C", "３００", "--date", "２０２６－１１－２２").code, 0)
        let shown = Listing(tsv: try budget.run("show", "expense", "3", "--format", "tsv", "--no-header").stdout,
                            header: ListingColumns.expenses)
        XCTAssertEqual(shown.rows, shown.blankFilled([
            ["id": "00000003", "order": "3", "date": "2026-11-22", "name": "C", "category": "uncategorized",
             "amount": "300"],
        ]))
    }

    func testCurrencyNone_IsAccepted() throws {
        XCTAssertEqual(try budget.run("config", "set", "display.currency", "USD").code, 0)
        let none = try budget.run("config", "set", "display.currency", "none")
        XCTAssertEqual(none.code, 0, none.stderr)
        XCTAssertEqual(try budget.run("config", "get", "display.currency").stdout, "none\n")
    }

    // MARK: Found by the hostile review

    func testHistory_ShowsHandEditedControlCharactersEscaped() throws {
        try budget.succeed("add", "expense", "Lunch", "900")
        let text = String(decoding: budget.dataBytes() ?? Data(), as: UTF8.self)
            .replacingOccurrences(of: "add expense 00000001 (Lunch)", with: "\\u001b]0;pwned\\u0007\\u001b[2Jset")
        try Data(text.utf8).write(to: budget.dataFile)
        for format in ["table", "tsv", "json"] {
            let result = try budget.run("history", "--format", format)
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertFalse(
                result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 },
                "\(format): \(result.stdout.debugDescription)")
        }
    }

    func testArguments_ThatAreNotUTF8AreRefusedAndNameNoOtherFile() throws {
        let result = try budget.shell("\"$BUDGET\" --file \"$(printf 'x\\377.json')\" add expense a 1")
        XCTAssertEqual(result.code, 64)
        // A usage error as any other: one line, `budget: error: …`, exit 64.
        XCTAssertEqual(result.stderr, """
            budget: error: argument 2 is not UTF-8 text; nothing was done

            """)
        XCTAssertEqual(budget.files().filter { $0.hasSuffix(".json") }, [])
        let name = try budget.shell("\"$BUDGET\" add expense \"$(printf 'caf\\351')\" 1")
        XCTAssertEqual(name.code, 64)
        XCTAssertEqual(name.stderr, "budget: error: argument 3 is not UTF-8 text; nothing was done\n")
        XCTAssertNil(budget.dataBytes())
    }

    func testFileEndingInASlash_CreatesNothing() throws {
        let result = try budget.run("--file", budget.directory.path + "/new/budget.json/", "add", "expense", "a", "1")
        XCTAssertEqual(result.code, 74)
        XCTAssertFalse(FileManager.default.fileExists(atPath: budget.directory.path + "/new"))
    }

    func testSummaryByMonth_ListsEveryMonthOfALongPeriod() throws {
        try budget.succeed("add", "expense", "a", "1", "--date", "1900-01-05")
        try budget.succeed("add", "expense", "b", "1", "--date", "2020-01-05")
        let rows = try budget.run("summary", "--by", "month", "--all", "--format", "tsv", "--no-header").stdout
            .split(separator: "\n")
        XCTAssertEqual(rows.count, 121 * 12 - 11 + 1, "every month from 1900-01 to 2020-01, and the total")
        XCTAssertTrue(rows.contains { $0.hasPrefix("2010-06\t") })
    }

    func testIDs_AreReadAsTypedAndExplainedAsIDs() throws {
        try budget.succeed("add", "expense", "a", "1")
        XCTAssertEqual(try budget.run("show", "expense", "１", "--format", "ids").stdout, "00000001\n")
        XCTAssertEqual(
            try budget.run(["delete", "-"], stdin: "\u{FEFF}expense-1\r\n").code,
            0,
            "a byte-order mark on stdin is not part of the id")
        for id in ["income-0", "expense-123456789", "expense--1"] {
            let result = try budget.run("delete", id)
            XCTAssertTrue(
                result.stderr.hasPrefix("budget: error: "
                    + "invalid id '\(id)': expected a record id"), "\(id): \(result.stderr)")
        }
    }

    func testLabels_InvisibleCharactersAreTrimmedOrRefusedAndNotesKeepLineBreaks() throws {
        XCTAssertEqual(try budget.run("add", "expense", "a", "1", "--category", "food\u{00AD}").code, 0)
        XCTAssertEqual(try budget.run("add", "expense", "b", "1", "--category", "\u{180E}food\u{034F}").code, 0)
        XCTAssertEqual(
            try budget.run("categories", "--format", "tsv", "--no-header").stdout.split(separator: "\n").count, 1)
        for name in ["\u{3164}", "\u{2800}\u{200B}", "\u{115F}"] {
            XCTAssertEqual(try budget.run("add", "expense", name, "1").code, 64, name.debugDescription)
        }
        XCTAssertEqual(try budget.run("add", "expense", "c", "1", "--note", "a\r\nb\rc").code, 0)
        XCTAssertTrue(
            try budget.run("show", "expense", "3", "--format", "json").stdout.contains("\"note\": \"a\\nb\\nc\""))
    }

    func testEnvironment_ZeroColumnsAndOddLockTimeoutsAreNotTakenLiterally() throws {
        try budget.succeed("add", "expense", "a", "1", "--category", "food")
        let narrow = try budget.run(["summary", "--all"], environment: ["COLUMNS": "0"])
        XCTAssertLessThanOrEqual(
            narrow.stdout.split(separator: "\n").map { (line: Substring) in line.count }.max() ?? 0, 80)
        for value in ["0x10", "1e3", "+5", "-0", ".", "1.2.3"] {
            XCTAssertEqual(try budget.run(["list"], environment: ["BUDGET_LOCK_TIMEOUT": value]).code, 64, value)
        }
        XCTAssertEqual(
            try budget.run(["add", "expense", "b", "1"], environment: ["BUDGET_LOCK_TIMEOUT": "1.5"]).code, 0)
    }
}
