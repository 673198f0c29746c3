import Foundation
import XCTest

final class EndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
    }

    /// Adds the records most tests start from.
    private func addSample() throws {
        XCTAssertEqual(
            try budget.run("add", "expense", "Lunch", "900", "--category", "food", "--date", "2026-11-20").stdout,
            "00000001\n")
        XCTAssertEqual(
            try budget.run(
                "add", "expense", "家賃", "80,000", "--category", "住居", "--date", "2026-11-01", "--note", "11月分").stdout,
            "00000002\n")
        XCTAssertEqual(
            try budget.run("add", "income", "Salary", "300_000", "--date", "2026-11-25").stdout, "00000001\n")
    }

    // MARK: add

    func testAdd_PrintsOnlyTheNewIDAndNothingOnStderr() throws {
        let result = try budget.run("add", "expense", "Lunch", "900")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "00000001\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try budget.run("add", "expense", "Dinner", "1200").stdout, "00000002\n")
    }

    func testAdd_BadAmountIsAUsageErrorAndCreatesNoFile() throws {
        for amount in ["12abc", "-5", "0x10", "1e3", "", "99999999999999999999"] {
            let result = try budget.run("add", "expense", "Lunch", amount)
            XCTAssertEqual(result.code, 64, amount)
            XCTAssertEqual(result.stdout, "", amount)
            XCTAssertTrue(result.stderr.hasPrefix("budget: error: invalid amount '\(amount)': "), result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)")
        }
        XCTAssertNil(budget.dataBytes())
    }

    func testAdd_ControlCharacterInNameIsRejected() throws {
        let result = try budget.run("add", "income", "a\u{1b}[31mred", "5")
        XCTAssertEqual(result.code, 64)
        XCTAssertTrue(
            result.stderr.hasPrefix("budget: error: "
                + "the name 'a\\u{1B}[31mred' contains a control character\n"), result.stderr)
    }

    // MARK: list

    func testList_TableAlignsJapaneseByDisplayWidthAndEndsWithATotal() throws {
        try addSample()
        let result = try budget.run("list", "expenses")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, """
        ID        #  DATE        NAME   CATEGORY  AMOUNT  NOTE
        00000001  1  2026-11-20  Lunch  food         900
        00000002  2  2026-11-01  家賃   住居      80,000  11月分
        Total (2 expenses)                        80,900

        """)
    }

    func testList_AllShowsBothKindsAndTheBalance() throws {
        try addSample()
        XCTAssertEqual(try budget.run("list", "all").stdout, """
        KIND     ID        #  DATE        NAME    CATEGORY   AMOUNT  NOTE
        income   00000001  1  2026-11-25  Salary            300,000
        expense  00000001  1  2026-11-20  Lunch   food          900
        expense  00000002  2  2026-11-01  家賃    住居       80,000  11月分
        Income                                              300,000
        Expenses                                             80,900
        Balance                                             219,100

        """)
    }

    func testList_MachineFormats() throws {
        try addSample()
        XCTAssertEqual(try budget.run("add", "expense", "Tab\tnot allowed", "1").code, 64, "a tab in a name is refused")
        _ = try budget.run("add", "expense", "Coffee, \"large\"", "450", "--date", "2026-11-02", "--note", "a\tb\nc\\d")
        // The exact bytes of both formats (escapes, quoting, line ends); the columns are the
        // schema's, in its order, each value placed by its column's name.
        XCTAssertEqual(try budget.run("list", "expenses", "--format", "tsv").stdout,
                       ListingColumns.text(ListingColumns.expenses, [
            ["id": "00000001", "order": "1", "date": "2026-11-20", "name": "Lunch", "category": "food",
             "amount": "900"],
            ["id": "00000002", "order": "2", "date": "2026-11-01", "name": "家賃", "category": "住居", "amount": "80000",
             "note": "11月分"],
            ["id": "00000003", "order": "3", "date": "2026-11-02", "name": "Coffee, \"large\"",
             "category": "uncategorized", "amount": "450",
             "note": "a\\tb\\nc\\\\d"],
        ]))
        XCTAssertEqual(try budget.run("list", "expenses", "--format=csv", "--no-header").stdout,
                       ListingColumns.text(ListingColumns.expenses, [
            ["id": "00000001", "order": "1", "date": "2026-11-20", "name": "Lunch", "category": "food",
             "amount": "900"],
            ["id": "00000002", "order": "2", "date": "2026-11-01", "name": "家賃", "category": "住居", "amount": "80000",
             "note": "11月分"],
            ["id": "00000003", "order": "3", "date": "2026-11-02", "name": "\"Coffee, \"\"large\"\"\"",
             "category": "uncategorized", "amount": "450",
             "note": "\"a\tb\nc\\d\""],
        ], csv: true, header: false))
        XCTAssertEqual(try budget.run("list", "expenses", "--format", "ids").stdout, "00000001\n00000002\n00000003\n")
        let allListing = try budget.run("list", "all", "--format", "tsv").stdout
        let allHeader = allListing.split(separator: "\n").first.map(String.init)
        XCTAssertEqual(allHeader, ListingColumns.all.joined(separator: "\t"))
    }

    func testList_JSONParsesBackToTheSameRecords() throws {
        try addSample()
        let output = try budget.run("list", "all", "--format", "json").stdout
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        XCTAssertEqual(array.count, 3)
        XCTAssertEqual(array[0]["kind"] as? String, "income")
        XCTAssertEqual(array[0]["amount"] as? Int, 300_000)
        XCTAssertEqual(array[2]["name"] as? String, "家賃")
        XCTAssertEqual(array[2]["category"] as? String, "住居")
        XCTAssertEqual(array[2]["note"] as? String, "11月分")
        XCTAssertTrue(array[1]["note"] is NSNull)
    }

    func testList_EmptyIsSuccessWithNoDataOnStdout() throws {
        let table = try budget.run("list", "expenses")
        XCTAssertEqual([table.code], [0])
        XCTAssertEqual(table.stdout, "")
        XCTAssertEqual(table.stderr, "No expenses.\n")
        XCTAssertEqual(try budget.run("list", "expenses", "--format", "json").stdout, "[]\n")
        XCTAssertEqual(try budget.run("list", "incomes", "--format", "tsv").stdout,
                       ListingColumns.incomes.joined(separator: "\t") + "\n")
        XCTAssertNil(budget.dataBytes(), "reading never creates the file")
    }

    func testList_CategoryFilter() throws {
        try addSample()
        XCTAssertEqual(try budget.run("list", "expenses", "--category", "住居", "--format", "ids").stdout, "00000002\n")
        XCTAssertEqual(
            try budget.run("list", "expenses", "--category", "住居", "--category", "food", "--format", "ids").stdout,
            "00000001\n00000002\n")
        XCTAssertEqual(try budget.run("list", "incomes", "--category", "food").code, 64)
    }

    // MARK: show, edit, move, delete

    func testShow_OneRecordInEachFormat() throws {
        try addSample()
        XCTAssertEqual(try budget.run("show", "expense", "2").stdout, """
        id        00000002
        order     2
        date      2026-11-01
        name      家賃
        category  住居
        amount    80,000
        note      11月分

        """)
        XCTAssertEqual(try budget.run("show", "income", "00000001", "--format", "ids").stdout, "00000001\n")
        let json = try budget.run("show", "expenses", "1", "--format", "json").stdout
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["name"] as? String, "Lunch")
        let missing = try budget.run("show", "expense", "9")
        XCTAssertEqual(missing.code, 1)
        XCTAssertEqual(missing.stderr, "budget: error: no expense with id 00000009\n")
    }

    func testEdit_ChangesOnlyTheGivenFieldsAndConfirms() throws {
        try addSample()
        let result = try budget.run("edit", "expense", "2", "--amount", "81,000", "--note", "")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "Updated expense 00000002 (家賃).\n")
        let shown = Listing(tsv: try budget.run("show", "expense", "2", "--format", "tsv", "--no-header").stdout,
                            header: ListingColumns.expenses)
        XCTAssertEqual(shown.rows, shown.blankFilled([
            ["id": "00000002", "order": "2", "date": "2026-11-01", "name": "家賃", "category": "住居", "amount": "81000"],
        ]))
        XCTAssertEqual(try budget.run("-q", "edit", "expense", "2", "--name", "Rent").stderr, "")
    }

    func testMove_ReordersAndKeepsOrdersContiguous() throws {
        try addSample()
        try budget.succeed("add", "expense", "Bus", "200")
        XCTAssertEqual(
            try budget.run("move", "expense", "3", "first").stderr, "Moved expense 00000003 to position 1.\n")
        let moved = Listing(tsv: try budget.run("list", "expenses", "--format", "tsv", "--no-header").stdout,
                            header: ListingColumns.expenses)
        XCTAssertEqual(moved.rows.map { "\($0["id"] ?? "") \($0["order"] ?? "")" },
                       ["00000003 1", "00000001 2", "00000002 3"])
        let outOfRange = try budget.run("move", "expense", "3", "4")
        XCTAssertEqual(outOfRange.code, 1)
        XCTAssertEqual(outOfRange.stderr, "budget: error: position 4 is out of range: expenses are numbered 1 to 3\n")
    }

    func testDelete_PipelineFromListIDs() throws {
        try addSample()
        let ids = try budget.run("list", "expenses", "--format", "ids").stdout
        let result = try budget.run("delete", "expenses", "-", stdin: ids)
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stderr, "Deleted 2 expenses.\n")
        XCTAssertEqual(try budget.run("list", "expenses", "--format", "ids").stdout, "")
        XCTAssertEqual(try budget.run("list", "incomes", "--format", "ids").stdout, "00000001\n")
        XCTAssertEqual(try budget.run("add", "expense", "Next", "1").stdout, "00000003\n", "IDs are never reused")
    }

    func testDelete_ReadsCRLFLinesFromStdin() throws {
        try addSample()
        XCTAssertEqual(
            try budget.run(["delete", "expenses", "-"], stdin: "00000001\r\n2\r\n").stderr, "Deleted 2 expenses.\n")
    }

    func testDelete_WithOneUnknownIDDeletesNothing() throws {
        try addSample()
        let before = budget.dataBytes()
        let result = try budget.run("delete", "expense", "1", "2", "7")
        XCTAssertEqual(result.code, 1)
        XCTAssertEqual(result.stderr, "budget: error: no expense with id 00000007\n")
        XCTAssertEqual(budget.dataBytes(), before)
    }

    func testDelete_CompactsTheOrder() throws {
        try addSample()
        try budget.succeed("add", "expense", "Bus", "200")
        XCTAssertEqual(try budget.run("delete", "expense", "1").stderr, "Deleted expense 00000001 (Lunch).\n")
        XCTAssertEqual(try budget.run("list", "expenses", "--format", "csv", "--no-header").stdout
            .split(separator: "\r\n").map { $0.split(separator: ",")[1] }, ["1", "2"])
    }

    // MARK: undo, history, check

    func testUndo_SaysWhatItUndidAndFailsWhenNothingIsLeft() throws {
        try addSample()
        XCTAssertEqual(try budget.run("undo").stderr, "Undid: add income 00000001 (Salary).\n")
        XCTAssertEqual(try budget.run("list", "incomes", "--format", "ids").stdout, "")
        try budget.succeed("undo")
        try budget.succeed("undo")
        let empty = try budget.run("undo")
        XCTAssertEqual(empty.code, 1)
        XCTAssertEqual(empty.stderr, "budget: error: nothing to undo\n")
    }

    func testHistory_ListsChangesMostRecentFirst() throws {
        try addSample()
        try budget.succeed("delete", "expense", "1")
        let lines = try budget.run("history", "--format", "tsv", "--no-header").stdout.split(separator: "\n")
        XCTAssertEqual(
            lines.map { $0.split(separator: "\t")[2] },
            [
                "delete expense 00000001 (Lunch)", "add income 00000001 (Salary)", "add expense 00000002 (家賃)",
                "add expense 00000001 (Lunch)",
            ])
        XCTAssertEqual(try budget.run("history", "--format", "csv").code, 64)
    }

    func testCheck_ReportsEveryProblemWithItsPlace() throws {
        XCTAssertEqual(
            try budget.run("check").stderr, "No data file at \(budget.dataFile.path) yet; nothing to check.\n")
        try addSample()
        let clean = try budget.run("check")
        XCTAssertEqual([clean.code], [0])
        XCTAssertEqual(clean.stderr, "\(budget.dataFile.path): no problems found.\n")
        var text = String(decoding: try XCTUnwrap(budget.dataBytes()), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"amount\" : 900", with: "\"amount\" : -9223372036854775808")
            .replacingOccurrences(
                of: "\"expense_unique_id\" : \"00000002\"", with: "\"expense_unique_id\" : \"00000001\"")
        try Data(text.utf8).write(to: budget.dataFile)
        let broken = try budget.run("check")
        XCTAssertEqual(broken.code, 65)
        let path = budget.dataFile.path
        XCTAssertEqual(broken.stdout, """
        \(path):2:25: "expense_unique_id" is 00000001 but expense id 00000002 exists; IDs would be reused (repairable)
        \(path):5:18: expense 00000001 has an amount too large to count

        """)
        XCTAssertEqual(broken.stderr, "\(path): 2 problems found (1 repairable with 'budget check --repair').\n")
        let refused = try budget.run("check", "--repair")
        XCTAssertEqual(refused.code, 65)
        XCTAssertTrue(
            refused.stderr.hasSuffix(
                "budget: error: cannot repair \(path): 1 problem needs fixing by hand; nothing was changed\n"),
            refused.stderr)
        XCTAssertEqual(budget.dataBytes(), Data(text.utf8))
    }

    // MARK: Unicode

    func testJapanese_RoundTripsThroughTheFileAndEveryFormat() throws {
        let id = try budget.run("add", "expense", "食費（スーパー）", "3,210", "--category", "食費", "--note", "🍣 と 味噌").stdout
        XCTAssertEqual(id, "00000001\n")
        let fileText = try XCTUnwrap(String(data: try XCTUnwrap(budget.dataBytes()), encoding: .utf8))
        XCTAssertTrue(fileText.contains("\"name\" : \"食費（スーパー）\""))
        let row = ["id": "00000001", "order": "1", "name": "食費（スーパー）", "category": "食費", "amount": "3210",
                   "note": "🍣 と 味噌"]
        let tsv = Listing(tsv: try budget.run("list", "expenses", "--format", "tsv").stdout)
        XCTAssertEqual(tsv.rows.map { $0.filter { $0.key != "date" } },
                       tsv.blankFilled([row]).map { $0.filter { $0.key != "date" } }, "\(tsv)")
        let csv = Listing(csv: try budget.run("list", "expenses", "--format", "csv").stdout)
        XCTAssertEqual(csv.rows, tsv.rows, "CSV holds what TSV holds")
        XCTAssertEqual(try budget.run("edit", "expense", "1", "--category", "外食").code, 0)
        XCTAssertTrue(try budget.run("show", "expense", "1").stdout.contains("category  外食\n"))
    }

    // MARK: Exit codes and help

    func testExitCode65_InvalidDataFileIsRefusedAndLeftUnchanged() throws {
        let broken = Data("{\"format\": 1, \"incomes\": {".utf8)
        try broken.write(to: budget.dataFile)
        for arguments in [["list", "all"], ["add", "expense", "x", "1"]] {
            let result = try budget.run(arguments)
            XCTAssertEqual(result.code, 65, "\(arguments)")
            XCTAssertEqual(
                result.stderr,
                "budget: error: invalid data file \(budget.dataFile.path):1:27: "
                    + "unexpected end of file (the file looks truncated)\n")
        }
        XCTAssertEqual(budget.dataBytes(), broken)
    }

    func testExitCode1_IDSpaceExhaustedWritesNothing() throws {
        let full = """
        {"expense_unique_id": "99999999", "expenses": {}, "format": 1, "income_unique_id": "00000000", "incomes": {}}
        """
        try Data(full.utf8).write(to: budget.dataFile)
        let result = try budget.run("add", "expense", "One too many", "1")
        XCTAssertEqual(result.code, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "budget: error: ID space exhausted: expense ids have reached 99999999\n")
        XCTAssertEqual(budget.dataBytes(), Data(full.utf8))
        XCTAssertEqual(
            try budget.run("add", "income", "Still fine", "1").stdout,
            "00000001\n",
            "the other kind has its own counter")
    }

    func testExitCode74_DataFileIsADirectory() throws {
        try FileManager.default.createDirectory(at: budget.dataFile, withIntermediateDirectories: true)
        let result = try budget.run("list", "all")
        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(
            result.stderr, "budget: error: data file \(budget.dataFile.path) is a directory, not a regular file\n")
    }

    func testExitCode75_LockHeldByAnotherProcess() throws {
        try budget.succeed("add", "expense", "x", "1")
        let lock = open(budget.dataFile.path + ".lock", O_RDWR)
        XCTAssertEqual(flock(lock, LOCK_EX), 0)
        defer { close(lock) }
        let result = try budget.run(["add", "expense", "y", "2"], environment: ["BUDGET_LOCK_TIMEOUT": "0.3"])
        XCTAssertEqual(result.code, 75)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            "budget: error: data file is busy: another process has held \(budget.dataFile.path).lock for 0.3 s\n")
        XCTAssertEqual(
            try budget.run("list", "expenses", "--format", "ids").stdout, "00000001\n", "readers are not blocked")
    }

    func testHelp_AloneAndViaHelpCommandMatchDashDashHelp() throws {
        let bare = try budget.run([])
        XCTAssertEqual(bare.code, 0)
        XCTAssertTrue(bare.stdout.hasPrefix("OVERVIEW: Track a household's income and expenses."))
        XCTAssertEqual(
            try budget.run("help", "add", "expense").stdout, try budget.run("add", "expense", "--help").stdout)
        XCTAssertEqual(try budget.run("--version").stdout, "0.1.0\n")
        let unknown = try budget.run("help", "nope")
        XCTAssertEqual(unknown.code, 64)
    }

    func testUsageErrors_GoToStderrWithExitCode64() throws {
        let result = try budget.run("lsit")
        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
        budget: error: unknown subcommand 'lsit'; did you mean 'list'?

        """)
    }

    func testDataFile_DefaultsToXDGDataHome() throws {
        var environment = budget.environment
        environment["BUDGET_FILE"] = nil
        environment["XDG_DATA_HOME"] = budget.directory.appendingPathComponent("xdg").path
        budget.environment = environment
        XCTAssertEqual(try budget.run("add", "income", "x", "1").code, 0)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: budget.directory.appendingPathComponent("xdg/budget/budget.json").path))
    }

    func testStdoutToAFullDevice_IsAnIOError() throws {
        try addSample()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\"$0\" list all --format tsv > /dev/full", BudgetProcess.binary.path]
        process.environment = budget.environment
        let pipes = ProcessPipes(for: process, withInput: false)
        try process.run()
        let output = pipes.collect(from: process)
        XCTAssertEqual(process.terminationStatus, 74)
        XCTAssertEqual(String(decoding: output.stderr, as: UTF8.self),
                       "budget: error: cannot write to standard output: No space left on device\n")
    }
}
