import TestSupport
import XCTest
@testable import BudgetCore

/// A file copied in (no stamp of its own) is scanned (`TableScan`): its expenses' records are
/// checked by the canonical reader without being made, and the change reads only the pages it
/// touches. The scan must describe the table exactly as budget's own stamp would, take nothing
/// the strict reader refuses, and never change what a change writes.
final class TableScanTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = try ScratchDirectory.make("budget-scan")
    }

    override func tearDownWithError() throws {
        ScratchDirectory.remove(directory)
    }

    /// Records of every shape the scan meets: Japanese and half-width labels, a quote the writer
    /// escapes, refunds, notes, tags (a list: read by the fast reader), sources.
    private func expense(_ id: String, _ index: Int) -> Expense {
        var expense = Expense(
            id: id, name: ["Lunch", "家賃", "ｾﾌﾞﾝ", "a \"q\"", "ＡＭＡＺＯＮ"][index % 5] + " \(index)",
            amount: index % 11 == 0 ? -index : index * 3,
            category: ["food", "食費", "rent", "か\u{3099}っこう"][index % 4],
            date: Day(iso: "2026-0\(1 + index % 9)-1\(index % 10)")!,
            note: index % 7 == 0 ? "note \(index)" : nil)
        if index % 13 == 0 { expense.tags = Tags(["travel", "旅行"]) }
        if index % 17 == 0 { expense.source = "card:0000\(index)" }
        return expense
    }

    /// A file of `count` expenses and a few incomes written by the store, and its path.
    private func writtenFile(_ count: Int, name: String = "budget.json") throws -> String {
        let path = directory + "/" + name
        try JSONFileStore(path: path).transaction { document in
            for index in 0..<count { try document.expenses.add { expense($0, index) } }
            for index in 0..<3 {
                try document.incomes.add {
                    Income(id: $0, name: "給料 \(index)", amount: 300_000, date: Day(iso: "2026-01-25")!)
                }
            }
        }
        return path
    }

    /// The same file copied in: another path, its lock file empty (no stamp: as an earlier
    /// version leaves it, or a lock file left from another file).
    private func copiedIn(_ path: String, as name: String = "copy.json") throws -> String {
        let copy = directory + "/" + name
        try Data(try fileBytes(path)).write(to: URL(fileURLWithPath: copy))
        try Data().write(to: URL(fileURLWithPath: copy + ".lock"))
        return copy
    }

    private func scan(_ bytes: [UInt8]) -> WriteStamp? {
        ByteView.withBytes(of: bytes) { TableScan.stamp(of: $0) }
    }

    // MARK: What the scan describes

    func testTheScan_DescribesTheExpensesAsBudgetsOwnStampDoes() throws {
        for count in [1, 4_095, 4_096, 4_097, 2 * 4_096 + 17] {
            let path = try writtenFile(count, name: "budget-\(count).json")
            let written = try XCTUnwrap(WriteStamp(bytes: try fileBytes(path + ".lock")))
            let scanned = try XCTUnwrap(scan(try fileBytes(path)), "\(count) records")
            XCTAssertEqual(scanned.tables[.expense], written.tables[.expense], "\(count) records")
            XCTAssertEqual(scanned.size, written.size)
            XCTAssertNil(scanned.tables[.income], "only the expenses are scanned")
        }
    }

    func testALargeTable_IsScannedInTwoHalvesThatJoinAsOne() throws {
        // Over 4 MiB: two halves at once, a page shared between them added up once.
        let count = 6 * 4_096 + 100
        let path = try writtenFile(count)
        let file = try fileBytes(path)
        XCTAssertGreaterThan(file.count, FastDocumentCodec.concurrentTableSize)
        let written = try XCTUnwrap(WriteStamp(bytes: try fileBytes(path + ".lock")))
        XCTAssertEqual(try XCTUnwrap(scan(file)).tables[.expense], written.tables[.expense])
        // A record out of place in either half, or where they meet, leaves the table unscanned.
        let text = String(decoding: file, as: UTF8.self)
        for order in [2, count / 2 - 1, count / 2, count / 2 + 1, count / 2 + 2, count - 1] {
            let damaged = text.replacing(
                try Regex("\"order\" : \(order)(?=[,\n])"), with: "\"order\" : \(order + 1)", maxReplacements: 1)
            XCTAssertNotEqual(damaged, text)
            XCTAssertNil(scan(Array(damaged.utf8)), "order \(order)")
        }
    }

    func testAnythingNotAsBudgetWritesIt_LeavesTheTableToBeReadWhole() throws {
        let path = try writtenFile(40)
        let text = String(decoding: try fileBytes(path), as: UTF8.self)
        func edited(_ from: String, _ to: String) -> [UInt8] {
            Array(text.replacing(from, with: to, maxReplacements: 1).utf8)
        }
        let cases: [(String, [UInt8])] = [
            ("an order out of place", edited("\"order\" : 7\n", "\"order\" : 8\n")),
            ("IDs out of order", edited("\"00000003\" : {", "\"00000001\" : {")),
            ("a key other than its ID", edited("\"id\" : \"00000005\"", "\"id\" : \"00000006\"")),
            ("a control character", edited("\"Lunch 5\"", "\"Lunch\\u0001 5\"")),
            ("a blank name", edited("\"Lunch 5\"", "\"  \"")),
            ("another layout", edited("\"amount\" : 15,\n", "\"amount\":15,\n")),
            ("an unknown key", edited("\"amount\" : 15,\n", "\"amount\" : 15,\n      \"colour\" : \"red\",\n")),
            ("an amount too large to count", edited("\"amount\" : 15,\n", "\"amount\" : -9223372036854775808,\n")),
            ("a day that is not", edited("\"2026-06-15\"", "\"2026-02-30\"")),
            ("the counter not first",
             edited("{\n  \"expense_unique_id\"", "{\n  \"format\" : 1,\n  \"expense_unique_id\"")),
            ("an empty table", Array(#"{"expense_unique_id":"00000000","expenses":{},"format":1}"#.utf8)),
        ]
        for (name, file) in cases {
            XCTAssertNotEqual(file, Array(text.utf8), "\(name): the edit applies")
            XCTAssertNil(scan(file)?.tables[.expense], name)
        }
        // A layout budget does not write, still valid: read whole, and the change goes through.
        let other = try copiedIn(path, as: "other.json")
        try Data(edited("\"amount\" : 15,\n", "\"amount\":15,\n")).write(to: URL(fileURLWithPath: other))
        try JSONFileStore(path: other).transaction { document in try document.expenses.add { self.expense($0, 1) } }
        XCTAssertEqual(try JSONFileStore(path: other).load().expenses.count, 41)
    }

    func testRandomDamage_IsNeverTakenWhereTheStrictReaderRefusesIt() throws {
        // Any byte of the table changed: when the scan takes the table, the strict reader takes
        // the file, and each page holds what the scan says it holds.
        let path = try writtenFile(4_096 + 40)
        let file = try fileBytes(path)
        let table = try XCTUnwrap(scan(file)?.tables[.expense])
        var random = SeededGenerator(seed: 2026)
        let bytes: [UInt8] = Array("0123456789\"\\ -,:{}\n\taZ".utf8) + [0x01, 0x7F, 0xE3, 0x80, 0xC0, 0xFF, 0x85]
        // Half the changes fall on the texts of names and categories, where most leave a valid file.
        var texts: [Int] = []
        for key in ["\"name\" : \"", "\"category\" : \""].map({ Array($0.utf8) }) {
            var position = table.open
            while let found = ByteView.withBytes(of: file, { $0.firstIndex(of: key, in: position..<table.end) }) {
                var at = found + key.count
                while file[at] != UInt8(ascii: "\"") {
                    texts.append(at)
                    at += 1
                }
                position = at
            }
        }
        var taken = 0, refused = 0
        for round in 0..<200 {
            var damaged = file
            let at = round.isMultiple(of: 2)
                ? texts.randomElement(using: &random)! : Int.random(in: table.open..<(table.end + 4), using: &random)
            damaged[at] = bytes.randomElement(using: &random)!
            guard damaged != file, let scanned = scan(damaged)?.tables[.expense] else {
                refused += 1
                continue
            }
            taken += 1
            let report = try DocumentCodec.inspect(damaged)
            XCTAssertEqual(report.problems.count, 0, "a byte at \(at) the scan took: \(report.problems)")
            let records = report.document.expenses.paged
            XCTAssertEqual(scanned.summaries.count, records.pageCount)
            for page in 0..<records.pageCount {
                XCTAssertEqual(scanned.summaries[page], PageSummary(of: records.records(ofPage: page)), "byte \(at)")
            }
        }
        XCTAssertGreaterThan(taken, 20, "a letter changed leaves a valid file")
        XCTAssertGreaterThan(refused, 20)
    }

    // MARK: A change to a file copied in

    func testAChangeToAFileCopiedIn_ReadsOnlyThePagesItTouches_AndWritesWhatReadingItWholeWould() throws {
        let copy = try copiedIn(try writtenFile(3 * 4_096 + 17))
        let contents = try FileContents(path: copy, mapping: true)
        XCTAssertNil(FastDocumentCodec.decodeForChange(contents)?.expenses.paged.deferred, "without scanning: whole")
        let found = try XCTUnwrap(FastDocumentCodec.decodeForChange(contents, scanning: true))
        let deferred = try XCTUnwrap(found.expenses.paged.deferred, "the pages are left unread")
        XCTAssertEqual(deferred.readCount, 0)
        XCTAssertTrue(found.wasReadByStamp)
        XCTAssertFalse(found.brokeItsStamp)

        for (round, ids) in [[5_000], [1, 2], [4_096, 4_097], [3 * 4_096 + 17]].enumerated() {
            var document = found
            try document.expenses.remove(ids: ids.map { RecordID.string(for: $0) })
            var record = try document.expenses.existingRecord(id: RecordID.string(for: 9_000))
            record.amount = 77
            try document.expenses.update(record)
            document.finishChange(since: found, now: 1_700_000_000_000)
            try document.checkTotals(since: found)
            try document.validate(since: found)
            var written: [UInt8] = []
            FastDocumentCodec.encode(document, reusing: found) { written.append(contentsOf: $0) }
            XCTAssertFalse(document.brokeItsStamp)
            if round == 0 {
                XCTAssertLessThanOrEqual(deferred.readCount, 3, "the pages around the two records changed")
            }

            let whole = try XCTUnwrap(FastDocumentCodec.decodeForChange(contents))
            var same = whole
            try same.expenses.remove(ids: ids.map { RecordID.string(for: $0) })
            try same.expenses.update(record)
            same.finishChange(since: whole, now: 1_700_000_000_000)
            var anew: [UInt8] = []
            FastDocumentCodec.encode(same, reusing: whole) { anew.append(contentsOf: $0) }
            XCTAssertEqual(timeless(written), timeless(anew), "delete \(ids)")
            XCTAssertEqual(document.expenses, same.expenses)
        }
    }

    func testTheStore_ChangesAFileCopiedIn_AndStampsWhatItWrote() throws {
        let original = try writtenFile(2 * 4_096 + 5)
        let copy = try copiedIn(original)
        let store = JSONFileStore(path: copy)
        try store.transaction { document in
            try document.expenses.remove(ids: [RecordID.string(for: 100)])
            try document.expenses.add { self.expense($0, 7) }
        }
        // The same change on the original, read whole (its stamp set aside).
        try FileManager.default.removeItem(atPath: original + ".lock")
        let reference = JSONFileStore(path: original)
        try reference.transaction { document in
            try document.expenses.remove(ids: [RecordID.string(for: 100)])
            try document.expenses.add { self.expense($0, 7) }
        }
        XCTAssertEqual(timeless(try fileBytes(copy)), timeless(try fileBytes(original)))
        let stamp = try XCTUnwrap(WriteStamp(bytes: try fileBytes(copy + ".lock")), "the write left a stamp")
        XCTAssertEqual(stamp.tables[.expense]?.count, 2 * 4_096 + 5)
        XCTAssertEqual(try store.load().expenses.count, 2 * 4_096 + 5)
    }

    func testAFileCopiedOverOneWhoseStampItsLockFileHolds_IsScannedAndChangedAsReadWhole() throws {
        // A backup copied over the file: the lock file holds the stamp of the file it replaced,
        // of the same size (an expense added and undone moves the counter by one digit's worth).
        let original = try writtenFile(2 * 4_096 + 5)
        let backup = try fileBytes(original)
        let store = JSONFileStore(path: original)
        try store.transaction { document in try document.expenses.add { self.expense($0, 1) } }
        try store.transaction { document in _ = try document.undoLastChange() }
        XCTAssertEqual(try fileBytes(original).count, backup.count)
        XCTAssertNotEqual(try fileBytes(original), backup)
        try Data(backup).write(to: URL(fileURLWithPath: original))
        try store.transaction { document in try document.expenses.remove(ids: [RecordID.string(for: 5_000)]) }

        let reference = try copiedIn(original, as: "reference.json")
        try Data(backup).write(to: URL(fileURLWithPath: reference))
        try FileManager.default.removeItem(atPath: reference + ".lock")
        try JSONFileStore(path: reference).transaction { document in
            try document.expenses.remove(ids: [RecordID.string(for: 5_000)])
        }
        XCTAssertEqual(timeless(try fileBytes(original)), timeless(try fileBytes(reference)))
        XCTAssertEqual(try store.load().expenses.count, 2 * 4_096 + 4)
    }

    func testAFileCopiedInWithABadRecord_IsRefusedAsBeforeAndLeftAsItIs() throws {
        // A record the scan cannot take, deep in a large table: the table is read whole, and the
        // change refuses the file with the strict reader's words.
        let copy = try copiedIn(try writtenFile(2 * 4_096 + 5))
        let text = String(decoding: try fileBytes(copy), as: UTF8.self)
        let damaged = Array(text.replacing("\"order\" : 6000\n", with: "\"order\" : 6001\n", maxReplacements: 1).utf8)
        try Data(damaged).write(to: URL(fileURLWithPath: copy))
        XCTAssertThrowsError(
            try JSONFileStore(path: copy).transaction { document in try document.expenses.add { self.expense($0, 1) } }
        ) { error in
            XCTAssertTrue(error.localizedDescription.contains("order"), error.localizedDescription)
        }
        XCTAssertEqual(try fileBytes(copy), damaged)
    }
}
