import XCTest
@testable import BudgetCore

/// Balances (`AccountBalances`), reconciliation (`reconcile`), transfers as a kind of their own,
/// and a statement's balances checked on import (`BalanceCheck`), on an in-memory budget.
final class AccountBalancesTests: XCTestCase {
    private func day(_ text: String) -> Day { Day(iso: text)! }

    /// 楽天銀行 (bank, 100,000 from 2026-11-01), 楽天カード (card), 財布 (cash).
    private func budget() throws -> BudgetDocument {
        var document = BudgetDocument()
        try document.addAccount(Account(name: "楽天銀行", type: .bank, opening: 100_000, asOf: day("2026-11-01")))
        try document.addAccount(
            Account(name: "楽天カード", type: .card, closing: .last, withdrawal: 27, funding: "楽天銀行"))
        try document.addAccount(Account(name: "財布", type: .cash))
        return document
    }

    private func transfer(_ from: String, _ to: String, _ amount: Int, _ date: String) -> RecordValues {
        var values = RecordValues()
        values["from"] = .text(from)
        values["to"] = .text(to)
        values["amount"] = .amount(amount)
        values["date"] = .day(day(date))
        return values
    }

    func testBalances_CountEveryRecordOfAnAccountFromItsOpeningDay() throws {
        var document = try budget()
        var rent = try document.addExpense(name: "家賃", amount: 80_000, date: day("2026-11-10"))
        rent.account = "楽天銀行"
        try document.expenses.update(rent)
        var old = try document.addExpense(name: "before", amount: 999, date: day("2026-10-31"))
        old.account = "楽天銀行"
        try document.expenses.update(old)
        var lunch = try document.addExpense(name: "ｾﾌﾞﾝ", amount: 1800, date: day("2026-11-20"))
        lunch.account = "楽天カード"
        try document.expenses.update(lunch)
        try document.addTransfer(transfer("楽天銀行", "財布", 10_000, "2026-11-12"))
        try document.addTransfer(transfer("楽天銀行", "楽天カード", 1800, "2026-12-27"))
        let november = try AccountBalances(document, through: day("2026-11-30"))
        XCTAssertEqual(november.row("楽天銀行")?.balance, 10_000, "the opening day's balance holds what came before")
        XCTAssertEqual(november.row("楽天カード")?.balance, 1800, "a card's balance is what it owes")
        XCTAssertEqual(november.row("楽天カード")?.asset, -1800)
        XCTAssertEqual(november.row("財布")?.balance, 10_000)
        XCTAssertEqual(november.assets, 20_000)
        XCTAssertEqual(november.owed, 1800)
        XCTAssertEqual(november.netWorth, 18_200)
        let all = try AccountBalances(document)
        XCTAssertEqual(all.row("楽天銀行")?.balance, 8200)
        XCTAssertEqual(all.row("楽天カード")?.balance, 0, "the withdrawal paid the card")
        XCTAssertEqual(all.netWorth, 18_200, "a transfer changes no net worth")

        // Several days from one pass: each as its own, in the order asked, a day twice too.
        var named = try document.addExpense(name: "typo", amount: 7, date: day("2026-11-15"))
        named.account = "楽天銀"
        try document.expenses.update(named)
        try document.addExpense(name: "none", amount: 3, date: day("2026-12-01"))
        let days = ["2026-12-31", "2026-10-30", "2026-11-12", "2026-11-30", "2026-11-12", "2027-01-01"].map(day)
        let together = try AccountBalances.at(days, in: document)
        XCTAssertEqual(together.count, days.count)
        for (balances, day) in zip(together, days) {
            let alone = try AccountBalances(document, through: day)
            XCTAssertEqual(balances.rows, alone.rows, day.iso)
            XCTAssertEqual(
                [balances.assets, balances.owed, balances.netWorth], [alone.assets, alone.owed, alone.netWorth])
            XCTAssertEqual(balances.unknownAccounts, alone.unknownAccounts, day.iso)
            XCTAssertEqual(balances.withoutAccount, alone.withoutAccount, day.iso)
        }
        XCTAssertEqual(together[0].unknownAccounts, ["楽天銀": 1])
        XCTAssertEqual(together[1].unknownAccounts, [:])
        XCTAssertEqual(try AccountBalances.at([], in: document).count, 0)
    }

    func testManyExpenses_AddedUpInTwoHalvesAtOnce_GiveEveryRecordsSum() throws {
        var document = try budget()
        let names: [String?] = ["楽天銀行", "楽天カード", "財布", nil, "楽天銀", "楽天ｶｰﾄﾞ"]
        let count = 100_000 + 777
        var expenses: [Expense] = []
        var expected: [String: (change: Int, records: Int)] = [:]
        var without = 0, unknown = 0
        let through = day("2024-06-30")
        for index in 0..<count {
            let date = Day(year: 2020 + index % 6, month: 1 + index % 12, day: 1 + index % 28) ?? .epoch
            let account = names[index % names.count]
            let amount = index % 89 == 0 ? -(index % 1000) : index % 5000
            expenses.append(
                Expense(
                    id: RecordID.string(for: index + 1), name: "e", amount: amount, order: index + 1, date: date,
                    account: account))
            guard date <= through else { continue }
            switch account {
            case nil: without += 1
            case "楽天銀": unknown += 1
            case let name?:
                // The bank counts from its opening day; 楽天カード is also written in half width.
                let account = name == "楽天ｶｰﾄﾞ" ? "楽天カード" : name
                if account == "楽天銀行" && date < day("2026-11-01") { continue }
                expected[account, default: (0, 0)].change += amount
                expected[account, default: (0, 0)].records += 1
            }
        }
        document.expenses = RecordTable(lastID: count, orderedRecords: expenses)
        let balances = try AccountBalances(document, through: through)
        XCTAssertEqual(balances.row("楽天銀行")?.balance, 100_000, "all before its opening day")
        XCTAssertEqual(balances.row("楽天カード")?.balance, expected["楽天カード"]?.change, "a card owes what it spent")
        XCTAssertEqual(balances.row("楽天カード")?.records, expected["楽天カード"]?.records)
        XCTAssertEqual(balances.row("財布")?.balance, -(expected["財布"]?.change ?? 0))
        XCTAssertEqual(balances.row("財布")?.records, expected["財布"]?.records)
        XCTAssertEqual(balances.withoutAccount, [.expense: without])
        XCTAssertEqual(balances.unknownAccounts, ["楽天銀": unknown])
        XCTAssertGreaterThan(unknown, 1000)
    }

    func testBalancesAtADay_ShowNoReconciliationNorClosingDatedAfterIt() throws {
        var document = try budget()
        _ = try document.setReconciled("楽天銀行", day: day("2026-11-20"), balance: 100_000)
        _ = try document.closeAccount("財布", on: day("2026-11-25"))
        func row(_ name: String, _ balances: AccountBalances) -> AccountBalances.Row? {
            balances.rows.first { $0.account.name == name }
        }
        let before = try AccountBalances(document, through: day("2026-11-15"))
        XCTAssertNil(row("楽天銀行", before)?.account.reconciled, "reconciled later")
        XCTAssertNil(row("財布", before)?.account.closed, "closed later")
        let on = try AccountBalances(document, through: day("2026-11-20"))
        XCTAssertEqual(row("楽天銀行", on)?.account.reconciled?.day, day("2026-11-20"))
        XCTAssertNil(row("財布", on)?.account.closed)
        let now = try AccountBalances(document)
        XCTAssertEqual(row("財布", now)?.account.closed, day("2026-11-25"))
        XCTAssertEqual(
            try AccountBalances.at([day("2026-11-15"), day("2026-11-30")], in: document).map {
                row("楽天銀行", $0)?.account.reconciled?.day
            },
            [nil, day("2026-11-20")])
    }

    func testBalances_SayWhatNamesNoAccountAndWhatHasNone() throws {
        var document = try budget()
        try document.addExpense(name: "no account", amount: 5, date: day("2026-11-02"))
        var typo = try document.addExpense(name: "typo", amount: 5, date: day("2026-11-02"))
        typo.account = "楽天銀"
        try document.expenses.update(typo)
        let balances = try AccountBalances(document)
        XCTAssertEqual(balances.withoutAccount[.expense], 1)
        XCTAssertEqual(balances.unknownAccounts, ["楽天銀": 1])
    }

    func testBalances_ReportOverflowInsteadOfTrapping() throws {
        var document = try budget()
        XCTAssertThrowsError(try document.addAccount(Account(name: "big", type: .bank, opening: Int.max))) { error in
            XCTAssertEqual(error as? AccountError, .balanceTooLarge("big"), "the accounts' total would not fit")
        }
        // A file whose balances do not fit (written by hand) still reads; its balances say so.
        var settings = document[settings: AccountKeys.self]
        settings.set(Account(name: "big", type: .bank, opening: Int.max))
        document[settings: AccountKeys.self] = settings
        XCTAssertThrowsError(try AccountBalances(document)) { error in
            XCTAssertEqual(error as? BudgetError, .totalOverflow)
        }
        XCTAssertThrowsError(try document.checkTotals(), "no change may leave them so")
    }

    func testTotalsCheck_AddsUpTheBalancesOnlyWhenTheAmountsCouldOverflowThem() throws {
        // Every amount's size and opening balance adding up within Int.max: no balance can
        // overflow, found from the tables' summaries. Past that, the balances are added up.
        var document = BudgetDocument()
        var settings = document[settings: AccountKeys.self]
        settings.set(Account(name: "big", type: .bank, opening: Int.max - 10))
        document[settings: AccountKeys.self] = settings
        var spent = try document.addExpense(name: "x", amount: 5, date: day("2026-11-02"))
        spent.account = "big"
        try document.expenses.update(spent)
        XCTAssertNoThrow(try document.checkTotals())
        // Over the bound, but every balance fits (what came in went out again): taken.
        var pay = try document.addIncome(name: "pay", amount: 20, date: day("2026-11-03"))
        pay.account = "big"
        try document.incomes.update(pay)
        var out = try document.addExpense(name: "y", amount: 20, date: day("2026-11-04"))
        out.account = "big"
        try document.expenses.update(out)
        XCTAssertNoThrow(try AccountBalances(document))
        XCTAssertNoThrow(try document.checkTotals())
        // Into the big account, its balance would not fit.
        var into = try document.addIncome(name: "pay", amount: 20, date: day("2026-11-03"))
        into.account = "big"
        try document.incomes.update(into)
        XCTAssertThrowsError(try AccountBalances(document))
        XCTAssertThrowsError(try document.checkTotals())
    }

    func testTransfers_RefuseUnknownSameAndClosedAccounts() throws {
        var document = try budget()
        XCTAssertThrowsError(try document.addTransfer(transfer("楽天銀行", "Suica", 1, "2026-11-02")))
        XCTAssertThrowsError(try document.addTransfer(transfer("財布", "財布", 1, "2026-11-02"))) { error in
            XCTAssertEqual(error as? TransferError, .sameAccount("財布"))
        }
        try document.closeAccount("財布", on: day("2026-11-30"))
        XCTAssertThrowsError(try document.addTransfer(transfer("楽天銀行", "財布", 1, "2026-12-01")))
        let spelt = try document.addTransfer(transfer("楽天銀行", " 財布", 1, "2026-11-30"))
        XCTAssertEqual(spelt.to, "財布")
        XCTAssertEqual(document.transfers.count, 1, "a refused transfer adds nothing")
    }

    func testReconcile_AgreesRemembers_DiffersChangesNothing_AdjustsByATransfer() throws {
        var document = try budget()
        let agrees = try document.reconcile("楽天銀行", balance: 100_000, on: day("2026-11-30"), adjust: false)
        XCTAssertTrue(agrees.agrees)
        XCTAssertEqual(document.account(named: "楽天銀行")?.reconciled?.day, day("2026-11-30"))
        let earlier = try document.reconcile("楽天銀行", balance: 100_000, on: day("2026-11-20"), adjust: false)
        XCTAssertTrue(earlier.agrees)
        XCTAssertEqual(
            document.account(named: "楽天銀行")?.reconciled?.day, day("2026-11-30"),
            "an earlier day's check does not move the last reconciliation back")
        let before = document
        let differs = try document.reconcile("楽天銀行", balance: 99_000, on: day("2026-11-30"), adjust: false)
        XCTAssertEqual(differs.difference, -1000)
        XCTAssertEqual(differs.previous?.balance, 100_000)
        XCTAssertEqual(document, before, "a disagreement changes nothing")
        let adjusted = try document.reconcile("楽天銀行", balance: 99_000, on: day("2026-11-30"), adjust: true)
        XCTAssertEqual(adjusted.adjustment?.from, "楽天銀行")
        XCTAssertEqual(adjusted.adjustment?.to, Transfer.adjustment)
        XCTAssertEqual(try AccountBalances(document).row("楽天銀行")?.balance, 99_000)
        // A card owes more than budget counts: money out of the card.
        let card = try document.reconcile("楽天カード", balance: 500, on: day("2026-11-30"), adjust: true)
        XCTAssertEqual(card.adjustment?.from, "楽天カード")
        XCTAssertEqual(try AccountBalances(document).row("楽天カード")?.balance, 500)
    }

    func testAccounts_KeepTheirRecordsMeaningful() throws {
        var document = try budget()
        try document.addTransfer(transfer("楽天銀行", "財布", 10_000, "2026-11-12"))
        XCTAssertThrowsError(try document.closeAccount("財布", on: day("2026-11-01"))) { error in
            XCTAssertEqual(
                error as? AccountError,
                .recordsAfterClosing("財布", on: day("2026-11-01"), count: 1, first: day("2026-11-12")))
        }
        try document.closeAccount("財布", on: day("2026-11-30"))
        try document.reopenAccount("財布")
        XCTAssertNil(document.account(named: "財布")?.closed)
        // Money held would become money owed; the card's bank would not pay cards.
        XCTAssertThrowsError(try document.editAccount("財布") { account throws(AccountError) in account.type = .card })
        XCTAssertThrowsError(try document.editAccount("楽天銀行") { account throws(AccountError) in account.type = .cash })
        XCTAssertThrowsError(try document.reconcile("楽天銀行", balance: 1, on: day("2026-10-31"), adjust: true)) { error in
            XCTAssertEqual(
                error as? AccountError, .beforeOpening("楽天銀行", asOf: day("2026-11-01"), day: day("2026-10-31")))
        }
        // Records under a name that is no account (renamed on another device) move onto one.
        var orphan = try document.addExpense(name: "cafe", amount: 400, date: day("2026-11-14"))
        orphan.account = "Wallet"
        try document.expenses.update(orphan)
        XCTAssertEqual(try document.renameAccount("Wallet", to: "財布"), 1)
        XCTAssertEqual(document.expenses.record(id: orphan.id)?.account, "財布")
        XCTAssertThrowsError(try document.renameAccount("nothing", to: "財布"))
    }

    func testRule_TransferToIsPartOfItsTextAndTakesNoCategory() throws {
        let rule = try Rule(pattern: "ﾗｸﾃﾝｶｰﾄﾞ", transferTo: "楽天カード")
        XCTAssertEqual(rule.settingText, "match=ﾗｸﾃﾝｶｰﾄﾞ;transfer-to=楽天カード")
        XCTAssertEqual(try Rule(settingText: rule.settingText), rule)
        XCTAssertThrowsError(try Rule(pattern: "x", category: "food", transferTo: "楽天カード")) { error in
            XCTAssertEqual(error as? RuleError, .categoryForTransfer)
        }
        XCTAssertThrowsError(try Rule(pattern: "x", skip: true, transferTo: "楽天カード"))
    }

    // MARK: A statement's balances

    private func entry(
        _ line: Int, _ date: String, _ kind: RecordKind, _ amount: Int, balance: Int?
    ) -> StatementEntry {
        var entry = StatementEntry(
            line: line, kind: kind, date: day(date), name: "row \(line)", amount: amount, tags: Tags(),
            identity: "\(line)")
        entry.balance = balance
        return entry
    }

    func testImport_ChecksEveryBalanceAndTakesTheOpeningFromTheFirstStatement() throws {
        var document = try budget()
        try document.addAccount(Account(name: "MUFG", type: .bank))
        let entries = [
            entry(2, "2026-11-01", .income, 300_000, balance: 350_000),
            entry(3, "2026-11-05", .expense, 3000, balance: 347_000),
            entry(4, "2026-11-05", .expense, 7000, balance: 340_000),
        ]
        var settings = StatementImport(origin: "mufg")
        settings.account = "ｍｕｆｇ"
        var draft = document
        let result = try draft.importStatement(entries, settings)
        XCTAssertEqual(result.openingTaken, Reconciliation(day: day("2026-11-01"), balance: 50_000))
        XCTAssertEqual(try AccountBalances(draft).row("MUFG")?.balance, 340_000)
        // A row missing from the file: the row after it is named, with the missing amount.
        var gap = document
        XCTAssertThrowsError(try gap.importStatement([entries[0], entries[2]], settings)) { error in
            let error = error as? ImportError
            XCTAssertEqual(error?.line, 4)
            XCTAssertTrue(error?.message.contains("-3,000") == true, error?.message ?? "")
        }
        // Newest first is read oldest first.
        var reversed = document
        XCTAssertNoThrow(try reversed.importStatement(entries.reversed(), settings))
        // A wrong opening balance shows at the end of the first day.
        var wrong = document
        try wrong.editAccount("MUFG") { account throws(AccountError) in
            account.opening = 1
            account.asOf = self.day("2026-10-01")
        }
        XCTAssertThrowsError(try wrong.importStatement(entries, settings)) { error in
            XCTAssertEqual((error as? ImportError)?.line, 2)
        }
        settings.checksBalances = false
        XCTAssertNoThrow(try wrong.importStatement(entries, settings))
    }
}
