#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest

/// Completion in real interactive bash, zsh and fish, driven through tmux: type a prefix, press
/// TAB, read the screen. Categories with spaces, quotes, `$(…)` and Japanese text must be
/// offered, inserted and passed back to `budget` as exactly themselves, and never run.
final class CompletionShellTests: XCTestCase {
    private var budget: BudgetProcess!
    private var socket = ""
    private var shell = ""
    private var marker: URL!
    private var otherFile: URL!

    override func setUpWithError() throws {
        _ = try Peer.require("tmux", for: "to drive the shells on a terminal")
        budget = try BudgetProcess()
        socket = "budget-completion-\(UUID().uuidString.prefix(8))"
        marker = budget.directory.appendingPathComponent("marker")
        let bin = budget.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("budget"), withDestinationURL: BudgetProcess.binary)
        for (amount, category) in [
            ("1", "daily goods"), ("2", "it's"), ("3", "$(touch \(marker.path))"), ("4", "食費"), ("5", "ｾﾌﾞﾝ"),
            ("6", "food (home)"), ("7", "food & drink"), ("8", "wow!x")
        ] {
            XCTAssertEqual(try budget.run("add", "expense", "x", amount, "--category", category).code, 0)
        }
        otherFile = budget.directory.appendingPathComponent("other file.json")
        XCTAssertEqual(
            try budget.run(
                ["add", "expense", "y", "9", "--category", "only-in-other"],
                environment: ["BUDGET_FILE": otherFile.path]).code,
            0)
    }

    override func tearDown() {
        _ = try? tmux(["kill-server"])
        super.tearDown()
    }

    // MARK: The shells

    func testBash() throws {
        _ = try Peer.require("bash", for: "to complete in interactive bash")
        try start("bash --norc --noprofile", setup: "PS1='$ '; eval \"$(budget completion bash)\"")
        try checkCategories(listShowsEscaped: false)
        // A word begun with a quote is completed inside that quote, and still reaches budget as itself.
        for (typed, category, amount) in [
            ("'dai", "daily goods", "1"), ("\"it", "it's", "2"), ("'it", "it's", "2"),
            ("\"\\$", "$(touch \(marker.path))", "3"), ("\"wo", "wow!x", "8")
        ] {
            type("budget list expenses --no-header --format csv --category \(typed)")
            press("Tab")
            settle()
            press("Enter")
            try waitFor(",x,\(category),\(amount),")
            clearScreen()
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path), "a category was run as shell code")
        // Right after '=' bash's word is the '=' itself: the values still complete after it.
        type("budget list expenses --format=")
        press("Tab", "Tab")
        try waitFor("csv", "json", "table", "tsv")
        XCTAssertFalse(screen().contains("--format=="), screen())
        type("ts")
        press("Tab")
        try waitFor("expenses --format=tsv")
        clearLine()
        type("budget list expenses --format=t")
        press("Tab", "Tab")
        try waitFor("table  tsv")
        clearLine()
    }

    func testZsh() throws {
        _ = try Peer.require("zsh", for: "to complete in interactive zsh")
        try start("zsh -f", setup: "PROMPT='$ '; autoload -Uz compinit && compinit -u; source <(budget completion zsh)")
        try checkCategories(listShowsEscaped: true)
        type("budget list expenses --format=t")
        press("Tab")
        try waitFor("--format=table  --format=tsv")
        clearLine()
    }

    func testFish() throws {
        _ = try Peer.require("fish", for: "to complete in interactive fish")
        try start("fish --no-config", setup: "function fish_prompt; echo '$ '; end; budget completion fish | source")
        try checkCategories(listShowsEscaped: false)
        // Each position offers what belongs there, and only that.
        for (line, expected, absent) in [
            ("budget config set ", "expense.default-category", "\u{0}"),
            ("budget limit set ", "daily goods", "display.color"),
            ("budget help add ", "expense", "summary"), ("budget list incomes ", nil, "expenses"),
        ] as [(String, String?, String)] {
            type(line)
            press("Tab")
            if let expected { try waitFor(expected) } else { settle() }
            XCTAssertFalse(lastLines(3).contains(absent), "\(line): \(screen())")
            clearLine()
        }
    }

    // MARK: Shared steps

    /// Lists the categories, completes each kind of awkward one and runs the command it makes.
    private func checkCategories(listShowsEscaped: Bool) throws {
        type("budget list expenses --category ")
        press("Tab", "Tab")
        try waitFor(listShowsEscaped ? "daily\\ goods" : "daily goods")
        try waitFor("食費")
        try waitFor("ｾﾌﾞﾝ")
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path), "a category was run as shell code")
        clearLine()

        // Completed, then run: the shell hands budget exactly the category.
        for (typed, category, amount) in [
            ("dai", "daily goods", "1"), ("it", "it's", "2"), ("\\$", "$(touch \(marker.path))", "3"), ("食", "食費", "4"),
            ("ｾ", "ｾﾌﾞﾝ", "5")
        ] {
            type("budget list expenses --no-header --format csv --category \(typed)")
            press("Tab")
            settle()
            press("Enter")
            try waitFor(",x,\(category),\(amount),")
            clearScreen()
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path), "a category was run as shell code")

        // Several categories that share more than was typed: bash and fish insert what they share,
        // `food\ `, and never half an escape (the common prefix of `food\ \(home\)` and
        // `food\ \&\ drink` is `food\ \`); a second TAB in bash lists them and inserts nothing.
        // zsh, as in its own file completion, inserts `food\ \` and leaves the `(` to the user.
        type("budget list expenses --no-header --format csv --category fo")
        press("Tab")
        if shell == "bash" { press("Tab") }
        settle()
        type(shell == "zsh" ? "(" : "\\(")
        press("Tab")
        settle()
        press("Enter")
        try waitFor(",x,food (home),6,")
        clearScreen()

        // A --file typed earlier is where categories come from.
        let quotedPath = otherFile.path.replacingOccurrences(of: " ", with: "\\ ")
        type("budget --file \(quotedPath) list expenses --category on")
        press("Tab")
        try waitFor("only-in-other")
        clearLine()
        type("budget --file=\(quotedPath) list expenses --category on")
        press("Tab")
        try waitFor("only-in-other")
        clearLine()
    }

    // MARK: tmux

    /// Runs tmux with posix_spawn and waitpid. Foundation's `Process` is not used here: the
    /// server the first command starts outlives it, and `waitUntilExit` was seen never to return.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let capture = budget.directory.appendingPathComponent("tmux-output").path
        let argv = ["tmux", "-L", socket] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, arguments.first == "capture-pane" ? capture : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid = pid_t()
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, cArguments, environ)
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard arguments.first == "capture-pane" else { return "" }
        return (try? String(contentsOfFile: capture, encoding: .utf8)) ?? ""
    }

    private func start(_ shell: String, setup: String) throws {
        self.shell = String(shell.prefix { $0 != " " })
        let bin = budget.directory.appendingPathComponent("bin").path
        let environment = "env -i HOME=\(budget.directory.path) XDG_CONFIG_HOME=\(budget.directory.path)/config "
            + "TERM=xterm-256color LANG=C.UTF-8 "
            + "PATH=\(bin):/usr/bin:/bin BUDGET_FILE=\(budget.dataFile.path) "
        try tmux([
            "new-session", "-d", "-s", "shell", "-x", "200", "-y", "50", "-c", budget.directory.path,
            environment + shell
        ])
        type("\(setup); echo ready-\"\"ok")
        press("Enter")
        try waitFor("ready-ok")
        clearScreen()
    }

    private func type(_ text: String) {
        _ = try? tmux(["send-keys", "-t", "shell", "-l", text])
    }

    private func press(_ keys: String...) {
        for key in keys {
            _ = try? tmux(["send-keys", "-t", "shell", key])
            settle(0.15)
        }
    }

    /// Empties the command line (fish first closes its completion pager; in bash and zsh
    /// Escape would start a key sequence instead).
    private func clearLine() {
        if shell == "fish" { press("Escape") }
        press("C-e", "C-u")
        settle()
    }

    private func clearScreen() {
        clearLine()
        _ = try? tmux(["send-keys", "-t", "shell", "clear", "Enter"])
        settle()
    }

    private func screen() -> String {
        (try? tmux(["capture-pane", "-p", "-t", "shell"])) ?? ""
    }

    private func lastLines(_ count: Int) -> String {
        screen().split(separator: "\n").suffix(count).joined(separator: "\n")
    }

    /// Waits, polling the screen, until every text appears (or fails after a generous time).
    private func waitFor(_ texts: String..., file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let shown = screen()
            if texts.allSatisfy(shown.contains) { return }
            settle(0.1)
        }
        XCTFail("never appeared: \(texts)\n--- screen ---\n\(screen())", file: file, line: line)
        throw ScreenTimeout()
    }

    private struct ScreenTimeout: Error {}

    /// Gives the shell a moment to draw (never an assertion by itself).
    private func settle(_ seconds: Double = 0.5) {
        Thread.sleep(forTimeInterval: seconds)
    }
}
