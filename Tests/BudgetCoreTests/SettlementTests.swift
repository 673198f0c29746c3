import TestSupport
import XCTest
@testable import BudgetCore

/// Members and settling up (issue #30): exact shares rounded once, payments, records' member
/// fields, income-proportional shares.
final class SettlementTests: XCTestCase {
    private func budget(members: [String]) throws -> BudgetDocument {
        var document = BudgetDocument()
        for name in members { try document.addMember(name) }
        return document
    }

    private func addExpense(
        _ document: inout BudgetDocument, _ amount: Int, paidBy: String?, category: String = "food",
        split: String? = nil, parts: String? = nil, date: Day = Day(year: 2026, month: 11, day: 10) ?? .epoch
    ) throws {
        var values = RecordValues()
        values["name"] = .text("item")
        values["amount"] = .amount(amount)
        values["category"] = .text(category)
        values["date"] = .day(date)
        if let paidBy { values["paid_by"] = .optionalText(paidBy) }
        if let split { values["split"] = .optionalText(split) }
        if let parts { values["parts"] = .optionalText(parts) }
        try document.add(Expense.self, values)
    }

    private func balances(_ settlement: Settlement) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: settlement.rows.map { ($0.member, $0.balance) })
    }

    func testAHundredExpensesSharedThreeWays_SumToZeroAndStayWithinAUnitOfExact() throws {
        var document = try budget(members: ["A", "B", "C"])
        for index in 0..<100 { try addExpense(&document, 100, paidBy: ["A", "B", "C"][index % 3]) }
        let settlement = try Settlement(document, period: .all)
        XCTAssertEqual(settlement.rows.map(\.balance).reduce(0, +), 0)
        // Each share is exactly 10,000 / 3 = 3,333.33…; rounded once, never per record.
        for row in settlement.rows {
            XCTAssertLessThan(abs(Double(row.share) - 10_000.0 / 3.0), 1.0, row.member)
        }
        XCTAssertEqual(settlement.rows.map(\.share).reduce(0, +), 10_000)
        XCTAssertEqual(settlement.rows.map(\.share), [3334, 3333, 3333], "the largest remainder, ties in member order")
    }

    func testAReceiptWithOnePersonsPart_LeavesTheRestHalfAndHalf() throws {
        var document = try budget(members: ["夫", "妻"])
        try addExpense(&document, 7000, paidBy: "夫", parts: "2000=妻")
        let settlement = try Settlement(document, period: .all)
        XCTAssertEqual(balances(settlement), ["夫": 4500, "妻": -4500])
        XCTAssertEqual(settlement.payments, [Settlement.Payment(from: "妻", to: "夫", amount: 4500)])
    }

    func testPaidForOneMember_TheyOweItAll_AndARecordedSettlementBringsEveryBalanceToZero() throws {
        var document = try budget(members: ["夫", "妻"])
        try addExpense(&document, 3000, paidBy: "妻", split: "夫=1")
        let settlement = try Settlement(document, period: .all)
        XCTAssertEqual(balances(settlement), ["夫": -3000, "妻": 3000])
        let recorded = try document.recordSettlement(settlement, on: Day(year: 2026, month: 11, day: 30) ?? .epoch)
        XCTAssertEqual(recorded.map { [$0.from, $0.to] }, [["夫", "妻"]])
        XCTAssertEqual(balances(try Settlement(document, period: .all)), ["夫": 0, "妻": 0])
        let journal = try LedgerJournal.write(document, query: RecordQuery())
        XCTAssertTrue(journal.contains("Equity:Members:妻  3000\n    Equity:Members:夫\n"), journal)
        // A settlement is neither income nor spending.
        XCTAssertEqual(document.expenses.records.map(\.amount).reduce(0, +), 3000)
        XCTAssertTrue(document.incomes.records.isEmpty)
    }

    func testARecordedPaymentNamesItsPeriodPairAndOrdinal_AndItsDeleteRemembersNoStatementRow() throws {
        var document = try budget(members: ["夫", "妻"])
        try addExpense(&document, 3000, paidBy: "妻")
        let november = DateRange(from: Day(year: 2026, month: 11, day: 1), to: Day(year: 2026, month: 11, day: 30))
        let day = Day(year: 2026, month: 11, day: 30) ?? .epoch
        try document.recordSettlement(try Settlement(document, period: november), on: day)
        try addExpense(&document, 1000, paidBy: "妻")
        try document.recordSettlement(try Settlement(document, period: november), on: day)
        try document.recordSettlement(try Settlement(document, period: .all), on: day)
        let sources = document.transfers.records.compactMap(\.source)
        func withoutView(_ source: String?) -> String? {
            source.map { $0.split(separator: " ").dropLast().joined(separator: " ") }
        }
        XCTAssertEqual(
            sources.map(withoutView),
            ["精算 2026-11-01..2026-11-30 #1 夫→妻 1500", "精算 2026-11-01..2026-11-30 #2 夫→妻 500"],
            "a second settlement of the month is the second; everything was settled already")
        XCTAssertNotEqual(sources[0].split(separator: " ").last, sources[1].split(separator: " ").last, "other records")
        XCTAssertTrue(sources.allSatisfy(DerivedSource.isDerived))
        let view = "0123456789abcdef"
        for statementRow in [
            "card:2026-11-02|expense|540|1|ｾﾌﾞﾝ", "楽天カード:id=12", "精算 .. #0 a→b 5 \(view)", "精算 .. #1 a→b 5",
            "精算 .. #1 a→b x \(view)", "精算 .. #1 a b→c 5 \(view)", "残高調整 財布 2026-12-31 8500 #1 -300",
            "残高調整 2026-12-31 8500 #1 -300 \(view)", "口座 精算 .. #1 a→b 5 \(view)",
        ] {
            XCTAssertFalse(DerivedSource.isDerived(statementRow), statementRow)
        }
        XCTAssertTrue(DerivedSource.isDerived("残高調整 my wallet #2 2026-12-31 8500 #1 -300 \(view)"))

        try document.delete(incomes: [], expenses: [], transfers: [document.transfers.records[0].id])
        XCTAssertEqual(document[settings: ImportKeys.self].deletedMonths, [], "no statement row is remembered")
        try document.recordSettlement(try Settlement(document, period: november), on: day)
        XCTAssertEqual(
            withoutView(document.transfers.records.compactMap(\.source).last), "精算 2026-11-01..2026-11-30 #3 夫→妻 1500",
            "one more than the highest there")
    }

    func testTheSettlementsPaymentsShareItsNumberAndFingerprint() throws {
        var document = try budget(members: ["A", "B", "C"])
        try addExpense(&document, 9000, paidBy: "A")
        try addExpense(&document, 3000, paidBy: "B")
        let recorded = try document.recordSettlement(
            try Settlement(document, period: .all), on: Day(year: 2026, month: 11, day: 30) ?? .epoch)
        XCTAssertEqual(recorded.map { "\($0.from)→\($0.to)" }, ["C→A", "B→A"])
        let words = recorded.compactMap(\.source).map { $0.split(separator: " ") }
        XCTAssertEqual(words.map { $0[2] }, ["#1", "#1"])
        XCTAssertEqual(words[0].last, words[1].last)
        XCTAssertEqual(DerivedSource.twins(of: .settlement, among: document.transfers.records).count, 0)
    }

    func testTheFingerprint_ChangesWithWhatDecidesWhoOwesWhom() throws {
        var document = try budget(members: ["夫", "妻"])
        try addExpense(&document, 3000, paidBy: "妻")
        let view = document.recordsView(in: .all)
        XCTAssertEqual(document.recordsView(in: .all), view, "the same records, the same fingerprint")
        XCTAssertEqual(view.utf8.count, 16)
        var edits: [(String, FieldValue)] = [("paid_by", .optionalText("夫")), ("split", .optionalText("夫=1"))]
        edits.append(("category", .text("rent")))
        for (field, value) in edits {
            var edited = document
            var edit = try RecordEdit()
            edit.set(try XCTUnwrap(SettableField.named(field)), to: value)
            _ = try edited.edit([RecordReference(kind: .expense, id: "00000001")], with: edit)
            XCTAssertNotEqual(edited.recordsView(in: .all), view, field)
        }
        var weighted = document
        _ = try weighted.setMemberWeight("夫", to: 2)
        XCTAssertNotEqual(weighted.recordsView(in: .all), view, "the members' weights")
    }

    func testAPairReadsOneWayOnly_WhateverTheMembersAreCalled() {
        func source(_ from: String, _ to: String) -> String {
            DerivedSource.settlement(
                period: .all, from: from, to: to, amount: 3000, view: "0123456789abcdef", among: [])
        }
        XCTAssertEqual(source("a", "b→a"), "精算 .. #1 a→b%E2%86%92a 3000 0123456789abcdef")
        XCTAssertEqual(source("a→b", "a"), "精算 .. #1 a%E2%86%92b→a 3000 0123456789abcdef")
        XCTAssertEqual(source("a", "100% b"), "精算 .. #1 a→100%25%20b 3000 0123456789abcdef")
        XCTAssertNotEqual(source("a%E2%86%92b", "a"), source("a→b", "a"))
        XCTAssertTrue(DerivedSource.isDerived(source("a b", "c")))
    }

    func testIncomeProportionalShares() throws {
        var document = try budget(members: ["夫", "妻"])
        for (name, amount) in [("夫", 400_000), ("妻", 600_000)] {
            var values = RecordValues()
            values["name"] = .text("給与")
            values["amount"] = .amount(amount)
            values["date"] = .day(Day(year: 2026, month: 11, day: 25) ?? .epoch)
            values["paid_by"] = .optionalText(name)
            try document.add(Income.self, values)
        }
        try document.setShare(of: "家賃", to: .income)
        try addExpense(&document, 100_000, paidBy: "夫", category: "家賃")
        let settlement = try Settlement(document, period: .all)
        XCTAssertEqual(settlement.rows.map(\.share), [40_000, 60_000])
        XCTAssertEqual(balances(settlement), ["夫": 60_000, "妻": -60_000])
        // Without income in the period, an income share cannot be computed: said, not guessed.
        let december = DateRange(from: Day(year: 2026, month: 12, day: 1), to: Day(year: 2026, month: 12, day: 31))
        try addExpense(&document, 1000, paidBy: "夫", category: "家賃", date: Day(year: 2026, month: 12, day: 2) ?? .epoch)
        XCTAssertThrowsError(try Settlement(document, period: december)) { error in
            XCTAssertEqual(error as? MemberError, .noIncome(category: "家賃"))
        }
    }

    func testCategoryShares_PersonalAndRecordSplitsComeFirst() throws {
        var document = try budget(members: ["夫", "妻"])
        try document.setShare(of: "食費", to: Split(typed: "夫=6, 妻=4"))
        try addExpense(&document, 1000, paidBy: "夫", category: "食費")  // 夫 600, 妻 400
        try addExpense(&document, 1000, paidBy: "夫", category: "食費", split: "夫=1,妻=1")  // 500 each
        try addExpense(&document, 5000, paidBy: "妻", category: "服", split: "personal")  // 妻's own
        let settlement = try Settlement(document, period: .all)
        XCTAssertEqual(settlement.rows.map(\.share), [1100, 5900])
        XCTAssertEqual(balances(settlement), ["夫": 900, "妻": -900])
    }

    func testMembersAreCheckedAndSpeltOnRecords() throws {
        var document = try budget(members: ["PayPay太郎", "妻"])
        XCTAssertThrowsError(try addExpense(&document, 100, paidBy: "夫")) { error in
            XCTAssertEqual(error as? MemberError, .unknown("夫", known: ["PayPay太郎", "妻"]))
        }
        XCTAssertThrowsError(try addExpense(&document, 100, paidBy: "妻", parts: "200=妻")) { error in
            XCTAssertEqual(error as? MemberError, .partsExceedAmount(parts: 200, amount: 100))
        }
        XCTAssertThrowsError(try addExpense(&document, 100, paidBy: nil, split: "personal")) { error in
            XCTAssertEqual(error as? MemberError, .personalWithoutPayer, "a personal expense is someone's")
        }
        XCTAssertThrowsError(try addExpense(&document, 100, paidBy: "妻", split: "ｐａｙｐａｙ太郎=1,PayPay太郎=2")) { error in
            XCTAssertEqual(error as? MemberError, .namedTwice("PayPay太郎"))
        }
        try addExpense(&document, 100, paidBy: "ｐａｙｐａｙ太郎")
        XCTAssertEqual(document.expenses.records.last?.paidBy, "PayPay太郎", "spelt as the member is")
        XCTAssertEqual(document.expenses.count, 1, "refused records are not added")
    }

    func testAnOwnedAccountsRecordsArePaidByTheOwner() throws {
        var document = try budget(members: ["夫", "妻"])
        try document.addAccount(Account(name: "妻の銀行", type: .bank, owner: "妻"))
        var values = RecordValues()
        values["name"] = .text("電気代")
        values["amount"] = .amount(8000)
        values["account"] = .optionalText("妻の銀行")
        try document.add(Expense.self, values)
        XCTAssertEqual(document.expenses.records.last?.paidBy, "妻")
    }

    func testRenameAndRemove() throws {
        var document = try budget(members: ["夫", "妻"])
        try document.setShare(of: "食費", to: Split(typed: "夫=6,妻=4"))
        try addExpense(&document, 1000, paidBy: "夫", category: "食費", parts: "100=夫")
        XCTAssertEqual(try document.renameMember("夫", to: "Taro"), 1)
        XCTAssertEqual(document.expenses.records[0].paidBy, "Taro")
        XCTAssertEqual(document.expenses.records[0].parts, "100=Taro")
        XCTAssertEqual(document[settings: ShareKeys.self].shares["食費"]?.text, "Taro=6,妻=4")
        XCTAssertThrowsError(try document.removeMember("Taro")) { error in
            XCTAssertEqual(error as? MemberError, .inUse("Taro", records: 1))
        }
        XCTAssertThrowsError(try document.removeMember("妻")) { error in
            XCTAssertEqual(
                error as? MemberError, .namedBySettings("妻", settings: ["share.食費"]), "nothing goes silently")
        }
        try document.setShare(of: "食費", to: nil)
        try document.removeMember("妻")
        XCTAssertEqual(document.members.map(\.name), ["Taro"])
    }

    func testRecordingOneSuggestedPayment_LeavesTheOtherSuggestionsUnchanged() throws {
        var generator = SeededGenerator(seed: 30)
        for round in 0..<300 {
            let count = Int.random(in: 2...6, using: &generator)
            var balances = (0..<(count - 1)).map { _ in Int.random(in: -50...50, using: &generator) * 100 }
            balances.append(-balances.reduce(0, +))
            let rows = balances.enumerated().map { index, balance in
                Settlement.Row(member: "m\(index)", paid: 0, share: 0, settled: 0, balance: balance)
            }
            let payments = Settlement.payments(rows, recorded: [])
            XCTAssertLessThanOrEqual(payments.count, count - 1, "round \(round): at most n - 1 payments")
            for (index, payment) in payments.enumerated() {
                var after = rows
                for at in after.indices {
                    if after[at].member == payment.from {
                        after[at].balance += payment.amount
                        after[at].settled += payment.amount
                    }
                    if after[at].member == payment.to {
                        after[at].balance -= payment.amount
                        after[at].settled -= payment.amount
                    }
                }
                var others = payments
                others.remove(at: index)
                let again = Settlement.payments(after, recorded: [payment])
                XCTAssertEqual(
                    again.map { "\($0.from)>\($0.to):\($0.amount)" }.sorted(),
                    others.map { "\($0.from)>\($0.to):\($0.amount)" }.sorted(),
                    "round \(round): recording payment \(index) of \(payments)")
            }
        }
    }

    func testManyExpenses_AddedUpInTwoHalvesAtOnce_SettleAsOneRunDoes() throws {
        var document = try budget(members: ["夫", "妻", "子"])
        try document.setShare(of: "食費", to: Split(typed: "夫=6, 妻=4"))
        try document.setShare(of: "服", to: .personal)
        try document.setShare(of: "家賃", to: Split(typed: "夫=1, 妻=1, 子=1"))
        let payers: [String?] = ["夫", "妻", "子", nil, "夫", "妻", "removed"]
        let categories = ["食費", "服", "家賃", "food", "本"]
        var random = SeededGenerator(seed: 30)
        let count = Settlement.concurrentCount + 1001
        var expenses: [Expense] = []
        for index in 0..<count {
            let amount = Int(random.next() % 90_000) + (index % 97 == 0 ? -5_000 : 100)
            let day = Day(year: 2020 + index % 7, month: 1 + index % 12, day: 1 + index % 28) ?? .epoch
            var split: String?, parts: String?
            switch index % 23 {
            case 0: split = "personal"
            case 1: split = "夫=2,子=1"
            case 2: split = "夫=1,removed=1"
            case 3: parts = "50=妻"
            default: break
            }
            expenses.append(
                Expense(
                    id: RecordID.string(for: index + 1), name: "item \(index)", amount: amount,
                    category: categories[index % categories.count], order: index + 1, date: day,
                    paidBy: payers[index % payers.count], split: split, parts: parts))
        }
        document.expenses = RecordTable(lastID: count, orderedRecords: expenses)
        for period in [DateRange.all, DateRange(from: Day(year: 2022, month: 3, day: 1), to: nil)] {
            for explain in [false, true] {
                // `matching` keeps the whole run on one thread.
                let halves = try Settlement(document, period: period, explain: explain)
                let oneRun = try Settlement(document, period: period, explain: explain, matching: { _ in true })
                XCTAssertEqual(halves.rows, oneRun.rows)
                XCTAssertEqual(halves.payments, oneRun.payments)
                XCTAssertEqual(halves.lines, oneRun.lines)
                XCTAssertEqual(halves.withoutPayer, oneRun.withoutPayer)
                XCTAssertEqual(halves.namingNoMember, oneRun.namingNoMember)
                XCTAssertEqual(halves.rows.map(\.balance).reduce(0, +), 0)
                XCTAssertGreaterThan(halves.namingNoMember.count, 1000)
                XCTAssertEqual(halves.lines.isEmpty, !explain)
            }
        }
        // An error in either half is the one a single run meets.
        try document.setShare(of: "本", to: .income)
        XCTAssertThrowsError(try Settlement(document, period: .all)) { error in
            XCTAssertEqual(error as? MemberError, .noIncome(category: "本"))
        }
    }

    func testSplitsAndPartsHaveOneStoredForm() throws {
        XCTAssertEqual(Split(typed: " 夫 = ２ , 妻=1 ")?.text, "夫=2,妻=1")
        XCTAssertNil(Split(stored: "夫=2, 妻=1"), "stored text has no spaces")
        XCTAssertNil(Split(stored: " 夫=2"))
        XCTAssertNil(Split(typed: "夫=0"))
        XCTAssertNil(Split(typed: "夫=1,夫=2"))
        XCTAssertNil(Split(typed: ""))
        XCTAssertEqual(Split(stored: "personal"), .personal)
        let money = MoneyFormat(currency: nil)
        let parts = try Parts(typed: "2,000=妻, 500=夫") { text throws(ValueError) in try money.parse(text) }
        XCTAssertEqual(parts.text, "2000=妻,500=夫")
        XCTAssertNil(Parts(stored: "02000=妻"))
        XCTAssertNil(Parts(stored: "0=妻"))
    }
}
