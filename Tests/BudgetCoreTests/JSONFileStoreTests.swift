import Synchronization
import TestSupport
import XCTest
@testable import BudgetCore

final class JSONFileStoreTests: XCTestCase {
    private let day = Day(iso: "2026-11-21")!
    private var directory: String!

    override func setUpWithError() throws {
        directory = try ScratchDirectory.make("budget-file")
    }

    override func tearDownWithError() throws {
        ScratchDirectory.remove(directory)
    }

    private func mode(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    private func addLunch(_ store: JSONFileStore) throws {
        try store.add(Expense.self) { Expense(id: $0, name: "Lunch", amount: 900, date: day) }
    }

    func testMappedReading_GivesTheSameDocumentAndChangesAsReading() throws {
        let path = directory + "/budget.json"
        var store = JSONFileStore(path: path)
        try store.transaction { document in
            for index in 1...800 {
                try document.expenses.add {
                    Expense(
                        id: $0, name: "家賃 \(index)", amount: index, category: "住居", date: day, note: "note \(index)")
                }
            }
        }
        let contents = try FileContents(path: path, mapping: true)
        XCTAssertTrue(contents.isMapped, "a file over the threshold is mapped")
        XCTAssertGreaterThanOrEqual(contents.bytes.count, FileContents.mappingThreshold)
        XCTAssertEqual(contents.bytes, Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        XCTAssertFalse(try FileContents(path: path, mapping: false).isMapped)
        let read = try store.load()
        store.mapsLargeFiles = true
        XCTAssertEqual(try store.load(), read)
        try store.deleteExpense(id: "00000400")
        store.mapsLargeFiles = false
        XCTAssertEqual(try store.load().expenses.count, 799)
        XCTAssertEqual(try store.load().expenses.records.map(\.order), Array(1...799))
    }

    func testEachChange_HandsItsDocumentsToKeepUntilExit() throws {
        // The executable keeps the last change's documents until it exits (freeing them costs
        // more than the exit); each change hands over the one read and the one written.
        // (A new file's first change holds nothing worth keeping.)
        let path = directory + "/budget.json"
        var store = JSONFileStore(path: path)
        try store.transaction { document in
            _ = try document.expenses.add { Expense(id: $0, name: "家賃", amount: 80_000, date: day) }
        }
        let handed = Mutex<[[BudgetDocument]]>([])
        store.keepUntilExit = { documents in handed.withLock { $0.append(documents) } }
        for name in ["Lunch", "ｾﾌﾞﾝ"] {
            try store.transaction { document in
                _ = try document.expenses.add { Expense(id: $0, name: name, amount: 900, date: day) }
            }
        }
        let changes = handed.withLock { $0 }
        XCTAssertEqual(changes.count, 2)
        XCTAssertEqual(changes.map { $0.first?.expenses.count }, [1, 2], "the document read")
        XCTAssertEqual(changes.map { $0.last?.expenses.count }, [2, 3], "the document written")
        XCTAssertEqual(changes.last?.last?.expenses.records, try store.load().expenses.records)
    }

    /// The bytes of mapped files the process holds in memory (`RssFile`).
    private func fileBackedMemory() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("RssFile:") })
        return try XCTUnwrap(Int(line.split(separator: " ")[1])) * 1024
    }

    func testReleasedPages_AreGivenBack_AndReadTheSameBytesAgain() throws {
        // A reader gives back the pages it has read past (`FileContents.release`): the process
        // no longer holds them, and reading them again maps the same bytes from the file.
        let path = directory + "/pages.bin"
        let size = 8 << 20 + 1_234
        let written = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(written)))
        let contents = try FileContents(path: path, mapping: true)
        XCTAssertTrue(contents.isMapped)
        var sum = 0
        contents.withBytes { bytes in
            for index in stride(from: 0, to: bytes.count, by: 512) { sum &+= Int(bytes[index]) }
        }
        let held = try fileBackedMemory()
        contents.release(100..<size - 100)
        XCTAssertGreaterThan(held - (try fileBackedMemory()), 6 << 20, "the pages read are given back")
        contents.release(-5..<3)
        contents.release(size - 3..<size + 10)
        contents.release(7..<7)
        XCTAssertEqual(contents.bytes, written, "pages given back read the file's bytes again")
    }

    /// A reader that gives back what it passed (`PassedPages`) goes through a mapped file of
    /// 48 MiB holding a few MiB of it at any time, and nothing once it finished. (What the
    /// blocks of 2 MiB given back a block behind the reader are for, large folios mapped whole
    /// again by the next read, shows with the page cache of a real data file: `make bench`'s
    /// peak memory of a million records, not this file.)
    func testPassedPages_AReaderGoingThroughAFileHoldsLittleOfItAtAnyTime() throws {
        let path = directory + "/passed.bin"
        let size = 48 << 20
        let written = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 16) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(written)))
        let contents = try FileContents(path: path, mapping: true)
        XCTAssertTrue(contents.isMapped)
        let before = try fileBackedMemory()
        var passed = PassedPages(contents, from: 0)
        var sum = 0, most = 0
        try contents.withBytes { bytes in
            for index in stride(from: 0, to: bytes.count, by: 64) {
                sum &+= Int(bytes[index])
                passed.passed(index)
                if index % (1 << 20) == 0 { most = max(most, try fileBackedMemory() - before) }
            }
        }
        XCTAssertLessThan(most, 12 << 20, "the file held while it was read")
        passed.finished(at: size)
        XCTAssertLessThan(try fileBackedMemory() - before, 1 << 20, "all of it given back at the end")
        XCTAssertEqual(contents.bytes, written, "pages given back read the file's bytes again")
        XCTAssertNotEqual(sum, 0)
    }

    func testMappedInvalidFile_IsCheckedRefusedAndRepairedInPlaceAsWhenRead() throws {
        // The strict path reads a mapped file in place (no copy): the same problems, the same
        // refusal, and a repair whose backup holds the original bytes.
        let path = directory + "/budget.json"
        var store = JSONFileStore(path: path)
        try store.transaction { document in
            for index in 1...800 {
                try document.expenses.add { Expense(id: $0, name: "家賃 \(index)", amount: index, date: day) }
            }
        }
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"order\" : 800", with: "\"order\" : 1")
        text = text.replacingOccurrences(of: "\"amount\" : 799", with: "\"amount\" : -9223372036854775808")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertTrue(try FileContents(path: path, mapping: true).isMapped)
        let read = try store.check()
        var readError: String?
        XCTAssertThrowsError(try store.load()) { readError = "\($0)" }
        store.mapsLargeFiles = true
        XCTAssertEqual(try store.check(), read)
        XCTAssertEqual(read.problems.map(\.message), [
            "expense 00000799 has an amount too large to count",
            "expense 00000800 has order 1 like expense 00000001, but expense orders must be exactly 1 to 800",
        ])
        XCTAssertThrowsError(try store.load()) { XCTAssertEqual("\($0)", readError) }
        text = text.replacingOccurrences(of: "\"amount\" : -9223372036854775808", with: "\"amount\" : 799")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let (check, backup) = try store.repair()
        XCTAssertEqual(check.problems.map(\.isRepairable), [true])
        XCTAssertEqual(try String(contentsOfFile: try XCTUnwrap(backup), encoding: .utf8), text)
        XCTAssertEqual(try store.load().expenses.records.map(\.order), Array(1...800))
    }

    func testRepair_InsideATransactionOnTheSameStoreThrowsInsteadOfWaiting() throws {
        let store = JSONFileStore(path: directory + "/budget.json")
        try addLunch(store)
        let worker = Worker.start {
            try store.transaction { _ -> BudgetError? in
                do {
                    _ = try store.repair()
                    return nil
                } catch {
                    return error as? BudgetError
                }
            }
        }
        guard let outcome = worker.wait() else { return XCTFail("repair inside a transaction still waits after 10 s") }
        XCTAssertEqual(try outcome.get(), .nestedTransaction)
    }

    func testTransaction_ThatWouldLeaveAnInvalidFile_IsRefusedAndWritesNothing() throws {
        let path = directory + "/budget.json"
        let store = JSONFileStore(path: path)
        try addLunch(store)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // Changes no command makes, made directly: each would give a file the reader refuses.
        let breakages: [(String, (inout BudgetDocument) -> Void)] = [
            ("blank name", { $0.expenses.records[0].name = " " }),
            ("negative income", { document in
                _ = try? document.incomes.add { Income(id: $0, name: "a", amount: 1, date: self.day) }
                document.incomes.records[0].amount = -1
            }),
            ("control character in a category", { $0.expenses.records[0].category = "a\u{7}" }),
            ("note with a control character", { $0.expenses.records[0].note = "\u{1B}[31m" }),
            ("order out of place", { document in
                _ = try? document.incomes.add { Income(id: $0, name: "a", amount: 1, date: self.day) }
                document.expenses.records[0].order = 2
            }),
            ("id above the counter",
             {
                 $0.expenses.records[0] = Expense(
                     id: "00000002", name: "a", amount: 1, category: "c", order: 1, date: self.day)
             }),
            ("id not 8 digits",
             {
                 $0.expenses.records[0] = Expense(
                     id: "1", name: "a", amount: 1, category: "c", order: 1, date: self.day)
             }),
            ("duplicate id", { $0.expenses.records.append($0.expenses.records[0]); $0.expenses.records[1].order = 2 }),
            ("unknown setting", { $0.settingsValues.setValue(.string("never"), forKey: "display.colour") }),
            ("invalid setting", { $0.settingsValues.setValue(.string("purple"), forKey: "display.color") }),
        ]
        for (name, breakage) in breakages {
            XCTAssertThrowsError(try store.transaction { breakage(&$0) }, name) { error in
                guard case .invalidResult(path, _)? = error as? BudgetError else { return XCTFail("\(name): \(error)") }
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, name)
        }
        XCTAssertNoThrow(try store.load())
    }

    func testCheck_OfAFileWithThousandsOfProblems_FindsTheirPositionsInOnePass() throws {
        // Positions once cost a scan from byte 0 each: quadratic in the problems.
        let path = directory + "/budget.json"
        let store = JSONFileStore(path: path)
        try store.transaction { document in
            for index in 1...2_000 {
                try document.incomes.add { Income(id: $0, name: "n\(index)", amount: index, date: day) }
            }
        }
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"amount\" : ", with: "\"amount\" : -")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let before = TextPositionsCounter.bytesScanned.load(ordering: .relaxed)
        let check = try store.check()
        XCTAssertEqual(check.problems.count, 2_000)
        XCTAssertLessThanOrEqual(TextPositionsCounter.bytesScanned.load(ordering: .relaxed) - before, text.utf8.count)
        XCTAssertEqual(check.problems.first?.message, "income 00000001 has a negative amount")
        XCTAssertEqual(
            check.problems.last?.position?.line,
            text[..<text.range(of: "-2000")!.lowerBound].filter { $0 == "\n" }.count + 1)
    }

    /// Amounts a hand edit made add up past 64 bits: every report of them fails, so `check`
    /// says so (it said "no problems found"), and `--repair` leaves it to be fixed by hand, with or
    /// without a problem it can repair beside it.
    func testCheck_SaysWhenTheAmountsAddUpPastWhatReportsCanCompute() throws {
        let path = directory + "/budget.json"
        let store = JSONFileStore(path: path)
        try store.transaction { document in
            for name in ["家賃", "食費"] {
                try document.expenses.add { Expense(id: $0, name: name, amount: 1, date: day) }
            }
        }
        let written = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(try store.check().problems, [])
        let big = written.replacingOccurrences(of: "\"amount\" : 1", with: "\"amount\" : 5000000000000000000")
        try big.write(toFile: path, atomically: true, encoding: .utf8)
        let tooLarge = "the expenses by their sizes add up to more than 9,223,372,036,854,775,807, the largest total "
            + "budget can compute: reports of them fail until some are changed"
        XCTAssertEqual(try store.check().problems, [DataFileCheck.Problem(message: tooLarge, isRepairable: false)])
        XCTAssertThrowsError(try store.repair()) {
            XCTAssertEqual("\($0)", "\(BudgetError.cannotRepair(path: path, count: 1))")
        }
        let misordered = big.replacingOccurrences(of: "\"order\" : 2", with: "\"order\" : 5")
        try misordered.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try store.check().problems.map(\.message).last, tooLarge)
        XCTAssertEqual(try store.check().problems.map(\.isRepairable), [true, false])
        XCTAssertThrowsError(try store.repair())
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), misordered, "nothing repaired")
        // Balances past 64 bits, which a file may keep taking changes with (`checkTotals(since:)`),
        // are said too: `accounts` fails on them.
        try FileManager.default.removeItem(atPath: path)
        try store.transaction { document in
            for name in ["A", "B"] { try document.addAccount(Account(name: name, type: .bank)) }
            var values = RecordValues()
            values["name"] = .text("pay")
            values["amount"] = .amount(Int.max)
            values["date"] = .day(day)
            values["account"] = .optionalText("A")
            _ = try document.add(Income.self, values)
        }
        var file = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        file["transfers"] = ["00000001": [
            "amount": 1, "date": "2026-11-21", "from": "B", "id": "00000001", "name": "t", "order": 1, "to": "A",
        ]]
        file["transfer_unique_id"] = "00000001"
        try JSONSerialization.data(withJSONObject: file).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try store.check().problems.map(\.message), [
            "the accounts' balances are too large to compute: 'budget accounts' and the reports of them fail until "
                + "some records are changed",
        ])
    }

    func testLoad_OfAMissingFileIsEmptyAndCreatesNothing() throws {
        let path = directory + "/sub/budget.json"
        XCTAssertEqual(try JSONFileStore(path: path).load(), BudgetDocument())
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/sub"))
    }

    func testFirstWrite_CreatesTheDirectoryAndA0600File() throws {
        let path = directory + "/a/b/budget.json"
        let previous = umask(0)
        defer { umask(previous) }
        try addLunch(JSONFileStore(path: path))
        XCTAssertEqual(try mode(path), 0o600)
        XCTAssertEqual(try mode(directory + "/a/b"), 0o700)
    }

    func testWrite_KeepsTheModeOfAnExistingFile() throws {
        let path = directory + "/budget.json"
        try addLunch(JSONFileStore(path: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try addLunch(JSONFileStore(path: path))
        XCTAssertEqual(try mode(path), 0o640)
    }

    func testWrite_ThroughASymlinkUpdatesTheTargetAndKeepsTheLink() throws {
        let target = directory + "/real.json", link = directory + "/link.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.json")
        try addLunch(JSONFileStore(path: link))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real.json")
        XCTAssertEqual(try JSONFileStore(path: target).fetchExpenses().count, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: target + ".lock"))
    }

    func testDirectoryAsDataFile_IsRefused() throws {
        XCTAssertThrowsError(try JSONFileStore(path: directory).load()) { error in
            XCTAssertEqual(error as? BudgetError, .notARegularFile(path: directory, kind: "a directory"))
        }
    }

    func testInvalidFile_IsRefusedWithLineAndColumnAndLeftUnchanged() throws {
        let path = directory + "/budget.json"
        let text = "{\n  \"format\" : 1,\n  \"format\" : 1\n}\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try addLunch(JSONFileStore(path: path))) { error in
            XCTAssertEqual(
                error as? BudgetError,
                .invalidDataFile(
                    path: path, position: TextPosition(line: 3, column: 3), reason: "duplicate key \"format\""))
            XCTAssertEqual(
                (error as? BudgetError)?.errorDescription, "invalid data file \(path):3:3: duplicate key \"format\"")
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text)
    }

    func testLock_HeldElsewhereMakesAChangeFailAsBusyWithoutWriting() throws {
        let path = directory + "/budget.json"
        try addLunch(JSONFileStore(path: path))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let descriptor = open(path + ".lock", O_RDWR)
        XCTAssertEqual(flock(descriptor, LOCK_EX), 0)
        defer { close(descriptor) }
        XCTAssertThrowsError(try addLunch(JSONFileStore(path: path, lockTimeout: 0.2))) { error in
            XCTAssertEqual(error as? BudgetError, .busy(lockPath: path + ".lock", seconds: 0.2))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        XCTAssertEqual(try JSONFileStore(path: path).fetchExpenses().count, 1, "reads take no lock")
    }

    func testAChangeToAFileWithoutALockFile_IsMadeOnceWhenTheFileStaysAsItWas() throws {
        let path = directory + "/budget.json"
        try addLunch(JSONFileStore(path: path))
        try FileManager.default.removeItem(atPath: path + ".lock")  // a file copied in from a backup
        var runs = 0
        try JSONFileStore(path: path).transaction { document in
            runs += 1
            try document.addExpense(name: "Dinner", amount: 1800, date: day)
        }
        XCTAssertEqual(runs, 1, "made once, without the lock, and written as made under it")
        XCTAssertEqual(try JSONFileStore(path: path).fetchExpenses().map(\.name), ["Lunch", "Dinner"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".lock"))
        XCTAssertEqual(try JSONFileStore(path: path).load().history.count, 2)
    }

    func testAChangeToAFileWithoutALockFile_IsMadeAgainWhenAnotherProcessReplacedTheFileMeanwhile() throws {
        let path = directory + "/budget.json", other = directory + "/other.json"
        try addLunch(JSONFileStore(path: path))
        try FileManager.default.removeItem(atPath: path + ".lock")
        try addLunch(JSONFileStore(path: other))
        try addLunch(JSONFileStore(path: other))
        var runs = 0
        try JSONFileStore(path: path).transaction { document in
            runs += 1
            if runs == 1 {
                // Another program puts another file in its place while the change is judged.
                XCTAssertEqual(rename(other, path), 0)
            }
            try document.addExpense(name: "Dinner", amount: 1800, date: day)
        }
        XCTAssertEqual(runs, 2, "judged on the first file, made again on the one under the lock")
        XCTAssertEqual(try JSONFileStore(path: path).fetchExpenses().map(\.name), ["Lunch", "Lunch", "Dinner"])
    }

    func testWrite_RemovesStaleTemporaryFilesAndLeavesNoneBehind() throws {
        let path = directory + "/budget.json"
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: directory + "/.budget.json.tmp-123-456", contents: Data("partial".utf8)))
        try addLunch(JSONFileStore(path: path))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        XCTAssertEqual(names, ["budget.json", "budget.json.lock"])
    }

    func testNoChange_DoesNotCreateTheFile() throws {
        let path = directory + "/budget.json"
        try JSONFileStore(path: path).transaction { _ in }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testDataFileLocation_IsUnderTheDataHomeElseHome() {
        XCTAssertEqual(DataFileLocation.standard(dataHome: "/xdg", home: "/home/u"), "/xdg/budget/budget.json")
        XCTAssertEqual(
            DataFileLocation.standard(dataHome: "relative", home: "/home/u"), "/home/u/.local/share/budget/budget.json")
        XCTAssertEqual(
            DataFileLocation.standard(dataHome: "", home: "/home/u"), "/home/u/.local/share/budget/budget.json")
        XCTAssertNil(DataFileLocation.standard(dataHome: nil, home: ""))
        XCTAssertNil(DataFileLocation.standard(dataHome: "relative", home: nil))
    }

    // MARK: A change to a file that does not exist yet

    func testTransaction_OnAMissingFileRunsAgainWhenAnotherWriterCreatedItMeanwhile() throws {
        let path = directory + "/sub/budget.json"
        let store = JSONFileStore(path: path), other = JSONFileStore(path: path)
        var runs = 0
        let id = try store.transaction { document -> String in
            runs += 1
            // The first run is the one without the lock: another writer gets in before it is taken.
            if runs == 1 { try addLunch(other) }
            return try document.expenses.add { Expense(id: $0, name: "Dinner", amount: 1_500, date: day) }.id
        }
        XCTAssertEqual(runs, 2, "run again on the file the other writer made")
        XCTAssertEqual(id, "00000002")
        XCTAssertEqual(try store.load().expenses.records.map(\.name), ["Lunch", "Dinner"])
        XCTAssertEqual(
            try store.load().history.map(\.summary), ["add expense 00000001 (Lunch)", "add expense 00000002 (Dinner)"])
    }

    func testTransaction_OnAMissingFileRunsOnceAndReportsWhatItSaved() throws {
        let path = directory + "/sub/budget.json"
        var store = JSONFileStore(path: path)
        let saved = SavedList()
        store.saved = { saved.append($0) }
        var runs = 0
        try store.transaction { document in
            runs += 1
            try document.expenses.add { Expense(id: $0, name: "Lunch", amount: 900, date: day) }
        }
        XCTAssertEqual(runs, 1)
        try store.transaction { _ = try $0.undoLastChange() }
        XCTAssertThrowsError(try store.transaction { document in try document.expenses.remove(ids: ["00000009"]) })
        _ = try store.transaction { document in
            try document.expenses.add { Expense(id: $0, name: "Tea", amount: 300, date: day) }
        }
        _ = try store.transaction { $0.clearHistory() }
        XCTAssertEqual(saved.items, ["add expense 00000001 (Lunch)", "undo of 'add expense 00000001 (Lunch)'",
                                     "add expense 00000002 (Tea)", "clear the history of 1 change"])
    }
}

/// What a store's `saved` callback received.
private final class SavedList: @unchecked Sendable {
    private(set) var items: [String] = []
    func append(_ item: String) { items.append(item) }
}
