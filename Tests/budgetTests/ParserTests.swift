import XCTest
@testable import budget

final class ParserTests: XCTestCase {
    private let parser = CommandLineParser(root: CommandTree.root)

    private func parse(_ arguments: String...) throws -> ParsedCommand {
        try parser.parse(arguments)
    }

    private func usageError(_ arguments: String...) -> UsageError? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    func testParse_SelectsNestedSubcommandsAndPositionals() throws {
        let parsed = try parse("add", "expense", "Lunch", "900", "--category", "food")
        XCTAssertEqual(parsed.path, ["add", "expense"])
        XCTAssertEqual(parsed.positionals, ["Lunch", "900"])
        XCTAssertEqual(parsed.value("category"), "food")
    }

    func testParse_AcceptsEqualsFormAndOptionsBeforePositionals() throws {
        let parsed = try parse("add", "expense", "--category=住居", "--date", "2026-11-01", "家賃", "80,000")
        XCTAssertEqual(parsed.positionals, ["家賃", "80,000"])
        XCTAssertEqual(parsed.value("category"), "住居")
        XCTAssertEqual(parsed.value("date"), "2026-11-01")
    }

    /// An option's value before the command is not taken for a command word.
    func testHelp_AfterOptionsWithValuesIsTheHelpOfTheCommandNamed() throws {
        for arguments in [
            ["--file", "x.json", "add", "expense", "--help"], ["--color", "never", "-q", "add", "expense", "-h"],
            ["--file=x.json", "add", "expense", "--help"], ["add", "--file", "x.json", "expense", "--help"]
        ] {
            let parsed = try parser.parse(arguments)
            XCTAssertTrue(parsed.wantsHelp, "\(arguments)")
            XCTAssertEqual(parsed.path, ["add", "expense"], "\(arguments)")
        }
        XCTAssertEqual(
            try parser.parse(["--file", "list", "summary", "--help"]).path,
            ["summary"],
            "'list' is --file's value here")
    }

    func testParse_GlobalOptionsWorkBeforeTheSubcommand() throws {
        let parsed = try parse("--file", "/tmp/x.json", "-q", "list", "expenses")
        XCTAssertEqual(parsed.path, ["list"])
        XCTAssertEqual(parsed.value("file"), "/tmp/x.json")
        XCTAssertTrue(parsed.flag("quiet"))
    }

    func testParse_DoubleDashEndsOptions() throws {
        let parsed = try parse("add", "expense", "--", "--category", "5")
        XCTAssertEqual(parsed.positionals, ["--category", "5"])
        XCTAssertNil(parsed.value("category"))
    }

    func testParse_LoneDashAndNegativeNumbersArePositionals() throws {
        XCTAssertEqual(try parse("delete", "expenses", "-").positionals, ["expenses", "-"])
        XCTAssertEqual(try parse("add", "expense", "Refund", "-5").positionals, ["Refund", "-5"])
    }

    func testParse_ShortFlagsCluster() throws {
        let parsed = try parse("list", "expenses", "-q")
        XCTAssertTrue(parsed.flag("quiet"))
        XCTAssertTrue(try parse("list", "-qh").wantsHelp)
    }

    func testParse_RepeatedOptionKeepsEveryValueAndLastWins() throws {
        let parsed = try parse(
            "list", "expenses", "--category", "a", "--category", "b", "--format", "csv", "--format", "tsv")
        XCTAssertEqual(parsed.values("category"), ["a", "b"])
        XCTAssertEqual(parsed.value("format"), "tsv")
    }

    func testParse_HelpAnywhereNamesTheDeepestCommand() throws {
        let parsed = try parse("add", "expense", "--bogus", "--help")
        XCTAssertTrue(parsed.wantsHelp)
        XCTAssertEqual(parsed.path, ["add", "expense"])
    }

    func testParse_Errors() {
        XCTAssertEqual(usageError("add", "expense", "Lunch", "5", "--categroy", "x"),
                       UsageError(
                           "unknown option '--categroy'; did you mean '--category'?", commandPath: ["add", "expense"]))
        XCTAssertEqual(
            usageError("lsit"), UsageError("unknown subcommand 'lsit'; did you mean 'list'?", commandPath: []))
        XCTAssertEqual(
            usageError("add", "expense", "Lunch"),
            UsageError("missing expected argument '<amount>'", commandPath: ["add", "expense"]))
        XCTAssertEqual(
            usageError("add", "expense", "Lunch", "5", "6"),
            UsageError("unexpected argument '6'", commandPath: ["add", "expense"]))
        XCTAssertEqual(usageError("add", "expense", "Lunch", "5", "--category"),
                       UsageError("missing value for '--category <name>'", commandPath: ["add", "expense"]))
        XCTAssertEqual(usageError("add", "expense", "Lunch", "5", "--category", "--date"),
                       UsageError("missing value for '--category <name>'", commandPath: ["add", "expense"]))
        XCTAssertEqual(
            usageError("list", "expenses", "--quiet=yes"),
            UsageError("the option '--quiet' takes no value", commandPath: ["list"]))
        XCTAssertEqual(usageError("list", "expenses", "-x"), UsageError("unknown option '-x'", commandPath: ["list"]))
        XCTAssertEqual(
            usageError("add", "income", "x", "1", "--version"),
            UsageError("unknown option '--version'", commandPath: ["add", "income"]))
        XCTAssertEqual(
            usageError("add", "bogus"),
            UsageError("unknown subcommand 'bogus'; expected one of: income, expense", commandPath: ["add"]))
    }

    func testSuggestion_FindsLikelyTyposOnly() {
        XCTAssertEqual(Suggestion.closest(to: "categroy", among: ["category", "date", "note"]), "category")
        XCTAssertEqual(Suggestion.closest(to: "expnses", among: ["incomes", "expenses", "all"]), "expenses")
        XCTAssertNil(Suggestion.closest(to: "zzz", among: ["category", "date", "note"]))
    }
}
