import XCTest
@testable import BudgetCore

/// `ReplicaFold`: two devices' replicas of one budget, changed offline, folded in either order.
final class ReplicaFoldTests: XCTestCase {
    private let day = Day(iso: "2026-11-01")!

    /// A device's replica, with a clock that moves on a second per change from `start`.
    final class Device: @unchecked Sendable {
        var document: BudgetDocument
        var now: Int64

        init(_ document: BudgetDocument, now: Int64) {
            self.document = document
            self.now = now
        }

        /// Runs a change as a store's transaction does: recorded, stamped.
        @discardableResult
        func change<Result>(_ body: (inout BudgetDocument) throws -> Result) rethrows -> Result {
            let original = document
            var draft = document
            let result = try body(&draft)
            now += 1000
            draft.finishChange(since: original, now: now)
            document = draft
            return result
        }

        func fold(_ other: Device) throws {
            document = try ReplicaFold.fold(document, with: other.document)
        }
    }

    /// Two devices from one budget holding 家賃 ¥80,000: `a` made it the first replica, `b` joined.
    private func household() throws -> (Device, Device) {
        var start = BudgetDocument()
        try start.addExpense(name: "家賃", amount: 80_000, category: "住居", date: day)
        try start.becomeReplica(device: "a", key: "ka", block: XCTUnwrap(IDBlock(index: 0)))
        var joined = start
        try joined.becomeReplica(device: "b", key: "kb", block: XCTUnwrap(IDBlock(index: 1)))
        return (Device(start, now: 1_795_000_000_000), Device(joined, now: 1_795_000_000_500))
    }

    private func rent(_ document: BudgetDocument) -> Expense? { document.expenses.record(id: "00000001") }

    func testTheHouseholdScenario_EndsTheSameInEitherOrder() throws {
        let (a, b) = try household()
        try a.change { try $0.addExpense(name: "スーパー", amount: 4_200, category: "食費", date: day) }
        let rentID = [RecordReference(kind: .expense, id: "00000001")]
        try a.change { _ = try $0.edit(rentID, with: RecordEdit(note: "11月分")) }
        try b.change { document in
            try document.addExpense(name: "ドラッグストア", amount: 1_800, category: "日用品", date: day)
        }
        try b.change {
            var edit = try RecordEdit()
            try edit.setAmount(82_000)
            _ = try $0.edit([RecordReference(kind: .expense, id: "00000001")], with: edit)
        }
        let aFirst = try ReplicaFold.fold(a.document, with: b.document)
        let bFirst = try ReplicaFold.fold(b.document, with: a.document)
        for document in [aFirst, bFirst] {
            let names = document.expenses.records.map(\.name)
            XCTAssertEqual(names.sorted(), ["スーパー", "ドラッグストア", "家賃"])
            XCTAssertEqual(Set(document.expenses.records.map(\.id)).count, 3, "distinct IDs")
            XCTAssertEqual(rent(document)?.amount, 82_000)
            XCTAssertEqual(rent(document)?.note, "11月分")
            XCTAssertEqual(document.expenses.records.map(\.order), [1, 2, 3])
            XCTAssertTrue(ReplicaConflicts.list(in: document).isEmpty)
            XCTAssertNoThrow(try document.validate())
        }
        XCTAssertEqual(aFirst.expenses.records, bFirst.expenses.records)
        XCTAssertEqual(try ReplicaFold.fold(aFirst, with: bFirst).expenses.records, aFirst.expenses.records)
        XCTAssertEqual(try ReplicaFold.fold(aFirst, with: b.document), aFirst, "folding twice changes nothing")
    }

    func testOneFieldChangedBothWays_KeepsTheLaterAndListsTheOther() throws {
        let (a, b) = try household()
        func setAmount(_ device: Device, _ amount: Int) throws {
            try device.change {
                var edit = try RecordEdit()
                try edit.setAmount(amount)
                _ = try $0.edit([RecordReference(kind: .expense, id: "00000001")], with: edit)
            }
        }
        try setAmount(a, 81_000)
        try setAmount(b, 82_000)  // later: b's clock is ahead
        try a.fold(b)
        try b.fold(a)
        XCTAssertEqual(rent(a.document)?.amount, 82_000)
        XCTAssertEqual(a.document.expenses.records, b.document.expenses.records)
        let conflicts = ReplicaConflicts.list(in: a.document)
        XCTAssertEqual(conflicts.count, 1)
        XCTAssertEqual(conflicts.first?.field, "amount")
        XCTAssertEqual(conflicts.first?.versions.map(\.device), ["a", "b"])
        XCTAssertEqual(ReplicaConflicts.list(in: b.document), conflicts)
        // An edit made knowing both settles it everywhere.
        try setAmount(a, 81_500)
        try b.fold(a)
        XCTAssertTrue(ReplicaConflicts.list(in: b.document).isEmpty)
        XCTAssertEqual(rent(b.document)?.amount, 81_500)
    }

    func testAnEditAgainstADelete_KeepsTheRecordAndSaysSo() throws {
        let (a, b) = try household()
        try a.change { _ = try $0[Expense.self].remove(ids: ["00000001"]) }
        try b.change { _ = try $0.edit([RecordReference(kind: .expense, id: "00000001")], with: RecordEdit(note: "x")) }
        try a.fold(b)
        try b.fold(a)
        XCTAssertEqual(rent(a.document)?.note, "x")
        XCTAssertEqual(a.document.expenses.records, b.document.expenses.records)
        XCTAssertEqual(ReplicaConflicts.list(in: a.document).map(\.field), [nil], "listed as an edit against a delete")
        // A delete that saw the edit wins.
        try a.change { _ = try $0[Expense.self].remove(ids: ["00000001"]) }
        try b.fold(a)
        XCTAssertNil(rent(b.document))
        XCTAssertTrue(ReplicaConflicts.list(in: b.document).isEmpty)
    }

    func testAnEditAgainstADelete_ShowsTheSameValuesInEveryFoldOrder() throws {
        var start = BudgetDocument()
        try start.addExpense(name: "家賃", amount: 80_000, category: "住居", date: day)
        var devices: [Device] = []
        for (index, name) in ["a", "b", "c"].enumerated() {
            var replica = start
            try replica.becomeReplica(device: name, key: "k" + name, block: XCTUnwrap(IDBlock(index: index)))
            devices.append(Device(replica, now: 1_795_000_000_000 + Int64(index) * 300))
        }
        let (a, b, c) = (devices[0], devices[1], devices[2])
        let rentID = [RecordReference(kind: .expense, id: "00000001")]
        try b.change { document in
            var edit = try RecordEdit()
            try edit.changeTags(add: ["家族"])
            _ = try document.edit(rentID, with: edit)
        }
        try c.fold(b)
        try c.change { _ = try $0[Expense.self].remove(ids: ["00000001"]) }  // knowing the tag
        try a.change { _ = try $0.edit(rentID, with: RecordEdit(amount: 81_000)) }  // not knowing the delete
        let bAndCFirst = try ReplicaFold.fold(a.document, with: ReplicaFold.fold(b.document, with: c.document))
        let aAndCFirst = try ReplicaFold.fold(ReplicaFold.fold(a.document, with: c.document), with: b.document)
        XCTAssertEqual(bAndCFirst.expenses.records, aAndCFirst.expenses.records)
        XCTAssertEqual(rent(bAndCFirst)?.amount, 81_000)
        XCTAssertEqual(rent(bAndCFirst)?.tags.sorted, ["家族"], "the values the delete knew, as the edit left them")
        XCTAssertEqual(ReplicaConflicts.list(in: bAndCFirst).map(\.field), [nil], "listed as an edit against a delete")
    }

    func testADeleteUndoneAgainstAnotherDevicesDelete_IsListed() throws {
        let (a, b) = try household()
        try a.change { _ = try $0[Expense.self].remove(ids: ["00000001"]) }
        try b.change { _ = try $0[Expense.self].remove(ids: ["00000001"]) }
        try b.change { _ = try $0.undoLastChange() }  // later than a's delete, without knowing it
        try a.fold(b)
        try b.fold(a)
        XCTAssertEqual(rent(a.document)?.amount, 80_000)
        XCTAssertEqual(a.document.expenses.records, b.document.expenses.records)
        XCTAssertEqual(ReplicaConflicts.list(in: a.document).map(\.field), [nil], "a's delete is listed")
        // b's own undo, knowing only its own delete, is no conflict.
        let (c, _) = try household()
        try c.change { _ = try $0[Expense.self].remove(ids: ["00000001"]) }
        try c.change { _ = try $0.undoLastChange() }
        XCTAssertTrue(ReplicaConflicts.list(in: c.document).isEmpty)
    }

    func testADeleteUndone_BringsTheRecordBackEverywhere() throws {
        let (a, b) = try household()
        try a.change { _ = try $0[Expense.self].remove(ids: ["00000001"]) }
        try b.fold(a)
        XCTAssertNil(rent(b.document))
        try a.change { _ = try $0.undoLastChange() }
        try b.fold(a)
        XCTAssertEqual(rent(b.document)?.amount, 80_000)
    }

    func testTheSameStatementRowOnBothDevices_EndsAsOneRecord() throws {
        let (a, b) = try household()
        for device in [a, b] {
            try device.change { document in
                _ = try document.expenses.add { id in
                    Expense(
                        id: id, name: "ｾﾌﾞﾝ", amount: 540, category: "食費", date: self.day,
                        source: "card:2026-11-02:ｾﾌﾞﾝ:540")
                }
            }
        }
        try a.fold(b)
        try b.fold(a)
        XCTAssertEqual(a.document.expenses.records.map(\.name), ["家賃", "ｾﾌﾞﾝ"])
        XCTAssertEqual(a.document.expenses.records, b.document.expenses.records)
        XCTAssertEqual(a.document.sync?.merged["expense:10000000"], "expense:00000002")
    }

    func testMoves_MergeAndOrdersStayOneToN() throws {
        let (a, b) = try household()
        try a.change { try $0.addExpense(name: "x", amount: 1, category: "c", date: day) }
        try a.change { try $0.addExpense(name: "y", amount: 1, category: "c", date: day) }
        try b.fold(a)
        try b.change { try $0[Expense.self].move(id: "00000003", to: 1) }
        try a.change { try $0.addExpense(name: "z", amount: 1, category: "c", date: day) }
        try a.fold(b)
        try b.fold(a)
        XCTAssertEqual(a.document.expenses.records.map(\.name), ["y", "家賃", "x", "z"])
        XCTAssertEqual(a.document.expenses.records, b.document.expenses.records)
    }

    func testRules_AddedAndMovedOnTwoDevices_AllStayInOneOrder() throws {
        let (a, b) = try household()
        func rule(_ pattern: String) throws -> Rule { try Rule(pattern: pattern, category: "c") }
        try a.change { _ = try $0.addRule(rule("セブン")) }
        try a.change { _ = try $0.addRule(rule("ローソン")) }
        try b.fold(a)
        try a.change { _ = try $0.addRule(rule("ＡＭＡＺＯＮ")) }
        try b.change { _ = try $0.addRule(rule("ドコモ"), at: 1) }
        try b.change { _ = try $0.moveRule(number: 3, to: 2) }  // ローソン before セブン
        try a.change { _ = try $0.deleteRule(number: 1) }  // セブン
        try a.fold(b)
        try b.fold(a)
        let patterns = a.document.rules.rules.map(\.pattern)
        XCTAssertEqual(patterns, ["ドコモ", "ローソン", "ＡＭＡＺＯＮ"], "every add kept, the move and the delete merged")
        XCTAssertEqual(b.document.rules.rules.map(\.pattern), patterns)
        XCTAssertTrue(ReplicaConflicts.list(in: a.document).isEmpty)
    }

    func testARuleEditedOnBothDevices_IsOneConflictSettledByTaking() throws {
        let (a, b) = try household()
        try a.change { _ = try $0.addRule(try Rule(pattern: "セブン", category: "食費")) }
        try b.fold(a)
        try a.change { document in
            _ = try document.deleteRule(number: 1)
            _ = try document.addRule(try Rule(pattern: "セブン", category: "コンビニ"))
        }
        try b.change { document in
            _ = try document.deleteRule(number: 1)
            _ = try document.addRule(try Rule(pattern: "セブン", category: "間食"))
        }
        try a.fold(b)
        let conflicts = ReplicaConflicts.list(in: a.document)
        XCTAssertEqual(conflicts.count, 1, "\(conflicts)")
        guard let conflict = conflicts.first else { return }
        try a.change { try ReplicaConflicts.resolve(conflict, by: .take(device: "a"), in: &$0, now: a.now) }
        try b.fold(a)
        XCTAssertEqual(b.document.rules.rules.map(\.category), ["コンビニ"])
        XCTAssertTrue(ReplicaConflicts.list(in: b.document).isEmpty)
    }

    func testImportedRowsDeletedOnTwoDevices_StayDeletedBoth() throws {
        var start = BudgetDocument()
        for row in ["card:1", "card:2"] {
            try start.expenses.add { id in
                Expense(id: id, name: row, amount: 100, category: "c", date: self.day, source: row)
            }
        }
        try start.becomeReplica(device: "a", key: "ka", block: .first)
        var joined = start
        try joined.becomeReplica(device: "b", key: "kb", block: XCTUnwrap(IDBlock(index: 1)))
        let a = Device(start, now: 1_795_000_000_000), b = Device(joined, now: 1_795_000_000_500)
        try a.change { _ = try $0.delete(incomes: [], expenses: ["00000001"]) }
        try b.change { _ = try $0.delete(incomes: [], expenses: ["00000002"]) }
        try a.fold(b)
        try b.fold(a)
        for device in [a, b] {
            XCTAssertEqual(device.document.expenses.count, 0)
            let rows = device.document[settings: ImportKeys.self][ImportKeys.deleted("2026-11")]
            XCTAssertEqual(rows?.settingText, "card:1;card:2", "both deletes are remembered")
            XCTAssertTrue(ReplicaConflicts.list(in: device.document).isEmpty)
        }
    }

    /// Accounts are settings (`account.<name>`) and a record's account a field: both merge by
    /// the fold with no code of their own.
    func testAccountsAddedOnTwoDevicesAndARecordsAccount_Merge() throws {
        let (a, b) = try household()
        try a.change { try $0.addAccount(Account(name: "楽天銀行", type: .bank, opening: 120_000)) }
        try b.change { try $0.addAccount(Account(name: "PayPay", type: .emoney)) }
        try a.fold(b)
        try b.fold(a)
        XCTAssertEqual(a.document.accounts.map(\.name), ["PayPay", "楽天銀行"])
        XCTAssertEqual(a.document.accounts, b.document.accounts)
        try b.change { try $0.setReconciled("楽天銀行", day: self.day, balance: 100_000) }
        try a.change {
            var edit = try RecordEdit()
            edit.set(try XCTUnwrap(SettableField.named("account")), to: .optionalText("楽天銀行"))
            _ = try $0.edit([RecordReference(kind: .expense, id: "00000001")], with: edit)
        }
        try a.fold(b)
        try b.fold(a)
        for device in [a, b] {
            XCTAssertEqual(rent(device.document)?.account, "楽天銀行")
            XCTAssertEqual(device.document.account(named: "楽天銀行")?.reconciled?.balance, 100_000)
            XCTAssertTrue(ReplicaConflicts.list(in: device.document).isEmpty)
        }
    }

    func testTransfersOnTwoDevices_AllStayWithTheirOwnIDs_AndAnAmountChangedBothWaysIsAConflict() throws {
        let (a, b) = try household()
        try a.change { try $0.addAccount(Account(name: "楽天銀行", type: .bank)) }
        try a.change { try $0.addAccount(Account(name: "財布", type: .cash)) }
        try b.fold(a)
        func transfer(_ amount: Int) -> RecordValues {
            var values = RecordValues()
            values["from"] = .text("楽天銀行")
            values["to"] = .text("財布")
            values["amount"] = .amount(amount)
            values["date"] = .day(day)
            return values
        }
        let first = try a.change { try $0.addTransfer(transfer(10_000)) }
        let second = try b.change { try $0.addTransfer(transfer(5000)) }
        XCTAssertNotEqual(first.id, second.id, "each device hands out IDs of its own block")
        try a.fold(b)
        try b.fold(a)
        XCTAssertEqual(a.document.transfers.records.map(\.amount).sorted(), [5000, 10_000])
        XCTAssertEqual(a.document.transfers.records, b.document.transfers.records)
        XCTAssertEqual(try AccountBalances(a.document).row("財布")?.balance, 15_000)
        var cheaper = try RecordEdit()
        try cheaper.setAmount(9000)
        var dearer = try RecordEdit()
        try dearer.setAmount(11_000)
        let reference = RecordReference(kind: .transfer, id: first.id)
        try a.change { _ = try $0.edit([reference], with: cheaper) }
        try b.change { _ = try $0.edit([reference], with: dearer) }
        try a.fold(b)
        try b.fold(a)
        XCTAssertEqual(a.document.transfers.records, b.document.transfers.records, "both keep the later")
        XCTAssertEqual(a.document.transfers.record(id: first.id)?.amount, 9000, "a's clock is ahead: it changed more")
        let conflicts = ReplicaConflicts.list(in: a.document)
        XCTAssertEqual(conflicts.map(\.field), ["amount"])
        XCTAssertEqual(conflicts.first?.subject, .record(.transfer, id: first.id))
    }

    /// Members (issue #30) merge like every field and setting: a member added on each device,
    /// a payer set on one and a split on the other merge field by field, a share set on both is
    /// a conflict, and a settlement recorded on one settles the merged balances.
    func testMembersOnTwoDevices_MergeFieldByField_AndASettlementSettlesBoth() throws {
        let (a, b) = try household()
        try a.change { try $0.addMember("夫") }
        try b.change { try $0.addMember("妻") }
        try a.fold(b)
        try b.fold(a)
        XCTAssertEqual(a.document.members.map(\.name), ["夫", "妻"])
        var values = RecordValues()
        values["name"] = .text("本")
        values["amount"] = .amount(3000)
        values["date"] = .day(day)
        let book = try a.change { try $0.add(Expense.self, values) }
        try b.fold(a)
        let reference = RecordReference(kind: .expense, id: book.id)
        var payer = try RecordEdit()
        payer.set(try XCTUnwrap(SettableField.named("paid_by")), to: .optionalText("妻"))
        var split = try RecordEdit()
        split.set(try XCTUnwrap(SettableField.named("split")), to: .optionalText("夫=1"))
        try a.change { _ = try $0.edit([reference], with: payer) }
        try b.change { _ = try $0.edit([reference], with: split) }
        try a.change { try $0.setShare(of: "食費", to: Split(typed: "夫=6,妻=4")) }
        try b.change { try $0.setShare(of: "食費", to: Split(typed: "夫=1,妻=1")) }
        try a.fold(b)
        try b.fold(a)
        for device in [a, b] {
            let merged = try XCTUnwrap(device.document.expenses.record(id: book.id))
            XCTAssertEqual([merged.paidBy, merged.split], ["妻", "夫=1"], "each device's field is kept")
            let settlement = try Settlement(device.document, period: .all)
            XCTAssertEqual(settlement.rows.map(\.balance), [-3000, 3000])
        }
        XCTAssertEqual(ReplicaConflicts.list(in: a.document).count, 1, "the share set both ways")
        try a.change { _ = try $0.recordSettlement(try Settlement($0, period: .all), on: day) }
        try b.fold(a)
        XCTAssertEqual(try Settlement(b.document, period: .all).rows.map(\.balance), [0, 0])
    }

    func testOneSettlementOrAdjustmentRecordedOnBothDevices_IsCountedOnce() throws {
        let (a, b) = try household()
        let november = DateRange(from: day, to: Day(iso: "2026-11-30"))
        try a.change { document in
            try document.addMember("夫")
            try document.addMember("妻")
            _ = try document.addAccount(Account(name: "財布", type: .cash, opening: 10_000))
            var payer = try RecordEdit()
            payer.set(try XCTUnwrap(SettableField.named("paid_by")), to: .optionalText("夫"))
            _ = try document.edit([RecordReference(kind: .expense, id: "00000001")], with: payer)
        }
        try b.fold(a)
        // Offline, each device settles the month and checks the wallet against the same 9,700.
        for device in [a, b] {
            try device.change { _ = try $0.recordSettlement(try Settlement($0, period: november), on: self.day) }
            try device.change { _ = try $0.reconcile("財布", balance: 9_700, on: self.day, adjust: true) }
        }
        try a.fold(b)
        try b.fold(a)
        for device in [a, b] {
            let transfers = device.document.transfers.records
            XCTAssertEqual(transfers.map(\.amount), [40_000, 300], "one payment, one adjustment")
            XCTAssertEqual(try Settlement(device.document, period: november).rows.map(\.balance), [0, 0])
            XCTAssertEqual(try AccountBalances(device.document, through: day).row("財布")?.balance, 9_700)
        }
        XCTAssertEqual(a.document.transfers.records, b.document.transfers.records)
        XCTAssertEqual(ReplicaConflicts.list(in: a.document), [])
        // The device whose copy the fold let go cannot undo it, and says which record it is now.
        var undoing = b.document
        XCTAssertThrowsError(try undoing.undoLastChange()) { error in
            guard case .undoJoined(_, let record, let kept)? = error as? BudgetError else { return XCTFail("\(error)") }
            XCTAssertEqual(record.kind, .transfer)
            XCTAssertEqual(b.document.following(record), kept)
            XCTAssertEqual(b.document.transfers.records.last?.id, kept.id, "the adjustment kept")
            XCTAssertEqual(
                (error as? BudgetError)?.errorDescription,
                "cannot undo 'reconcile 財布 on 2026-11-01 at 9700 (残高調整 300)': transfer \(record.id) is transfer "
                    + "\(kept.id) now, which another device recorded too; change or delete transfer \(kept.id) instead")
        }

        // A second settlement of the month on one device (after another expense) is another payment.
        try a.change { document in
            var values = RecordValues()
            values["name"] = .text("本")
            values["amount"] = .amount(2_000)
            values["date"] = .day(self.day)
            values["paid_by"] = .optionalText("妻")
            _ = try document.add(Expense.self, values)
            _ = try document.recordSettlement(try Settlement(document, period: november), on: self.day)
        }
        try b.fold(a)
        XCTAssertEqual(b.document.transfers.records.map(\.amount), [40_000, 300, 1_000])
        XCTAssertEqual(
            b.document.transfers.records.compactMap(\.source).last?.split(separator: " ").dropLast(),
            ["精算", "2026-11-01..2026-11-30", "#2", "夫→妻", "1000"], "the month's second settlement")
        XCTAssertEqual(DerivedSource.twins(of: .settlement, among: b.document.transfers.records).count, 0)

        // The month's next settlement worked out from other records (each device had an expense
        // the other had not seen) stays two payments, found as twins to be said: for other
        // amounts, and for the same amount too.
        for (device, amount) in [(a, 500), (b, 700), (a, 600), (b, 600)] {
            try device.change { document in
                var values = RecordValues()
                values["name"] = .text("花")
                values["amount"] = .amount(amount)
                values["date"] = .day(self.day)
                values["paid_by"] = .optionalText("夫")
                _ = try document.add(Expense.self, values)
                _ = try document.recordSettlement(try Settlement(document, period: november), on: self.day)
            }
        }
        try a.fold(b)
        try b.fold(a)
        XCTAssertEqual(a.document.transfers.records, b.document.transfers.records)
        XCTAssertEqual(a.document.transfers.records.map(\.amount), [40_000, 300, 1_000, 250, 300, 350, 300])
        let twins = DerivedSource.twins(of: .settlement, among: a.document.transfers.records)
        XCTAssertEqual(twins.map { $0.map(\.amount) }, [[40_000, 1_000, 250, 300, 350, 300]], "the month's, all")
        let ids = twins[0].map(\.id)
        XCTAssertEqual(
            DerivedSource.twinsMessage(Array(twins[0][2...3]), of: .settlement, money: a.document.moneyFormat),
            "transfers \(ids[2]) (#3, 妻 to 夫: 250) and \(ids[3]) (#4, 妻 to 夫: 300) settle "
                + "2026-11-01..2026-11-30, worked out on devices that had not seen the same records: delete any that "
                + "was not paid")
        XCTAssertEqual(
            DerivedSource.newTwinsMessages(in: a.document, since: a.document), [], "said once, when they meet")
    }

    func testAScheduleRecordedOnTwoDevicesThroughDifferentDays_IsNoConflict() throws {
        let (a, b) = try household()
        let rent = try Schedule(
            kind: .expense, name: "家賃", amount: 80_000, category: "住居",
            recurrence: Recurrence(.month, on: .dayOfMonth(25), from: XCTUnwrap(Day(iso: "2026-09-25"))))
        let id = try a.change { try $0.addSchedule(rent) }
        try b.fold(a)
        try a.change { _ = try $0.recordDueOccurrences(through: XCTUnwrap(Day(iso: "2026-10-31"))) }
        try b.change { _ = try $0.recordDueOccurrences(through: XCTUnwrap(Day(iso: "2026-11-30"))) }
        try a.fold(b)
        try b.fold(a)
        for device in [a, b] {
            XCTAssertTrue(ReplicaConflicts.list(in: device.document).isEmpty, "what each recorded counts")
            let schedule = device.document[settings: RecurKeys.self][RecurKeys.schedule(id)]
            XCTAssertEqual(schedule?.recordedThrough, Day(iso: "2026-11-25"), "the later device's progress")
            let marks = device.document.expenses.records.compactMap(\.schedule)
            XCTAssertEqual(marks.count, Set(marks).count, "each occurrence once")
            XCTAssertEqual(marks.count, 3, "September, October and November")
        }
    }
}
