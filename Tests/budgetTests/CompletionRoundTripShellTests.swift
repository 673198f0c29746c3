import Foundation
import XCTest

/// The completion scripts in real interactive shells (tmux), with many hostile names: a prefix and TAB must give the
/// right words for the position, and a completed category must reach budget unchanged
/// (checked by pressing Enter), whatever characters it holds. Completing never runs a name
/// as shell code and never changes the data file.
final class CompletionRoundTripShellTests: XCTestCase {
    private var budget: BudgetProcess!
    private var shell: InteractiveShell?
    private var marker: URL!
    /// Each category's expense ID.
    private var ids: [String: String] = [:]
    private var otherID = ""

    /// Categories, and how a user starts typing each: unquoted, in single and in double quotes.
    private var categories: [(category: String, prefixes: [String])] {
        [
            ("daily goods", ["da", "'dai", "\"dail"]),
            ("it's", ["it", "'it", "\"it"]),
            ("$(touch \(marker.path))", ["'$(", "\"\\$("]),
            ("`tick`", ["'`"]),
            ("$HOME", ["\\$H"]),
            ("back\\slash", ["ba", "'ba", "\"ba"]),
            ("star*", ["st"]),
            ("say \"hi\"", ["sa", "'sa", "\"sa"]),
            ("end'", ["en", "'en", "\"en"]),
            ("wow!", ["wo", "'wo", "\"wo"]),
            ("食費", ["食"]),
            ("ｾﾌﾞﾝ", ["ｾ"]),
        ]
    }

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        marker = budget.directory.appendingPathComponent("marker")
        for (category, _) in categories {
            let result = try budget.run("add", "expense", "x", "1", "--category", category)
            XCTAssertEqual(result.code, 0, result.stderr)
            ids[category] = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let other = try budget.run(["--file", "other.json", "add", "expense", "y", "2", "--category", "other file"])
        otherID = other.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try Data("date,name,amount\n".utf8).write(to: budget.directory.appendingPathComponent("my file.csv"))
        try Data("kind,date,name,amount\nexpense,2026-11-01,tea,5\n".utf8).write(
            to: budget.directory.appendingPathComponent("kinds file.csv"))
        try Data("Datum;Text;Betrag\n2026-11-01;tea;5\n".utf8).write(
            to: budget.directory.appendingPathComponent("bank.csv"))
        XCTAssertEqual(try budget.run("limit", "set", "食費", "1000").code, 0)
        XCTAssertEqual(try budget.run("limit", "set", "star*", "1000").code, 0)
        XCTAssertEqual(try budget.run("config", "set", "display.color", "never").code, 0)
    }

    override func tearDown() {
        shell?.close()
        shell = nil
    }

    func testBash_CompletesEveryPositionWithLiteralWords() throws {
        try exercise(.bash)
    }

    func testZsh_CompletesEveryPositionWithLiteralWords() throws {
        try exercise(.zsh)
    }

    func testFish_CompletesEveryPositionWithLiteralWords() throws {
        try exercise(.fish)
    }

    // MARK: The scenario every shell runs

    private func exercise(_ kind: InteractiveShell.Kind) throws {
        let shell = try InteractiveShell(kind, in: budget.directory, environment: ["BUDGET_FILE": budget.dataFile.path])
        self.shell = shell
        let dataBefore = budget.dataBytes()
        let filesBefore = budget.files()

        // Every category, however it is quoted, completes to a word that reaches budget unchanged.
        for (category, prefixes) in categories {
            for prefix in prefixes {
                try enter(
                    "budget list expenses --format ids --category \(prefix)", expecting: ids[category] ?? "?",
                    in: shell, "\(category) from \(prefix)")
            }
        }
        // --file (also --file=) names the data file the categories come from.
        try enter(
            "budget --file other.json list expenses --format ids --category ot", expecting: otherID, in: shell,
            "--file")
        try enter(
            "budget --file=other.json list expenses --format ids --category ot", expecting: otherID, in: shell,
            "--file=")
        try enter(
            "budget list expenses --file other.json --format ids --category=ot", expecting: otherID, in: shell,
            "--category=")
        try enter(
            "budget list expenses --format ids --file=oth", expecting: otherID, in: shell, "file name after --file=")
        // Option values after '=', subcommands, help topics, file names.
        try enter("budget list expenses --category 食費 --format=i", expecting: ids["食費"] ?? "?", in: shell, "--format=")
        try enter("budget hist", expecting: "STEP  TIME", in: shell, "history", wholeLine: false)
        try enter(
            "budget help add exp", expecting: "USAGE: budget add expense <name> <amount> [<options>]", in: shell,
            "help add")
        try enter(
            "budget import expenses --dry-run my",
            expecting: "Would import 0 expenses; nothing was changed (--dry-run).", in: shell, "file name")
        // The kind may be left out: the file name completes at once, the kinds are offered beside the files.
        try enter(
            "budget import --dry-run kinds", expecting: "Would import 1 record; nothing was changed (--dry-run).",
            in: shell, "file name, no kind")
        try list(
            "budget import --dry-run ", in: shell, showing: ["incomes", "expenses", "kinds"], notShowing: ["daily"])
        // --map offers the fields, and the column's name goes on right after the '='.
        shell.type("budget import expenses --dry-run bank.csv --delimiter ';' --map da")
        shell.press("Tab")
        shell.type("Datum --map name=Text --map amount=Betrag")
        shell.press("Enter")
        try shell.waitForScreen("--map date=Datum") { screen in
            screen.contains("Would import 1 expense from the statement")
        }
        try shell.freshLine()
        try list(
            "budget import x.csv --map ", in: shell, showing: ["date=", "amount=", "category="], notShowing: ["daily"])

        // Lists show the words of the position, and only those.
        try list(
            "budget config set ", in: shell, showing: ["display.currency", "expense.default-category", "budget.limit."],
            notShowing: ["say", "daily"])
        try list("budget limit set ", in: shell, showing: ["ｾﾌﾞﾝ", "daily"], notShowing: ["display.currency"])
        try list("budget show ", in: shell, showing: ["income", "expense"], notShowing: ["list"])
        try list("budget help ", in: shell, showing: ["history", "limit", "completion"], notShowing: ["display"])
        try list("budget list expenses --sort ", in: shell, showing: ["amount", "date"], notShowing: ["json"])
        try nothing("budget list incomes ", in: shell)
        // Only what the command would accept: limits that exist, keys that are set, no --per after --by month.
        try list("budget limit unset ", in: shell, showing: ["食費", "star"], notShowing: ["daily", "ｾﾌﾞﾝ"])
        try list(
            "budget config unset ", in: shell, showing: ["display.color", "budget.limit.食費"],
            notShowing: ["display.currency", "budget.limit.daily"])
        try list(
            "budget config get ", in: shell, showing: ["display.currency", "budget.limit.食費"],
            notShowing: ["budget.limit.daily"])
        try nothing("budget summary --by month --per ", in: shell)

        XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path), "\(kind): a category ran as shell code")
        XCTAssertEqual(budget.dataBytes(), dataBefore, "\(kind): completing changed the data file")
        XCTAssertEqual(budget.files().filter { !$0.hasPrefix("home-") }, filesBefore.filter { !$0.hasPrefix("home-") })
    }

    /// Types `line`, TAB, then Enter, and waits for `expected` as a line (or part of one) of the output.
    private func enter(
        _ line: String, expecting expected: String, in shell: InteractiveShell, _ what: String, wholeLine: Bool = true,
        allowingErrors: Bool = false, file: StaticString = #filePath, lineNumber: UInt = #line
    ) throws {
        shell.type(line)
        shell.press("Tab")
        shell.press("Enter")
        let screen = try shell.waitForScreen("\(what): \(expected)", file: file, line: lineNumber) { screen in
            let lines = screen.split(separator: "\n").dropFirst()
            return wholeLine ? lines.contains { $0 == expected } : lines.contains { $0.contains(expected) }
        }
        if !allowingErrors {
            XCTAssertFalse(screen.contains("error"), "\(shell.kind) \(what):\n\(screen)", file: file, line: lineNumber)
        }
        try shell.freshLine()
    }

    /// Types `line` and asks for the list of candidates (TAB TAB in bash).
    private func list(
        _ line: String, in shell: InteractiveShell, showing expected: [String], notShowing absent: [String],
        file: StaticString = #filePath, lineNumber: UInt = #line
    ) throws {
        shell.type(line)
        shell.press("Tab")
        if shell.kind == .bash { shell.press("Tab") }
        let screen = try shell.waitForScreen("\(expected) after '\(line)'", file: file, line: lineNumber) { screen in
            expected.allSatisfy { screen.contains($0) }
        }
        let words = screen.split(whereSeparator: \.isWhitespace).dropFirst(line.split(separator: " ").count + 1)
        if shell.kind == .bash {
            // bash redraws the line under the list once both TABs are done; a C-c before that is lost.
            try shell.waitForScreen("the line redrawn under the list", file: file, line: lineNumber) { screen in
                screen.split(separator: "\n").filter { $0.hasPrefix("$ ") }.count >= 2
            }
        }
        for word in absent {
            XCTAssertFalse(
                words.contains { $0.hasPrefix(word) }, "\(shell.kind) '\(line)' offers \(word):\n\(screen)", file: file,
                line: lineNumber)
        }
        try shell.freshLine()
    }

    /// Types `line`, TAB, then a sentinel: the line must read exactly `line` and the sentinel.
    private func nothing(
        _ line: String, in shell: InteractiveShell, file: StaticString = #filePath, lineNumber: UInt = #line
    ) throws {
        shell.type(line)
        shell.press("Tab")
        if shell.kind == .bash { shell.press("Tab") }
        shell.type("Z")
        let screen = try shell.waitForScreen("the sentinel after '\(line)'", file: file, line: lineNumber) {
            $0.contains("Z")
        }
        XCTAssertEqual(
            screen.split(separator: "\n").map(String.init), ["$ \(line)Z"], "\(shell.kind) offers something",
            file: file, line: lineNumber)
        try shell.freshLine()
    }
}
