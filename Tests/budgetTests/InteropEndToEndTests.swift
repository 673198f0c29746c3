import BudgetCore
import Foundation
import XCTest
@testable import budget

final class InteropEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
    }

    private func addSample() throws {
        try budget.succeed("config", "set", "display.currency", "USD")
        defer {
            XCTAssertEqual(
                try? budget.run("list", "expenses", "--format", "ids").stdout,
                "00000004\n00000001\n00000003\n",
                "the sample is what the tests assume")
        }
        try budget.succeed("limit", "set", "food", "400")
        try budget.succeed("add", "income", "Salary", "3,000", "--date", "2026-11-25")
        try budget.succeed(
            "add", "income", "Refund | shop", "12.50", "--date", "2026-11-26", "--note", "returned; boots")
        try budget.succeed(
            "add", "expense", "家賃", "800", "--category", "住居", "--date", "2026-11-01", "--note", "11月分\nline two")
        try budget.succeed(
            "add", "expense", "Coffee, \"large\"", "4.5", "--category", "food: café", "--date", "2026-11-02")
        try budget.succeed(
            "add", "expense", "(Tab) here", "0.05", "--category", "food", "--date", "2026-11-03", "--note", "a\tb\\c")
        try budget.succeed("delete", "expense", "2")
        try budget.succeed("add", "expense", "Bus", "2.20", "--category", "transport", "--date", "2024-02-29")
        try budget.succeed("move", "expense", "4", "1")
    }

    /// The records without IDs (and orders), as list --format json shows them.
    private func records(_ kind: String, in process: BudgetProcess) throws -> [[String: String]] {
        let json = try process.run("list", kind, "--format", "json").stdout
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return array.map { object in
            object.filter { $0.key != "id" && $0.key != "order" }.mapValues { "\($0)" }
        }
    }

    func testImport_RoundTripsEveryFormatExceptIDs() throws {
        try addSample()
        for kind in ["incomes", "expenses"] {
            for format in ["json", "csv", "tsv"] {
                let exported = try budget.run("list", kind, "--format", format).stdout
                let target = try BudgetProcess()
                try target.succeed("config", "set", "display.currency", "USD")
                let result = try target.run(["import", kind, "-", "--format", format], stdin: exported)
                XCTAssertEqual(result.code, 0, "\(kind) \(format): \(result.stderr)")
                XCTAssertEqual(try records(kind, in: target), try records(kind, in: budget), "\(kind) \(format)")
            }
        }
    }

    /// `list --format csv | budget import -` of more than 20,000 characters, whatever falls
    /// on the 20,000th: the format was once sniffed from a prefix cut inside a quoted field.
    func testImport_OwnCSVOfAnyLengthIsRecognisedByItsHeader() throws {
        let row = "2026-11-01,Lunch,food,900,\"" + String(repeating: "a, b ", count: 40) + "\"\n"
        let csv = "date,name,category,amount,note\n" + String(repeating: row, count: 200)
        XCTAssertEqual(csv.prefix(20_000).filter { $0 == "\"" }.count % 2, 1, "the 20,000th character is inside quotes")
        let result = try budget.run(["import", "expenses", "-"], stdin: csv)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stderr, "Imported 200 expenses.\n")
        let exported = try budget.run("list", "all", "--format", "csv").stdout
        XCTAssertGreaterThan(exported.utf8.count, 20_000)
        let other = try BudgetProcess()
        XCTAssertEqual(try other.run(["import", "-"], stdin: exported).stderr, "Imported 200 records.\n")
        XCTAssertEqual(try other.run("list", "all", "--format", "csv").stdout, exported)
    }

    /// Import reads exactly what export writes: the formula guard of `--for-excel` (a `'`
    /// before `=`, `+`, `-`, `@`, a tab) is taken off, and a text that really starts with `'`
    /// comes back too, from every CSV and TSV, for a spreadsheet or not. (722 of 1,519 records
    /// once came back changed.)
    func testImport_ReadsBackExactlyWhatExportWritesForExcel() throws {
        var seed: UInt64 = 0x2024_1125
        func pick<T>(_ items: [T]) -> T {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return items[Int((seed >> 33) % UInt64(items.count))]
        }
        let starts = ["=", "+", "-", "@", "'", "''", "'=", "'@", "'-", "'+", "", "家賃", "ｾﾌﾞﾝ", "=-", "'''"]
        let rests = ["1+2", "SUM(A1)", "x", "食費", "a b", "'", "=", "\"q\"", "a,b", "-5"]
        func text() -> String { pick(starts) + pick(rests) }
        var records: [[String: Any]] = []
        for index in 1...120 {
            var record: [String: Any] = ["name": text(), "amount": index, "date": "2026-11-\(10 + index % 18)"]
            if index % 3 != 0 { record["category"] = text() }
            if index % 2 == 0 { record["note"] = pick(["\t", "", "'", "'\t", "\n"]) + text() }
            if index % 4 == 0 { record["tags"] = [pick(["=", "@", "-", "'", "'=", "''", "+"]) + "t\(index)"] }
            records.append(record)
        }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: records), as: UTF8.self)
        let added = try budget.run(["import", "expenses", "-", "--format", "json"], stdin: json)
        XCTAssertEqual(added.code, 0, added.stderr)
        let expected = try self.records("expenses", in: budget)
        XCTAssertEqual(expected.count, 120)
        for arguments in [
            ["--format", "csv", "--for-excel"], ["--format", "tsv", "--for-excel"],
            ["--format", "csv", "--for-excel", "--encoding", "cp932"], ["--format", "csv"], ["--format", "tsv"]
        ] {
            let file = budget.directory.appendingPathComponent("export-\(arguments.joined()).txt")
            let exported = try budget.run(["export"] + arguments)
            XCTAssertEqual(exported.code, 0, exported.stderr)
            try Data(exported.stdoutBytes).write(to: file)
            let other = try BudgetProcess()
            let result = try other.run("import", file.path, "--format", arguments[1])
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(try self.records("expenses", in: other), expected, "\(arguments)")
        }
    }

    func testImport_OfADirectoryNamesTheFileNotTheDataFile() throws {
        let result = try budget.run("import", "expenses", budget.directory.path)
        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(
            result.stderr,
            "budget: error: cannot read \(budget.directory.path): it is a directory, not a regular file\n")
    }

    func testImport_OwnFileTakesTheCategoryAndTagsOfRowsWithoutThem_AndRefusesNormalizingNames() throws {
        // As a statement's rows do: `--category` and `--tag` stand in for what a row leaves out.
        let file = budget.directory.appendingPathComponent("rows.csv")
        try "date,name,amount,category,tags\n2026-11-01,a,1,fun,own\n2026-11-02,b,2,,\n"
            .write(to: file, atomically: true, encoding: .utf8)
        try budget.succeed("import", "expenses", file.path, "--category", "food", "--tag", "trip")
        let rows = try Listing(tsv: try budget.succeed("list", "expenses", "--format", "tsv").stdout).rows
        XCTAssertEqual(rows.map { $0["category"] }, ["fun", "food"])
        XCTAssertEqual(rows.map { $0["tags"] }, ["own", "trip"])
        let before = budget.dataBytes()
        let fold = try budget.run("import", "expenses", file.path, "--normalize-names")
        XCTAssertEqual(fold.code, 64)
        XCTAssertEqual(
            fold.stderr,
            "budget: error: '--normalize-names' is for statements; budget's own files keep their names as written\n")
        XCTAssertEqual(budget.dataBytes(), before)
    }

    func testImport_OwnCSVRowInAnotherCurrencyIsRefused() throws {
        // No rate is known: 12 USD is not 12 yen. An empty cell, or the budget's own currency
        // in any case, reads as before.
        try budget.succeed("config", "set", "display.currency", "JPY")
        let file = budget.directory.appendingPathComponent("cur.csv")
        try "date,name,amount,currency\n2026-11-01,a,12,USD\n2026-11-01,b,5,\n2026-11-01,c,5,jpy\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let refused = try budget.run("import", "expenses", file.path)
        XCTAssertEqual(refused.code, 65)
        XCTAssertEqual(
            refused.stderr,
            "budget: error: line 2, column 'currency': the amount is in USD but this budget uses JPY; "
                + "nothing was imported\n")
        try "date,name,amount,currency\n2026-11-01,b,5,\n2026-11-01,c,5,jpy\n"
            .write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try budget.succeed("import", "expenses", file.path).stdout, "00000001\n00000002\n")
    }

    func testImport_MappingAnAmountAndMoneyOutIsAUsageError() throws {
        // A signed amount and money out in its own column: which one a row means must not be
        // left to the reader. (A field mapped twice reads the second column where the first is
        // empty.)
        let file = budget.directory.appendingPathComponent("mp.csv")
        try "D,N,A,B\n2026/11/01,shop,100,200\n".write(to: file, atomically: true, encoding: .utf8)
        let base = ["import", file.path, "--map", "date=D", "--map", "name=N", "--dry-run"]
        let both = try budget.run(base + ["--map", "amount=A", "--map", "out=B"])
        XCTAssertEqual(both.code, 64)
        XCTAssertTrue(both.stderr.hasPrefix("budget: error: '--map amount=…' reads a signed amount"), both.stderr)
        XCTAssertEqual(try budget.run(base + ["--map", "out=A"]).code, 0)
        XCTAssertEqual(try budget.run(base + ["--map", "amount=A", "--map", "amount=B"]).code, 0)
        XCTAssertNil(budget.dataBytes())
    }

    func testImport_OwnFileDaysAreReadAsDayArgumentsAre_ButNeverRelativeOnes() throws {
        // A file's `2026/11/5` or full-width `２０２６／１１／２２` is the day `--date` reads; its
        // `today` is refused, and the message names only what a file may write.
        let file = budget.directory.appendingPathComponent("days.csv")
        try "date,name,amount\n2026/11/5,a,1\n２０２６／１１／２２,b,2\n2026.1.5,c,3\n"
            .write(to: file, atomically: true, encoding: .utf8)
        try budget.succeed("import", "expenses", file.path)
        let days = try Listing(tsv: try budget.succeed("list", "expenses", "--format", "tsv").stdout).rows
        XCTAssertEqual(days.map { $0["date"] }, ["2026-11-05", "2026-11-22", "2026-01-05"])
        try "date,name,amount\ntoday,a,1\n2026/2/30,b,2\n".write(to: file, atomically: true, encoding: .utf8)
        let refused = try budget.run("import", "expenses", file.path)
        XCTAssertEqual(refused.code, 65)
        XCTAssertEqual(
            refused.stderr,
            "budget: error: line 2, column 'date': invalid date 'today': expected YYYY-MM-DD (or YYYY/MM/DD, "
                + "YYYY.MM.DD)\nbudget: error: line 3, column 'date': '2026/2/30' is not a day: February has 28 days; "
                + "nothing was imported\n")
    }

    func testImport_ReadsAPipeWhoseWriterIsSlow() throws {
        // `budget import <(iconv …)`: a pipe is read as it is written, not refused as not ready
        // (`Resource temporarily unavailable`), and a FIFO once its writer opens it, as `cat`.
        let result = try budget.shell(
            """
            printf 'date,name,amount\\n2026-11-01,coffee,150\\n' > rows.csv
            mkfifo slow.csv
            (sleep 0.3; cat rows.csv > slow.csv) &
            "$B" import expenses slow.csv
            (sleep 0.3; cat rows.csv) | "$B" import expenses /dev/stdin
            """, environment: ["B": BudgetProcess.binary.path])
        XCTAssertEqual(result.stdout, "00000001\n00000002\n", result.stderr)
        XCTAssertEqual(try budget.succeed("list", "expenses", "--format", "ids").stdout, "00000001\n00000002\n")
    }

    /// Every bad row is reported (the first 20, then how many more), as statements are, and
    /// nothing is imported; own files once stopped at the first.
    func testImport_EveryBadRowIsReportedAndNothingIsImported() throws {
        try budget.succeed("add", "expense", "existing", "1")
        let before = budget.dataBytes()
        let csv = "date,name,category,amount\n2026-11-01,Lunch,food,900\n2026-11-02,\"two\nline note\",food,1\n"
            + "2026-11-03,Dinner,food,5y\n"
        let result = try budget.run(["import", "expenses", "-"], stdin: csv)
        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
            budget: error: line 3, column 'name': the name 'two\\nline note' contains a control character
            budget: error: line 5, column 'amount': invalid amount '5y': an amount is a whole number such as 1200; \
            nothing was imported

            """)
        XCTAssertEqual(budget.dataBytes(), before)
        // Both kinds of a file with a kind column, by line; more than 20: counted.
        let rows = (1...24).map { $0 % 2 == 0 ? "income,Pay,,\($0)x" : "expense,Food,food,\($0)y" }
        let both = try budget.run(
            ["import", "-"], stdin: "kind,name,category,amount\nthing,a,,1\n" + rows.joined(separator: "\n") + "\n")
        XCTAssertEqual(both.code, 65)
        let lines = both.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 21, both.stderr)
        XCTAssertEqual(
            lines.first,
            "budget: error: line 2, column 'kind': unknown kind 'thing' (expected income, expense or transfer)")
        XCTAssertTrue(lines[1].hasPrefix("budget: error: line 3, column 'amount': invalid amount '1y'"), both.stderr)
        XCTAssertTrue(lines[2].hasPrefix("budget: error: line 4, column 'amount': invalid amount '2x'"), both.stderr)
        XCTAssertEqual(lines.last, "budget: error: and 5 more problems; nothing was imported")
        // An income is never negative (an expense may be: a refund).
        let json = try budget.run(
            ["import", "incomes", "-"],
            stdin: "[{\"name\": \"a\", \"amount\": -1},\n{\"name\": \"\", \"amount\": 1},\n{\"name\": \"c\", "
                + "\"amount\": 1}]")
        XCTAssertEqual(json.code, 65)
        XCTAssertEqual(json.stderr.split(separator: "\n").count, 2, json.stderr)
        XCTAssertEqual(budget.dataBytes(), before)
    }

    func testImport_DryRunShowsAndChangesNothingAndDuplicatesAreCounted() throws {
        let file = budget.directory.appendingPathComponent("bank.csv")
        let statement = "\u{FEFF}name,amount,date,category\r\nLunch,900,2026-11-01,food\r\n"
            + "Lunch,900,2026-11-01,food\r\nBus,220,2026-11-02,transport\r\n"
        try Data(statement.utf8).write(to: file)
        let dry = try budget.run("import", "expenses", file.path, "--dry-run", "--skip-duplicates")
        XCTAssertEqual(dry.code, 0)
        XCTAssertEqual(
            dry.stdout,
            "DATE        NAME   CATEGORY   AMOUNT  NOTE\n2026-11-01  Lunch  food          900\n"
                + "2026-11-01  Lunch  food          900\n2026-11-02  Bus    transport     220\n")
        XCTAssertEqual(
            dry.stderr,
            "Would import 3 expenses; nothing was changed (--dry-run).\n",
            "two identical rows of one file are two purchases")
        XCTAssertNil(budget.dataBytes())
        let real = try budget.run("import", "expenses", file.path, "--skip-duplicates")
        XCTAssertEqual(real.stdout, "00000001\n00000002\n00000003\n")
        let again = try budget.run("import", "expenses", file.path, "--skip-duplicates")
        XCTAssertEqual(again.stdout, "")
        XCTAssertEqual(again.stderr, "Imported 0 expenses (skipped 3 duplicates).\n")
        XCTAssertEqual(try budget.run("undo").stderr, "Undid: add 3 expenses.\n", "an import is one undo step")
    }

    func testImport_HundredThousandRowsInOneTransaction() throws {
        var csv = "date,name,category,amount\n"
        for index in 1...100_000 {
            csv += "2026-\(String(format: "%02d", index % 12 + 1))-15,item \(index),c\(index % 12),\(index)\n"
        }
        let file = budget.directory.appendingPathComponent("big.csv")
        try Data(csv.utf8).write(to: file)
        let result = try budget.shell("\"$BUDGET\" import expenses big.csv | tail -n 1")
        XCTAssertEqual(result.stdout, "00100000\n", result.stderr)
        let entries = try budget.shell("\"$BUDGET\" history --format tsv --no-header | wc -l").stdout
        XCTAssertEqual(entries.trimmingCharacters(in: .whitespacesAndNewlines), "1")
        let ids = try budget.shell("\"$BUDGET\" list expenses --format ids | wc -l").stdout
        XCTAssertEqual(ids.trimmingCharacters(in: .whitespacesAndNewlines), "100000")
    }

    func testExport_JSONRestoresExactlyIntoAnEmptyBudget() throws {
        try addSample()
        let export = try budget.run("export").stdout
        let target = try BudgetProcess()
        let restored = try target.run(["restore", "-"], stdin: export)
        XCTAssertEqual(restored.code, 0, restored.stderr)
        for arguments in [["list", "all", "--format", "json"], ["config", "list", "--format", "tsv"], ["export"]] {
            XCTAssertEqual(try target.run(arguments).stdout, try budget.run(arguments).stdout, "\(arguments)")
        }
        // A forced restore of what is there already changes nothing, says so and is no undo step:
        // it said "Restored", and an undo meant for it took back the change before it.
        let history = try target.run("history", "--format", "tsv").stdout
        let again = try target.run(["restore", "-", "--force"], stdin: export)
        XCTAssertEqual(again.code, 0, again.stderr)
        XCTAssertEqual(again.stderr, "No change: the budget already holds exactly what the export holds.\n")
        XCTAssertEqual(try target.run("history", "--format", "tsv").stdout, history)
        XCTAssertEqual(try target.run("add", "expense", "next", "1").stdout, "00000005\n", "counters come back too")
        let refused = try target.run(["restore", "-"], stdin: export)
        XCTAssertEqual(refused.code, 1)
        XCTAssertTrue(refused.stderr.contains("add --force to replace it"), refused.stderr)
        let broken = try target.run(
            ["restore", "-"], stdin: export.replacingOccurrences(of: "\"order\": 1", with: "\"order\": 7"))
        XCTAssertEqual(broken.code, 65, broken.stderr)
        XCTAssertTrue(broken.stderr.hasSuffix("; nothing was restored\n"), broken.stderr)
        let fromExport = try BudgetProcess()
        try fromExport.succeed("config", "set", "display.currency", "USD")
        XCTAssertEqual(try fromExport.run(["import", "expenses", "-"], stdin: export).code, 0)
        XCTAssertEqual(try records("expenses", in: fromExport), try records("expenses", in: budget))
    }

    func testExport_LedgerJournalMatchesSummaryInLedgerAndHledger() throws {
        try addSample()
        let journal = budget.directory.appendingPathComponent("budget.journal")
        try Data(try budget.run("export", "--format", "ledger").stdout.utf8).write(to: journal)
        let summary = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(try budget.run("summary", "--all", "--format", "json").stdout.utf8)) as? [String: Any])
        let expenses = try XCTUnwrap(summary["expenses"] as? Int), income = try XCTUnwrap(summary["income"] as? Int)
        let expected = String(format: "%d.%02d USD", expenses / 100, expenses % 100)
        let expectedIncome = String(format: "-%d.%02d USD", income / 100, income % 100)
        var ran = 0
        if Peer.isAvailable("hledger", for: "to read the ledger journal") {
            let result = try budget.shell("hledger -f budget.journal balance --depth 1 --no-total")
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("\(expected)  Expenses"), result.stdout)
            XCTAssertTrue(result.stdout.contains("\(expectedIncome)  Income"), result.stdout)
            ran += 1
        }
        if Peer.isAvailable("ledger", for: "to read the ledger journal") {
            let result = try budget.shell("ledger -f budget.journal balance --depth 1 --no-total")
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("\(expected)  Expenses"), result.stdout)
            XCTAssertTrue(result.stdout.contains("\(expectedIncome)  Income"), result.stdout)
            XCTAssertEqual(result.stderr, "", "ledger reads the journal without warnings")
            ran += 1
        }
        if ran == 0 { throw XCTSkip("neither ledger nor hledger is installed (apt-get install ledger hledger)") }
    }

    func testCompletion_ScriptsParseAndTheBinaryAnswersPerPosition() throws {
        try budget.succeed("add", "expense", "Lunch", "1", "--category", "外食")
        for (shell, check) in [("bash", "bash -n"), ("zsh", "zsh -n"), ("fish", "fish -n")] {
            let script = budget.directory.appendingPathComponent("completion.\(shell)")
            try Data(try budget.run("completion", shell).stdout.utf8).write(to: script)
            guard Peer.isAvailable(shell, for: "to check the \(shell) completion script (\(check))") else { continue }
            let result = try budget.shell("\(check) completion.\(shell)")
            XCTAssertEqual(result.code, 0, "\(shell): \(result.stderr)")
        }
        // What the scripts ask the binary, and its answers (the shells themselves: CompletionShellTests).
        func answer(_ shell: String, _ line: String, _ word: String? = nil) throws -> String {
            try budget.run(["__complete", shell, line] + (word.map { [$0] } ?? [])).stdout
        }
        XCTAssertEqual(try answer("fish", "budget li"), "words\nlist\nlimit\n")
        XCTAssertEqual(try answer("fish", "budget list exp"), "words\nexpenses\n")
        XCTAssertEqual(try answer("fish", "budget list expenses --format "), "words\ntable\ntsv\ncsv\njson\nids\n")
        XCTAssertEqual(try answer("zsh", "budget list expenses --format=t"), "words\n--format=table\n--format=tsv\n")
        XCTAssertEqual(try answer("bash", "budget list expenses --format=t", "t"), "words\ntable\ntsv\n")
        XCTAssertEqual(try answer("fish", "budget list expenses --category "), "words\n外食\n")
        XCTAssertEqual(try answer("fish", "budget add expense x 1 --cat"), "words\n--category\n")
        XCTAssertEqual(try answer("fish", "budget config get display.c"), "words\ndisplay.currency\ndisplay.color\n")
        XCTAssertEqual(try answer("fish", "budget config set display.color "), "words\nauto\nalways\nnever\n")
        XCTAssertEqual(try answer("fish", "budget list incomes "), "words\n")
        XCTAssertEqual(try answer("fish", "budget help add "), "words\nincome\nexpense\n")
        XCTAssertEqual(try answer("fish", "budget show expense-1 "), "words\n")
        XCTAssertEqual(try answer("fish", "budget delete "), "words\nincome\nexpense\ntransfer\n")
        XCTAssertEqual(try answer("fish", "budget history "), "words\nclear\n")
        XCTAssertEqual(try answer("fish", "budget import expenses ./st"), "files\n\n./st\n")
        XCTAssertEqual(try answer("fish", "budget --file=/tmp/b"), "files\n--file=\n/tmp/b\n")
        XCTAssertEqual(
            try answer("fish", "budget --file /nonexistent/x.json list expenses --category "),
            "words\n",
            "--file is honoured")
    }

    /// Each position offers what the command would accept there, and nothing it would refuse.
    func testCompletion_OffersOnlyWhatTheCommandAccepts() throws {
        try budget.succeed("add", "expense", "x", "1", "--category", "food")
        try budget.succeed("add", "expense", "x", "1", "--category", "rent")
        try budget.succeed("limit", "set", "food", "100")
        func answer(_ shell: String, _ line: String, _ word: String? = nil) throws -> String {
            try budget.run(["__complete", shell, line] + (word.map { [$0] } ?? [])).stdout
        }
        // import's kind may be left out: files are offered beside the kinds, in every shell.
        for shell in ["bash", "zsh", "fish"] {
            XCTAssertEqual(try answer(shell, "budget import "), "files\n\n\nincomes\nexpenses\n", shell)
            XCTAssertEqual(try answer(shell, "budget import --dry-run ex"), "files\n\nex\nexpenses\n", shell)
            XCTAssertEqual(try answer(shell, "budget import ./st"), "files\n\n./st\n", shell)
        }
        XCTAssertEqual(try answer("fish", "budget limit unset "), "words\nfood\n")
        XCTAssertEqual(try answer("fish", "budget limit set "), "words\nfood\nrent\n")
        XCTAssertEqual(try answer("fish", "budget limit set --total "), "words\n", "the total limit takes no category")
        XCTAssertEqual(try answer("fish", "budget limit unset --total "), "words\n")
        XCTAssertEqual(try answer("fish", "budget config unset "), "words\nbudget.limit.food\n")
        XCTAssertEqual(
            try answer("fish", "budget config get budget."), "words\nbudget.total-limit\nbudget.limit.food\n")
        XCTAssertEqual(
            try answer("fish", "budget config set budget.l"), "words\nbudget.limit.food\nbudget.limit.rent\n")
        // --map: the fields, and no space after the '='.
        XCTAssertEqual(try answer("fish", "budget import x.csv --map a"), "open\namount=\naccount=\n")
        XCTAssertEqual(try answer("zsh", "budget import x.csv --map=na"), "open\n--map=name=\n")
        XCTAssertEqual(try answer("bash", "budget import x.csv --map da", "da"), "partial\ndate=\n")
        // Options and values that cannot join those given are not offered.
        XCTAssertEqual(try answer("fish", "budget summary --by month --per "), "words\n")
        XCTAssertEqual(try answer("fish", "budget summary --compare previous --per "), "words\n")
        XCTAssertEqual(try answer("fish", "budget summary --per month --by "), "words\ncategory\nincome\ntag\n")
        XCTAssertEqual(try answer("fish", "budget summary --per month --com"), "words\n")
        XCTAssertEqual(try answer("fish", "budget summary --by month --pe"), "words\n")
        XCTAssertEqual(try answer("fish", "budget summary --all --mo"), "words\n")
        XCTAssertEqual(try answer("fish", "budget list all --month 2026-11 --ye"), "words\n")
    }

    /// Readline inserts the common prefix of bash's answers; of escaped words it can end inside
    /// an escape (`food\ \(home\)`, `food\ \&\ drink`: `food\ \`), so bash gets that prefix alone,
    /// or, when it adds nothing, words that only list.
    func testCompletion_BashIsNeverGivenHalfAnEscapeToInsert() throws {
        for category in ["food (home)", "food & drink", "it's", "it is"] {
            try budget.succeed("add", "expense", "x", "1", "--category", category)
        }
        func answer(_ line: String, _ word: String) throws -> String {
            try budget.run(["__complete", "bash", "budget list expenses --category " + line, word]).stdout
        }
        XCTAssertEqual(try answer("fo", "fo"), "partial\nfood\\ \n")
        XCTAssertEqual(try answer("'fo", "'fo"), "partial\n'food \n")
        XCTAssertEqual(try answer("food\\ ", "food\\ "), "words\nfood\\ & drink\nfood\\ (home)\n")
        XCTAssertEqual(try answer("it", "it"), "words\nit is\nit's\n")
        XCTAssertEqual(try answer("it\\ ", "it\\ "), "words\nit\\ is\n")
        // In double quotes a `!` would be history expansion, and `\!` keeps its backslash.
        try budget.succeed("add", "expense", "x", "1", "--category", "wow!x")
        XCTAssertEqual(try answer("\"wo", "\"wo"), "words\n\"wow\"'!'\"x\n")
    }

    func testManual_DocumentsEveryCommandAndOptionFromTheSameSpecs() throws {
        let page = try budget.run("manual").stdout
        XCTAssertTrue(page.hasPrefix(".TH BUDGET 1 "))
        func visit(_ spec: CommandSpec, _ path: [String]) {
            if (spec.subcommands.isEmpty || spec.runsWithoutSubcommand) && !path.isEmpty {
                let usage = HelpGenerator(spec: spec, path: path).usage.replacingOccurrences(of: "-", with: "\\-")
                XCTAssertTrue(page.contains(".SS \"\(usage)\""), usage)
                // The synopsis lists the command with every one of its options.
                let synopsis = HelpGenerator(spec: spec, path: path).synopsis
                for option in spec.options {
                    XCTAssertTrue(synopsis.contains("[" + option.synopsis + "]"), "\(synopsis) has --\(option.long)")
                }
                XCTAssertTrue(
                    page.contains(".HP\n" + synopsis.replacingOccurrences(of: "-", with: "\\-") + "\n"),
                    "the synopsis has \(synopsis)")
                for option in spec.options {
                    XCTAssertTrue(
                        page.contains("\\fB\\-\\-\(option.long.replacingOccurrences(of: "-", with: "\\-"))\\fR"),
                        "\(path) --\(option.long)")
                }
            }
            for sub in spec.subcommands { visit(sub, path + [sub.name]) }
        }
        visit(CommandTree.root, [])
        if Peer.isAvailable("groff", for: "to check the manual page for warnings") {
            let manual = budget.directory.appendingPathComponent("budget.1")
            try Data(page.utf8).write(to: manual)
            let result = try budget.shell("groff -man -Tutf8 -ww budget.1 >/dev/null")
            XCTAssertEqual(result.stderr, "", "groff finds nothing to warn about")
        }
    }
}
