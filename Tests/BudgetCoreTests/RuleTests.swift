import XCTest
@testable import BudgetCore
import TestSupport

final class RuleTests: XCTestCase {
    private let day = Day(iso: "2026-11-21")!

    private func rule(_ pattern: String, regex: Bool = false, field: Rule.Field = .name, kind: RecordKind? = nil,
                      category: String? = nil, rename: String? = nil, tags: [String] = [],
                      skip: Bool = false) throws -> Rule {
        try Rule(pattern: pattern, isRegex: regex, field: field, kind: kind, category: category, rename: rename,
                 tags: tags, skip: skip)
    }

    // MARK: Matching

    func testFirstMatch_FoldsBothSidesAndTheFirstMatchingRuleWins() throws {
        let rules = RuleSet([
            try rule("ｾﾌﾞﾝ", category: "food"),
            try rule("ＡＭＡＺＯＮ", category: "shopping"),
            try rule("セブン-イレブン", category: "never reached"),
        ])
        XCTAssertEqual(rules.firstMatch(name: "セブン-イレブン 新宿店", note: nil, kind: .expense)?.index, 0)
        XCTAssertEqual(rules.firstMatch(name: "ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", note: nil, kind: .expense)?.index, 0)
        XCTAssertEqual(rules.firstMatch(name: "amazon.co.jp", note: nil, kind: .expense)?.rule.category, "shopping")
        XCTAssertEqual(rules.firstMatch(name: "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", note: nil, kind: .expense)?.index, 1)
        XCTAssertEqual(
            rules.firstMatch(name: "Amazon Prime", note: nil, kind: .income)?.index, 1, "no kind: both kinds")
        XCTAssertNil(rules.firstMatch(name: "Lunch", note: nil, kind: .expense))
        XCTAssertNil(RuleSet().firstMatch(name: "anything", note: nil, kind: .expense))
    }

    /// A pattern that starts with a hyphen matches where a katakana before it made the text's
    /// hyphen a long vowel mark (`-イレブン` never matched `ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ`), and where it did not.
    func testFirstMatch_APatternStartingWithAHyphenReadsItEitherWay() throws {
        let rules = RuleSet([try rule("-イレブン", category: "convenience"), try rule("-1", category: "one")])
        for name in ["ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", "セブンーイレブン", "ｾﾌﾞﾝ－ｲﾚﾌﾞﾝ", "7-イレブン"] {
            XCTAssertEqual(rules.firstMatch(name: name, note: nil, kind: .expense)?.index, 0, name)
        }
        XCTAssertEqual(rules.firstMatch(name: "a-1", note: nil, kind: .expense)?.index, 1)
        XCTAssertNil(rules.firstMatch(name: "セブンイレブン", note: nil, kind: .expense))
    }

    func testFirstMatch_SpacesAreFoldedInPatternsAndNames() throws {
        let rules = RuleSet([try rule("Ａ\u{3000}Ｂ", tags: ["ab"])])
        XCTAssertNotNil(rules.firstMatch(name: "x a   b y", note: nil, kind: .expense))
        XCTAssertNil(rules.firstMatch(name: "ab", note: nil, kind: .expense))
    }

    func testFirstMatch_KindRestrictsAndLaterRulesStillMatchTheOtherKind() throws {
        let rules = RuleSet([
            try rule("refund", kind: .income, tags: ["refund"]),
            try rule("refund", kind: .expense, category: "returns"),
        ])
        XCTAssertEqual(rules.firstMatch(name: "Refund", note: nil, kind: .income)?.index, 0)
        XCTAssertEqual(rules.firstMatch(name: "Refund", note: nil, kind: .expense)?.index, 1)
    }

    func testFirstMatch_NoteRulesLookAtNotesOnly() throws {
        let rules = RuleSet([try rule("ｶｰﾄﾞ", field: .note, tags: ["card"]), try rule("lunch", tags: ["meal"])])
        XCTAssertEqual(rules.firstMatch(name: "Lunch", note: "カード払い", kind: .expense)?.index, 0)
        XCTAssertEqual(rules.firstMatch(name: "Lunch", note: nil, kind: .expense)?.index, 1)
        XCTAssertNil(rules.firstMatch(name: "カード", note: nil, kind: .expense), "a note rule never looks at the name")
    }

    func testRegex_IsCompiledAsGivenAndMatchedIgnoringCaseAgainstTheFoldedText() throws {
        let rules = RuleSet([
            try rule(#"^amazon\.co\.jp$"#, regex: true, rename: "Amazon"),
            try rule("^Salary", regex: true, kind: .income, tags: ["pay"]),
        ])
        XCTAssertEqual(rules.firstMatch(name: "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", note: nil, kind: .expense)?.index, 0)
        XCTAssertNil(rules.firstMatch(name: "www.amazon.co.jp", note: nil, kind: .expense))
        XCTAssertEqual(rules.firstMatch(name: "SALARY November", note: nil, kind: .income)?.index, 1)
        XCTAssertEqual(
            RuleSet([try rule("ブン$", regex: true, tags: ["x"])])
                .firstMatch(name: "ｾﾌﾞﾝ", note: nil, kind: .expense)?.index,
            0)
        XCTAssertThrowsError(try rule("(abc", regex: true, tags: ["x"])) { error in
            guard case .invalidRegex(let pattern, _) = error as? RuleError else { return XCTFail("\(error)") }
            XCTAssertEqual(pattern, "(abc")
        }
    }

    func testMatching_ManyRulesAndRowsGiveTheSameAnswerAsANaiveSearch() throws {
        var generator = SeededGenerator(seed: 7)
        let words = [
            "ｾﾌﾞﾝ", "セブン", "ＡＭＡＺＯＮ", "amazon", "ﾛｰｿﾝ", "ローソン", "café", "Café", "家賃", "ﾎﾟｲﾝﾄ", "ポイント", "x", "ab",
        ]
        var rules: [Rule] = []
        for index in 0..<40 {
            let pattern = words[Int.random(in: 0..<words.count, using: &generator)]
                + (index % 3 == 0 ? "" : words[Int.random(in: 0..<words.count, using: &generator)])
            rules.append(try rule(pattern, kind: index % 5 == 0 ? .income : nil, tags: ["t\(index)"]))
        }
        let set = RuleSet(rules)
        for _ in 0..<500 {
            let name = (0..<3).map { _ in words[Int.random(in: 0..<words.count, using: &generator)] }
                .joined(separator: " ")
            for kind in RecordKind.allCases {
                let expected = rules.firstIndex {
                    ($0.kind == nil || $0.kind == kind)
                        && TextFolding.folded(name).contains(TextFolding.folded($0.pattern))
                }
                XCTAssertEqual(set.firstMatch(name: name, note: nil, kind: kind)?.index, expected, name)
            }
        }
    }

    func testMatching_RulesThatShareTheirBytesFindTheFirstMatchAsANaiveSearchDoes() throws {
        // Rules of a few shops' names, each with a number: they share every byte, and differ in
        // a pair or two; a row's name holds one shop and one number, or two halves of names.
        var generator = SeededGenerator(seed: 11)
        let shops = ["ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", "ﾛｰｿﾝ", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", "JR東日本", "東京電力", "-1", "ab"]
        let rules = try (0..<200).map { index in
            try rule("\(shops[index % shops.count]) \(index)", kind: index % 7 == 0 ? .income : nil, tags: ["t"])
        }
        let set = RuleSet(rules)
        for _ in 0..<3_000 {
            let shop = shops[Int.random(in: 0..<shops.count, using: &generator)]
            let other = shops[Int.random(in: 0..<shops.count, using: &generator)]
            let number = Int.random(in: 0..<400, using: &generator)
            let name = Bool.random(using: &generator) ? "\(shop) \(number)" : "\(number)\(other) \(shop)\(number % 10)"
            for kind in [RecordKind.expense, .income] {
                let expected = rules.firstIndex {
                    ($0.kind == nil || $0.kind == kind)
                        && TextFolding.needles($0.pattern).contains { needle in
                            !needle.isEmpty && TextFolding.foldedUTF8(name).firstRange(of: needle) != nil
                        }
                }
                XCTAssertEqual(set.firstMatch(name: name, note: nil, kind: kind)?.index, expected, name)
            }
        }
    }

    // MARK: Making rules

    func testRule_NeedsOneActionAndSkipAlone() throws {
        XCTAssertThrowsError(try rule("a")) { XCTAssertEqual($0 as? RuleError, .noAction) }
        XCTAssertThrowsError(try rule("a", tags: ["t"], skip: true)) {
            XCTAssertEqual($0 as? RuleError, .skipWithOtherActions)
        }
        XCTAssertThrowsError(try rule("a", kind: .income, category: "food")) {
            XCTAssertEqual($0 as? RuleError, .categoryForIncomes)
        }
        XCTAssertThrowsError(try rule("  ", tags: ["t"])) {
            XCTAssertEqual($0 as? RuleError, .invalidValue(.empty(field: "pattern")))
        }
        XCTAssertThrowsError(try rule("a\u{1B}[2J", tags: ["t"])) {
            XCTAssertEqual($0 as? RuleError, .invalidValue(.controlCharacter(field: "pattern", value: "a\u{1B}[2J")))
        }
        XCTAssertThrowsError(try rule("a", tags: ["two words"])) {
            XCTAssertEqual($0 as? RuleError, .invalidValue(.invalidTag("two words")))
        }
        XCTAssertNoThrow(try rule("a", skip: true))
        XCTAssertEqual(try rule("  ｾﾌﾞﾝ ", category: " food ").pattern, "ｾﾌﾞﾝ", "input rules trim")
        XCTAssertEqual(try rule("a", tags: ["b", "a", "b"]).tags, ["a", "b"])
    }

    func testApply_RenamesRecategorisesAndTagsAndACategoryDoesNothingToIncomes() throws {
        let rule = try rule("x", category: "food", rename: "Seven", tags: ["conbini"])
        var expense = Expense(
            id: "00000001", name: "ｾﾌﾞﾝ", amount: 5, category: "uncategorized", date: day, tags: ["old"])
        XCTAssertTrue(rule.apply(to: &expense))
        XCTAssertEqual(expense.name, "Seven")
        XCTAssertEqual(expense.category, "food")
        XCTAssertEqual(expense.tags, ["conbini", "old"])
        XCTAssertFalse(rule.apply(to: &expense), "applying twice changes nothing")
        var income = Income(id: "00000001", name: "x", amount: 5, date: day)
        XCTAssertTrue(rule.apply(to: &income))
        XCTAssertEqual(income.name, "Seven")
        XCTAssertEqual(income.tags, ["conbini"])
    }

    // MARK: Storage

    func testSettingText_RoundTripsExactlyWithEscapes() throws {
        let rules = [
            try rule("ｾﾌﾞﾝ", category: "food", tags: ["conbini"]),
            try rule("a;b%c=d", regex: false, field: .note, kind: .expense, category: "x;y", rename: "50%",
                     tags: ["t;1", "%"]),
            try rule(#"^amazon\.co"#, regex: true, kind: .income, rename: "Amazon"),
            try rule("ｶｰﾄﾞ ﾗｸﾃﾝ", skip: true),
        ]
        XCTAssertEqual(rules[0].settingText, "match=ｾﾌﾞﾝ;category=food;tag=conbini")
        XCTAssertEqual(
            rules[1].settingText,
            "match=a%3Bb%25c=d;field=note;kind=expense;category=x%3By;rename=50%25;tag=%25;tag=t%3B1")
        XCTAssertEqual(rules[3].settingText, "match=ｶｰﾄﾞ ﾗｸﾃﾝ;skip")
        for rule in rules {
            XCTAssertEqual(Rule(stored: .string(rule.settingText)), rule, rule.settingText)
            XCTAssertEqual(try Rule(settingText: rule.settingText), rule)
        }
    }

    func testStoredRule_ThatIsNotExactlyARulesTextIsRefused() {
        let refused = [
            "", "match=", "skip", "category=food", "match=a", "match=a;tag=x;skip",
            "match=a;category=food;kind=expense", "match=a;field=name;tag=x", "match=a;tag=b;tag=a",
            "match=a;tag=x;tag=x", "match= a;tag=x", "match=a%3b;tag=x", "match=a%41;tag=x", "match=a%;tag=x",
            "regex=(a;tag=x", "match=a;kind=incomes;tag=x", "match=a;colour=red;tag=x", "match=a;tag=x;",
            "match=a\u{1B};tag=x", "match=a;kind=income;category=food", "match=a;match=b;tag=x",
        ]
        for text in refused {
            XCTAssertNil(Rule(stored: .string(text)), text)
            XCTAssertNotNil(SettingsCatalog.settingRefusal(key: "rule.1", value: .string(text)), text)
        }
        XCTAssertNil(Rule(stored: .int(1)))
        XCTAssertNil(SettingsCatalog.settingRefusal(key: "rule.1", value: .string("match=a;tag=x")))
        XCTAssertNotNil(
            SettingsCatalog.settingRefusal(key: "rule.01", value: .string("match=a;tag=x")), "one key per number")
        XCTAssertNotNil(SettingsCatalog.settingRefusal(key: "rule.0", value: .string("match=a;tag=x")))
        XCTAssertNotNil(SettingsCatalog.settingRefusal(key: "rule.+1", value: .string("match=a;tag=x")))
    }

    func testReader_RefusesAnInvalidStoredRuleWithAClearMessage() throws {
        let text = """
            {
              "expense_unique_id" : "00000000",
              "expenses" : {

              },
              "format" : 1,
              "income_unique_id" : "00000000",
              "incomes" : {

              },
              "settings" : {
                "rule.1" : "regex=(abc;tag=x"
              }
            }

            """
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rule-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("budget.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let store = JSONFileStore(path: path)
        XCTAssertThrowsError(try store.load()) { error in
            guard case .invalidDataFile(_, _, let reason) = error as? BudgetError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("setting \"rule.1\" must be a rule"), reason)
        }
        let check = try store.check()
        XCTAssertTrue(
            check.problems.contains { $0.message.contains("setting \"rule.1\" must be a rule") },
            "\(check.problems.map(\.message))")
    }

    // MARK: Changes through a store

    private func store(with rules: [Rule]) throws -> InMemoryStore {
        let store = InMemoryStore()
        try store.transaction { document in
            for rule in rules { _ = try document.addRule(rule) }
        } as Void
        return store
    }

    func testAddDeleteMove_RenumberTheKeysAndEachIsOneUndoStep() throws {
        let a = try rule("a", tags: ["a"]), b = try rule("b", tags: ["b"]), c = try rule("c", tags: ["c"])
        let store = InMemoryStore()
        for rule in [a, b, c] {
            let number = try store.transaction { try $0.addRule(rule) }
            XCTAssertEqual(number, try store.load().rules.count)
        }
        XCTAssertEqual(try store.load().rules.rules, [a, b, c])
        XCTAssertEqual(try store.load().settingText(RuleKeys.rule(2).erased), "match=b;tag=b")

        _ = try store.transaction { try $0.moveRule(number: 3, to: 1) }
        XCTAssertEqual(try store.load().rules.rules, [c, a, b])
        try store.transaction { _ = try $0.deleteRule(number: 2) }
        let document = try store.load()
        XCTAssertEqual(document.rules.rules, [c, b])
        XCTAssertEqual(document.settingsValues.storedKeys, ["rule.1", "rule.2"], "no key is left behind")
        XCTAssertEqual(document.history.entries.last?.summary, "delete rule 2: match=a;tag=a")

        var undone = try store.transaction { try $0.undoLastChange() }
        XCTAssertEqual(undone.summary, "delete rule 2: match=a;tag=a")
        XCTAssertEqual(try store.load().rules.rules, [c, a, b])
        undone = try store.transaction { try $0.undoLastChange() }
        XCTAssertEqual(undone.summary, "move rule 3 to 1")
        XCTAssertEqual(try store.load().rules.rules, [a, b, c])
        undone = try store.transaction { try $0.undoLastChange() }
        XCTAssertEqual(undone.summary, "add rule 3: match=c;tag=c")
        XCTAssertEqual(try store.load().rules.rules, [a, b])
    }

    func testDeleteAndMove_RefuseUnknownNumbersAndPositions() throws {
        let store = try self.store(with: [try rule("a", tags: ["a"]), try rule("b", tags: ["b"])])
        let before = try store.load()
        XCTAssertThrowsError(try store.transaction { try $0.deleteRule(number: 3) }) {
            XCTAssertEqual($0 as? RuleError, .ruleNotFound(number: 3, count: 2))
        }
        XCTAssertThrowsError(try store.transaction { try $0.deleteRule(number: 0) })
        XCTAssertThrowsError(try store.transaction { try $0.moveRule(number: 1, to: 3) }) {
            XCTAssertEqual($0 as? RuleError, .positionOutOfRange(position: 3, count: 2))
        }
        XCTAssertFalse(try store.transaction { try $0.moveRule(number: 2, to: 2) })
        XCTAssertEqual(try store.load(), before, "nothing changed, and nothing was recorded")
        XCTAssertThrowsError(try InMemoryStore().transaction { try $0.deleteRule(number: 1) }) {
            XCTAssertEqual(($0 as? RuleError)?.errorDescription, "no rule 1: there are no rules")
        }
    }

    func testRulesWithGapsInTheirNumbers_ReadInOrderAndAChangeRenumbersThem() throws {
        var document = BudgetDocument()
        document[settings: RuleKeys.self][RuleKeys.rule(10)] = try rule("ten", tags: ["t"])
        document[settings: RuleKeys.self][RuleKeys.rule(2)] = try rule("two", tags: ["t"])
        XCTAssertEqual(document.rules.rules.map(\.pattern), ["two", "ten"], "by number, not by key text")
        try document.addRule(try rule("new", tags: ["t"]))
        XCTAssertEqual(document.settingsValues.storedKeys, ["rule.1", "rule.2", "rule.3"])
        XCTAssertEqual(document.rules.rules.map(\.pattern), ["two", "ten", "new"])
    }

    func testApplyRules_ChangesMatchingRecordsInOneUndoStepAndSkipsNothing() throws {
        let store = try self.store(with: [
            try rule("ｾﾌﾞﾝ", category: "food", tags: ["conbini"]),
            try rule("ＡＭＡＺＯＮ", kind: .expense, category: "shopping", rename: "Amazon"),
            try rule("salary", kind: .income, tags: ["pay"]),
            try rule("ATM", skip: true),
        ])
        try store.transaction { document in
            try document.addExpense(name: "セブン-イレブン", amount: 500, date: day)
            try document.addExpense(name: "amazon.co.jp", amount: 3000, date: day)
            try document.addExpense(name: "ATM fee", amount: 110, date: day)
            try document.addIncome(name: "Salary", amount: 300000, date: day)
            try document.addExpense(name: "Lunch", amount: 900, category: "food", date: day)
        }
        let before = try store.load()
        var preview = before
        let planned = try preview.applyRules()
        let result = try store.transaction { try $0.applyRules() }
        XCTAssertEqual(planned, result, "the same changes on a copy")
        XCTAssertEqual(result.records.map(\.description), ["income-00000001", "expense-00000001", "expense-00000002"])
        XCTAssertEqual(result.ruleCount, 3)
        XCTAssertEqual(result.changes.map { "\($0.reference) \($0.ruleNumber) \($0.field) \($0.old)→\($0.new)" }, [
            "income-00000001 3 tags →pay",
            "expense-00000001 1 category uncategorized→food", "expense-00000001 1 tags →conbini",
            "expense-00000002 2 name amazon.co.jp→Amazon", "expense-00000002 2 category uncategorized→shopping",
        ])
        let after = try store.load()
        XCTAssertEqual(after.expenses.records.map(\.category), ["food", "shopping", "uncategorized", "food"])
        XCTAssertEqual(after.expenses.count, 4, "a skip rule deletes nothing")
        XCTAssertEqual(after.history.entries.last?.summary, "apply rules to 3 records")
        XCTAssertEqual(try store.transaction { try $0.applyRules() }.records, [], "applying again changes nothing")

        _ = try store.transaction { try $0.undoLastChange() }
        XCTAssertEqual(try store.load().incomes, before.incomes)
        XCTAssertEqual(try store.load().expenses, before.expenses)
    }

    func testApplyRules_OnlyToTheRecordsTheQuerySelects() throws {
        let store = try self.store(with: [try rule("coffee", tags: ["drink"])])
        try store.transaction { document in
            try document.addExpense(name: "Coffee", amount: 500, category: "food", date: day)
            try document.addExpense(name: "Coffee beans", amount: 1500, category: "home", date: day)
            try document.addIncome(name: "Coffee refund", amount: 500, date: day)
        }
        var query = RecordQuery()
        query.categories = ["food"]
        let result = try store.transaction { try $0.applyRules(matching: query) }
        XCTAssertEqual(result.records.map(\.description), ["expense-00000001"])
    }

    /// Patterns that earlier versions refused because Swift's `Regex` backtracks on them are
    /// accepted now that matching is linear (`RegexPattern`), and match as they read.
    func testRegex_NestedRepetitionIsAcceptedAndMatches() throws {
        for pattern in [
            #"^(\w+\s?)+$"#, "(a+)+$", "((ab)+c)*", "(a{2,})+", "(?:x+y)*", "(a*)*", #"^(\d{1,3},?)+$"#, "(a|a)+$",
            #"(\w|\d)+$"#, "(a{1,5})+c", "(a|b)*c",
        ] {
            XCTAssertNoThrow(try Rule(pattern: pattern, isRegex: true, category: "x"), pattern)
        }
        let rules = RuleSet([try rule(#"^(\d{1,3},?)+$"#, regex: true, tags: ["n"])])
        XCTAssertNotNil(rules.firstMatch(name: "１,２３４,５６７", note: nil, kind: .expense))
        XCTAssertNil(
            rules.firstMatch(
                name: "1,234,567 " + String(repeating: "1,", count: 5000) + "x", note: nil, kind: .expense))
    }

    /// A stored regular expression that earlier versions accepted (Swift's `Regex` compiled it)
    /// but the linear matcher does not support keeps the file readable: the rule is kept,
    /// unsupported, and never matches; what never compiled is refused as before.
    func testStoredUnsupportedRegex_IsKeptAndNeverMatches() throws {
        let stored = try Rule(settingText: "regex=(?=x)xy;category=food")
        XCTAssertTrue(stored.isUnsupported)
        XCTAssertTrue(stored.unsupportedReason?.contains("lookahead") ?? false, stored.unsupportedReason ?? "")
        XCTAssertEqual(stored.settingText, "regex=(?=x)xy;category=food", "it is written back as it was")
        XCTAssertNil(RuleSet([stored]).firstMatch(name: "xy", note: nil, kind: .expense))
        XCTAssertThrowsError(try Rule(pattern: "(?=x)xy", isRegex: true, category: "food"), "a new rule is refused")
        XCTAssertThrowsError(try Rule(settingText: "regex=(xy;category=food"), "what never compiled is refused")
        XCTAssertFalse(try Rule(settingText: "regex=^xy;category=food").isUnsupported)
    }
}
