import XCTest
@testable import BudgetCore

/// Accounts (issue #29): the setting each is kept as, and `BudgetDocument+Accounts`.
final class AccountTests: XCTestCase {
    private let day = Day(iso: "2026-11-21")!

    /// 楽天銀行 (bank), 楽天カード (card paid from it), PayPay (emoney).
    private func sampleStore() throws -> InMemoryStore {
        let store = InMemoryStore()
        try store.transaction { document in
            try document.addAccount(Account(name: " 楽天銀行 ", type: .bank, opening: 120_000, asOf: day))
            try document.addAccount(
                Account(name: "楽天カード", type: .card, closing: .last, withdrawal: 27, funding: "楽天銀行"))
            try document.addAccount(Account(name: "PayPay", type: .emoney))
        }
        return store
    }

    // MARK: The setting

    func testSetting_StoresOneCanonicalLineAndReadsItBack() throws {
        let card = Account(
            name: "", type: .card, opening: 5000, asOf: Day(iso: "2026-11-01"), closing: .last, withdrawal: 27,
            funding: "楽天銀行", reconciled: Reconciliation(day: Day(iso: "2026-11-30")!, balance: 123_456))
        let text = "type=card;opening=5000;as-of=2026-11-01;closing=last;withdrawal=27;from=楽天銀行;"
            + "reconciled=2026-11-30:123456"
        XCTAssertEqual(card.stored, .string(text))
        XCTAssertEqual(Account(stored: .string(text)), card)
        XCTAssertEqual(Account(name: "", type: .cash).stored, .string("type=cash"))
        XCTAssertEqual(Account(name: "", type: .bank, opening: -300).stored, .string("type=bank;opening=-300"))
    }

    func testSetting_RefusesEveryOtherStoredForm() {
        let refused = [
            "opening=5;type=bank", "type=bank;opening=0", "type=bank;opening=+5", "type=bank;opening=05",
            "type=bank;type=bank", "type=bank;colour=red", "type=wallet", "type=bank;closing=last",
            "type=card;closing=32", "type=card;withdrawal=0", "type=card;as-of=2026-2-01", "type=bank;",
            "type=card;from=a;b", "", "type=bank;reconciled=2026-11-30", "type = bank",
        ]
        for text in refused { XCTAssertNil(Account(stored: .string(text)), text) }
        XCTAssertNil(Account(stored: .int(5)))
    }

    func testSetting_TypedPartsComeInAnyOrderWithTheCurrency() throws {
        let context = SettingContext(currency: Currency.known.first { $0.code == "USD" })
        let account = try Account(settingText: "opening=12.50; type=bank", context: context)
        XCTAssertEqual(account.opening, 1250)
        XCTAssertEqual(account.settingText(context: context), "type=bank;opening=12.50")
        XCTAssertThrowsError(try Account(settingText: "type=bank;closing=5", context: context))
    }

    func testKeys_AccountNamesAreDynamicKeysWithoutSemicolonsOrEquals() throws {
        XCTAssertEqual(AccountKeys.account("楽天銀行").storedKey, "account.楽天銀行")
        XCTAssertNotNil(SettingsCatalog.key(stored: "account.楽天銀行"))
        XCTAssertNil(SettingsCatalog.key(stored: "account.a;b"))
        XCTAssertNil(SettingsCatalog.key(stored: "account.a=b"))
        XCTAssertTrue(SettingsCatalog.keyPatterns.contains("account.<name>"))
        XCTAssertEqual(ExpenseKeys.defaultAccount.storedKey, "expense.default-account")
        XCTAssertThrowsError(try FieldRules.accountName("a;b")) { error in
            XCTAssertEqual(error as? ValueError, .invalidAccountName("a;b"))
        }
        XCTAssertEqual(try SettingsCatalog.key(toSet: "account. 楽天銀行 ").storedKey, "account.楽天銀行")
    }

    // MARK: Operations

    func testAccounts_ByNameAndFoldingLikeCategories() throws {
        let document = try sampleStore().load()
        XCTAssertEqual(document.accounts.map(\.name), ["PayPay", "楽天カード", "楽天銀行"])
        XCTAssertEqual(document.account(named: "ＰａｙＰａｙ")?.name, "PayPay")
        XCTAssertEqual(document.account(named: "paypay")?.type, .emoney)
        XCTAssertEqual(document.account(named: "楽天銀行")?.opening, 120_000)
        XCTAssertEqual(document.account(named: "楽天カード")?.funding, "楽天銀行")
        XCTAssertNil(document.account(named: "Suica"))
    }

    func testAddAccount_RefusesAnExistingNameACardFieldElsewhereAndAFundingCard() throws {
        let store = try sampleStore()
        let before = try store.load()
        XCTAssertThrowsError(try store.transaction { try $0.addAccount(Account(name: "ｐａｙｐａｙ", type: .cash)) }) {
            XCTAssertEqual($0 as? AccountError, .exists("PayPay"))
        }
        XCTAssertThrowsError(
            try store.transaction { try $0.addAccount(Account(name: "Cash", type: .cash, withdrawal: 5)) }
        ) { XCTAssertEqual($0 as? AccountError, .notACard("Cash", type: .cash)) }
        XCTAssertThrowsError(
            try store.transaction { try $0.addAccount(Account(name: "Visa", type: .card, funding: "PayPay")) }
        ) { XCTAssertEqual($0 as? AccountError, .cannotFund("PayPay", type: .emoney)) }
        XCTAssertEqual(try store.load(), before)
    }

    func testRecordAccount_IsOneOfTheBudgetsSpeltAsItIs() throws {
        let store = try sampleStore()
        let expense = try store.transaction { document in
            try document.add(Expense.self, try Self.values(name: "Lunch", account: "ｐａｙｐａｙ", date: day), today: day)
        }
        XCTAssertEqual(expense.account, "PayPay")
        XCTAssertThrowsError(try store.transaction { document in
            try document.add(Income.self, try Self.values(name: "Pay", account: "Suica", date: day), today: day)
        }) { error in
            XCTAssertEqual(error as? AccountError, .unknown("Suica", known: ["PayPay", "楽天カード", "楽天銀行"]))
            XCTAssertEqual(
                (error as? AccountError)?.errorDescription,
                "no account named 'Suica'; known accounts: PayPay, 楽天カード, 楽天銀行")
        }
    }

    func testDefaultAccount_GoesToExpensesAddedWithoutOne() throws {
        let store = try sampleStore()
        try store.transaction { document in
            document[settings: ExpenseKeys.self][ExpenseKeys.defaultAccount] = "楽天カード"
        }
        let expense = try store.transaction { document in
            try document.add(Expense.self, try Self.values(name: "Lunch", account: nil, date: day), today: day)
        }
        XCTAssertEqual(expense.account, "楽天カード")
        let income = try store.transaction { document in
            try document.add(Income.self, try Self.values(name: "Pay", account: nil, date: day), today: day)
        }
        XCTAssertNil(income.account)
    }

    func testRenameAccount_RewritesRecordsCardsAndTheDefaultAsOneUndoStep() throws {
        let store = try sampleStore()
        try store.transaction { document in
            document[settings: ExpenseKeys.self][ExpenseKeys.defaultAccount] = "楽天銀行"
            try document.add(Expense.self, try Self.values(name: "Rent", account: nil, date: day), today: day)
            try document.add(Income.self, try Self.values(name: "Pay", account: "楽天銀行", date: day), today: day)
            try document.add(Income.self, try Self.values(name: "Gift", account: "PayPay", date: day), today: day)
        }
        let before = try store.load()
        let count = try store.transaction { try $0.renameAccount("楽天銀行", to: "楽天銀行 普通") }
        XCTAssertEqual(count, 2)
        let after = try store.load()
        XCTAssertEqual(after.expenses.records.map(\.account), ["楽天銀行 普通"])
        XCTAssertEqual(after.incomes.records.map(\.account), ["楽天銀行 普通", "PayPay"])
        XCTAssertEqual(after.account(named: "楽天カード")?.funding, "楽天銀行 普通")
        XCTAssertEqual(after.defaultExpenseAccount, "楽天銀行 普通")
        XCTAssertNil(after.account(named: "楽天銀行"))
        XCTAssertEqual(after.history.count, before.history.count + 1)
        XCTAssertThrowsError(try store.transaction { try $0.renameAccount("PayPay", to: "楽天カード") }) {
            XCTAssertEqual($0 as? AccountError, .exists("楽天カード"))
        }
        try store.transaction { _ = try $0.undoLastChange() }
        var restored = try store.load()
        restored.history = before.history
        XCTAssertEqual(restored, before)
    }

    func testCloseAccount_RefusesRecordsDatedAfterIt() throws {
        let store = try sampleStore()
        try store.transaction { try $0.closeAccount("paypay", on: day) }
        let onTheDay = try store.transaction { document in
            try document.add(Expense.self, try Self.values(name: "Last", account: "PayPay", date: day), today: day)
        }
        XCTAssertEqual(onTheDay.account, "PayPay")
        let later = try XCTUnwrap(day.advanced(byDays: 1))
        XCTAssertThrowsError(try store.transaction { document in
            try document.add(Expense.self, try Self.values(name: "Late", account: "PayPay", date: later), today: later)
        }) { XCTAssertEqual($0 as? AccountError, .closed("PayPay", on: day, recordDate: later)) }
        XCTAssertThrowsError(try store.transaction { try $0.closeAccount("PayPay", on: later) }) {
            XCTAssertEqual($0 as? AccountError, .alreadyClosed("PayPay", on: day))
        }
    }

    func testEditAndReconcile_KeepTheNameAndStoreTheValues() throws {
        let store = try sampleStore()
        try store.transaction { document in
            try document.editAccount("楽天カード") { account in
                account.name = "ignored"
                account.closing = .day(15)
            }
            try document.setReconciled("楽天銀行", day: day, balance: 98_765)
        }
        let document = try store.load()
        XCTAssertEqual(document.account(named: "楽天カード")?.closing, .day(15))
        XCTAssertEqual(document.account(named: "楽天銀行")?.reconciled, Reconciliation(day: day, balance: 98_765))
        XCTAssertEqual(
            document.settingsValues.value(forKey: "account.楽天銀行"),
            .string("type=bank;opening=120000;as-of=2026-11-21;reconciled=2026-11-21:98765"))
    }

    func testOldFile_WithoutAccountsReadsAndWritesUnchanged_AndUnknownAccountsStillOpen() throws {
        let plain = """
            {
              "expense_unique_id" : "00000001",
              "expenses" : {
                "00000001" : {
                  "account" : "どこか",
                  "amount" : 800,
                  "category" : "food",
                  "date" : "2026-11-21",
                  "id" : "00000001",
                  "name" : "Lunch",
                  "order" : 1
                }
              },
              "format" : 1,
              "income_unique_id" : "00000000",
              "incomes" : {

              }
            }

            """
        let document = try DocumentCodec.decode(Array(plain.utf8))
        XCTAssertEqual(document.expenses.records.first?.account, "どこか")
        XCTAssertEqual(document.accounts, [])
        var withoutAccount = document
        withoutAccount.expenses.records[0].account = nil
        let written = String(decoding: DocumentCodec.encode(withoutAccount), as: UTF8.self)
        XCTAssertFalse(written.contains("account"), written)
    }

    func testCurrencyRescale_ScalesOpeningAndReconciledBalances() throws {
        let store = try sampleStore()
        try store.transaction { try $0.setReconciled("PayPay", day: day, balance: 700) }
        let dollars = try XCTUnwrap(Currency.known.first { $0.code == "USD" })
        XCTAssertThrowsError(try store.transaction { try $0.setCurrency(dollars, rescale: false) })
        try store.transaction { try $0.setCurrency(dollars, rescale: true) }
        let document = try store.load()
        XCTAssertEqual(document.account(named: "楽天銀行")?.opening, 12_000_000)
        XCTAssertEqual(document.account(named: "PayPay")?.reconciled?.balance, 70_000)
    }

    func testLedger_PostsToTheRecordsAccount() throws {
        let store = try sampleStore()
        try store.transaction { document in
            try document.add(Expense.self, try Self.values(name: "Book", account: "楽天カード", date: day), today: day)
            try document.add(Income.self, try Self.values(name: "Pay", account: "楽天銀行", date: day), today: day)
            try document.add(Expense.self, try Self.values(name: "Tea", account: nil, date: day), today: day)
        }
        let journal = try LedgerJournal.write(try store.load(), query: RecordQuery())
        XCTAssertTrue(journal.contains("    Liabilities:楽天カード\n"), journal)
        XCTAssertTrue(journal.contains("    Assets:楽天銀行  100\n"), journal)
        XCTAssertTrue(journal.contains("    Assets:Cash\n"), journal)
        XCTAssertFalse(journal.contains("; account:"), journal)
    }

    func testConfigSet_KeepsTheAccountRules() throws {
        let store = try sampleStore()
        let before = try store.load()
        func set(_ name: String, _ text: String) throws {
            try store.transaction { try $0.setSetting(try SettingsCatalog.key(toSet: name), to: text) }
        }
        XCTAssertThrowsError(try set("expense.default-account", "Suica")) {
            XCTAssertEqual($0 as? AccountError, .unknown("Suica", known: ["PayPay", "楽天カード", "楽天銀行"]))
        }
        XCTAssertThrowsError(try set("account.Visa", "type=card;from=PayPay")) {
            XCTAssertEqual($0 as? AccountError, .cannotFund("PayPay", type: .emoney))
        }
        XCTAssertEqual(try store.load(), before)
        try set("expense.default-account", "ｐａｙｐａｙ")
        try set("account.Visa", "type=card;from=楽天銀行 ")
        let document = try store.load()
        XCTAssertEqual(document.defaultExpenseAccount, "PayPay")
        XCTAssertEqual(document.account(named: "Visa")?.funding, "楽天銀行")
    }

    private static func values(name: String, account: String?, date: Day) throws -> RecordValues {
        var values = RecordValues()
        values["name"] = .text(name)
        values["amount"] = .amount(100)
        values["date"] = .day(date)
        if let account { values["account"] = .optionalText(account) }
        return values
    }
}
