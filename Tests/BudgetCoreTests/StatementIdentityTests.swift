import XCTest
@testable import BudgetCore

/// When an imported row is already in the budget: repeated IDs within a statement, sources
/// that do not depend on the profile's or preset's name, deleted imported records that stay
/// deleted, rows linked to scheduled or typed-in records, and limit warnings of imports and
/// schedules.
final class StatementIdentityTests: XCTestCase {
    private let today = Day(year: 2026, month: 11, day: 24)!

    private func day(_ text: String) -> Day { Day(iso: text)! }

    private func entry(
        _ date: String, _ name: String, _ amount: Int, kind: RecordKind = .expense, identity: String? = nil,
        line: Int = 2) -> StatementEntry {
        StatementEntry(
            line: line, kind: kind, date: day(date), name: name, amount: amount, category: nil, note: nil, tags: Tags(),
            identity: identity ?? "\(date)|\(kind.singular)|\(amount)|1|\(name)")
    }

    private static let moneyForward = "計算対象,日付,内容,金額（円）,保有金融機関,大項目,中項目,メモ,振替,ID\n"

    // MARK: Repeated IDs (issue 24, item 2)

    func testRepeatedIDs_AreKeptApartByOccurrenceAndTheFirstKeepsItsForm() throws {
        // An anonymised ID column (every row `hoge`) and PayPay's split payment (one 取引番号).
        let reader = StatementReader(
            layout: StatementPreset.moneyForward.layout, preset: .moneyForward, kind: nil, signDecidesKind: true,
            minorDigits: 0, today: today)
        let text = Self.moneyForward
            + "1,2026/11/01,a,-150,x,食費,x,,0,hoge\n1,2026/11/01,b,-300,x,食費,x,,0,hoge\n"
            + "1,2026/11/02,c,-900,x,食費,x,,0,ｈｏｇｅ\n1,2026/11/02,d,-5,x,食費,x,,0,z\n"
        let entries = try reader.read(text).entries
        XCTAssertEqual(entries.map(\.identity), ["id=hoge", "id#2=hoge", "id#3=hoge", "id=z"])
        var document = BudgetDocument()
        let settings = StatementImport(origin: "moneyforward")
        XCTAssertEqual(try document.importStatement(entries, settings).added.count, 4)
        XCTAssertEqual(try document.importStatement(entries, settings).alreadyThere, 4)
        // A record an earlier version imported keeps matching the first occurrence.
        var earlier = BudgetDocument()
        _ = try earlier.expenses.add {
            Expense(
                id: $0, name: "a", amount: 150, category: "食費", date: self.day("2026-11-01"),
                source: "moneyforward:id=hoge")
        }
        let result = try earlier.importStatement(entries, settings)
        XCTAssertEqual([result.alreadyThere, result.added.count], [1, 3])
    }

    func testRowsOfTheFileBeingImported_NeverCountAsAlreadyThere() throws {
        var document = BudgetDocument()
        let twice = [
            entry("2026-11-01", "Coffee", 150, identity: "id=1"),
            entry("2026-11-01", "Coffee", 150, identity: "id=1", line: 3)
        ]
        let result = try document.importStatement(twice, StatementImport(origin: "statement"))
        XCTAssertEqual([result.added.count, result.alreadyThere], [2, 0])
    }

    // MARK: Identity and account (item 4)

    func testSource_DoesNotDependOnThePresetOrProfileNameButKeepsTwoSavedAccountsApart() throws {
        let atm = entry("2026-10-10", "ATM", 10_000)
        var document = BudgetDocument()
        XCTAssertEqual(try document.importStatement([atm], StatementImport(origin: "rakuten-bank")).added.count, 1)
        // The same statement read later through a profile saved then: the same row.
        XCTAssertEqual(try document.importStatement([atm], StatementImport(origin: "mybank")).alreadyThere, 1)
        XCTAssertEqual(try document.importStatement([atm], StatementImport(origin: "statement")).alreadyThere, 1)
        // Two accounts, each a saved profile from its first import: the same withdrawal twice.
        var two = BudgetDocument()
        XCTAssertEqual(try two.importStatement([atm], StatementImport(origin: "his")).added.count, 1)
        XCTAssertEqual(try two.importStatement([atm], StatementImport(origin: "hers")).added.count, 1)
        XCTAssertEqual(try two.importStatement([atm], StatementImport(origin: "hers")).alreadyThere, 1)
        XCTAssertEqual(try two.importStatement([atm], StatementImport(origin: "rakuten-bank")).alreadyThere, 1)
    }

    func testSource_ReadsProfileNamesHoldingAColon() throws {
        XCTAssertEqual(
            StatementSource("a:b:2026-10-10|expense|5|1|x:y").map { [$0.origin, $0.identity] },
            ["a:b", "2026-10-10|expense|5|1|x:y"])
        XCTAssertEqual(StatementSource("mf:id#2=h:1").map { [$0.origin, $0.identity] }, ["mf", "id#2=h:1"])
        XCTAssertNil(StatementSource("typed by hand"))
        // A profile whose name holds `:1`: its rows are still its own.
        var document = BudgetDocument()
        let row = entry("2026-10-10", "ATM", 10_000)
        XCTAssertEqual(try document.importStatement([row], StatementImport(origin: "bank:1")).added.count, 1)
        XCTAssertEqual(try document.importStatement([row], StatementImport(origin: "bank:1")).alreadyThere, 1)
    }

    func testPlan_AProfileSavedFromAnotherKeepsItsAccount() throws {
        var document = BudgetDocument()
        let bank = "取引日,入出金(円),取引後残高(円),入出金内容\n20261010,-10000,90000,ATM\n"
        var saved = ImportProfile()
        saved.preset = "rakuten-bank"
        try document.saveImportProfile(saved, as: "his")
        let derived = try StatementPlan(
            for: bank, profileName: "his", options: ImportProfile(), savingAs: "his2", kind: nil, in: document)
        XCTAssertEqual(derived.origin, "his")
        XCTAssertEqual(derived.profile.settingText, "preset=rakuten-bank;account=his")
        try document.saveImportProfile(derived.profile, as: "his2")
        XCTAssertEqual(
            try StatementPlan(
                for: bank, profileName: "his2", options: ImportProfile(), savingAs: nil, kind: nil, in: document
            ).origin,
            "his")
        XCTAssertEqual(
            try StatementPlan(
                for: bank, profileName: "his", options: ImportProfile(), savingAs: "his", kind: nil,
                in: document).profile.account,
            nil)
        // From the preset, a new account.
        XCTAssertEqual(
            try StatementPlan(
                for: bank, profileName: "rakuten-bank", options: ImportProfile(), savingAs: "hers", kind: nil,
                in: document).origin,
            "hers")
        XCTAssertNil(ImportProfile(stored: .string("preset=rakuten-bank;account=rakuten-bank")))
    }

    // MARK: Deleted imported records (item 5)

    func testDeletedImportedRecords_StayDeletedUntilAllowedAndUndoForgetsThem() throws {
        let store = InMemoryStore()
        let rows = [entry("2026-10-10", "ATM", 10_000), entry("2026-11-03", "Coffee;%", 150)]
        try store.transaction { _ = try $0.importStatement(rows, StatementImport(origin: "rakuten-bank")) }
        let deleted = try store.transaction { try $0.delete(incomes: [], expenses: ["00000002"]) }
        XCTAssertEqual(deleted.expenses.map(\.name), ["Coffee;%"])
        let document = try store.load()
        XCTAssertEqual(
            document.settingsValues.value(forKey: "import.deleted.2026-11"),
            .string("rakuten-bank:2026-11-03|expense|150|1|Coffee%3B%25"))
        // Both readers read it back.
        let bytes = FastDocumentCodec.encode(document)
        XCTAssertEqual(
            FastDocumentCodec.decode(bytes)?[settings: ImportKeys.self][ImportKeys.deleted("2026-11")]?.sources,
            ["rakuten-bank:2026-11-03|expense|150|1|Coffee;%"])
        XCTAssertEqual(try DocumentCodec.decodeStrictly(bytes), FastDocumentCodec.decode(bytes))
        // The next overlapping statement leaves the row out, under any name of the account.
        var next = document
        let result = try next.importStatement(rows, StatementImport(origin: "mybank"))
        XCTAssertEqual([result.alreadyThere, result.deletedBefore, result.added.count], [1, 1, 0])
        // Allowed, it comes back, and is no longer remembered as deleted.
        var allowed = StatementImport(origin: "rakuten-bank")
        allowed.allowDuplicates = true
        XCTAssertEqual(try next.importStatement(rows, allowed).added.count, 2)
        XCTAssertNil(next.settingsValues.value(forKey: "import.deleted.2026-11"))
        // Undo of the delete forgets it.
        try store.transaction { _ = try $0.undoLastChange() }
        XCTAssertNil(try store.load().settingsValues.value(forKey: "import.deleted.2026-11"))
        XCTAssertEqual(try store.load().expenses.count, 2)
    }

    func testDeletedRows_AreRefusedByConfigAndReadStrictly() throws {
        var document = BudgetDocument()
        let key = try SettingsCatalog.key(toSet: "import.deleted.2026-11")
        XCTAssertThrowsError(try document.setSetting(key, to: "x:id=1")) { error in
            XCTAssertEqual(error as? SettingsError, .deletedRowsKey(key: "import.deleted.2026-11"))
        }
        XCTAssertNil(SettingsCatalog.key(stored: "import.deleted.2026-13"))
        XCTAssertNil(SettingsCatalog.key(stored: "import.deleted.26-11"))
        for wrong in ["", "a;;b", "a;", ";a", "a%3", "a%41", "bell\u{7}", "c1\u{85}", "line\u{2028}", "del\u{7F}"] {
            XCTAssertNil(DeletedRows(stored: .string(wrong)), wrong)
            XCTAssertEqual(DeletedRows(stored: .string(wrong)), try? DeletedRows(settingText: wrong))
        }
        XCTAssertEqual(DeletedRows(stored: .string("a%3Bb;c%25\n\t;日本\u{A0}"))?.sources, ["a;b", "c%\n\t", "日本\u{A0}"])
        XCTAssertEqual(DeletedRows(["a;b", "c%", "a;b"]).settingText, "a%3Bb;c%25")
    }

    func testDeletingRecordsTypedIn_LeavesNothingBehind() throws {
        var document = BudgetDocument()
        let id = try document.addExpense(name: "Lunch", amount: 900, category: "food", date: day("2026-11-03")).id
        try document.delete(incomes: [], expenses: [id])
        XCTAssertTrue(document.settingsValues.storedKeys.isEmpty)
    }

    func testEditingAnImportedRecord_KeepsItTheRow() throws {
        var document = BudgetDocument()
        let row = entry("2026-11-03", "ｺﾝﾋﾞﾆ", 480)
        _ = try document.importStatement([row], StatementImport(origin: "rakuten-card"))
        _ = try document.edit(
            [RecordReference(kind: .expense, id: "00000001")],
            with: try RecordEdit(amount: 500, category: "food", date: day("2026-11-05")))
        XCTAssertEqual(try document.importStatement([row], StatementImport(origin: "rakuten-card")).alreadyThere, 1)
    }

    // MARK: Matching scheduled and typed-in records (item 7)

    func testRows_AreLinkedToScheduledAndTypedInRecordsInsteadOfAdded() throws {
        let store = InMemoryStore()
        try store.transaction { document in
            // Rent due on Sunday 2026-10-25, recorded on Friday the 23rd; salary typed in.
            _ = try document.expenses.add {
                Expense(
                    id: $0, name: "家賃", amount: 80_000, category: "住居", date: self.day("2026-10-23"),
                    schedule: "00000001@2026-10-25")
            }
            _ = try document.addIncome(name: "Salary", amount: 300_000, date: day("2026-10-25"))
            // Already accounted for by a row: never matched again.
            _ = try document.expenses.add {
                Expense(
                    id: $0, name: "x", amount: 480, category: "c", date: self.day("2026-10-26"),
                    source: "rakuten-bank:id=9")
            }
        }
        let rows = [
            entry("2026-10-26", "ﾌﾘｺﾐ ﾔﾁﾝ", 80_000, line: 2),
            entry("2026-10-24", "ｷﾕｳﾖ", 300_000, kind: .income, line: 3),
            entry("2026-10-26", "ﾛｰｿﾝ", 480, line: 4),
            entry("2026-10-30", "ﾌﾘｺﾐ ﾔﾁﾝ", 80_000, identity: "late", line: 5),
        ]
        let result = try store.transaction { try $0.importStatement(rows, StatementImport(origin: "rakuten-bank")) }
        XCTAssertEqual(result.matched.map(\.record.description), ["expense-00000001", "income-00000001"])
        XCTAssertEqual(result.matched.map(\.line), [2, 3])
        XCTAssertEqual(result.matched.map(\.wasChosen), [false, false])
        XCTAssertEqual(
            result.added.map(\.description),
            ["expense-00000003", "expense-00000004"],
            "the window is 3 days from the date or the due day")
        let document = try store.load()
        XCTAssertEqual(document.expenses.records[0].source, "rakuten-bank:2026-10-26|expense|80000|1|ﾌﾘｺﾐ ﾔﾁﾝ")
        XCTAssertEqual([document.expenses.records[0].name, document.expenses.records[0].category], ["家賃", "住居"])
        XCTAssertEqual(document.incomes.records[0].source, "rakuten-bank:2026-10-24|income|300000|1|ｷﾕｳﾖ")
        // The statement again: every row already there.
        var again = document
        XCTAssertEqual(try again.importStatement(rows, StatementImport(origin: "rakuten-bank")).alreadyThere, 4)
        // Undo takes the links back.
        try store.transaction { _ = try $0.undoLastChange() }
        XCTAssertEqual(try store.load().expenses.records.map(\.source), [nil, "rakuten-bank:id=9"])
        XCTAssertNil(try store.load().incomes.records[0].source)
        // Turned off, every row is added.
        var off = try store.load()
        var settings = StatementImport(origin: "rakuten-bank")
        settings.matchRecords = false
        let unmatched = try off.importStatement(rows, settings)
        XCTAssertEqual([unmatched.matched.count, unmatched.added.count], [0, 4])
    }

    func testRivals_AreChosenByTheNearestDateThenTheLowestIDAndSaidSo() throws {
        var document = BudgetDocument()
        for date in ["2026-11-01", "2026-11-03", "2026-11-10"] {
            _ = try document.addExpense(name: "Lunch", amount: 500, category: "food", date: day(date))
        }
        // Two records one day from the row: the lower ID. Two rows for the third record: the nearer.
        let rows = [
            entry("2026-11-02", "A", 500, line: 2), entry("2026-11-08", "B", 500, line: 3),
            entry("2026-11-10", "C", 500, line: 4)
        ]
        let result = try document.importStatement(rows, StatementImport(origin: "statement"))
        XCTAssertEqual(result.matched.map(\.line), [2, 4])
        XCTAssertEqual(result.matched.map(\.record.id), ["00000001", "00000003"])
        XCTAssertEqual(result.matched.map(\.rivals), [2, 2])
        XCTAssertEqual(result.added.count, 1, "B had only the record C took: added")
    }

    func testOccurrencesTheStatementShowedFirst_AreLinkedToTheImportedRecordsInsteadOfRecorded() throws {
        let store = InMemoryStore()
        try store.transaction { document in
            try document.addSchedule(try Schedule(
                kind: .expense, name: "家賃", amount: 80_000, category: "住居", tags: [], note: nil,
                recurrence: Recurrence(.month, on: .dayOfMonth(25), from: day("2026-10-01"))))
            // The bank paid early; another ¥80,000 row far from the 25th is no occurrence.
            _ = try document.importStatement(
                [entry("2026-10-23", "ﾔﾁﾝ", 80_000), entry("2026-10-02", "PC", 80_000, line: 3)],
                StatementImport(origin: "rakuten-bank"))
        }
        let run = try store.transaction { try $0.recordDueOccurrences(through: day("2026-11-30")) }
        XCTAssertEqual(run.recorded.map(\.isLinked), [true, false])
        XCTAssertEqual(run.recorded.map(\.recordID), ["00000001", "00000003"])
        let document = try store.load()
        XCTAssertEqual(document.expenses.records.map(\.schedule), ["00000001@2026-10-25", nil, "00000001@2026-11-25"])
        XCTAssertEqual(
            document.expenses.records.map(\.amount).reduce(0, +),
            240_000,
            "October's rent once, the PC, November's rent")
        try store.transaction { _ = try $0.undoLastChange() }
        XCTAssertEqual(try store.load().expenses.records.map(\.schedule), [nil, nil])
    }

    // MARK: Limit warnings (issue 24: imports and schedules)

    func testScheduleRecording_WarnsWhenItTakesACategoryOverItsLimit() throws {
        var document = BudgetDocument()
        try document.setLimit(70_000, for: "住居")
        try document.addSchedule(try Schedule(
            kind: .expense, name: "家賃", amount: 80_000, category: "住居", tags: [], note: nil,
            recurrence: Recurrence(.month, on: .dayOfMonth(25), from: day("2026-10-01"))))
        let run = try document.recordDueOccurrences(through: day("2026-11-30"))
        XCTAssertEqual(run.limitWarnings.map(\.period.name), ["2026-10", "2026-11"])
        XCTAssertEqual(try document.recordDueOccurrences(through: day("2026-11-30")).limitWarnings, [])
    }
}
