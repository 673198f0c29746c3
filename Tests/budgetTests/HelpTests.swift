import XCTest
@testable import budget

final class HelpTests: XCTestCase {
    func testAddExpense_Help() {
        let spec = CommandTree.spec(for: ["add", "expense"])!
        XCTAssertEqual(HelpGenerator(spec: spec, path: ["add", "expense"]).helpText, """
        OVERVIEW: Add an expense and print its ID.

        Prints only the new ID on stdout, so `id=$(budget add expense Lunch 900)` works.
        With --refund the amount is money a purchase brought back (a return, a cancelled
        payment): it is recorded as a negative amount in its category, and takes from
        the category's spending and limit.

        USAGE: budget add expense <name> <amount> [<options>]

        ARGUMENTS:
          <name>                  What the money was for or came from (any text without
                                  control characters).
          <amount>                The amount: 1200, 1,234 or 1_234; with a currency set,
                                  its decimals too (12.34).

        OPTIONS:
          --category <name>       The spending category (default: the
                                  expense.default-category setting, else uncategorized).
          --refund                Money back for a purchase: recorded as -<amount>, it
                                  takes from the category's spending.
          --date <day>            YYYY-MM-DD, today or yesterday (default: today).
          --note <text>           A free-text note.
          --tag <tag>             A tag (one word, no commas); repeat for several.
          --account <account>     The account the money moved through (an expense's
                                  default: expense.default-account).
          --paid-by <member>      The member who paid (an income: who received it).
          --split <weights>       How it is shared: member=weight,… (for one member:
                                  --for), or personal.
          --for <member>          Paid for this member alone (立替): the whole amount is
                                  theirs (--split <member>=1).
          --personal              Outside the household split: the payer's own (--split
                                  personal).
          --part <parts>          The parts that are one member's alone: amount=member,…
                                  (the rest is shared).
          --file <path>           The data file (default: $BUDGET_FILE, else
                                  $XDG_DATA_HOME/budget/budget.json, else
                                  ~/.local/share/budget/budget.json).
          -q, --quiet             Print no confirmation messages on stderr.
          --color <when>          Colour output: auto, always or never (default:
                                  display.color, else auto; NO_COLOR means never).
          -h, --help              Show help information.

        """)
    }

    func testRoot_HelpListsEveryCommand() {
        let text = HelpGenerator(spec: CommandTree.root, path: []).helpText
        XCTAssertTrue(text.hasPrefix("OVERVIEW: Track a household's income and expenses.\n"))
        XCTAssertTrue(text.contains("\nUSAGE: budget <subcommand>\n"))
        XCTAssertTrue(text.contains("  --version               Show the version.\n"))
        for name in ["add", "list", "show", "edit", "delete", "move", "help"] {
            XCTAssertTrue(text.contains("\n  \(name) "), name)
        }
        XCTAssertTrue(text.hasSuffix("  See 'budget help <subcommand>' for detailed help.\n"))
    }

    /// What `import`'s help says of presets found without a header, `--sign` with a layout of
    /// one's own, and the dry run's list.
    func testImport_HelpSaysWhatPresetsSignAndDryRunDo() throws {
        let spec = try XCTUnwrap(CommandTree.spec(for: ["import"]))
        func help(_ long: String) throws -> String { try XCTUnwrap(spec.options.first { $0.long == long }).help }
        let discussion = try XCTUnwrap(spec.discussion)
        XCTAssertTrue(discussion.contains("is recognised by its header or, without one, its shape:"), discussion)
        XCTAssertTrue(
            try help("sign").contains(
                "expense-positive (cards: a negative amount is a refund with a card preset, an income with a layout "
                    + "of your own, --map)"))
        XCTAssertTrue(try help("dry-run").contains("the lines that would become no record"))
    }

    func testUsageHint_Text() {
        let spec = CommandTree.spec(for: ["move"])!
        XCTAssertEqual(HelpGenerator(spec: spec, path: ["move"]).usageHint, """
        usage: budget move [<kind>] <id> <position>
          see 'budget move --help' for more information.

        """)
    }

    /// The root's subcommands are made when named: each name is its spec's, and every command
    /// line's path is found by name alone.
    func testRootSubcommands_AreNamedAsTheirSpecs() throws {
        XCTAssertEqual(CommandTree.root.subcommandNames, CommandTree.root.subcommands.map(\.name))
        XCTAssertEqual(Set(CommandTree.root.subcommandNames).count, CommandTree.root.subcommandNames.count)
        for name in CommandTree.root.subcommandNames {
            XCTAssertEqual(CommandTree.root.subcommand(named: name)?.name, name)
        }
        XCTAssertNil(CommandTree.root.subcommand(named: "budget"))
        let parsed = try CommandLineParser(root: CommandTree.root).parse(
            ["--file", "add", "-q", "add", "expense", "Lunch", "900"])
        XCTAssertEqual(parsed.path, ["add", "expense"])
        XCTAssertEqual(parsed.options["file"], ["add"])
    }

    func testEveryLine_FitsEightyColumns() {
        func check(_ spec: CommandSpec, _ path: [String]) {
            let help = HelpGenerator(spec: spec, path: path).helpText
            for line in help.split(separator: "\n") where !line.hasPrefix("USAGE:") {
                XCTAssertLessThanOrEqual(line.count, 80, "\(path): \(line)")
            }
            for sub in spec.subcommands { check(sub, path + [sub.name]) }
        }
        check(CommandTree.root, [])
    }
}
