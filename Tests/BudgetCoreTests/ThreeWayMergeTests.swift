import TestSupport
import XCTest

@testable import BudgetCore

/// `ThreeWayMerge` and `DocumentAncestor`: two copies of one plain budget merged against the
/// state they share, on documents built in memory.
final class ThreeWayMergeTests: XCTestCase {
    private let day = Day(iso: "2026-11-25")!

    private func expense(_ id: Int) -> RecordReference { RecordReference(kind: .expense, id: RecordID.string(for: id)) }

    /// The household's budget: 家賃 ¥80,000 (expense 00000001).
    private func household() throws -> BudgetDocument {
        var document = BudgetDocument()
        try document.setSetting(DisplayKeys.currency.erased, to: "JPY")
        try document.addExpense(name: "家賃", amount: 80_000, category: "住居", date: day)
        return document
    }

    /// An expense imported from a statement row (`source`), added last.
    private func addImported(_ document: inout BudgetDocument, _ name: String, _ amount: Int, source: String) throws {
        try document.expenses.add { id in
            Expense(id: id, name: name, amount: amount, category: "food", date: day, source: source)
        }
    }

    private func merge(
        _ ancestor: BudgetDocument, _ ours: BudgetDocument, _ theirs: BudgetDocument,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> ThreeWayMerge.Result {
        let result = try ThreeWayMerge.merge(ancestor: ancestor, ours: ours, theirs: theirs)
        XCTAssertNoThrow(try result.document.validate(), file: file, line: line)
        XCTAssertNoThrow(try result.document.checkTotals(), file: file, line: line)
        return result
    }

    // MARK: Records

    func testMerge_Household_TakesEachSidesChangeAndRenumbersTheirNewRecord() throws {
        let ancestor = try household()
        var ours = ancestor, theirs = ancestor
        try ours.addExpense(name: "スーパー", amount: 4_200, category: "食費", date: day)
        try ours.edit([expense(1)], with: RecordEdit(note: "11月分"))
        try theirs.addExpense(name: "ドラッグストア", amount: 1_800, category: "日用品", date: day)
        try theirs.edit([expense(1)], with: RecordEdit(amount: 82_000))

        let result = try merge(ancestor, ours, theirs)
        let expenses = result.document.expenses
        XCTAssertEqual(result.conflicts, [])
        XCTAssertEqual(expenses.records.map(\.name), ["家賃", "スーパー", "ドラッグストア"])
        XCTAssertEqual(expenses.records.map(\.id), ["00000001", "00000002", "00000003"])
        XCTAssertEqual(expenses.records.map(\.order), [1, 2, 3])
        XCTAssertEqual(expenses.records.map(\.amount), [82_000, 4_200, 1_800])
        XCTAssertEqual(expenses.records[0].note, "11月分")
        XCTAssertEqual(expenses.lastID, 3)
        XCTAssertEqual(result.renumbered, [ThreeWayMerge.Renumbering(kind: .expense, from: "00000002", to: "00000003")])
        XCTAssertEqual(result.joined, [])
        XCTAssertEqual(result.document.history, ours.history, "the history is ours'")
    }

    func testMerge_SameFieldChangedBothWays_KeepsOursAndReportsIt() throws {
        let ancestor = try household()
        var ours = ancestor, theirs = ancestor
        try ours.edit([expense(1)], with: RecordEdit(amount: 81_000, note: "ours"))
        try theirs.edit([expense(1)], with: RecordEdit(amount: 82_000, note: "ours"))

        let result = try merge(ancestor, ours, theirs)
        XCTAssertEqual(result.document.expenses.records.map(\.amount), [81_000])
        XCTAssertEqual(result.document.expenses.records[0].note, "ours", "the same change on both sides is no conflict")
        XCTAssertEqual(
            result.conflicts,
            [
                .init(
                    kind: .field, recordKind: .expense, id: "00000001", field: "amount", ours: "81000", theirs: "82000")
            ])
    }

    func testMerge_DeletedOnOneSideEditedOnTheOther_KeepsTheEditedRecordAndReportsIt() throws {
        var ancestor = try household()
        try ancestor.addExpense(name: "電気", amount: 9_000, category: "光熱費", date: day)
        var ours = ancestor, theirs = ancestor
        try ours.delete(incomes: [], expenses: ["00000001"])
        try theirs.edit([expense(1)], with: RecordEdit(note: "更新"))
        try theirs.delete(incomes: [], expenses: ["00000002"])  // unchanged on ours: a plain delete

        let result = try merge(ancestor, ours, theirs)
        XCTAssertEqual(result.document.expenses.records.map(\.name), ["家賃"])
        XCTAssertEqual(result.document.expenses.records[0].note, "更新")
        XCTAssertEqual(result.conflicts.map(\.kind), [.deletedAndEdited])
        XCTAssertEqual(result.conflicts.first?.id, "00000001")
        XCTAssertNil(result.conflicts.first?.ours)
        XCTAssertEqual(result.conflicts.first?.theirs?.contains("note=更新"), true)

        let mirrored = try merge(ancestor, theirs, ours)
        XCTAssertEqual(mirrored.document.expenses.records.map(\.name), ["家賃"])
        XCTAssertEqual(mirrored.conflicts.map(\.kind), [.deletedAndEdited])
        XCTAssertNil(mirrored.conflicts.first?.theirs)
    }

    func testMerge_SameStatementRowAddedOnBothSides_IsOneRecord() throws {
        let ancestor = try household()
        var ours = ancestor, theirs = ancestor
        try addImported(&ours, "スーパー", 4_200, source: "bank#row-7")
        try theirs.addExpense(name: "コンビニ", amount: 500, category: "food", date: day)
        try addImported(&theirs, "スーパー", 4_200, source: "bank#row-7")

        let result = try merge(ancestor, ours, theirs)
        XCTAssertEqual(result.document.expenses.records.map(\.name), ["家賃", "スーパー", "コンビニ"])
        XCTAssertEqual(result.document.expenses.records.map(\.id), ["00000001", "00000002", "00000004"])
        XCTAssertEqual(result.joined, [.init(kind: .expense, from: "00000003", to: "00000002", field: "source")])
        XCTAssertEqual(result.renumbered, [.init(kind: .expense, from: "00000002", to: "00000004")])
        XCTAssertEqual(result.document.expenses.lastID, 4)
    }

    func testMerge_RowImportedTwiceOnTheirSideOnceOnOurs_JoinsOneAndKeepsTheOther() throws {
        let ancestor = try household()
        var ours = ancestor, theirs = ancestor
        try addImported(&ours, "スーパー", 4_200, source: "bank#row-7")
        try addImported(&theirs, "スーパー", 4_200, source: "bank#row-7")
        try addImported(&theirs, "スーパー", 4_200, source: "bank#row-7")  // duplicates allowed

        let result = try merge(ancestor, ours, theirs)
        XCTAssertEqual(result.document.expenses.records.map(\.id), ["00000001", "00000002", "00000003"])
        XCTAssertEqual(result.joined, [.init(kind: .expense, from: "00000002", to: "00000002", field: "source")])
        XCTAssertEqual(result.renumbered, [], "00000003 is an ID ours never gave")
    }

    func testMerge_SameDocumentThrice_IsThatDocument() throws {
        var document = try household()
        try document.addIncome(name: "給料", amount: 300_000, date: day)
        try document.addRule(Rule(pattern: "スーパー", category: "食費"))
        _ = try document.setLimit(50_000, for: "食費")
        _ = try document.addSchedule(rent())
        let result = try merge(document, document, document)
        XCTAssertEqual(result.document, document)
        XCTAssertEqual(result.conflicts, [])
    }

    func testMerge_TheirsUnchanged_GivesOursExactly() throws {
        var ancestor = try household()
        try ancestor.addRule(Rule(pattern: "a", category: "A"))
        var ours = ancestor
        try ours.addExpense(name: "スーパー", amount: 4_200, date: day)
        try ours.delete(incomes: [], expenses: ["00000001"])
        try ours.addRule(Rule(pattern: "b", category: "B"), at: 1)
        _ = try ours.setLimit(10_000, for: "food")
        _ = try ours.addSchedule(rent())
        XCTAssertEqual(try merge(ancestor, ours, ancestor).document, ours)
        var theirsOnly = try merge(ancestor, ancestor, ours).document
        theirsOnly.history = ours.history
        XCTAssertEqual(theirsOnly, ours, "changes made on one side only are taken whichever side made them")
    }

    // MARK: Merged again

    /// `body` applied to `document` as one change of its history, as a store records it.
    private func change(_ document: inout BudgetDocument, _ body: (inout BudgetDocument) throws -> Void) rethrows {
        let original = document
        try body(&document)
        document.recordChange(since: original)
    }

    /// An expense added as one change of `document`'s history, described as `side`'s (two adds of
    /// one name under one ID within a second would otherwise be one history entry, byte for
    /// byte, as on two machines at once).
    private func add(_ document: inout BudgetDocument, _ name: String, _ amount: Int, by side: String) throws {
        try change(&document) {
            try $0.addExpense(name: name, amount: amount, date: day)
            $0.describeChange(side)
        }
    }

    /// The household's budget with its first change in its history.
    private func householdWithHistory() throws -> BudgetDocument {
        var document = BudgetDocument()
        try change(&document) { try $0.setSetting(DisplayKeys.currency.erased, to: "JPY") }
        try change(&document) { try $0.addExpense(name: "家賃", amount: 80_000, category: "住居", date: day) }
        return document
    }

    /// Two sides after a first merge of `theirs` into ours: their ドラッグストア (their 00000002)
    /// took 00000003 there, as our スーパー had 00000002. `theirs` is what git gives as the
    /// ancestor of the next merge either way (the commit merged first).
    private func renumberedByAFirstMerge() throws -> (theirs: BudgetDocument, merged: BudgetDocument) {
        let start = try householdWithHistory()
        var ours = start, theirs = start
        try change(&ours) { try $0.addExpense(name: "スーパー", amount: 3_000, category: "食費", date: day) }
        try change(&theirs) { try $0.addExpense(name: "ドラッグストア", amount: 1_200, category: "日用品", date: day) }
        let first = try merge(start, ours, theirs)
        XCTAssertEqual(first.renumbered, [.init(kind: .expense, from: "00000002", to: "00000003")])
        return (theirs, first.document)
    }

    private func expenses(_ result: ThreeWayMerge.Result) -> [String] {
        result.document.expenses.records.map { "\($0.id) \($0.name) \($0.amount) \($0.note ?? "-")" }
    }

    func testMergeAgain_TheirEditOfTheRecordAFirstMergeRenumbered_LandsOnIt() throws {
        let (theirs, merged) = try renumberedByAFirstMerge()
        var edited = theirs
        try change(&edited) { try $0.edit([expense(2)], with: RecordEdit(amount: 1_500, note: "薬")) }

        let result = try merge(theirs, merged, edited)
        XCTAssertEqual(
            expenses(result), ["00000001 家賃 80000 -", "00000002 スーパー 3000 -", "00000003 ドラッグストア 1500 薬"])
        XCTAssertEqual(result.conflicts, [], "our スーパー was never edited")
        XCTAssertEqual(result.matched, [.init(kind: .expense, from: "00000002", to: "00000003")])
        XCTAssertEqual(result.renumbered, [])
        XCTAssertEqual(result.document.expenses.lastID, 3)

        var deleted = theirs
        try change(&deleted) { try $0.delete(incomes: [], expenses: ["00000002"]) }
        let gone = try merge(theirs, merged, deleted)
        XCTAssertEqual(expenses(gone), ["00000001 家賃 80000 -", "00000002 スーパー 3000 -"], "their delete, of theirs")
        XCTAssertEqual(gone.conflicts, [])
    }

    func testMergeAgain_WithoutTheHistoriesThatTellIt_MatchesByIDAsBefore() throws {
        var (theirs, merged) = try renumberedByAFirstMerge()
        merged.history = UndoHistory()
        var edited = theirs
        try change(&edited) { try $0.edit([expense(2)], with: RecordEdit(note: "薬")) }
        let result = try merge(theirs, merged, edited)
        XCTAssertEqual(result.matched, [])
        XCTAssertEqual(result.document.expenses.records.compactMap(\.note), ["薬"])
    }

    func testMergeAgain_OurEditAgainstTheSideThatRenumberedIt_KeepsOurNumbersAndEveryRecordOnce() throws {
        let (mine, merged) = try renumberedByAFirstMerge()
        var edited = mine
        try change(&edited) { try $0.edit([expense(2)], with: RecordEdit(note: "薬")) }

        let result = try merge(mine, edited, merged)
        XCTAssertEqual(
            expenses(result), ["00000001 家賃 80000 -", "00000002 ドラッグストア 1200 薬", "00000004 スーパー 3000 -"])
        XCTAssertEqual(result.conflicts, [])
        XCTAssertEqual(result.matched, [.init(kind: .expense, from: "00000003", to: "00000002")])
        XCTAssertEqual(result.renumbered, [.init(kind: .expense, from: "00000002", to: "00000004")])
    }

    func testMergeAgain_IDsSwappedByMergesInTurn_AreMatchedBothWays() throws {
        let (phone, laptop) = try renumberedByAFirstMerge()
        var phoneEdited = phone
        try change(&phoneEdited) { try $0.edit([expense(2)], with: RecordEdit(amount: 1_500)) }
        try change(&phoneEdited) { try $0.addExpense(name: "薬局", amount: 500, date: day) }  // 00000003 there
        // The phone merges the laptop's budget: its スーパー becomes 00000004 there.
        let onPhone = try merge(phone, phoneEdited, laptop).document
        XCTAssertEqual(onPhone.expenses.records.map(\.name), ["家賃", "ドラッグストア", "薬局", "スーパー"])
        var laptopEdited = laptop
        try change(&laptopEdited) { try $0.edit([expense(2)], with: RecordEdit(note: "週末")) }

        // The laptop merges it back: ancestor the laptop's commit the phone merged.
        let result = try merge(laptop, laptopEdited, onPhone)
        XCTAssertEqual(
            expenses(result),
            ["00000001 家賃 80000 -", "00000002 スーパー 3000 週末", "00000003 ドラッグストア 1500 -", "00000005 薬局 500 -"])
        XCTAssertEqual(result.conflicts, [])
        XCTAssertEqual(
            Set(result.matched),
            [
                .init(kind: .expense, from: "00000002", to: "00000003"),
                .init(kind: .expense, from: "00000004", to: "00000002"),
            ])
        XCTAssertEqual(result.renumbered, [.init(kind: .expense, from: "00000003", to: "00000005")])
    }

    func testMergeAgain_ARenumberedRecordEditedOnTheSideThatRenumberedIt_IsFoundByRowNameDayOrLikeness() throws {
        for edit in [
            try RecordEdit(amount: 1_300), try RecordEdit(name: "ドラッグストア2"),
            try RecordEdit(date: Day(iso: "2026-11-28")), try RecordEdit(name: "薬", date: Day(iso: "2026-11-28")),
        ] {
            let (theirs, first) = try renumberedByAFirstMerge()
            var merged = first
            try change(&merged) { try $0.edit([expense(3)], with: edit) }
            var edited = theirs
            try change(&edited) { try $0.edit([expense(2)], with: RecordEdit(note: "薬")) }

            let result = try merge(theirs, merged, edited)
            XCTAssertEqual(result.document.expenses.records.compactMap(\.note), ["薬"], "\(edit)")
            XCTAssertEqual(result.document.expenses.record(id: "00000003")?.note, "薬", "\(edit)")
            XCTAssertEqual(result.conflicts, [], "\(edit)")
        }
    }

    func testMergeAgain_ARenumberedRecordDeletedOnOneSideAndEditedOnTheOther_IsAConflictNotAnEditOfAnother() throws {
        let (theirs, first) = try renumberedByAFirstMerge()
        var merged = first
        try change(&merged) { try $0.delete(incomes: [], expenses: ["00000003"]) }
        var edited = theirs
        try change(&edited) { try $0.edit([expense(2)], with: RecordEdit(note: "薬")) }

        let result = try merge(theirs, merged, edited)
        XCTAssertEqual(
            expenses(result), ["00000001 家賃 80000 -", "00000002 スーパー 3000 -", "00000004 ドラッグストア 1200 薬"])
        XCTAssertEqual(result.conflicts.map(\.kind), [.deletedAndEdited])
        XCTAssertEqual(result.conflicts.first?.id, "00000004")
    }

    func testMerge_NoEarlierMerge_AnIdenticalOrSameNamedRecordAddedIsNoRenumbering() throws {
        // A second identical purchase, a rename and a re-entered lunch on one side, an edit or
        // a delete on the other: matched by ID, as they are.
        let start = try householdWithHistory()
        var ours = start, theirs = start
        try change(&ours) { try $0.edit([expense(1)], with: RecordEdit(amount: 81_000)) }
        try change(&ours) { try $0.addExpense(name: "家賃", amount: 80_000, category: "住居", date: day) }
        try change(&theirs) { try $0.delete(incomes: [], expenses: ["00000001"]) }
        let twice = try merge(start, ours, theirs)
        XCTAssertEqual(twice.document.expenses.records.map(\.amount), [81_000, 80_000])
        XCTAssertEqual(twice.conflicts.map(\.kind), [.deletedAndEdited])
        XCTAssertEqual(twice.matched, [])

        var renamed = start, noted = start
        try change(&renamed) { try $0.edit([expense(1)], with: RecordEdit(name: "駐車場")) }
        try change(&renamed) { try $0.addExpense(name: "家賃", amount: 70_000, category: "住居", date: day) }
        try change(&noted) { try $0.edit([expense(1)], with: RecordEdit(note: "11月分")) }
        let rename = try merge(start, renamed, noted)
        XCTAssertEqual(rename.document.expenses.record(id: "00000001")?.note, "11月分", "on the renamed record")
        XCTAssertEqual(rename.document.expenses.record(id: "00000001")?.name, "駐車場")
        XCTAssertEqual(rename.matched, [])

        var reentered = start
        try change(&reentered) { try $0.delete(incomes: [], expenses: ["00000001"]) }
        try change(&reentered) { try $0.addExpense(name: "家賃", amount: 82_000, category: "住居", date: day) }
        let lunch = try merge(start, reentered, noted)
        XCTAssertEqual(lunch.document.expenses.records.map(\.amount), [82_000, 80_000], "both kept, and said")
        XCTAssertEqual(lunch.conflicts.map(\.kind), [.deletedAndEdited])
    }

    func testMerge_ThreeClonesEditingOneRecord_IsNoRenumbering() throws {
        // A adds コンビニ; B corrects its amount, A its day and adds a second one; C, which had
        // B's correction, notes the first: each edit on that record, the second purchase kept.
        let start = try householdWithHistory()
        var a = start
        try change(&a) { try $0.addExpense(name: "コンビニ", amount: 500, date: Day(iso: "2026-11-06") ?? day) }
        let first = a
        var b = a
        try change(&b) { try $0.edit([expense(2)], with: RecordEdit(amount: 550)) }
        try change(&a) { try $0.edit([expense(2)], with: RecordEdit(date: Day(iso: "2026-11-07"))) }
        try change(&a) { try $0.addExpense(name: "コンビニ", amount: 900, date: Day(iso: "2026-11-06") ?? day) }
        var c = b
        try change(&c) { try $0.edit([expense(2)], with: RecordEdit(note: "C")) }
        let pulled = try merge(first, a, b).document
        let result = try merge(b, c, pulled)
        XCTAssertEqual(
            result.document.expenses.records.map { "\($0.id) \($0.date.iso) \($0.amount) \($0.note ?? "-")" },
            ["00000001 2026-11-25 80000 -", "00000002 2026-11-07 550 C", "00000003 2026-11-06 900 -"])
        XCTAssertEqual(result.matched, [])
        XCTAssertEqual(result.renumbered, [])
        XCTAssertEqual(result.conflicts, [])
    }

    func testMergeAgain_TheRecordUnderTheSoughtID_IsNeverTheOneFound() throws {
        // A's コンビニ, renamed ローソン, became 00000003 at B, whose own コンビニ (same day) took
        // 00000002; C files A's purchase (its 00000002) and pulls B's merge.
        let start = try householdWithHistory()
        var a = start
        try add(&a, "コンビニ", 500, by: "A")
        let first = a
        var c = a
        try change(&a) { try $0.edit([expense(2)], with: RecordEdit(name: "ローソン")) }
        var b = start
        try add(&b, "コンビニ", 300, by: "B")
        let atB = try merge(start, b, a).document
        try change(&c) { try $0.edit([expense(2)], with: RecordEdit(category: "食費")) }

        let result = try merge(first, c, atB)
        XCTAssertEqual(
            result.document.expenses.records.map { "\($0.id) \($0.name) \($0.amount) \($0.category)" },
            ["00000001 家賃 80000 住居", "00000002 ローソン 500 食費", "00000004 コンビニ 300 uncategorized"])
        XCTAssertEqual(result.matched, [.init(kind: .expense, from: "00000003", to: "00000002")])
    }

    func testMergeAgain_ARenumberingAThirdCloneMergedIn_IsFollowed() throws {
        // C's コンビニ 100 became 00000003 at B (B's コンビニ 300 is 00000002); A merged that
        // (a merge step in A's history, nothing of B's or C's); C corrects its own and pulls A's.
        let start = try householdWithHistory()
        var c = start, b = start, a = start
        try add(&c, "コンビニ", 100, by: "C")
        try add(&b, "コンビニ", 300, by: "B")
        var atB = try merge(start, b, c).document
        atB.recordMerge(since: b)
        try change(&a) { try $0.edit([expense(1)], with: RecordEdit(note: "11月分")) }
        var atA = try merge(start, a, atB).document
        atA.recordMerge(since: a)
        var corrected = c
        try change(&corrected) { try $0.edit([expense(2)], with: RecordEdit(amount: 150)) }

        let result = try merge(c, corrected, atA)
        XCTAssertEqual(result.conflicts, [])
        XCTAssertEqual(expenses(result), ["00000001 家賃 80000 11月分", "00000002 コンビニ 150 -", "00000004 コンビニ 300 -"])
    }

    func testMerge_ADeleteBroughtByAThirdClonesMerge_StaysADelete() throws {
        // A adds コンビニ; B deletes it; C adds a lunch and merges B's delete; A adds its own
        // lunch and pulls C's merge: the purchase stays deleted.
        let start = try householdWithHistory()
        var a = start
        try add(&a, "コンビニ", 100, by: "A")
        let first = a
        var b = a, c = a
        try change(&b) { try $0.delete(incomes: [], expenses: ["00000002"]) }
        try add(&c, "Lunch", 300, by: "C")
        var atC = try merge(first, c, b).document
        atC.recordMerge(since: c)
        try add(&a, "Lunch", 500, by: "A2")
        let result = try merge(first, a, atC)
        XCTAssertEqual(result.document.expenses.records.map(\.amount).sorted(), [300, 500, 80_000])
        XCTAssertEqual(result.conflicts, [])
    }

    func testMerge_TheSamePurchaseAddedOnBothSides_IsKeptTwiceAndSaid() throws {
        let start = try householdWithHistory()
        var ours = start, theirs = start
        try add(&ours, "コンビニ", 500, by: "ours")
        try add(&theirs, "コンビニ", 500, by: "theirs")
        let result = try merge(start, ours, theirs)
        XCTAssertEqual(result.document.expenses.records.map(\.name), ["家賃", "コンビニ", "コンビニ"])
        XCTAssertEqual(result.renumbered, [.init(kind: .expense, from: "00000002", to: "00000003")])
    }

    /// Two branches (git's) that each add, edit and delete records and merge each other in
    /// turn, the ancestor of each merge being the other's state merged last: after every merge
    /// each record is there once, with the last edit made to it on either side. (Between two
    /// merges a field is changed on one side only, a record deleted on a side that changes
    /// nothing else: no conflicts.)
    func testMergeAgain_BranchesMergingInTurn_KeepEveryRecordOnceWithItsLastEdit() throws {
        var generator = SeededGenerator(seed: 31)
        for round in 0..<PropertyDepth.rounds(deep: 200, fast: 30) {
            let start = try householdWithHistory()
            var truth: [String: (amount: Int, note: String?)] = ["家賃": (80_000, nil)]
            var main = start, phone = start, ancestor = start
            for step in 0..<Int.random(in: 1...5, using: &generator) {
                // For each record, what each side does: 0 nothing, 1 amount, 2 note, 3 delete.
                var plans: [String: (main: Int, phone: Int)] = [:]
                for name in truth.keys.sorted() {
                    let main = Int.random(in: 0...3, using: &generator)
                    let phone = main == 3 ? 0 : [0, 1, 2, 3].filter { $0 != main && (main == 0 || $0 != 3) }
                        .randomElement(using: &generator) ?? 0
                    plans[name] = (main, phone)
                }
                for side in ["m", "p"] {
                    var document = side == "m" ? main : phone
                    // One step of a side is one change of its history.
                    try change(&document) { document in
                        for record in document.expenses.records {
                            guard let plan = plans[record.name] else { continue }
                            let reference = RecordReference(kind: .expense, id: record.id)
                            switch side == "m" ? plan.main : plan.phone {
                            case 1:
                                let amount = Int.random(in: 1...99_999, using: &generator)
                                try document.edit([reference], with: RecordEdit(amount: amount))
                                truth[record.name]?.amount = amount
                            case 2:
                                try document.edit([reference], with: RecordEdit(note: "\(side)\(step)"))
                                truth[record.name]?.note = "\(side)\(step)"
                            case 3:
                                try document.delete(incomes: [], expenses: [record.id])
                                truth[record.name] = nil
                            default: break
                            }
                        }
                        for index in 0..<Int.random(in: 0...2, using: &generator) {
                            let name = "\(side)\(step)-\(index)", amount = Int.random(in: 1...99_999, using: &generator)
                            try document.addExpense(name: name, amount: amount, date: day)
                            truth[name] = (amount, nil)
                        }
                        document.describeChange("\(side) step \(step)")
                    }
                    if side == "m" { main = document } else { phone = document }
                }
                for mainMerges in [true, false] {
                    let (ours, theirs) = mainMerges ? (main, phone) : (phone, main)
                    let result = try merge(ancestor, ours, theirs)
                    let records = result.document.expenses.records
                    let context = "round \(round), step \(step), \(mainMerges ? "main" : "phone") merging"
                    XCTAssertEqual(result.conflicts, [], context)
                    XCTAssertEqual(records.map(\.name).sorted(), truth.keys.sorted(), context)
                    for record in records {
                        XCTAssertEqual(record.amount, truth[record.name]?.amount, "\(context): \(record.name)")
                        XCTAssertEqual(record.note, truth[record.name]?.note, "\(context): \(record.name)")
                    }
                    ancestor = theirs
                    if mainMerges { main = result.document } else { phone = result.document }
                }
            }
        }
    }

    // MARK: Settings

    func testMerge_Settings_TakesOneSidedChangesAndReportsTheOthers() throws {
        let ancestor = try household()
        var ours = ancestor, theirs = ancestor
        _ = try ours.setLimit(30_000, for: "食費")
        _ = try theirs.setLimit(5_000, for: "日用品")
        _ = try ours.setLimit(10_000, for: "住居")
        _ = try theirs.setLimit(20_000, for: "住居")
        let result = try merge(ancestor, ours, theirs)
        XCTAssertEqual(try result.document.limit(for: .category("食費"))?.amount, 30_000)
        XCTAssertEqual(try result.document.limit(for: .category("日用品"))?.amount, 5_000)
        XCTAssertEqual(try result.document.limit(for: .category("住居"))?.amount, 10_000)
        XCTAssertEqual(result.conflicts.map(\.kind), [.setting])
    }

    func testMerge_ImportedRowsDeletedOnBothSidesInOneMonth_AreAllRemembered() throws {
        var ancestor = try household()
        try addImported(&ancestor, "スーパー", 4_200, source: "bank#row-1")
        try addImported(&ancestor, "コンビニ", 500, source: "bank#row-2")
        var ours = ancestor, theirs = ancestor
        try ours.delete(incomes: [], expenses: ["00000002"])
        try theirs.delete(incomes: [], expenses: ["00000003"])
        let result = try merge(ancestor, ours, theirs)
        XCTAssertEqual(result.document.expenses.records.map(\.name), ["家賃"])
        XCTAssertEqual(result.conflicts, [])
        let rows = result.document[settings: ImportKeys.self][ImportKeys.deleted("2026-11")]
        XCTAssertEqual(rows?.sources, ["bank#row-1", "bank#row-2"])
    }

    func testMerge_RulesChangedOnBothSides_KeepsOursThenTheirNewOnes() throws {
        var ancestor = try household()
        try ancestor.addRule(Rule(pattern: "a", category: "A"))
        var ours = ancestor, theirs = ancestor
        try ours.addRule(Rule(pattern: "b", category: "B"))
        try theirs.addRule(Rule(pattern: "c", category: "C"), at: 1)
        let result = try merge(ancestor, ours, theirs)
        XCTAssertEqual(result.document[settings: RuleKeys.self].orderedRules.map(\.pattern), ["a", "b", "c"])
        XCTAssertEqual(result.conflicts.map(\.kind), [.rules])

        var onlyTheirs = ancestor
        _ = try onlyTheirs.moveRule(number: 1, to: 1)
        try onlyTheirs.addRule(Rule(pattern: "z", category: "Z"), at: 1)
        let taken = try merge(ancestor, ancestor, onlyTheirs)
        XCTAssertEqual(taken.document[settings: RuleKeys.self].orderedRules.map(\.pattern), ["z", "a"])
        XCTAssertEqual(taken.conflicts, [])
    }

    func testMerge_SchedulesAddedOnBothSides_TheirsTakesTheNextIDAndItsRecordsFollow() throws {
        let ancestor = try household()
        var ours = ancestor, theirs = ancestor
        XCTAssertEqual(try ours.addSchedule(rent()), "00000001")
        XCTAssertEqual(try theirs.addSchedule(rent(name: "駐車場", amount: 10_000)), "00000001")
        _ = try ours.recordDueOccurrences(through: Day(iso: "2026-12-31")!)
        _ = try theirs.recordDueOccurrences(through: Day(iso: "2026-12-31")!)

        let result = try merge(ancestor, ours, theirs)
        let schedules = result.document.schedules
        XCTAssertEqual(schedules.map(\.id), ["00000001", "00000002"])
        XCTAssertEqual(result.renumberedSchedules, [.init(from: "00000001", to: "00000002")])
        XCTAssertEqual(result.document[settings: RecurKeys.self][RecurKeys.counter].value, 2)
        let marks = result.document.expenses.records.compactMap(\.schedule).compactMap(ScheduleMark.init)
        let parking = result.document.expenses.records.filter { $0.name == "駐車場" }
        XCTAssertFalse(parking.isEmpty)
        XCTAssertTrue(parking.allSatisfy { $0.schedule?.hasPrefix("00000002@") == true })
        XCTAssertEqual(marks.count, Set(marks).count, "each occurrence once")
        XCTAssertEqual(result.joined, [], "two schedules' occurrences are not one")
    }

    func testMerge_SameOccurrenceRecordedOnBothSides_IsOneRecord() throws {
        var ancestor = try household()
        _ = try ancestor.addSchedule(rent())
        var ours = ancestor, theirs = ancestor
        _ = try ours.recordDueOccurrences(through: Day(iso: "2026-12-31")!)
        _ = try theirs.recordDueOccurrences(through: Day(iso: "2026-12-31")!)
        XCTAssertFalse(ours.expenses.records.dropFirst().isEmpty)

        let result = try merge(ancestor, ours, theirs)
        XCTAssertEqual(result.document.expenses.records, ours.expenses.records)
        XCTAssertEqual(result.joined.count, ours.expenses.count - 1)
        XCTAssertTrue(result.joined.allSatisfy { $0.field == "schedule" && $0.from == $0.to })
    }

    private func rent(name: String = "家賃", amount: Int = 80_000) throws -> Schedule {
        try Schedule(
            kind: .expense, name: name, amount: amount, category: "住居",
            recurrence: Recurrence(.month, on: .dayOfMonth(25), from: Day(iso: "2026-11-25")!))
    }

    // MARK: Ancestor

    func testAncestor_OfTwoCopiesThatDivergedAfterASharedState_IsThatState() throws {
        let store = InMemoryStore()
        try store.transaction { try $0.addExpense(name: "家賃", amount: 80_000, category: "住居", date: day) }
        try store.transaction { try $0.addExpense(name: "電気", amount: 9_000, category: "光熱費", date: day) }
        let shared = try store.load()
        let ours = InMemoryStore(shared), theirs = InMemoryStore(shared)
        try ours.transaction { try $0.addExpense(name: "スーパー", amount: 4_200, date: day) }
        try ours.transaction { try $0.edit([expense(1)], with: RecordEdit(note: "11月分")) }
        try theirs.transaction { try $0.addExpense(name: "ドラッグストア", amount: 1_800, date: day) }
        try theirs.transaction { try $0.delete(incomes: [], expenses: ["00000003"]) }
        try theirs.transaction { try $0.addExpense(name: "薬局", amount: 900, date: day) }

        let found = try XCTUnwrap(DocumentAncestor.find(try ours.load(), try theirs.load()))
        XCTAssertEqual(found.expenses.records, shared.expenses.records)
        XCTAssertEqual(found.settingsValues, shared.settingsValues)
        XCTAssertEqual(found.expenses.lastID, 3, "the lower counter")

        let result = try merge(found, try ours.load(), try theirs.load())
        XCTAssertEqual(result.document.expenses.records.map(\.name), ["家賃", "電気", "スーパー", "薬局"])
        XCTAssertEqual(result.document.expenses.records.map(\.id), ["00000001", "00000002", "00000003", "00000004"],
            "薬局 keeps 00000004: ours never gave it")
        XCTAssertEqual(result.document.expenses.records[0].note, "11月分")
    }

    func testAncestor_IsTheStateBothReachedByTheSameChange_NotAnEarlierOneThatCameBack() throws {
        // Ours deletes the newest record: its content is again the state before that record was
        // added, which theirs passed through too. That state is no ancestor: merged against it,
        // the deleted record came back (under a new ID) and was counted again.
        let store = InMemoryStore()
        try store.transaction { try $0.addExpense(name: "家賃", amount: 80_000, date: day) }
        try store.transaction { try $0.addExpense(name: "スーパー", amount: 4_200, date: day) }
        try store.transaction { try $0.addExpense(name: "本", amount: 1_500, date: day) }
        let shared = try store.load()
        let ours = InMemoryStore(shared), theirs = InMemoryStore(shared)
        try ours.transaction { try $0.delete(incomes: [], expenses: ["00000003"]) }
        try theirs.transaction { try $0.addExpense(name: "薬", amount: 800, date: day) }

        let found = try XCTUnwrap(DocumentAncestor.find(try ours.load(), try theirs.load()))
        XCTAssertEqual(found.expenses.records, shared.expenses.records)
        let result = try merge(found, try ours.load(), try theirs.load())
        XCTAssertEqual(result.document.expenses.records.map(\.name), ["家賃", "スーパー", "薬"])
        XCTAssertEqual(result.document.expenses.records.map(\.amount).reduce(0, +), 85_000)

        // Nothing changed on theirs: their copy is the ancestor, and the delete stays.
        let untouched = InMemoryStore(shared)
        let alone = try XCTUnwrap(DocumentAncestor.find(try ours.load(), try untouched.load()))
        XCTAssertEqual(alone.expenses.records, shared.expenses.records)
        XCTAssertEqual(
            try merge(alone, try ours.load(), try untouched.load()).document.expenses.records.map(\.name),
            ["家賃", "スーパー"])
    }

    func testAMergeSaysWhichSideDeletedARecordTheOtherEdited_AndThatTheEditIsKept() throws {
        let store = InMemoryStore()
        try store.transaction { try $0.addExpense(name: "家賃", amount: 80_000, date: day) }
        try store.transaction { try $0.addExpense(name: "本", amount: 1_500, date: day) }
        let shared = try store.load()
        let ours = InMemoryStore(shared), theirs = InMemoryStore(shared)
        try ours.transaction { try $0.delete(incomes: [], expenses: ["00000002"]) }
        try theirs.transaction { try $0.edit([expense(2)], with: RecordEdit(note: "x")) }
        let outcome = try FileMerge.merge(try ours.load(), with: try theirs.load())
        XCTAssertEqual(outcome.document.expenses.records.map(\.note), [nil, "x"])
        XCTAssertEqual(outcome.conflicts, 1)
        let note = try XCTUnwrap(outcome.notes.first)
        XCTAssertTrue(
            note.hasPrefix("conflict: expense 00000002: deleted on ours, edited on theirs: kept as theirs edited it ("),
            note)
        let reversed = try FileMerge.merge(try theirs.load(), with: try ours.load())
        XCTAssertTrue(
            reversed.notes.first?.hasPrefix("conflict: expense 00000002: deleted on theirs, edited on ours: kept")
                ?? false,
            reversed.notes.description)
    }

    func testASettlementOnBothBranches_IsOnePayment_OrTwoThatTheMergeSays() throws {
        let store = InMemoryStore()
        try store.transaction { document in
            try document.addMember("夫")
            try document.addMember("妻")
            var values = RecordValues()
            values["name"] = .text("家賃")
            values["amount"] = .amount(100_000)
            values["date"] = .day(day)
            values["paid_by"] = .optionalText("夫")
            _ = try document.add(Expense.self, values)
        }
        let shared = try store.load()
        let november = DateRange(from: Day(iso: "2026-11-01"), to: Day(iso: "2026-11-30"))
        func settle(_ store: InMemoryStore, after extra: Int? = nil, named name: String = "本") throws {
            try store.transaction { document in
                if let extra {
                    var values = RecordValues()
                    values["name"] = .text(name)
                    values["amount"] = .amount(extra)
                    values["date"] = .day(self.day)
                    values["paid_by"] = .optionalText("夫")
                    _ = try document.add(Expense.self, values)
                }
                _ = try document.recordSettlement(try Settlement(document, period: november), on: self.day)
            }
        }
        let ours = InMemoryStore(shared), theirs = InMemoryStore(shared)
        try settle(ours)
        try settle(theirs)
        let same = try FileMerge.merge(try ours.load(), with: try theirs.load())
        XCTAssertEqual(same.document.transfers.records.map(\.amount), [50_000])
        XCTAssertEqual(same.notes, [], "one record, the same on both sides")

        let other = InMemoryStore(shared)
        try settle(other, after: 2_000)
        let outcome = try FileMerge.merge(try ours.load(), with: try other.load())
        XCTAssertEqual(outcome.document.transfers.records.map(\.amount), [50_000, 51_000])
        XCTAssertEqual(
            outcome.notes.last,
            "transfers 00000001 (#1, 妻 to 夫: 50,000) and 00000002 (#1, 妻 to 夫: 51,000) settle "
                + "2026-11-01..2026-11-30, worked out on devices that had not seen the same records: delete any that "
                + "was not paid")

        // Each branch's own expense of one amount, both numbered 00000002 before the merge renumbers
        // one: two payments of one amount, both kept and said.
        let books = InMemoryStore(shared), shoes = InMemoryStore(shared)
        try settle(books, after: 6_000)
        try settle(shoes, after: 6_000, named: "靴")
        let two = try FileMerge.merge(try books.load(), with: try shoes.load())
        XCTAssertEqual(two.document.expenses.records.map(\.name), ["家賃", "本", "靴"])
        XCTAssertEqual(two.document.transfers.records.map(\.amount), [53_000, 53_000])
        XCTAssertTrue(two.notes.last?.hasPrefix("transfers 00000001 (#1, 妻 to 夫: 53,000) and 00000002 (#1") ?? false)
    }

    func testAncestor_OfTwoBudgetsWithNothingInCommon_IsNil() throws {
        let first = InMemoryStore(), second = InMemoryStore()
        try first.transaction { try $0.addExpense(name: "家賃", amount: 80_000, date: day) }
        try second.transaction { try $0.addExpense(name: "電気", amount: 9_000, date: day) }
        try second.transaction { _ = try $0.setLimit(1_000, for: "food") }
        var a = try first.load(), b = try second.load()
        XCTAssertNotNil(DocumentAncestor.find(a, b), "both histories go back to the empty budget")
        a.clearHistory()
        b.clearHistory()
        XCTAssertNil(DocumentAncestor.find(a, b))
    }

    // MARK: Property

    /// Random one-sided edits (adds, edits, deletes, moves) on both sides: every record of
    /// either side is in the result, or was deleted on one side and left alone on the other,
    /// or is joined; the result validates.
    func testMerge_RandomOneSidedEdits_NeverLoseARecord() throws {
        var generator = SeededGenerator(seed: 28)
        for round in 0..<PropertyDepth.rounds(deep: 400, fast: 60) {
            var ancestor = BudgetDocument()
            for index in 0..<Int.random(in: 0...6, using: &generator) {
                try ancestor.addExpense(name: "a\(index)", amount: index * 100, date: day)
            }
            var ours = ancestor, theirs = ancestor
            try randomEdits(&ours, "o", &generator)
            try randomEdits(&theirs, "t", &generator)
            let result = try merge(ancestor, ours, theirs)
            let merged = result.document.expenses
            let base = Set(ancestor.expenses.records.map(\.id))
            let oursIDs = Set(ours.expenses.records.map(\.id)), theirsIDs = Set(theirs.expenses.records.map(\.id))
            for record in ours.expenses.records {
                let old = ancestor.expenses.record(id: record.id)
                let deletedUnchanged = old.map { theirsIDs.contains(record.id) == false && sameContent($0, record) }
                XCTAssertTrue(
                    merged.record(id: record.id) != nil || deletedUnchanged == true,
                    "round \(round): ours \(record.id)")
            }
            let moves = Dictionary(uniqueKeysWithValues: result.renumbered.map { ($0.from, $0.to) })
            let joins = Set(result.joined.map(\.from))
            for record in theirs.expenses.records {
                if base.contains(record.id) {
                    let old = ancestor.expenses.record(id: record.id)
                    let deletedUnchanged = old.map { !oursIDs.contains(record.id) && sameContent($0, record) } ?? false
                    XCTAssertTrue(
                        merged.record(id: record.id) != nil || deletedUnchanged, "round \(round): \(record.id)")
                } else if !joins.contains(record.id) {
                    let id = moves[record.id] ?? record.id
                    XCTAssertEqual(merged.record(id: id)?.name, record.name, "round \(round): theirs \(record.id)")
                    XCTAssertEqual(merged.record(id: id)?.amount, record.amount, "round \(round): theirs \(record.id)")
                }
            }
            XCTAssertGreaterThanOrEqual(merged.lastID, max(ours.expenses.lastID, theirs.expenses.lastID))
            for record in merged.records {
                guard let mine = ours.expenses.record(id: record.id), let other = theirs.expenses.record(id: record.id),
                      base.contains(record.id) else { continue }
                for field in Expense.schema.fields where !field.isPosition {
                    let value = field.json(record)
                    XCTAssertTrue(
                        value == field.json(mine) || value == field.json(other), "round \(round): \(field.key)")
                }
            }
        }
    }

    private func sameContent(_ a: Expense, _ b: Expense) -> Bool { Expense.schema.sameContent(a, b) }

    /// A few random adds (some of a statement row both sides may import), edits, deletes and moves.
    private func randomEdits(
        _ document: inout BudgetDocument, _ side: String, _ generator: inout SeededGenerator
    ) throws {
        for step in 0..<Int.random(in: 0...5, using: &generator) {
            let ids = document.expenses.records.map(\.id)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                try document.addExpense(name: "\(side)\(step)", amount: step * 10, date: day)
            case 1:
                let row = Int.random(in: 0..<3, using: &generator)
                try addImported(&document, "row\(row)", 500, source: "bank#\(row)")
            case 2:
                guard let id = ids.randomElement(using: &generator) else { continue }
                let edit = Bool.random(using: &generator)
                    ? try RecordEdit(amount: Int.random(in: 0...9_999, using: &generator))
                    : try RecordEdit(note: "\(side)\(step)")
                try document.edit([RecordReference(kind: .expense, id: id)], with: edit)
            case 3:
                guard let id = ids.randomElement(using: &generator) else { continue }
                try document.delete(incomes: [], expenses: [id])
            default:
                guard let id = ids.randomElement(using: &generator) else { continue }
                try document.expenses.move(id: id, to: Int.random(in: 1...ids.count, using: &generator))
            }
        }
    }
}
