import BudgetCore
import Foundation
import XCTest
@testable import budget

/// The README's examples, run against the debug binary: the tour (and the settings and bulk
/// change examples that continue it, with the messages they show) and the data file it shows.
/// The README is parsed, not copied, so the examples can change and this test follows them.
final class ReadmeEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
    }

    private func readme() throws -> Readme {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        return Readme(text: try String(contentsOf: url, encoding: .utf8))
    }

    func testTour_RunsAndPrintsWhatTheReadmeShows() throws {
        let readme = try readme()
        let tour = try XCTUnwrap(readme.section("## A short tour"), "the README has a tour")
        let script = try XCTUnwrap(tour.blocks.first { $0.language == "sh" }, "the tour has a sh block").body
        let sample = try XCTUnwrap(
            tour.blocks.first { $0.introduction.contains("The first `budget list expenses` prints:") },
            "the tour shows the first listing").body
        // The examples that continue the tour run after it, in README order.
        var continuations: [Readme.Block] = []
        for heading in [
            "### Settings, currency and limits", "### Payday months", "### Bulk changes", "### Tags", "### Rules",
            "### Statements", "### Recurring"
        ] {
            let block = try XCTUnwrap(
                readme.section(heading)?.blocks.first { $0.language == "sh" }, "\(heading) has a sh block")
            XCTAssertTrue(
                block.introduction.contains("Continuing the tour"), "the \(heading) example runs after the tour")
            continuations.append(block)
        }
        let settings = continuations[0]
        let continued = continuations.map(\.body).joined()

        let log = try TourLog(in: budget.directory)
        let scriptFile = budget.directory.appendingPathComponent("tour.sh")
        try Data((script + continued).utf8).write(to: scriptFile)
        var environment = budget.environment
        environment["BUDGET_FILE"] = nil
        budget.environment = environment
        let result = try budget.shell("bash -e -o pipefail tour.sh", environment: [
            "PATH": log.binDirectory.path + ":" + BudgetProcess.searchPath, "TMPDIR": budget.directory.path,
            "TOUR_LOG": log.directory.path, "TOUR_BUDGET": BudgetProcess.binary.path,
        ])
        XCTAssertEqual(result.code, 0, "the tour runs to its end under bash -e: \(result.stderr)")

        let runs = try log.runs()
        XCTAssertEqual(
            runs.count, Readme.budgetCommandCount(in: script + continued), "every budget command of the tour ran")
        for run in runs { XCTAssertEqual(run.code, 0, "budget \(run.arguments): \(run.stderr)") }
        let firstListing = try XCTUnwrap(runs.first { $0.arguments == "list expenses" })
        XCTAssertEqual(firstListing.stdout, sample, "the README's sample output is what budget prints")
        let payday = try XCTUnwrap(
            readme.section("### Payday months")?.blocks.first {
                $0.introduction.contains("`budget summary --month 2026-12` prints:")
            },
            "the payday months section shows a summary")
        XCTAssertEqual(
            runs.last { $0.arguments == "summary --month 2026-12" }?.stdout,
            payday.body,
            "the README's payday summary is what budget prints")
        let limits = try XCTUnwrap(
            readme.section("### Settings, currency and limits")?.blocks.first {
                $0.introduction.contains("`budget summary --month 2026-12` prints:")
            },
            "the settings section shows a summary with limits")
        XCTAssertEqual(
            runs.first { $0.arguments == "summary --month 2026-12" }?.stdout,
            limits.body,
            "the README's summary with limits is what budget prints")
        let schedules = try XCTUnwrap(
            readme.section("### Recurring")?.blocks.first { $0.introduction.contains("`budget recur list` prints:") },
            "the recurring section shows the schedules")
        XCTAssertEqual(
            runs.last { $0.arguments == "recur list" }?.stdout,
            schedules.body,
            "the README's schedules are what budget prints")

        let commentLines = settings.body.split(separator: "\n").filter { $0.hasPrefix("# ") }.map {
            String($0.dropFirst(2))
        }
        for message in commentLines where message.hasPrefix("budget: ") {
            let run = try XCTUnwrap(
                runs.first { $0.stderr.contains(message + "\n") },
                "some command printed \(message): \(runs.map(\.stderr))")
            let idLine = commentLines.first { $0.hasSuffix(" on stdout, and on stderr:") }
            if let id = idLine?.split(separator: " ").first {
                XCTAssertEqual(run.stdout, id + "\n", "the command that warns prints the README's ID")
            }
        }
        // A comment line that is a sentence is what the command before it says on stderr.
        let scriptLines = continued.split(separator: "\n").map(String.init)
        for (index, line) in scriptLines.enumerated() where line.hasPrefix("# ") && line.hasSuffix(".")
            && !line.hasPrefix("# budget: ") {
            let command = try XCTUnwrap(scriptLines[..<index].last { !$0.hasPrefix("#") }, "a command before \(line)")
            let arguments = String(command.components(separatedBy: "budget ").last ?? "")
                .trimmingCharacters(in: .whitespaces)
                .replacingOccurrences(of: "\"", with: "")
            let run = try XCTUnwrap(
                runs.last { $0.arguments == arguments },
                "the README's command \(arguments) ran: \(runs.map(\.arguments))")
            XCTAssertEqual(run.stderr, String(line.dropFirst(2)) + "\n", "what budget \(arguments) says")
        }
    }

    /// The command list is the README's synopsis: every command that runs is on a line of it, with
    /// every option of its own (the filters of `list` as `[filters]`; the global options are
    /// listed under the block).
    func testCommands_ListEveryCommandWithEveryOption() throws {
        let section = try XCTUnwrap(try readme().section("## Commands"), "the README lists the commands")
        let block = try XCTUnwrap(section.blocks.first, "the command list is a code block").body
        let filters = Set(["category", "tag", "account", "month", "year", "from", "to", "search", "min", "max"])
        // Each command's lines: the line that starts with its first word, and the indented lines after it.
        func lines(of command: String) -> [String] {
            var found: [String] = [], inside = false
            for line in block.split(separator: "\n").map(String.init) {
                if line.hasPrefix("budget ") {
                    inside = line.hasPrefix("budget \(command) ") || line == "budget \(command)"
                }
                if inside { found.append(line) }
            }
            return found
        }
        func visit(_ spec: CommandSpec, _ path: [String]) {
            if (spec.subcommands.isEmpty || spec.runsWithoutSubcommand) && !path.isEmpty && path != ["help"] {
                let text = lines(of: path[0]).joined(separator: "\n")
                XCTAssertFalse(text.isEmpty, "the README lists budget \(path[0])")
                for word in path.dropFirst() {
                    XCTAssertTrue(text.contains(word), "the README lists budget \(path.joined(separator: " "))")
                }
                for option in spec.options {
                    // `--no-header` is said once, under the block, for every command with a format.
                    let saidOnce = (filters.contains(option.long) && text.contains("[filters]"))
                        || (option.long == "no-header" && text.contains("--format"))
                    if saidOnce { continue }
                    XCTAssertTrue(
                        text.contains("--" + option.long),
                        "the README lists budget \(path.joined(separator: " ")) --\(option.long)")
                }
            }
            for sub in spec.subcommands { visit(sub, path + [sub.name]) }
        }
        visit(CommandTree.root, [])
        XCTAssertTrue(
            section.text.contains("takes `--no-header`, which leaves out the header row"),
            "the README says which commands take --no-header")
    }

    /// The statements section's table of presets has a row for every built-in preset, named as
    /// `--profile` takes it, and no row for a preset that does not exist.
    func testPresets_TheTableListsEveryPreset() throws {
        let section = try XCTUnwrap(try readme().section("### Statements"), "the README has a statements section")
        let prose = section.blocks.map(\.introduction).joined() + section.ending
        let rows = prose.split(separator: "\n").filter { $0.hasPrefix("  | `") }
        let named = rows.compactMap { row in row.dropFirst(5).split(separator: "`").first.map(String.init) }
        XCTAssertEqual(named.sorted(), StatementPreset.all.map(\.name).sorted())
    }

    /// Every example of the reports section runs on a budget of its own, and every output the
    /// section shows (`budget … prints:`) is what the command printed in the example before it.
    func testFiltersAndReports_ExamplesRunAndPrintWhatTheReadmeShows() throws {
        let section = try XCTUnwrap(try readme().section("### Filters and reports"), "the README has a reports section")
        var runs: [TourLog.Run] = [], scripts = 0, shown = 0
        for (index, block) in section.blocks.enumerated() {
            if block.language == "sh" {
                XCTAssertTrue(
                    block.body.contains("BUDGET_TODAY="),
                    "an example fixes today, so that its output stays what the README shows")
                let directory = budget.directory.appendingPathComponent("example-\(index)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let log = try TourLog(in: directory)
                try Data(block.body.utf8).write(to: directory.appendingPathComponent("example.sh"))
                var environment = budget.environment
                environment["BUDGET_FILE"] = nil
                budget.environment = environment
                let result = try budget.shell("cd example-\(index) && bash -e -o pipefail example.sh", environment: [
                    "PATH": log.binDirectory.path + ":" + BudgetProcess.searchPath, "TMPDIR": directory.path,
                    "TOUR_LOG": log.directory.path, "TOUR_BUDGET": BudgetProcess.binary.path,
                ])
                XCTAssertEqual(result.code, 0, "the example runs to its end under bash -e: \(result.stderr)")
                runs = try log.runs()
                XCTAssertEqual(
                    runs.count, Readme.budgetCommandCount(in: block.body), "every budget command of the example ran")
                scripts += 1
            } else if block.language.isEmpty,
                let range = block.introduction.range(of: "`budget [^`]+` prints", options: .regularExpression)
            {
                let arguments = String(block.introduction[range].dropFirst("`budget ".count).dropLast("` prints".count))
                let run = try XCTUnwrap(
                    runs.last { $0.arguments == arguments }, "the example before the output ran budget \(arguments)")
                XCTAssertEqual(
                    run.stdout, block.body, "the README's output of budget \(arguments) is what budget prints")
                shown += 1
            }
        }
        XCTAssertEqual(
            scripts,
            3,
            "the section's examples: a month with limits, a comparison and a filtered summary, the table over time")
        XCTAssertEqual(
            shown, 4, "the section shows a summary with limits, a comparison, a filtered summary and a table over time")
    }

    /// The accounts section's month runs: a bank, a card and a wallet; the card's withdrawal is
    /// no spending; the balances the README shows are what `budget accounts` prints; reconcile
    /// agrees, and adjusts.
    func testAccounts_ExampleRunsAndPrintsWhatTheReadmeShows() throws {
        let section = try XCTUnwrap(try readme().section("### Accounts"), "the README has an accounts section")
        let block = try XCTUnwrap(section.blocks.first { $0.language == "sh" }, "the section has an example")
        let directory = budget.directory.appendingPathComponent("accounts")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let log = try TourLog(in: directory)
        try Data(block.body.utf8).write(to: directory.appendingPathComponent("example.sh"))
        var environment = budget.environment
        environment["BUDGET_FILE"] = nil
        budget.environment = environment
        let result = try budget.shell("cd accounts && bash -e -o pipefail example.sh", environment: [
            "PATH": log.binDirectory.path + ":" + BudgetProcess.searchPath, "TMPDIR": directory.path,
            "TOUR_LOG": log.directory.path, "TOUR_BUDGET": BudgetProcess.binary.path,
        ])
        XCTAssertEqual(result.code, 0, "the example runs to its end under bash -e: \(result.stderr)")
        let runs = try log.runs()
        XCTAssertEqual(runs.count, Readme.budgetCommandCount(in: block.body), "every budget command of the example ran")
        for run in runs { XCTAssertEqual(run.code, 0, "budget \(run.arguments): \(run.stderr)") }
        let november = try XCTUnwrap(runs.first { $0.arguments == "summary --month 2026-11" })
        XCTAssertTrue(november.stdout.contains("Expenses    7,200"), november.stdout)
        let december = try XCTUnwrap(runs.first { $0.arguments == "summary --month 2026-12" })
        XCTAssertTrue(december.stdout.contains("No expenses in this period."), december.stdout)
        let shown = try XCTUnwrap(
            section.blocks.first { $0.language.isEmpty && $0.introduction.contains("`budget accounts` prints") })
        let accounts = try XCTUnwrap(runs.last { $0.arguments == "accounts" })
        XCTAssertEqual(accounts.stdout, shown.body, "the README's balances are what budget prints")
        let adjusted = try XCTUnwrap(runs.last { $0.arguments.hasPrefix("reconcile 財布") })
        XCTAssertTrue(adjusted.stderr.contains("残高調整") && adjusted.stderr.contains("300"), adjusted.stderr)
    }

    /// The sharing section's month runs: two members, an owned account and card, income-shared
    /// rent, a receipt with one person's part, a 立替 and a personal expense; the balances the
    /// README shows are what `settle` prints; recording the settlement brings them to 0.
    func testSharing_ExampleRunsAndPrintsWhatTheReadmeShows() throws {
        let section = try XCTUnwrap(try readme().section("### Sharing a household"), "the README has the section")
        let block = try XCTUnwrap(section.blocks.first { $0.language == "sh" }, "the section has an example")
        let directory = budget.directory.appendingPathComponent("sharing")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let log = try TourLog(in: directory)
        try Data(block.body.utf8).write(to: directory.appendingPathComponent("example.sh"))
        var environment = budget.environment
        environment["BUDGET_FILE"] = nil
        budget.environment = environment
        let result = try budget.shell("cd sharing && bash -e -o pipefail example.sh", environment: [
            "PATH": log.binDirectory.path + ":" + BudgetProcess.searchPath, "TMPDIR": directory.path,
            "TOUR_LOG": log.directory.path, "TOUR_BUDGET": BudgetProcess.binary.path,
        ])
        XCTAssertEqual(result.code, 0, "the example runs to its end under bash -e: \(result.stderr)")
        let runs = try log.runs()
        XCTAssertEqual(runs.count, Readme.budgetCommandCount(in: block.body), "every budget command of the example ran")
        for run in runs { XCTAssertEqual(run.code, 0, "budget \(run.arguments): \(run.stderr)") }
        let shown = try XCTUnwrap(
            section.blocks.first { $0.language.isEmpty && $0.introduction.contains("`budget settle --month 2026-11`") })
        let settles = runs.filter { $0.arguments == "settle --month 2026-11" }
        XCTAssertEqual(settles.count, 2)
        XCTAssertEqual(settles.first?.stdout, shown.body, "the README's balances are what budget prints")
        XCTAssertTrue(settles.first?.stderr.contains("妻 pays 夫 54,000.") ?? false, settles.first?.stderr ?? "")
        XCTAssertTrue(settles.last?.stderr.contains("Everyone is settled.") ?? false, settles.last?.stderr ?? "")
        let after = settles.last?.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: " ").last }
        XCTAssertEqual(after, ["0", "0"], "every balance is 0 after the settlement is recorded")
    }

    /// The two-devices section's examples run: two machines share a folder, and git is set up
    /// with the merge driver; every budget command exits 0 and the second device is listed.
    func testTwoDevices_ExamplesRun() throws {
        _ = try Peer.require("git", for: "the README's git example")
        let section = try XCTUnwrap(try readme().section("### Two devices"), "the README has a two-devices section")
        let blocks = section.blocks.filter { $0.language == "sh" }
        XCTAssertEqual(blocks.count, 2, "a shared folder, and git")
        for (index, block) in blocks.enumerated() {
            let directory = budget.directory.appendingPathComponent("devices-\(index)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let log = try TourLog(in: directory)
            try Data(block.body.utf8).write(to: directory.appendingPathComponent("example.sh"))
            var environment = budget.environment
            environment["BUDGET_FILE"] = nil
            budget.environment = environment
            let result = try budget.shell("cd devices-\(index) && bash -e -o pipefail example.sh", environment: [
                "PATH": log.binDirectory.path + ":" + BudgetProcess.searchPath, "TMPDIR": directory.path,
                "TOUR_LOG": log.directory.path, "TOUR_BUDGET": BudgetProcess.binary.path,
            ])
            XCTAssertEqual(result.code, 0, "the example runs to its end under bash -e: \(result.stderr)")
            let runs = try log.runs()
            for run in runs { XCTAssertEqual(run.code, 0, "budget \(run.arguments): \(run.stderr)") }
            if index == 0 {
                XCTAssertTrue(runs.contains { $0.arguments == "device join desk" }, "the second machine joined")
                let devices = try XCTUnwrap(runs.last { $0.arguments == "devices" }, "the example lists the devices")
                XCTAssertTrue(devices.stdout.contains("laptop") && devices.stdout.contains("desk"), devices.stdout)
            } else {
                let driver = try XCTUnwrap(
                    runs.first { $0.arguments.hasPrefix("merge-driver ") }, "git ran the merge driver")
                XCTAssertTrue(driver.stderr.contains("is now 00000003"), driver.stderr)
                let again = try XCTUnwrap(runs.last { $0.arguments.hasPrefix("merge-driver ") })
                XCTAssertTrue(
                    again.stderr.contains("their expense 00000002 is our 00000003, as an earlier merge numbered it"),
                    again.stderr)
                let listing = try XCTUnwrap(runs.last { $0.arguments == "list expenses" })
                let lines = listing.stdout.split(separator: "\n")
                XCTAssertEqual(lines.filter { $0.contains("ドラッグストア") }.count, 1, listing.stdout)
                XCTAssertTrue(lines.contains { $0.contains("00000003") && $0.contains("ドラッグストア") && $0.contains("薬") },
                              listing.stdout)
                for name in ["家賃", "スーパー"] {
                    XCTAssertTrue(listing.stdout.contains(name), listing.stdout)
                }
            }
        }
    }

    func testDataFile_ExampleIsWhatTheBinaryWrites() throws {
        let section = try XCTUnwrap(try readme().section("### The data file"))
        let example = try XCTUnwrap(
            section.blocks.first { $0.language == "json" }, "the data file section shows a file")
        let command = try XCTUnwrap(example.introduction.split(separator: "`").first { $0.hasPrefix("budget ") },
                                    "the example says which command wrote it: \(example.introduction)")
        let bin = budget.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("budget"), withDestinationURL: BudgetProcess.binary)
        let result = try budget.shell(
            "bash -e -c '\(command)'", environment: ["PATH": bin.path + ":" + BudgetProcess.searchPath])
        XCTAssertEqual(result.code, 0, result.stderr)
        func withoutTimes(_ text: String) -> String {
            text.replacingOccurrences(of: #""time" : "[^"]*""#, with: #""time" : "…""#, options: .regularExpression)
        }
        XCTAssertEqual(
            withoutTimes(String(decoding: try XCTUnwrap(budget.dataBytes()), as: UTF8.self)),
            withoutTimes(example.body))
    }

    func testDataFile_CountsTheInvalidFilesTheSuiteHolds() throws {
        let section = try XCTUnwrap(try readme().section("### The data file"))
        let sentence = try XCTUnwrap(
            section.text.range(of: #"invalid-data-files/` holds \d+ such files"#, options: .regularExpression),
            "the data file section counts the invalid files")
        let stated = Int(section.text[sentence].filter(\.isNumber))
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/invalid-data-files")
        let files = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".json") }
        XCTAssertEqual(stated, files.count, "the README's count of invalid data files")
    }
}

/// The parts of README.md the tests read (here and in `ReportBrowserEndToEndTests`): sections by
/// heading, fenced code blocks with the paragraph before each.
struct Readme {
    struct Block {
        var language: String
        var body: String
        /// The text between the previous block (or the heading) and this one.
        var introduction: String
    }

    struct Section {
        var blocks: [Block]
        /// The text after the last block.
        var ending: String
        /// The prose around the blocks, lines joined by spaces (so a sentence may wrap).
        var text: String {
            (blocks.map(\.introduction).joined() + ending).replacingOccurrences(of: "\n", with: " ")
        }
    }

    let lines: [Substring]

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The section under `heading` (`## A short tour`), up to the next heading of its level or above.
    func section(_ heading: String) -> Section? {
        guard let start = lines.firstIndex(where: { $0 == heading }) else { return nil }
        let level = heading.prefix { $0 == "#" }.count
        var blocks: [Block] = []
        var introduction = "", index = start + 1
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("#"), line.prefix(while: { $0 == "#" }).count <= level,
                line.dropFirst(level).first == " "
            {
                break
            }
            if line.hasPrefix("```") {
                var body = ""
                index += 1
                while index < lines.count, !lines[index].hasPrefix("```") {
                    body += lines[index] + "\n"
                    index += 1
                }
                blocks.append(Block(language: String(line.dropFirst(3)), body: body, introduction: introduction))
                introduction = ""
            } else {
                introduction += line + "\n"
            }
            index += 1
        }
        return Section(blocks: blocks, ending: introduction)
    }

    /// How many times a script starts `budget`: at the start of a line, in `$(…)` or after `|`.
    static func budgetCommandCount(in script: String) -> Int {
        script.split(separator: "\n").reduce(0) { count, line in
            count + (line.hasPrefix("budget ") ? 1 : 0) + line.components(separatedBy: "$(budget ").count - 1
                + line.components(separatedBy: "| budget ").count - 1
        }
    }
}

/// A `budget` on PATH that runs the real one and records each run: arguments, output, exit code.
private struct TourLog {
    struct Run {
        var arguments: String
        var stdout: String
        var stderr: String
        var code: Int32
    }

    let directory: URL
    let binDirectory: URL

    init(in scratch: URL) throws {
        directory = scratch.appendingPathComponent("runs")
        binDirectory = scratch.appendingPathComponent("bin")
        for made in [directory, binDirectory] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        let wrapper = binDirectory.appendingPathComponent("budget")
        try Data("""
        #!/bin/sh
        run="$TOUR_LOG/$$"
        echo "$$" >> "$TOUR_LOG/order"
        printf '%s' "$*" > "$run.args"
        "$TOUR_BUDGET" "$@" > "$run.out" 2> "$run.err"
        code=$?
        echo "$code" > "$run.code"
        cat "$run.out"
        cat "$run.err" >&2
        exit "$code"

        """.utf8).write(to: wrapper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
    }

    /// The runs in the order they started.
    func runs() throws -> [Run] {
        let order = try String(contentsOf: directory.appendingPathComponent("order"), encoding: .utf8)
        return try order.split(separator: "\n").map { pid in
            func read(_ suffix: String) throws -> String {
                try String(contentsOf: directory.appendingPathComponent("\(pid).\(suffix)"), encoding: .utf8)
            }
            return Run(arguments: try read("args"), stdout: try read("out"), stderr: try read("err"),
                       code: Int32(try read("code").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1)
        }
    }
}
