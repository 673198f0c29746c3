import Foundation
import XCTest

/// One budget on two machines (issue #28), through the built binary: two folders stand for two
/// offline machines, each with its own `XDG_STATE_HOME`, and a sync copies each device's own
/// replica into the other folder (`cp -p`, as a sync tool keeps the time). The scenario,
/// conflicts and their settling, a statement and a schedule recorded on both devices, a foreign
/// machine refused, a plain file becoming a replica unchanged, a Syncthing conflict copy, git's
/// merge driver, and usage errors.
final class TwoDevicesEndToEndTests: XCTestCase {
    private var scratch: BudgetProcess!
    private var laptop: Machine!
    private var desk: Machine!

    /// A machine: its folder (`a/` or `b/`, holding `budget.json`) and its own state home.
    struct Machine {
        let scratch: BudgetProcess
        let folder: String
        let state: String
        /// The device's own replica's name, once it is a device.
        var replica = "budget.json"

        var directory: URL { scratch.directory.appendingPathComponent(folder) }
        var dataFile: URL { directory.appendingPathComponent("budget.json") }
        var environment: [String: String] {
            [
                "XDG_STATE_HOME": scratch.directory.appendingPathComponent(state).path,
                "BUDGET_FILE": dataFile.path,
            ]
        }

        func run(_ arguments: String..., today: String? = nil) throws -> BudgetProcess.Result {
            var extra = environment
            if let today { extra["BUDGET_TODAY"] = today }
            return try scratch.run(arguments, environment: extra)
        }

        /// Runs a step the test relies on, and fails the test unless it exits 0.
        @discardableResult
        func succeed(
            _ arguments: String..., today: String? = nil, file: StaticString = #filePath, line: UInt = #line
        ) throws -> BudgetProcess.Result {
            var extra = environment
            if let today { extra["BUDGET_TODAY"] = today }
            let result = try scratch.run(arguments, environment: extra)
            XCTAssertEqual(result.code, 0, "\(folder): budget \(arguments): \(result.stderr)", file: file, line: line)
            return result
        }

        /// `list expenses` read by column name.
        func expenses(file: StaticString = #filePath, line: UInt = #line) throws -> Listing {
            Listing(tsv: try succeed("list", "expenses", "--format", "tsv", file: file, line: line).stdout)
        }

        /// Every file in the folder with its bytes.
        func snapshot() -> [String: Data] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            var result: [String: Data] = [:]
            for name in names { result[name] = try? Data(contentsOf: directory.appendingPathComponent(name)) }
            return result
        }
    }

    override func setUpWithError() throws {
        scratch = try BudgetProcess()
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(
                at: scratch.directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        laptop = Machine(scratch: scratch, folder: "a", state: "state-laptop")
        desk = Machine(scratch: scratch, folder: "b", state: "state-desk")
    }

    /// Copies `from`'s own replica into `to`'s folder, keeping its time.
    private func copy(_ from: Machine, to: Machine, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try scratch.shell("cp -p '\(from.folder)/\(from.replica)' '\(to.folder)/'")
        XCTAssertEqual(result.code, 0, result.stderr, file: file, line: line)
    }

    /// Both ways, laptop's first or desk's first.
    private func sync(deskFirst: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws {
        if deskFirst {
            try copy(desk, to: laptop, file: file, line: line)
            try copy(laptop, to: desk, file: file, line: line)
        } else {
            try copy(laptop, to: desk, file: file, line: line)
            try copy(desk, to: laptop, file: file, line: line)
        }
    }

    /// The laptop's budget as `setUp` leaves it, plus `prepare`'s changes, made the first device;
    /// the desk joined from a copy of the folder; the desk's replica synced back.
    private func twoDevices(_ prepare: (Machine) throws -> Void = { _ in }) throws {
        try prepare(laptop)
        try laptop.succeed("device", "init", "laptop")
        try copy(laptop, to: desk)
        let joined = try desk.succeed("device", "join", "desk")
        XCTAssertEqual(
            joined.stderr, "This machine is now device 'desk' of the budget; its replica is "
                + desk.directory.appendingPathComponent("budget.desk.json").path + ".\n")
        desk.replica = "budget.desk.json"
        try copy(desk, to: laptop)
    }

    /// The rows of both machines' `list expenses`, which must be the same.
    private func sameExpenses(file: StaticString = #filePath, line: UInt = #line) throws -> Listing {
        let mine = try laptop.expenses(file: file, line: line), theirs = try desk.expenses(file: file, line: line)
        XCTAssertEqual(mine.rows, theirs.rows, file: file, line: line)
        return mine
    }

    // MARK: The scenario

    func testScenario_BothDevicesChangeOfflineAndEndTheSame() throws {
        try twoDevices { laptop in
            try laptop.succeed("config", "set", "display.currency", "JPY")
            try laptop.succeed("add", "expense", "家賃", "80,000", "--category", "住居", "--date", "2026-11-01")
        }
        // Offline.
        XCTAssertEqual(try laptop.succeed("add", "expense", "スーパー", "4,200", "--date", "2026-11-02").stdout,
                       "00000002\n")
        try laptop.succeed("edit", "expense", "00000001", "--note", "11月分")
        XCTAssertEqual(try desk.succeed("add", "expense", "ドラッグストア", "1,800", "--date", "2026-11-03").stdout,
                       "60000000\n")
        try desk.succeed("edit", "expense", "00000001", "--amount", "82,000")

        let expected: [[String: String]] = [
            ["id": "00000001", "order": "1", "date": "2026-11-01", "name": "家賃", "category": "住居",
             "amount": "82000", "note": "11月分"],
            ["id": "00000002", "order": "2", "date": "2026-11-02", "name": "スーパー", "category": "uncategorized",
             "amount": "4200"],
            ["id": "60000000", "order": "3", "date": "2026-11-03", "name": "ドラッグストア",
             "category": "uncategorized", "amount": "1800"],
        ]
        // Synced in either order, any number of times, with commands between.
        for round in 0..<4 {
            try sync(deskFirst: round % 2 == 1)
            let listing = try sameExpenses()
            XCTAssertEqual(listing.rows, listing.blankFilled(expected), "round \(round)")
            XCTAssertEqual(Set(listing.column("id")).count, 3)
            for machine in [laptop!, desk!] {
                let conflicts = try machine.succeed("conflicts")
                XCTAssertEqual(conflicts.stdout, "")
                XCTAssertEqual(conflicts.stderr, "No conflicts between devices.\n")
            }
            let exports = try [laptop!, desk!].map { try $0.succeed("export", "--format", "json").stdout }
            XCTAssertEqual(exports[0], exports[1], "round \(round)")
        }
        // Each device wrote only its own replica; each knows the other.
        let devices = Listing(tsv: try laptop.succeed("devices", "--format", "tsv").stdout)
        XCTAssertEqual(devices.column("device"), ["laptop", "desk"])
        XCTAssertEqual(devices.column("replica"), ["budget.json", "budget.desk.json"])
        XCTAssertEqual(devices.column("this"), ["yes", ""])
    }

    // MARK: Conflicts

    /// Both devices set one field offline.
    private func conflictOnTheName() throws {
        try twoDevices { try $0.succeed("add", "expense", "家賃", "80000", "--date", "2026-11-01") }
        try laptop.succeed("edit", "expense", "00000001", "--name", "Rent-laptop")
        try desk.succeed("edit", "expense", "00000001", "--name", "Rent-desk")
        try sync()
        try sync(deskFirst: true)
    }

    func testConflict_BothKeepOneValueAndListBoth_TakeSettlesItEverywhere() throws {
        try conflictOnTheName()
        let shown = try sameExpenses().column("name")
        XCTAssertEqual(shown.count, 1)
        XCTAssertTrue(["Rent-laptop", "Rent-desk"].contains(shown[0]), "\(shown)")
        for machine in [laptop!, desk!] {
            let listed = try machine.succeed("conflicts", "--format", "tsv")
            let conflicts = Listing(tsv: listed.stdout)
            XCTAssertEqual(conflicts.header, ["number", "subject", "field", "device", "value", "changed", "shown"])
            XCTAssertEqual(conflicts.column("number"), ["1", "1"])
            XCTAssertEqual(Set(conflicts.column("device")), ["laptop", "desk"])
            XCTAssertEqual(Set(conflicts.column("value")), ["Rent-laptop", "Rent-desk"])
            XCTAssertEqual(conflicts.column("field"), ["name", "name"])
            XCTAssertEqual(conflicts.column("subject"), Array(repeating: "expense 00000001 (\(shown[0]))", count: 2))
            // The one shown is the value the listing shows.
            let shownRow = try XCTUnwrap(conflicts.rows.first { $0["shown"] == "yes" })
            XCTAssertEqual(shownRow["value"], shown[0])
            XCTAssertEqual(listed.stderr, "", "conflicts does not warn of the conflicts it lists")
            let other = try machine.succeed("list", "expenses")
            XCTAssertEqual(
                other.stderr,
                "budget: warning: 1 change made on two devices conflicts; 'budget conflicts' lists them\n")
        }

        let settled = try desk.succeed("conflicts", "resolve", "1", "--take", "laptop")
        XCTAssertEqual(settled.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("Settled") },
                       ["Settled conflict 1 (name); every device takes it."])
        try sync(deskFirst: true)
        XCTAssertEqual(try sameExpenses().column("name"), ["Rent-laptop"])
        for machine in [laptop!, desk!] {
            let conflicts = try machine.succeed("conflicts")
            XCTAssertEqual(conflicts.stderr, "No conflicts between devices.\n")
            XCTAssertFalse(try machine.succeed("list", "expenses").stderr.contains("warning"))
        }
    }

    func testConflict_ValueTypedSettlesAFieldAndASetting() throws {
        try twoDevices { try $0.succeed("add", "expense", "家賃", "80000", "--date", "2026-11-01") }
        try laptop.succeed("edit", "expense", "00000001", "--amount", "81000")
        try desk.succeed("edit", "expense", "00000001", "--amount", "82000")
        try laptop.succeed("config", "set", "budget.limit.food", "1000")
        try desk.succeed("config", "set", "budget.limit.food", "2000")
        try sync()
        let conflicts = Listing(tsv: try laptop.succeed("conflicts", "--format", "tsv").stdout)
        XCTAssertEqual(conflicts.column("number"), ["1", "1", "2", "2"])
        XCTAssertEqual(conflicts.column("subject").last, "setting budget.limit.food")
        XCTAssertEqual(Set(conflicts.column("value")), ["81,000", "82,000", "1000", "2000"])

        let amount = try laptop.succeed("conflicts", "resolve", "1", "--value", "83,000")
        XCTAssertTrue(amount.stderr.hasSuffix("Settled conflict 1 (amount); every device takes it.\n"), amount.stderr)
        let limit = try laptop.succeed("conflicts", "resolve", "1", "--value", "3000")
        XCTAssertTrue(
            limit.stderr.hasSuffix("Settled conflict 1 (budget.limit.food); every device takes it.\n"), limit.stderr)
        try sync()
        XCTAssertEqual(try sameExpenses().column("amount"), ["83000"])
        for machine in [laptop!, desk!] {
            XCTAssertEqual(try machine.succeed("config", "get", "budget.limit.food").stdout, "3000\n")
            XCTAssertEqual(try machine.succeed("conflicts").stderr, "No conflicts between devices.\n")
        }
        // One undo step each on the device that settled them.
        let history = try laptop.succeed("history").stdout
        XCTAssertEqual(history.components(separatedBy: "resolve conflict 1").count - 1, 2, history)
    }

    // MARK: The same rows on both devices

    func testStatement_ImportedOnBothDevicesIsOneRecordEach() throws {
        try twoDevices()
        let statement = """
            "利用日","利用店名・商品名","利用者","支払方法","利用金額"
            "2026/11/03","ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ","本人","1回払い","150"
            "2026/11/03","ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ","本人","1回払い","150"
            "2026/11/05","ＡＭＡＺＯＮ．ＣＯ．ＪＰ","本人","1回払い","1,200"

            """
        try Data(statement.utf8).write(to: scratch.directory.appendingPathComponent("card.csv"))
        let path = scratch.directory.appendingPathComponent("card.csv").path
        for machine in [laptop!, desk!] {
            XCTAssertEqual(
                try machine.succeed("import", path).stderr,
                "Imported 3 expenses from a Rakuten Card statement (expenses filed 3 under the default category).\n")
        }
        try sync()
        XCTAssertEqual(try sameExpenses().column("name"), ["ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", "ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ"])
        // Both go on changing: the files they write stay readable, and the rows stay one each.
        try laptop.succeed("add", "expense", "coffee", "300", "--date", "2026-11-06")
        try desk.succeed("add", "expense", "tea", "200", "--date", "2026-11-07")
        try sync(deskFirst: true)
        XCTAssertEqual(try sameExpenses().column("name"),
                       ["ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", "ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", "coffee", "tea"])
        for machine in [laptop!, desk!] {
            XCTAssertEqual(try machine.run("import", path).stderr,
                           "Imported nothing from a Rakuten Card statement (3 rows already there).\n")
            XCTAssertEqual(try machine.run("check").code, 0)
        }
        // The desk's IDs of those rows went away: each names the laptop's record now.
        let shown = try desk.succeed("show", "expense", "60000002", "--format", "tsv")
        XCTAssertEqual(Listing(tsv: shown.stdout).column("id"), ["00000003"])
        XCTAssertEqual(
            shown.stderr,
            "budget: warning: expense 60000002 is expense 00000003 now: both devices recorded the same statement row "
                + "or schedule occurrence\n")
        try desk.succeed("edit", "expense", "60000002", "--note", "通販")
        XCTAssertEqual(try desk.expenses().rows.first { $0["id"] == "00000003" }?["note"], "通販")
    }

    func testSchedule_RecordedOnBothDevicesIsOneRecord() throws {
        try twoDevices()
        try laptop.succeed(
            "recur", "add", "expense", "家賃", "80000", "--every", "month", "--on", "25", "--from", "2026-11-25",
            today: "2026-11-01")
        try sync()
        // Offline on the 26th, each records the rent when it changes something (recur.auto).
        try laptop.succeed("add", "expense", "coffee", "300", today: "2026-11-26")
        try desk.succeed("add", "expense", "tea", "200", today: "2026-11-26")
        try sync()
        let listing = try sameExpenses()
        XCTAssertEqual(listing.column("name").filter { $0 == "家賃" }.count, 1, "\(listing)")
        XCTAssertEqual(listing.column("schedule").filter { !$0.isEmpty }, ["00000001@2026-11-25"])
        // Later changes on both still read, and the rent stays one.
        try laptop.succeed("add", "expense", "x", "1", today: "2026-11-27")
        try desk.succeed("add", "expense", "y", "1", today: "2026-11-27")
        try sync(deskFirst: true)
        XCTAssertEqual(try sameExpenses().column("name").filter { $0 == "家賃" }.count, 1)
        for machine in [laptop!, desk!] { XCTAssertEqual(try machine.run("check").code, 0) }
    }

    func testSettlement_RecordedOnBothDevicesIsOnePayment_AndOtherAmountsAreSaid() throws {
        try twoDevices { laptop in
            try laptop.succeed("member", "add", "夫")
            try laptop.succeed("member", "add", "妻")
            try laptop.succeed("add", "expense", "家賃", "100000", "--paid-by", "夫", "--date", "2026-11-27")
        }
        // Offline, both settle November: one payment, 50,000.
        try laptop.succeed("settle", "--month", "2026-11", "--record", today: "2026-11-30")
        try desk.succeed("settle", "--month", "2026-11", "--record", today: "2026-11-30")
        try sync()
        for machine in [laptop!, desk!] {
            let transfers = try machine.succeed("list", "transfers", "--format", "tsv").stdout
            XCTAssertEqual(transfers.split(separator: "\n").count, 2, transfers)
            XCTAssertEqual(try machine.succeed("settle", "--month", "2026-11").stderr, "Everyone is settled.\n")
        }
        // Offline again, each sees another expense and settles it: two payments, said.
        try laptop.succeed("add", "expense", "薬", "4000", "--paid-by", "夫", "--date", "2026-11-28")
        try laptop.succeed("settle", "--month", "2026-11", "--record", today: "2026-11-30")
        try desk.succeed("add", "expense", "本", "3000", "--paid-by", "夫", "--date", "2026-11-28")
        try desk.succeed("settle", "--month", "2026-11", "--record", today: "2026-11-30")
        try copy(desk, to: laptop)
        let warning = "budget: warning: transfers 00000001 (#1, 妻 to 夫: 50,000), 00000002 (#2, 妻 to 夫: 2,000) and "
            + "60000001 (#2, 妻 to 夫: 1,500) settle 2026-11-01..2026-11-30, worked out on devices that had not seen "
            + "the same records: delete any that was not paid"
        let folded = try laptop.succeed("list", "transfers", "--format", "tsv")
        XCTAssertEqual(folded.stderr, warning + "\n", "said when the fold brings them together")
        XCTAssertEqual(folded.stdout.split(separator: "\n").count, 4, folded.stdout)
        let settle = try laptop.succeed("settle", "--month", "2026-11")
        XCTAssertTrue(settle.stderr.contains(warning + " (budget delete transfer <id>)\n"), settle.stderr)
        XCTAssertEqual(try laptop.succeed("list", "transfers").stderr, "", "said once by the fold")
        let conflicts = try laptop.succeed("conflicts")
        XCTAssertEqual(
            conflicts.stderr, "No conflicts between devices.\n" + warning + " (budget delete transfer <id>)\n")
    }

    // MARK: A machine that is not the device

    func testForeignMachine_IsRefusedAndNothingChanges() throws {
        try twoDevices { try $0.succeed("add", "expense", "家賃", "80000", "--date", "2026-11-01") }
        let stranger = Machine(scratch: scratch, folder: "a", state: "state-stranger")
        let before = laptop.snapshot()
        let refusal = """
            budget: error: budget.json is the replica of device 'laptop', and this machine is not that device \
            (a copied folder or a restored backup?); nothing was changed; 'budget device join <name>' makes this \
            machine a new device of the budget

            """
        let commands: [[String]] = [
            ["list", "expenses"], ["export", "--format", "json"], ["history"], ["conflicts"], ["devices"],
            ["add", "expense", "z", "1"], ["edit", "expense", "00000001", "--note", "x"], ["undo"],
            ["config", "set", "display.currency", "JPY"], ["recur", "run"],
            ["merge", laptop.directory.appendingPathComponent("budget.desk.json").path],
        ]
        for arguments in commands {
            let result = try scratch.run(arguments, environment: stranger.environment)
            XCTAssertEqual(result.code, 65, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr, refusal, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
        XCTAssertEqual(laptop.snapshot(), before, "byte for byte unchanged, nothing made beside")

        // A copy of the folder on the laptop itself is not the laptop's replica either.
        try scratch.shell("cp -rp a copy")
        let copied = try scratch.run(
            ["add", "expense", "z", "1"],
            environment: laptop.environment.merging(["BUDGET_FILE": scratch.directory.path + "/copy/budget.json"]) {
                $1
            })
        XCTAssertEqual(copied.code, 65)
        XCTAssertEqual(copied.stderr, refusal)
    }

    // MARK: A plain file becomes a replica

    func testMigration_DeviceInitKeepsIDsOrdersAndHistory() throws {
        for (name, amount, day) in [("a", "100", "01"), ("b", "200", "02"), ("c", "300", "03"), ("d", "400", "04")] {
            try laptop.succeed("add", "expense", name, amount, "--date", "2026-11-\(day)")
        }
        try laptop.succeed("add", "income", "salary", "300000", "--date", "2026-11-25")
        try laptop.succeed("edit", "expense", "00000002", "--note", "hi")
        try laptop.succeed("move", "expense", "00000004", "1")
        try laptop.succeed("delete", "expense", "00000001")
        let views: [[String]] = [
            ["export", "--format", "json"], ["history"], ["history", "--format", "tsv"],
            ["list", "all", "--format", "tsv"],
        ]
        let before = try views.map { try scratch.run($0, environment: laptop.environment).stdout }
        XCTAssertEqual(try laptop.expenses().column("id"), ["00000004", "00000002", "00000003"])

        let made = try laptop.succeed("device", "init", "laptop")
        XCTAssertEqual(made.stderr, """
            This machine is now device 'laptop', and \(laptop.dataFile.path) its replica. On another machine that \
            has the folder, run 'budget device join <name>'.

            """)
        let after = try views.map { try scratch.run($0, environment: laptop.environment).stdout }
        XCTAssertEqual(after, before)
        XCTAssertEqual(try laptop.run("check").code, 0)
        // Undo still undoes the delete, as before.
        try laptop.succeed("undo")
        XCTAssertEqual(try laptop.expenses().column("id"), ["00000004", "00000001", "00000002", "00000003"])
    }

    // MARK: A sync tool's conflict copy

    func testSyncthingConflictCopy_WarnsOnceUntilMerged() throws {
        try twoDevices { try $0.succeed("add", "expense", "家賃", "80000", "--date", "2026-11-01") }
        // The desk's replica as the laptop's folder holds it, and a conflict copy of it holding a
        // later change of the desk's.
        try desk.succeed("add", "expense", "desk", "300", "--date", "2026-11-03")
        let name = "budget.desk.sync-conflict-20261128-101010-ABCDEFG.json"
        let copy = laptop.directory.appendingPathComponent(name)
        try scratch.shell("cp -p b/budget.desk.json a/\(name)")
        try laptop.succeed("add", "expense", "ours", "200", "--date", "2026-11-02")
        // Syncthing's copy of the lock file is no copy of the budget.
        let lockCopy = "budget.json.sync-conflict-20261128-101010-X.lock"
        try Data().write(to: laptop.directory.appendingPathComponent(lockCopy))

        let warning = "budget: warning: a sync tool left a conflict copy beside the data file: \(copy.path); "
            + "'budget merge' folds it in\n"
        let listed = try laptop.succeed("list", "expenses", "--format", "ids")
        XCTAssertEqual(listed.stderr, warning)
        XCTAssertEqual(listed.stdout, "00000001\n00000002\n")
        let added = try laptop.succeed("add", "expense", "tea", "100", "--date", "2026-11-04")
        XCTAssertEqual(added.stderr.components(separatedBy: warning).count, 2, "once: \(added.stderr)")

        let merged = try laptop.succeed("merge", copy.path)
        XCTAssertTrue(
            merged.stderr.hasSuffix("Merged \(copy.path) and renamed it \(copy.path).merged.\n"), merged.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy.path + ".merged"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy.path))
        let after = try laptop.succeed("list", "expenses", "--format", "tsv")
        XCTAssertEqual(after.stderr, "")
        XCTAssertEqual(Listing(tsv: after.stdout).column("name"), ["家賃", "ours", "tea", "desk"])
        XCTAssertEqual(try laptop.run("check").code, 0)
        try sync()
        XCTAssertEqual(try sameExpenses().column("name"), ["家賃", "ours", "tea", "desk"])
    }

    func testSyncthingConflictCopy_OfAPlainFileMergesThreeWay() throws {
        try laptop.succeed("add", "expense", "家賃", "80000", "--date", "2026-11-01")
        let name = "budget.sync-conflict-20261128-101010-ABCDEFG.json"
        try scratch.shell("cp -p a/budget.json a/\(name)")
        try scratch.run(
            ["add", "expense", "theirs", "300", "--date", "2026-11-03"],
            environment: ["BUDGET_FILE": laptop.directory.appendingPathComponent(name).path])
        try laptop.succeed("add", "expense", "ours", "200", "--date", "2026-11-02")
        let copy = laptop.directory.appendingPathComponent(name).path
        let merged = try laptop.succeed("merge", copy)
        XCTAssertTrue(
            merged.stderr.contains("budget: warning: their expense 00000002 is now 00000003\n"), merged.stderr)
        XCTAssertEqual(try laptop.expenses().column("name"), ["家賃", "ours", "theirs"])
        XCTAssertEqual(try laptop.succeed("list", "expenses").stderr, "")
        XCTAssertEqual(try laptop.run("check").code, 0)
    }

    func testMerge_OfFilesThatShareNoStateIsRefused() throws {
        try laptop.succeed("add", "expense", "家賃", "80000", "--date", "2026-11-01")
        let other = scratch.directory.appendingPathComponent("other.json").path
        try scratch.shell("cp -p a/budget.json other.json")
        try scratch.run(["add", "expense", "theirs", "1"], environment: ["BUDGET_FILE": other])
        try scratch.run(["history", "clear"], environment: ["BUDGET_FILE": other])
        try laptop.succeed("add", "expense", "ours", "2")
        try laptop.succeed("history", "clear")
        let before = laptop.snapshot()
        let refused = try laptop.run("merge", other)
        XCTAssertEqual(refused.code, 65)
        XCTAssertEqual(refused.stderr, """
            budget: error: the two files share no earlier state (their undo histories meet nowhere), so a merge \
            cannot tell an addition from a deletion; nothing was changed

            """)
        XCTAssertEqual(laptop.snapshot(), before)
        // A replica and a file without devices do not merge either.
        try laptop.succeed("device", "init", "laptop")
        let mixed = try laptop.run("merge", other)
        XCTAssertEqual(mixed.code, 65)
        XCTAssertEqual(mixed.stderr, """
            budget: error: one file is the replica of a device and the other has no devices; they cannot be merged

            """)
    }

    // MARK: git

    /// Runs git in `directory` (under the scratch directory), failing the test unless it exits 0.
    @discardableResult
    private func git(
        _ directory: String, _ arguments: String, expect code: Int32 = 0, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> BudgetProcess.Result {
        let result = try scratch.shell("cd '\(directory)' && git \(arguments)", environment: [
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@example.com", "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0",
        ])
        XCTAssertEqual(result.code, code, "git \(arguments): \(result.stdout)\(result.stderr)", file: file, line: line)
        return result
    }

    /// Two clones of a bare repository holding a plain budget.json with one record, each with the
    /// merge driver configured.
    private func twoClones() throws -> (Machine, Machine) {
        _ = try Peer.require("git", for: "to merge budget files with the merge driver")
        try git(".", "init -q --bare remote.git")
        try git(".", "clone -q remote.git one")
        try git("one", "checkout -q -b main")
        let driver = "\(BudgetProcess.binary.path) merge-driver %O %A %B"
        let attributes = scratch.directory.appendingPathComponent("one/.gitattributes")
        try Data("budget.json merge=budget\n".utf8).write(to: attributes)
        let one = Machine(scratch: scratch, folder: "one", state: "state-one")
        try one.succeed("add", "expense", "家賃", "80000", "--date", "2026-11-01")
        try git("one", "config merge.budget.driver '\(driver)'")
        try Data("budget.json.lock\n".utf8).write(to: scratch.directory.appendingPathComponent("one/.gitignore"))
        try git("one", "add budget.json .gitattributes .gitignore")
        try git("one", "commit -q -m start")
        try git("one", "push -q origin main")
        try git(".", "clone -q -b main remote.git two")
        try git("two", "config merge.budget.driver '\(driver)'")
        return (one, Machine(scratch: scratch, folder: "two", state: "state-two"))
    }

    func testGit_PullMergesThroughTheDriver() throws {
        let (one, two) = try twoClones()
        try two.succeed("add", "expense", "two", "1", "--date", "2026-11-02")
        try two.succeed("edit", "expense", "00000001", "--note", "11月分")
        try git("two", "commit -q -am two")
        try git("two", "push -q origin main")
        try one.succeed("add", "expense", "one", "2", "--date", "2026-11-03")
        try git("one", "commit -q -am one")
        let pulled = try git("one", "pull -q --no-rebase origin main")
        XCTAssertTrue(pulled.stderr.contains("budget: warning: their expense 00000002 is now 00000003"), pulled.stderr)
        let listing = try one.expenses()
        XCTAssertEqual(listing.rows, listing.blankFilled([
            ["id": "00000001", "order": "1", "date": "2026-11-01", "name": "家賃", "category": "uncategorized",
             "amount": "80000", "note": "11月分"],
            ["id": "00000002", "order": "2", "date": "2026-11-03", "name": "one", "category": "uncategorized",
             "amount": "2"],
            ["id": "00000003", "order": "3", "date": "2026-11-02", "name": "two", "category": "uncategorized",
             "amount": "1"],
        ]))
        XCTAssertEqual(try one.run("check").code, 0)
        XCTAssertEqual(try git("one", "status --porcelain").stdout, "")
    }

    func testGit_APullAfterTheOtherCloneRenumberedOurRecord_KeepsOurEditOnItAndEveryRecordOnce() throws {
        let (one, two) = try twoClones()
        try two.succeed("add", "expense", "ドラッグストア", "1200", "--date", "2026-11-02")
        try git("two", "commit -q -am two")
        try git("two", "push -q origin main")
        try one.succeed("add", "expense", "スーパー", "3000", "--date", "2026-11-03")
        try git("one", "commit -q -am one")
        try git("one", "pull -q --no-rebase origin main")  // their ドラッグストア is 00000003 here
        try git("one", "push -q origin main")
        // Two, which still holds its ドラッグストア as 00000002, edits it, then pulls.
        try two.succeed("edit", "expense", "00000002", "--note", "薬")
        try git("two", "commit -q -am note")
        let pulled = try git("two", "pull -q --no-rebase origin main")
        XCTAssertTrue(
            pulled.stderr.contains("budget: warning: their expense 00000003 is our 00000002, as an earlier merge "
                + "numbered it\n"), pulled.stderr)
        XCTAssertTrue(
            pulled.stderr.contains("budget: warning: their expense 00000002 is now 00000004\n"), pulled.stderr)
        let listing = try two.expenses()
        XCTAssertEqual(listing.rows, listing.blankFilled([
            ["id": "00000001", "order": "1", "date": "2026-11-01", "name": "家賃", "category": "uncategorized",
             "amount": "80000"],
            ["id": "00000002", "order": "2", "date": "2026-11-02", "name": "ドラッグストア", "category": "uncategorized",
             "amount": "1200", "note": "薬"],
            ["id": "00000004", "order": "3", "date": "2026-11-03", "name": "スーパー", "category": "uncategorized",
             "amount": "3000"],
        ]))
        XCTAssertEqual(try two.run("check").code, 0)
    }

    func testGit_AnUndoAfterAMerge_TakesTheMergeBackFirst_NotOurEditOverTheirs() throws {
        let (one, two) = try twoClones()
        try two.succeed("edit", "expense", "00000001", "--amount", "85000")
        try git("two", "commit -q -am two")
        try git("two", "push -q origin main")
        try one.succeed("edit", "expense", "00000001", "--note", "11月分")
        try git("one", "commit -q -am one")
        try git("one", "pull -q --no-rebase origin main")
        XCTAssertEqual(try one.expenses().column("amount"), ["85000"])
        let undo = try one.run("undo")
        XCTAssertEqual(undo.code, 0)
        XCTAssertTrue(undo.stderr.contains("Undid: merge (git): edit expense 00000001 (家賃)."), undo.stderr)
        XCTAssertEqual(try one.expenses().column("amount"), ["80000"], "our side as it was before the merge")
        XCTAssertEqual(try one.expenses().column("note"), ["11月分"])
    }

    func testGit_ConflictLeftExitsOneAndTheFileStaysValid() throws {
        let (one, two) = try twoClones()
        try two.succeed("edit", "expense", "00000001", "--amount", "82000")
        try git("two", "commit -q -am two")
        try git("two", "push -q origin main")
        try one.succeed("edit", "expense", "00000001", "--amount", "81000")
        try git("one", "commit -q -am one")
        let pulled = try git("one", "pull --no-rebase origin main", expect: 1)
        XCTAssertTrue(pulled.stdout.contains("CONFLICT (content): Merge conflict in budget.json"), pulled.stdout)
        XCTAssertTrue(
            pulled.stderr.contains("budget: warning: conflict: expense 00000001 amount: kept ours (81000), "
                + "not theirs (82000)"),
            pulled.stderr)
        XCTAssertTrue(pulled.stderr.contains("budget: warning: 1 conflict left (ours kept)\n"), pulled.stderr)
        XCTAssertFalse(pulled.stderr.contains(".merge_file_"), pulled.stderr)
        XCTAssertEqual(try git("one", "status --porcelain").stdout, "UU budget.json\n")
        XCTAssertEqual(try one.run("check").code, 0)
        XCTAssertEqual(try one.expenses().column("amount"), ["81000"])
    }

    func testGit_DevicesCommitTheirOwnReplicasAndPullsFoldThem() throws {
        var (one, two) = try twoClones()
        try one.succeed("device", "init", "laptop")
        try git("one", "commit -q -am init")
        try git("one", "push -q origin main")
        try git("two", "pull -q --no-rebase origin main")
        try two.succeed("device", "join", "desk")
        two.replica = "budget.desk.json"
        try git("two", "add budget.desk.json")
        try git("two", "commit -q -m join")
        try git("two", "push -q origin main")
        try git("one", "pull -q --no-rebase origin main")
        // Offline on both, then pulls both ways.
        try one.succeed("add", "expense", "スーパー", "4200", "--date", "2026-11-02")
        try one.succeed("edit", "expense", "00000001", "--note", "11月分")
        try git("one", "commit -q -am one")
        try two.succeed("add", "expense", "ドラッグストア", "1800", "--date", "2026-11-03")
        try two.succeed("edit", "expense", "00000001", "--amount", "82000")
        try git("two", "commit -q -am two")
        try git("two", "push -q origin main")
        try git("one", "pull -q --no-rebase origin main")
        try git("one", "push -q origin main")
        try git("two", "pull -q --no-rebase origin main")
        let listings = try [one, two].map { try $0.expenses() }
        XCTAssertEqual(listings[0].rows, listings[1].rows)
        XCTAssertEqual(listings[0].rows, listings[0].blankFilled([
            ["id": "00000001", "order": "1", "date": "2026-11-01", "name": "家賃", "category": "uncategorized",
             "amount": "82000", "note": "11月分"],
            ["id": "00000002", "order": "2", "date": "2026-11-02", "name": "スーパー", "category": "uncategorized",
             "amount": "4200"],
            ["id": "60000000", "order": "3", "date": "2026-11-03", "name": "ドラッグストア",
             "category": "uncategorized", "amount": "1800"],
        ]))
        for clone in [one, two] {
            XCTAssertEqual(try clone.succeed("conflicts").stderr, "No conflicts between devices.\n")
        }
    }

    func testMergeDriver_ExitCodes() throws {
        let ancestor = laptop.directory.appendingPathComponent("o.json").path
        let theirs = laptop.directory.appendingPathComponent("b.json").path
        let ours = laptop.dataFile.path
        try laptop.succeed("add", "expense", "家賃", "80000", "--date", "2026-11-01")
        try scratch.shell("cp a/budget.json a/o.json && cp a/budget.json a/b.json")
        try laptop.succeed("edit", "expense", "00000001", "--amount", "81000")
        try scratch.run(["edit", "expense", "00000001", "--amount", "82000"], environment: ["BUDGET_FILE": theirs])
        let conflicted = try laptop.run("merge-driver", ancestor, ours, theirs)
        XCTAssertEqual(conflicted.code, 1, conflicted.stderr)
        XCTAssertTrue(conflicted.stderr.hasSuffix("budget: warning: 1 conflict left (ours kept)\n"), conflicted.stderr)
        XCTAssertEqual(try laptop.run("check").code, 0)

        let clean = try laptop.run("merge-driver", ancestor, ours, ancestor)
        XCTAssertEqual(clean.code, 0, clean.stderr)
    }

    // MARK: Usage and refusals

    func testHostile_EachRefusedWithOneClearMessage() throws {
        let badName = try desk.run("device", "join", "bad name")
        XCTAssertEqual(badName.code, 64)
        XCTAssertTrue(badName.stderr.hasPrefix(
            "budget: error: "
                + "invalid value 'bad name' for '<name>': a device name is one word of letters, digits, '-' and '_'; "
                + "'bad name' has ' '\n"), badName.stderr)
        XCTAssertEqual(try desk.run("device", "join", String(repeating: "x", count: 33)).code, 64)
        // A name that makes the replica look like a Syncthing conflict copy (never folded in, and
        // renamed away by 'budget merge').
        let conflictLike = try desk.run("device", "join", "sync-conflict-x")
        XCTAssertEqual(conflictLike.code, 64)
        XCTAssertTrue(conflictLike.stderr.hasPrefix(
            "budget: error: "
                + "invalid value 'sync-conflict-x' for '<name>': a device name cannot start with 'sync-conflict', "
                + "which marks a sync tool's conflict copy\n"), conflictLike.stderr)
        XCTAssertEqual(try laptop.run("device", "init", "sync-conflict").code, 64)
        XCTAssertEqual(desk.snapshot(), [:], "nothing made")

        try laptop.succeed("add", "expense", "家賃", "80000", "--date", "2026-11-01")
        try laptop.succeed("device", "init", "laptop")
        let before = laptop.snapshot()
        let twice = try laptop.run("device", "init", "laptop")
        XCTAssertEqual(twice.code, 1)
        XCTAssertEqual(twice.stderr, "budget: error: the budget is already a replica, of device 'laptop'\n")
        let other = try laptop.run("device", "init", "other")
        XCTAssertEqual(other.code, 1)
        XCTAssertEqual(other.stderr, "budget: error: the budget is already a replica, of device 'laptop'\n")
        let joinAgain = try laptop.run("device", "join", "again")
        XCTAssertEqual(joinAgain.code, 1)
        XCTAssertEqual(joinAgain.stderr, "budget: error: this machine is already device 'laptop' of this budget\n")

        let none = try laptop.run("conflicts", "resolve", "9", "--take", "laptop")
        XCTAssertEqual(none.code, 1, "nothing to resolve, as an unknown ID")
        XCTAssertEqual(none.stderr, "budget: error: there are no conflicts between devices\n")
        XCTAssertEqual(try laptop.run("conflicts", "resolve", "0", "--take", "laptop").code, 64)
        XCTAssertEqual(try laptop.run("conflicts", "resolve", "1").code, 64)

        let missing = laptop.directory.appendingPathComponent("nope.json").path
        let merge = try laptop.run("merge", missing)
        XCTAssertEqual(merge.code, 74)
        XCTAssertEqual(merge.stderr, "budget: error: cannot read \(missing): no such file\n")

        let driver = try laptop.run("merge-driver", "x", "y")
        XCTAssertEqual(driver.code, 64)
        XCTAssertTrue(driver.stderr.hasPrefix("budget: error: missing expected argument '<theirs>'\n"), driver.stderr)
        XCTAssertEqual(laptop.snapshot(), before, "byte for byte unchanged")
    }

    func testDevicesAndConflicts_OfAPlainFile() throws {
        try laptop.succeed("add", "expense", "家賃", "80000", "--date", "2026-11-01")
        let table = try laptop.succeed("devices")
        XCTAssertEqual(table.stdout, "")
        XCTAssertEqual(
            table.stderr, "The budget has no devices: 'budget device init <name>' makes this machine the first.\n")
        XCTAssertEqual(try laptop.succeed("devices", "--format", "json").stdout, "[]\n")
        XCTAssertEqual(
            try laptop.succeed("devices", "--format", "tsv").stdout, "device\treplica\tthis\tfolded\tclock\n")
        XCTAssertEqual(try laptop.succeed("conflicts", "--format", "json").stdout, "[]\n")
        XCTAssertEqual(try laptop.succeed("conflicts").stderr, "No conflicts between devices.\n")
    }

    func testJoin_ThatFailsLeavesTheMachineFreeToJoinAgain() throws {
        try laptop.succeed("add", "expense", "家賃", "80000", "--date", "2026-11-01")
        try laptop.succeed("device", "init", "laptop")
        try copy(laptop, to: desk)
        // A file in the way of the new replica (a stale copy): the join fails, and records nothing.
        let inTheWay = desk.directory.appendingPathComponent("budget.desk.json")
        try Data("junk\n".utf8).write(to: inTheWay)
        let failed = try desk.run("device", "join", "desk")
        XCTAssertEqual(failed.code, 74)
        XCTAssertTrue(
            failed.stderr.hasSuffix("budget: error: cannot create \(inTheWay.path): the file exists already\n"),
            failed.stderr)
        let registry = scratch.directory.appendingPathComponent("\(desk.state)/budget/devices.json")
        XCTAssertFalse(FileManager.default.fileExists(atPath: registry.path))
        try FileManager.default.removeItem(at: inTheWay)
        try desk.succeed("device", "join", "desk")
        XCTAssertEqual(try desk.expenses().column("id"), ["00000001"])
    }

    /// The machine's record of devices in a state the file system refuses (a directory in its
    /// place, no permission) is an I/O error, 74, as a data file would be; one that is not
    /// JSON is the data error, 65.
    func testRegistry_UnreachableIsAnIOError_UnreadableContentsADataError() throws {
        let registry = scratch.directory.appendingPathComponent("\(desk.state)/budget/devices.json")
        try FileManager.default.createDirectory(at: registry, withIntermediateDirectories: true)
        let directory = try desk.run("list", "all")
        XCTAssertEqual(directory.code, 74, directory.stderr)
        XCTAssertEqual(
            directory.stderr,
            "budget: error: cannot use the record of this machine's devices \(registry.path): Is a directory\n")
        // A file where its folder should be: the record cannot be reached either (it read as no
        // devices, and the replica's device was told to join again).
        try FileManager.default.removeItem(at: registry)
        let folder = registry.deletingLastPathComponent()
        try FileManager.default.removeItem(at: folder)
        try Data("x\n".utf8).write(to: folder)
        let throughAFile = try desk.run("list", "all")
        XCTAssertEqual(throughAFile.code, 74, throughAFile.stderr)
        XCTAssertTrue(throughAFile.stderr.hasSuffix(": Not a directory\n"), throughAFile.stderr)
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("junk\n".utf8).write(to: registry)
        let junk = try desk.run("list", "all")
        XCTAssertEqual(junk.code, 65, junk.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: desk.dataFile.path), "nothing written")
    }

    func testHostile_ConflictNumberBeyondTheListAndAStrangerDevice() throws {
        try conflictOnTheName()
        let beyond = try laptop.run("conflicts", "resolve", "9", "--take", "laptop")
        XCTAssertEqual(beyond.code, 1)
        XCTAssertTrue(beyond.stderr.hasSuffix("budget: error: there is no conflict 9; there is 1\n"), beyond.stderr)
        let stranger = try laptop.run("conflicts", "resolve", "1", "--take", "nobody")
        XCTAssertEqual(stranger.code, 64, "a value that names none of the conflict's devices")
        let both = try laptop.run("conflicts", "resolve", "1", "--take", "laptop", "--value", "x")
        XCTAssertEqual(both.code, 64)
        XCTAssertEqual(
            both.stderr,
            "budget: error: '--take' and '--value' cannot be combined: keep a device's value or set one\n")
        XCTAssertTrue(stranger.stderr.hasSuffix(
            "budget: error: device 'nobody' wrote none of the conflict's values; they are 'laptop' and 'desk'\n"),
            stranger.stderr)
        XCTAssertEqual(Listing(tsv: try laptop.succeed("conflicts", "--format", "tsv").stdout).rows.count, 2)
    }

    // MARK: Undo, restore and copies of one's own replica

    func testUndo_RevertsThisDevicesChangeAndKeepsTheOtherDevices() throws {
        try twoDevices { laptop in
            try laptop.succeed("add", "expense", "家賃", "80000", "--date", "2026-11-01")
        }
        try laptop.succeed("edit", "expense", "00000001", "--note", "mine")
        try desk.succeed("edit", "expense", "00000001", "--amount", "90000")
        try sync()
        try laptop.succeed("undo")
        try sync()
        let rent = try XCTUnwrap(try sameExpenses().rows.first)
        XCTAssertEqual(rent["amount"], "90000", "the desk's amount stays")
        XCTAssertEqual(rent["note"], "", "the laptop's note is undone")
    }

    /// An undone delete writes the record's presence, with what the delete knew: a replica that
    /// holds one was refused by its own reader (a presence is no JSON value).
    func testUndoOfADeleteOnADevice_KeepsItsReplicaReadable() throws {
        try twoDevices { laptop in try laptop.succeed("add", "expense", "家賃", "80000", "--date", "2026-11-01") }
        try laptop.succeed("delete", "expense", "00000001")
        try laptop.succeed("undo")
        XCTAssertEqual(try laptop.succeed("check").stderr, laptop.dataFile.path + ": no problems found.\n")
        try sync()
        XCTAssertEqual(try sameExpenses().rows.map { $0["name"] }, ["家賃"], "back on both devices")
        try desk.succeed("add", "expense", "電気", "9000", "--date", "2026-11-02")
        try sync()
        XCTAssertEqual(try sameExpenses().rows.map { $0["name"] }, ["家賃", "電気"])
    }

    func testRestoreOnADevice_KeepsItsReplicaReadable() throws {
        try twoDevices { laptop in try laptop.succeed("add", "expense", "a", "1") }
        let export = try laptop.succeed("export", "--format", "json").stdout
        try laptop.succeed("add", "expense", "b", "2")
        let restored = try scratch.run(
            ["restore", "-", "--force"], stdin: export, environment: laptop.environment)
        XCTAssertEqual(restored.code, 0, restored.stderr)
        XCTAssertEqual(try laptop.succeed("add", "expense", "c", "3").stdout, "00000003\n", "no ID is given twice")
        try sync()
        XCTAssertEqual(try sameExpenses().rows.map { $0["name"] }, ["a", "c"])
    }

    func testARestoredBackupOfOnesOwnReplica_IsRefusedOnceAnotherDeviceSawLater() throws {
        try twoDevices { laptop in try laptop.succeed("add", "expense", "a", "1") }
        let backup = try Data(contentsOf: laptop.dataFile)
        try laptop.succeed("add", "expense", "new", "1")
        try sync()
        try desk.succeed("add", "expense", "desk", "1")
        try sync()
        try backup.write(to: laptop.dataFile)
        let before = laptop.snapshot()
        let add = try laptop.run("add", "expense", "x", "1")
        XCTAssertEqual(add.code, 65, add.stderr)
        XCTAssertTrue(add.stderr.contains("older than what device 'desk' has seen of it"), add.stderr)
        XCTAssertEqual(laptop.snapshot(), before, "nothing was written")
        XCTAssertTrue(add.stderr.contains("'budget device forget', then 'budget device join <name>'"), add.stderr)
        // The way out: this machine forgets its device and joins anew from the folder.
        let forgot = try laptop.succeed("device", "forget")
        XCTAssertTrue(forgot.stderr.contains("no longer device 'laptop'"), forgot.stderr)
        try laptop.succeed("device", "join", "laptop2")
        laptop.replica = "budget.laptop2.json"
        let names = try laptop.expenses().rows.map { $0["name"] ?? "" }
        XCTAssertEqual(Set(names), ["a", "new", "desk"], "nothing the other devices saw is lost")
        XCTAssertEqual(try laptop.run("device", "forget").stderr.contains("no longer device 'laptop2'"), true)
        XCTAssertTrue(try laptop.run("device", "forget").stderr.contains("no device of the budget"))
    }

    func testMergingACopyOfOnesOwnReplica_IsRefused() throws {
        try twoDevices { laptop in try laptop.succeed("add", "expense", "a", "1") }
        let copy = laptop.directory.appendingPathComponent("budget.sync-conflict-20261128-101010-ABCDEFG.json")
        try FileManager.default.copyItem(at: laptop.dataFile, to: copy)
        try laptop.succeed("add", "expense", "b", "1")
        let merged = try laptop.run("merge", copy.path)
        XCTAssertEqual(merged.code, 65, merged.stderr)
        XCTAssertTrue(merged.stderr.contains("both files are replicas of device 'laptop'"), merged.stderr)
    }

    // MARK: Files that are not this budget's replicas

    func testTwoMachinesJoiningUnseen_PickBlocksByName_AndOneBlockTwiceIsRefused() throws {
        try twoDevices { laptop in try laptop.succeed("add", "expense", "a", "1") }
        // A third machine joins from the laptop's folder before it has seen the desk's replica:
        // 'yui' picks the block 'desk' picked, which the desk's replica then shows.
        let yui = Machine(scratch: scratch, folder: "c", state: "state-yui")
        try FileManager.default.createDirectory(at: yui.directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: laptop.dataFile, to: yui.dataFile)
        try yui.succeed("device", "join", "yui")
        let yuiID = try yui.succeed("add", "expense", "y", "1").stdout
        XCTAssertEqual(yuiID, try desk.succeed("add", "expense", "d", "1").stdout)
        try FileManager.default.copyItem(
            at: desk.directory.appendingPathComponent("budget.desk.json"),
            to: yui.directory.appendingPathComponent("budget.desk.json"))
        let before = yui.snapshot()
        let refused = try yui.run("list", "expenses")
        XCTAssertEqual(refused.code, 65)
        XCTAssertTrue(
            refused.stderr.contains("devices 'yui' and 'desk' hand out IDs from the same block"), refused.stderr)
        XCTAssertEqual(yui.snapshot(), before, "nothing was written")
        // A machine named otherwise gets a block of its own.
        let ken = Machine(scratch: scratch, folder: "c", state: "state-ken")
        try FileManager.default.removeItem(at: yui.directory.appendingPathComponent("budget.desk.json"))
        try ken.succeed("device", "join", "ken")
        XCTAssertEqual(try ken.succeed("add", "expense", "k", "1").stdout, "20000000\n")
    }

    func testAnotherBudgetsReplicaAndACopy_ArePassedOverOnceAndNotReadAgain() throws {
        try twoDevices { laptop in try laptop.succeed("add", "expense", "a", "1") }
        // Another budget's replica, named as a device of this one.
        let stranger = Machine(scratch: scratch, folder: "s", state: "state-stranger")
        try FileManager.default.createDirectory(at: stranger.directory, withIntermediateDirectories: true)
        try stranger.succeed("add", "expense", "not ours", "999")
        try stranger.succeed("device", "init", "stranger")
        try FileManager.default.copyItem(
            at: stranger.dataFile, to: laptop.directory.appendingPathComponent("budget.stranger.json"))
        // A copy of the desk's replica under another name.
        try FileManager.default.copyItem(
            at: laptop.directory.appendingPathComponent("budget.desk.json"),
            to: laptop.directory.appendingPathComponent("budget.old.json"))
        let first = try laptop.succeed("list", "expenses")
        XCTAssertTrue(
            first.stderr.contains("budget.stranger.json was not folded in: it is the replica of another budget"),
            first.stderr)
        XCTAssertTrue(first.stderr.contains("budget.old.json was not folded in: it holds the replica of device 'desk'"),
                      first.stderr)
        XCTAssertFalse(first.stdout.contains("not ours"))
        let again = try laptop.succeed("list", "expenses")
        XCTAssertEqual(again.stderr, "", "files passed over are not read again until they change")
        XCTAssertFalse(try laptop.succeed("devices", "--format", "tsv").stdout.contains("?"))
    }

    func testADataFileLinkedIntoTheFolder_FoldsTheReplicasBesideItsTarget() throws {
        try twoDevices { laptop in try laptop.succeed("add", "expense", "a", "1") }
        try desk.succeed("add", "expense", "from desk", "1")
        try copy(desk, to: laptop)
        let link = scratch.directory.appendingPathComponent("home-budget.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: laptop.dataFile)
        var environment = laptop.environment
        environment["BUDGET_FILE"] = link.path
        let listed = try scratch.run(["list", "expenses", "--format", "tsv"], environment: environment)
        XCTAssertEqual(listed.code, 0, "the link leads to the laptop's replica: \(listed.stderr)")
        XCTAssertTrue(listed.stdout.contains("from desk"), "the desk's replica beside the target is folded in")
    }
}
