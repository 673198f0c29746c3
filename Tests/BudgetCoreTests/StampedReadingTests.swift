import TestSupport
import XCTest
@testable import BudgetCore

/// A change to a file budget wrote reads only the pages it touches (`WriteStamp`,
/// `StampedTable`, `DeferredPages`): what it writes must be what reading the whole file would
/// have made, and a stamp that does not fit the file (changed since, torn, forged) must never
/// change what is read.
final class StampedReadingTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = try ScratchDirectory.make("budget-stamped")
    }

    override func tearDownWithError() throws {
        ScratchDirectory.remove(directory)
    }

    private func expense(_ id: String, _ index: Int) -> Expense {
        Expense(
            id: id, name: ["Lunch", "家賃", "ｾﾌﾞﾝ", "a \"q\""][index % 4] + " \(index)",
            amount: index % 11 == 0 ? -index : index,
            category: ["food", "食費", "rent"][index % 3], date: Day(iso: "2026-0\(1 + index % 9)-1\(index % 10)")!,
            note: index % 7 == 0 ? "note \(index)" : nil)
    }

    /// A file of `count` expenses written by the store (so stamped), and its path.
    private func stampedFile(_ count: Int, name: String = "budget.json") throws -> String {
        let path = directory + "/" + name
        let store = JSONFileStore(path: path)
        try store.transaction { document in
            for index in 0..<count { try document.expenses.add { expense($0, index) } }
        }
        return path
    }

    /// A document written as a change writes it, copying what `original` holds unchanged.
    private func encode(_ document: BudgetDocument, reusing original: BudgetDocument) -> [UInt8] {
        var bytes: [UInt8] = []
        FastDocumentCodec.encode(document, reusing: original) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// A file's text with its history entries' times put aside: the clock's, which two
    /// encodings a second apart do not share.

    private func stamp(_ path: String) throws -> WriteStamp {
        try XCTUnwrap(WriteStamp(bytes: try fileBytes(path + ".lock")), "a stamp in the lock file")
    }

    // MARK: The hash and the stamp's bytes

    func testContentHash_IsTheSameHoweverTheBytesAreCut() {
        var random = SeededGenerator(seed: 7)
        let data = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let whole = ByteView.withBytes(of: data) { ContentHash.of($0) }
        for _ in 0..<50 {
            var hash = ContentHash()
            var start = 0
            while start < data.count {
                let end = min(data.count, start + Int.random(in: 0...70, using: &random))
                ByteView.withBytes(of: Array(data[start..<end])) { hash.add($0) }
                start = end
            }
            XCTAssertEqual(hash.value, whole)
        }
        // Any one byte changed, or one more, changes it.
        for position in [0, 1, 31, 32, 4_999, 9_999] {
            var changed = data
            changed[position] ^= 1
            XCTAssertNotEqual(ByteView.withBytes(of: changed) { ContentHash.of($0) }, whole, "byte \(position)")
        }
        XCTAssertNotEqual(ByteView.withBytes(of: data + [0]) { ContentHash.of($0) }, whole)
        XCTAssertNotEqual(ByteView.withBytes(of: Array(data.dropLast())) { ContentHash.of($0) }, whole)
    }

    func testStampBytes_ReadBackAndRefuseAnythingElse() {
        var stamp = WriteStamp(size: 123_456, hash: 0xDEAD_BEEF_0123_4567)
        stamp.tables[.expense] = WriteStamp.Table(
            open: 40, end: 120_000, pageStarts: [46, 60_000],
            summaries: [
                PageSummary(count: 4_096, firstID: 1, lastID: 4_100, sizes: (900_000, 300)),
                PageSummary(count: 12, firstID: 4_101, lastID: 4_112, sizes: (5, 0)),
            ])
        stamp.tables[.income] = WriteStamp.Table(
            open: 10, end: 20, pageStarts: [15],
            summaries: [PageSummary(count: 1, firstID: 7, lastID: 7, sizes: (1, 1))])
        let bytes = stamp.bytes
        XCTAssertEqual(WriteStamp(bytes: bytes), stamp)
        XCTAssertNil(WriteStamp(bytes: []), "no stamp (an earlier budget's lock file)")
        XCTAssertNil(WriteStamp(bytes: Array(bytes.dropLast(8))), "torn")
        for position in [0, 8, 20, 60, bytes.count - 1] {
            var changed = bytes
            changed[position] ^= 0x10
            XCTAssertNil(WriteStamp(bytes: changed), "byte \(position) changed")
        }
    }

    // MARK: What a write leaves

    func testAWrite_LeavesAStampOfTheFileAndItsPages() throws {
        let path = try stampedFile(2 * 4_096 + 5)
        let file = try fileBytes(path)
        let stamp = try stamp(path)
        XCTAssertEqual(stamp.size, file.count)
        XCTAssertEqual(stamp.hash, ByteView.withBytes(of: file) { ContentHash.of($0) })
        let table = try XCTUnwrap(stamp.tables[.expense])
        XCTAssertNil(stamp.tables[.income], "an empty table has no pages")
        let document = try XCTUnwrap(FastDocumentCodec.decode(file))
        let records = Array(document.expenses.records)
        XCTAssertEqual(table.summaries.map(\.count), [4_096, 4_096, 5])
        for (page, start) in table.pageStarts.enumerated() {
            let first = records[page * 4_096]
            let id = Array(first.id.utf8)
            XCTAssertEqual(Array(file[start + 1..<start + 9]), id, "page \(page) starts at its first record")
            XCTAssertEqual(Array(file[start - 5..<start]), Array("\n    ".utf8))
            let own = records[(page * 4_096)..<min(records.count, (page + 1) * 4_096)]
            let summary = table.summaries[page]
            XCTAssertEqual(summary.firstID, RecordID.number(fromStored: first.id))
            XCTAssertEqual(summary.lastID, RecordID.number(fromStored: own.last!.id))
            XCTAssertEqual(summary.sizes.all, own.reduce(0) { $0 + abs($1.amount) })
            XCTAssertEqual(summary.sizes.refunds, own.reduce(0) { $0 + ($1.amount < 0 ? -$1.amount : 0) })
        }
        XCTAssertEqual(file[table.open], UInt8(ascii: "{"))
        XCTAssertEqual(Array(file[table.end - 1..<table.end + 4]), Array("}\n  }".utf8))
    }

    // MARK: Reading

    func testAChangeToAStampedFile_ReadsOnlyThePagesItTouches() throws {
        let path = try stampedFile(3 * 4_096 + 17)
        let contents = try FileContents(path: path, mapping: true)
        let stamp = try stamp(path)
        let found = try XCTUnwrap(FastDocumentCodec.decodeForChange(contents, stamp: stamp))
        let deferred = try XCTUnwrap(found.expenses.paged.deferred, "the pages are left unread")
        XCTAssertEqual(deferred.readCount, 0)
        XCTAssertEqual(found.expenses.count, 3 * 4_096 + 17)

        // An edit in the second page: that page is read, no other.
        var document = found
        var record = try document.expenses.existingRecord(id: RecordID.string(for: 5_000))
        record.amount = 77
        try document.expenses.update(record)
        document.finishChange(since: found, now: 1_700_000_000_000)
        try document.checkTotals(since: found)
        try document.validate(since: found)
        let written = encode(document, reusing: found)
        XCTAssertEqual(deferred.readCount, 1, "only the edited record's page was read")
        XCTAssertFalse(deferred.hasFailed)

        // The same change made on the file read whole writes the same bytes.
        let whole = try XCTUnwrap(FastDocumentCodec.decodeForChange(contents))
        XCTAssertNil(whole.expenses.paged.deferred)
        var same = whole
        try same.expenses.update(record)
        same.finishChange(since: whole, now: 1_700_000_000_000)
        XCTAssertEqual(timeless(written), timeless(encode(same, reusing: whole)))
        XCTAssertEqual(document.expenses, same.expenses)
        XCTAssertEqual(document.history.entries.count, same.history.entries.count)
    }

    func testADeleteFromAStampedFile_ReadsAPageOrTwoAndWritesWhatReadingItWholeWould() throws {
        // A delete shifts every record after it one place: those pages stay unread, copied
        // with their orders put right, and their summaries (made from the pages' first records)
        // are what a stamp of the file written anew holds.
        let count = 5 * 4_096 + 17
        let cases: [[Int]] = [
            [10_000], [4_096], [4_097], [1], [8_192, 8_193], [300, 301, 4_000], [4_090, 4_100], [count - 20],
            Array(stride(from: 12_300, to: 12_300 + 64, by: 1)),
        ]
        for (index, ids) in cases.enumerated() {
            let path = try stampedFile(count, name: "delete-\(index).json")
            let contents = try FileContents(path: path, mapping: true)
            let found = try XCTUnwrap(FastDocumentCodec.decodeForChange(contents, stamp: try stamp(path)))
            let deferred = try XCTUnwrap(found.expenses.paged.deferred)
            var document = found
            try document.expenses.remove(ids: ids.map { RecordID.string(for: $0) })
            document.finishChange(since: found, now: 1_700_000_000_000)
            try document.checkTotals(since: found)
            try document.validate(since: found)
            var written: [UInt8] = []
            let stamp = try XCTUnwrap(
                FastDocumentCodec.encode(document, reusing: found, stamping: true) { written.append(contentsOf: $0) })
            let shifted = try XCTUnwrap(document.expenses.paged.deferred)
            XCTAssertLessThanOrEqual(deferred.readCount, 3, "delete \(ids): only the pages around it are read")
            XCTAssertEqual(shifted.readCount, 0, "delete \(ids): the shifted pages are not read")
            XCTAssertFalse(document.brokeItsStamp)

            // The same delete made on the file read whole.
            let whole = try XCTUnwrap(FastDocumentCodec.decodeForChange(contents))
            var same = whole
            try same.expenses.remove(ids: ids.map { RecordID.string(for: $0) })
            same.finishChange(since: whole, now: 1_700_000_000_000)
            XCTAssertEqual(timeless(written), timeless(encode(same, reusing: whole)), "delete \(ids)")
            // The stamp's pages are those of the file written anew, and read as they say.
            let anew = try XCTUnwrap(FastDocumentCodec.encode(same, reusing: nil, stamping: true) { _ in })
            XCTAssertEqual(stamp.tables[.expense], anew.tables[.expense], "delete \(ids)")
            XCTAssertEqual(document.expenses, same.expenses, "delete \(ids): the shifted pages read")
            XCTAssertFalse(document.brokeItsStamp)
        }
    }

    func testADeleteOverPagesNotAsTheirStampSays_IsMadeFromTheFileReadWhole() throws {
        // An order out of place in a page a delete shifts, under a stamp made to hash to it (a
        // forged one): the copy finds the order is not the one expected, and the change is made
        // again from the file read whole, which refuses the file. Nothing is written.
        let path = try stampedFile(3 * 4_096 + 9)
        let text = String(decoding: try fileBytes(path), as: UTF8.self)
        let forged = Array(text.replacing("\"order\" : 11000\n", with: "\"order\" : 11001\n", maxReplacements: 1).utf8)
        XCTAssertEqual(forged.count, text.utf8.count)
        var stamp = try stamp(path)
        stamp.hash = ByteView.withBytes(of: forged) { ContentHash.of($0) }
        try Data(forged).write(to: URL(fileURLWithPath: path))
        try Data(stamp.bytes).write(to: URL(fileURLWithPath: path + ".lock"))
        let store = JSONFileStore(path: path)
        XCTAssertThrowsError(
            try store.transaction { document in try document.expenses.remove(ids: [RecordID.string(for: 100)]) }
        ) { error in
            XCTAssertTrue("\(error.localizedDescription)".contains("order"), "\(error.localizedDescription)")
        }
        XCTAssertEqual(try fileBytes(path), forged)
    }

    func testAFileChangedSinceItsStamp_IsReadWhole() throws {
        let path = try stampedFile(4_096 + 3)
        let stamp = try stamp(path)
        // Another program rewrites the file (same size even): the stamp no longer fits.
        var file = try fileBytes(path)
        let name = Array("Lunch 0".utf8)
        let at = try XCTUnwrap((0..<file.count).first { Array(file[$0..<$0 + name.count]) == name })
        file[at] = UInt8(ascii: "M")
        try Data(file).write(to: URL(fileURLWithPath: path))
        let contents = try FileContents(path: path, mapping: true)
        let found = try XCTUnwrap(FastDocumentCodec.decodeForChange(contents, stamp: stamp))
        XCTAssertEqual(found.expenses.records[0].name, "Munch 0", "a page read holds the file's bytes")
        XCTAssertTrue(found.brokeItsStamp, "the file does not hash to its stamp: nothing made from it is written")
        // A change through the store reads what the file holds.
        let store = JSONFileStore(path: path)
        try store.transaction { document in try document.expenses.add { self.expense($0, 1) } }
        XCTAssertEqual(try store.load().expenses.records[0].name, "Munch 0")
        XCTAssertEqual(try store.load().expenses.count, 4_096 + 4)
    }

    func testAStampThatDoesNotFitItsPages_NeverChangesWhatIsRead() throws {
        // A stamp that hashes to the file but says the wrong things of a page (a forged or
        // mistaken one): a change that reads the page finds it out, and the change is made again
        // from the file read whole; a change that does not read it copies the page's bytes, as
        // the file holds them.
        let path = try stampedFile(2 * 4_096 + 9)
        var stamp = try stamp(path)
        stamp.tables[.expense]?.summaries[0].sizes.all += 1
        try Data(stamp.bytes).write(to: URL(fileURLWithPath: path + ".lock"))
        let store = JSONFileStore(path: path)
        let before = try store.load()
        // Touches the last page only: the first page's bytes are copied.
        try store.transaction { document in try document.expenses.add { self.expense($0, 5) } }
        var after = try store.load()
        XCTAssertEqual(Array(after.expenses.records.prefix(2 * 4_096 + 9)), Array(before.expenses.records))
        // The stamp the add left is right again; forge it once more and touch the first page.
        stamp = try self.stamp(path)
        stamp.tables[.expense]?.summaries[0].sizes.all += 1
        try Data(stamp.bytes).write(to: URL(fileURLWithPath: path + ".lock"))
        try store.transaction { document in
            var record = document.expenses.records[10]
            record.amount = 4_242
            try document.expenses.update(record)
        }
        after = try store.load()
        XCTAssertEqual(after.expenses.records[10].amount, 4_242)
        XCTAssertEqual(after.expenses.count, 2 * 4_096 + 10)
        XCTAssertEqual(Array(after.expenses.records.prefix(10)), Array(before.expenses.records.prefix(10)))
        XCTAssertNoThrow(try store.check())
        XCTAssertTrue(try store.check().problems.isEmpty)
        // Forged to point a page at the wrong place: not trusted at all.
        stamp = try self.stamp(path)
        stamp.tables[.expense]?.pageStarts[1] += 1
        try Data(stamp.bytes).write(to: URL(fileURLWithPath: path + ".lock"))
        let contents = try FileContents(path: path, mapping: true)
        XCTAssertNil(try XCTUnwrap(FastDocumentCodec.decodeForChange(contents, stamp: stamp)).expenses.paged.deferred)
    }

    func testConsecutiveChanges_WriteWhatWritingAnewWould() throws {
        // Changes made one after the other, each reading the stamp the last left.
        let path = try stampedFile(3 * 4_096 + 1)
        let store = JSONFileStore(path: path)
        var random = SeededGenerator(seed: 11)
        for step in 0..<PropertyDepth.rounds(deep: 60, fast: 20) {
            // What the change makes of the file read whole, made in memory.
            var model = try store.load()
            let count = model.expenses.count
            let position = [0, 4_095, 4_096, 8_191, 8_192, count - 1, Int.random(in: 0..<count, using: &random)]
                .randomElement(using: &random)!
            let change: (inout BudgetDocument) throws -> Void
            switch step % 5 {
            case 0: change = { try $0.expenses.add { self.expense($0, step) } }
            case 1, 2:
                change = { document in
                    var record = document.expenses.records[position]
                    record.amount += 1
                    try document.expenses.update(record)
                }
            case 3:
                change = { document in _ = try document.expenses.remove(ids: [document.expenses.records[position].id]) }
            default: change = { document in _ = try document.undoLastChange() }
            }
            try store.transaction { try change(&$0) }
            try change(&model)
            let read = try store.load()
            XCTAssertEqual(read.expenses, model.expenses, "step \(step)")
            let file = try fileBytes(path)
            let anew = FastDocumentCodec.encode(try XCTUnwrap(FastDocumentCodec.decode(file)))
            XCTAssertEqual(anew, file, "step \(step): as written anew")
            XCTAssertEqual(try self.stamp(path).hash, ByteView.withBytes(of: file) { ContentHash.of($0) })
        }
    }

    func testAMoveOnAStampedTable_LeavesTheEarlierPagesUnreadAndWritesByID() throws {
        // A move puts the table out of ID order: the writer then writes every record where its
        // ID puts it, which must read the pages the change left unread (a review found it
        // stopping instead).
        let path = try stampedFile(3 * 4_096 + 5)
        let store = JSONFileStore(path: path)
        for (id, position) in [(9_000, 3 * 4_096 + 5), (10_000, 9_500), (12_290, 1)] {
            var model = try store.load()
            try model.expenses.move(id: RecordID.string(for: id), to: position)
            try store.transaction { try $0.expenses.move(id: RecordID.string(for: id), to: position) }
            XCTAssertEqual(try store.load().expenses, model.expenses, "move \(id) to \(position)")
            let file = try fileBytes(path)
            XCTAssertEqual(FastDocumentCodec.encode(try XCTUnwrap(FastDocumentCodec.decode(file))), file)
        }
        try store.transaction { _ = try $0.undoLastChange() }
        XCTAssertTrue(try store.check().problems.isEmpty)
    }

    func testALockFileThatIsASymbolicLink_IsNeverWrittenThrough() throws {
        // A lock file swapped for a link to the data file (or any other file): the stamp goes
        // only into the file whose lock is held, never through a link.
        let path = try stampedFile(10)
        let other = directory + "/notes.txt"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: other))
        for target in [path, other] {
            try FileManager.default.removeItem(atPath: path + ".lock")
            try FileManager.default.createSymbolicLink(atPath: path + ".lock", withDestinationPath: target)
            let store = JSONFileStore(path: path)
            try store.transaction { document in try document.expenses.add { self.expense($0, 1) } }
            XCTAssertNotNil(FastDocumentCodec.decode(try fileBytes(path)), "the data file is whole")
            XCTAssertEqual(String(decoding: try fileBytes(other), as: UTF8.self), "keep me")
        }
        XCTAssertEqual(try JSONFileStore(path: path).load().expenses.count, 12)
    }

    func testAStampPointingOutsideItsFile_IsNotTrusted() throws {
        let path = try stampedFile(4_096 + 1)
        let contents = try FileContents(path: path, mapping: true)
        for forge in [
            { (stamp: inout WriteStamp) in stamp.tables[.expense]?.open = stamp.size + 10 },
            { (stamp: inout WriteStamp) in stamp.tables[.expense]?.end = Int.max },
            { (stamp: inout WriteStamp) in stamp.tables[.expense]?.pageStarts[1] = Int.max },
            { (stamp: inout WriteStamp) in stamp.tables[.expense]?.pageStarts[0] = 2 },
        ] {
            var stamp = try stamp(path)
            forge(&stamp)
            let found = try XCTUnwrap(FastDocumentCodec.decodeForChange(contents, stamp: stamp))
            XCTAssertNil(found.expenses.paged.deferred, "read whole")
        }
    }
}
