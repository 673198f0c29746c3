import Foundation
import XCTest
@testable import budget
import BudgetCore

final class SettingsEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
    }

    func testLimitWarning_AtTheLimitIsSilentJustPastItWarns() throws {
        try budget.succeed("config", "set", "display.currency", "JPY")
        XCTAssertEqual(
            try budget.run("limit", "set", "food", "40,000").stderr, "Set the monthly limit of food to ¥40,000.\n")
        try budget.succeed("add", "expense", "Groceries", "39000", "--category", "food", "--date", "2026-11-02")
        try budget.succeed("add", "expense", "Last month", "9000", "--category", "food", "--date", "2026-10-31")
        let atLimit = try budget.run("add", "expense", "Snack", "1000", "--category", "food", "--date", "2026-11-20")
        XCTAssertEqual(atLimit.stdout, "00000003\n")
        XCTAssertEqual(atLimit.stderr, "", "exactly at the limit is not over it")
        let past = try budget.run("add", "expense", "Tea", "1", "--category", "food", "--date", "2026-11-21")
        XCTAssertEqual(past.code, 0)
        XCTAssertEqual(past.stdout, "00000004\n", "stdout still carries only the ID")
        XCTAssertEqual(past.stderr, "budget: warning: food is over its monthly limit for 2026-11: ¥40,001 of ¥40,000\n")
        let edit = try budget.run("edit", "expense", "3", "--amount", "1,200")
        XCTAssertEqual(edit.code, 0)
        XCTAssertEqual(
            edit.stderr,
            "Updated expense 00000003 (Snack).\nbudget: warning: food is over its monthly limit for 2026-11: "
                + "¥40,201 of ¥40,000\n")
        XCTAssertEqual(
            try budget.run("add", "expense", "Other", "99999", "--category", "rent").stderr, "", "no limit, no warning")
    }

    func testCurrency_ParsesDecimalsAndShowsSymbolsButMachineFormatsStayExact() throws {
        try budget.succeed("config", "set", "display.currency", "usd")
        XCTAssertEqual(try budget.run("add", "expense", "Lunch", "12.34", "--date", "2026-11-21").stdout, "00000001\n")
        XCTAssertEqual(
            try budget.run("add", "expense", "Rent", "$1,234.50", "--date", "2026-11-21").stdout, "00000002\n")
        let tooPrecise = try budget.run("add", "expense", "x", "1.234")
        XCTAssertEqual(tooPrecise.code, 64)
        XCTAssertTrue(
            tooPrecise.stderr.hasPrefix("budget: error: invalid amount '1.234': USD amounts have at most 2 decimals\n"))
        let table = try budget.run("list", "expenses").stdout
        XCTAssertTrue(
            table.contains("  $1,234.50\n") && table.hasSuffix("  $1,246.84\n")
                && table.contains("\nTotal (2 expenses)  "),
            table)
        let listed = Listing(tsv: try budget.run("list", "expenses", "--format", "tsv", "--no-header").stdout,
                             header: ListingColumns.expenses)
        XCTAssertEqual(listed.rows, listed.blankFilled([
            ["id": "00000001", "order": "1", "date": "2026-11-21", "name": "Lunch", "category": "uncategorized",
             "amount": "12.34"],
            ["id": "00000002", "order": "2", "date": "2026-11-21", "name": "Rent", "category": "uncategorized",
             "amount": "1234.50"],
        ]))
        let json = try budget.run("show", "expense", "2", "--format", "json").stdout
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["amount"] as? Int, 123_450)
        XCTAssertEqual(object["currency"] as? String, "USD")
    }

    func testCurrencyChange_IsRefusedWithAnExplanationAndLeavesTheFileUnchanged() throws {
        try budget.succeed("add", "expense", "Lunch", "900")
        let before = budget.dataBytes()
        let refused = try budget.run("config", "set", "display.currency", "USD")
        XCTAssertEqual(refused.code, 1)
        XCTAssertEqual(
            refused.stderr,
            "budget: error: changing the currency from none to USD would change what every stored amount means, "
                + "because they have a different number of decimals; "
                + "add --rescale to convert the amounts so each shows the same number as before\n")
        XCTAssertEqual(budget.dataBytes(), before)
        XCTAssertEqual(try budget.run("config", "set", "display.currency", "USD", "--rescale").code, 0)
        func amounts() throws -> [String] {
            Listing(tsv: try budget.run("list", "expenses", "--format", "tsv", "--no-header").stdout,
                    header: ListingColumns.expenses).column("amount")
        }
        XCTAssertEqual(try amounts(), ["900.00"])
        XCTAssertEqual(try budget.run("undo").stderr, "Undid: set display.currency, edit 1 expense.\n")
        XCTAssertEqual(try amounts(), ["900"])
    }

    func testConfig_UnknownKeyAndBadValueAreUsageErrorsThatWriteNothing() throws {
        try budget.succeed("add", "income", "Salary", "1")
        let before = budget.dataBytes()
        let unknown = try budget.run("config", "set", "display.colour", "never")
        XCTAssertEqual(unknown.code, 64)
        XCTAssertTrue(
            unknown.stderr.hasPrefix("budget: error: "
                + "unknown setting 'display.colour'; did you mean 'display.color'?\n"),
            unknown.stderr)
        let wrongType = try budget.run("config", "set", "display.color", "sometimes")
        XCTAssertEqual(wrongType.code, 64)
        XCTAssertTrue(
            wrongType.stderr.hasPrefix("budget: error: invalid value 'sometimes': expected auto, always or never\n"),
            wrongType.stderr)
        XCTAssertEqual(try budget.run("config", "set", "budget.limit.food", "-3").code, 64)
        XCTAssertEqual(budget.dataBytes(), before)
        XCTAssertEqual(try budget.run("config", "get", "display.color").stdout, "auto\n")
        XCTAssertEqual(try budget.run("config", "get", "budget.limit.food").stdout, "none\n")
    }

    func testConfig_RescaleWithAnotherKeyIsAUsageErrorAndChangesNothing() throws {
        try budget.succeed("add", "expense", "Lunch", "900")
        let before = budget.dataBytes()
        let result = try budget.run("config", "set", "display.color", "never", "--rescale")
        XCTAssertEqual(result.code, 64)
        XCTAssertTrue(result.stderr.hasPrefix("budget: error: "
            + "'--rescale' applies to display.currency only\n"), result.stderr)
        XCTAssertEqual(try budget.run("config", "unset", "display.color", "--rescale").code, 64)
        XCTAssertEqual(budget.dataBytes(), before)
        let limit = try budget.run("config", "set", "budget.limit.\u{202E}x", "5")
        XCTAssertEqual(limit.code, 64)
        XCTAssertTrue(
            limit.stderr.hasPrefix("budget: error: "
                + "the category '\\u{202E}x' contains a bidirectional control character"),
            limit.stderr)
        XCTAssertEqual(budget.dataBytes(), before)
    }

    func testConfig_ListShowsEveryKeyWithDefaultAndDescription() throws {
        try budget.succeed("config", "set", "expense.default-category", "食費")
        try budget.succeed("limit", "set", "住居", "80000")
        let tsv = try budget.run("config", "list", "--format", "tsv").stdout
            .split(separator: "\n").map { $0.split(separator: "\t").prefix(3).joined(separator: " ") }
        XCTAssertEqual(
            tsv,
            [
                "key value default", "display.currency none none", "display.color auto auto",
                "display.date-format iso iso", "expense.default-category 食費 uncategorized",
                "expense.default-account none none", "card.count-at purchase purchase", "budget.total-limit none none",
                "period.month-start 1 1",
                "period.weekend keep keep", "recur.auto on on", "budget.limit.住居 80000 none",
            ])
        XCTAssertEqual(try budget.run("add", "expense", "x", "1").code, 0)
        let added = Listing(csv: try budget.run("list", "expenses", "--format", "csv").stdout)
        XCTAssertEqual(added.rows.map { [$0["name"], $0["category"], $0["amount"]] }, [["x", "食費", "1"]],
                       "the default category applies")
    }

    func testColor_FlagBeatsNoColorWhichBeatsTheSetting() throws {
        try budget.succeed("add", "expense", "Lunch", "900")
        let bold = "\u{1B}[1m"
        XCTAssertFalse(try budget.run("list", "expenses").stdout.contains(bold), "auto: a pipe is not a terminal")
        XCTAssertTrue(try budget.run("list", "expenses", "--color", "always").stdout.hasPrefix(bold))
        try budget.succeed("config", "set", "display.color", "always")
        XCTAssertTrue(try budget.run("list", "expenses").stdout.hasPrefix(bold), "the setting applies")
        XCTAssertFalse(
            try budget.run(["list", "expenses"], environment: ["NO_COLOR": "1"]).stdout.contains(bold),
            "NO_COLOR beats the setting")
        XCTAssertTrue(
            try budget.run(["list", "expenses"], environment: ["NO_COLOR": ""]).stdout.hasPrefix(bold),
            "an empty NO_COLOR is unset")
        XCTAssertTrue(
            try budget.run(["list", "expenses", "--color=always"], environment: ["NO_COLOR": "1"]).stdout
                .hasPrefix(bold),
            "the flag beats NO_COLOR")
        XCTAssertFalse(try budget.run("list", "expenses", "--color", "never").stdout.contains(bold))
        let afterTheCommand = try budget.run("list", "expenses", "--color", "maybe")
        XCTAssertEqual(afterTheCommand.code, 64)
        XCTAssertTrue(
            afterTheCommand.stderr.hasPrefix("budget: error: invalid value 'maybe' for '--color <when>': "),
            afterTheCommand.stderr)
    }

    func testGlobalOptions_AreCheckedWithoutASubcommandToo() throws {
        // Without a subcommand the help is shown, but a wrong global option is not passed over.
        let color = try budget.run("--color", "maybe")
        XCTAssertEqual(color.code, 64)
        XCTAssertEqual(color.stdout, "")
        XCTAssertEqual(
            color.stderr, "budget: error: invalid value 'maybe' for '--color <when>': expected auto, always or never\n")
        let file = try budget.run("--file", "")
        XCTAssertEqual(file.code, 64)
        XCTAssertEqual(file.stderr, "budget: error: invalid value '' for '--file <path>': expected a path\n")
        XCTAssertEqual(try budget.run("--color", "maybe", "help").code, 64)
        // A good one shows the help as before; `--help` is answered whatever the rest says.
        XCTAssertTrue(try budget.succeed("--color", "never").stdout.hasPrefix("OVERVIEW"))
        XCTAssertEqual(try budget.run("--color", "maybe", "--help").code, 0)
        // What shows as nothing is shown escaped in the message, not hidden in it.
        let hidden = try budget.run("summ\u{200B}ary")
        XCTAssertEqual(hidden.code, 64)
        XCTAssertTrue(hidden.stderr.contains("'summ\\u{200B}ary'"), hidden.stderr)
    }

    func testPainter_AutoNeedsATerminalAndAUsefulTerm() {
        func decide(_ flag: ColorMode?, _ env: [String: String], _ setting: ColorMode, _ tty: Bool) -> Bool {
            Painter.isColorEnabled(flag: flag, environment: env, setting: setting, isTerminal: tty)
        }
        XCTAssertTrue(decide(nil, ["TERM": "xterm"], .auto, true))
        XCTAssertFalse(decide(nil, ["TERM": "dumb"], .auto, true))
        XCTAssertFalse(decide(nil, [:], .auto, true))
        XCTAssertFalse(decide(nil, ["TERM": "xterm"], .auto, false))
        XCTAssertFalse(decide(nil, ["TERM": "xterm", "NO_COLOR": "1"], .always, true))
        XCTAssertTrue(decide(.always, ["NO_COLOR": "1"], .never, false))
        XCTAssertFalse(decide(.never, ["TERM": "xterm"], .always, true))
        XCTAssertTrue(
            decide(.auto, ["TERM": "xterm", "NO_COLOR": "1"], .never, true),
            "--color auto ignores NO_COLOR and the setting")
    }
}
