import Foundation
import XCTest
@testable import BudgetCore

/// The undo history kept as the file's bytes (`UndoHistory`, `FastDocumentCodec.skimEntry`),
/// and a large history skimmed on its own thread while the tables are read.
final class StoredHistoryTests: XCTestCase {
    private let day = Day(iso: "2026-11-21")!

    /// A budget of `count` expenses (names in several scripts, some notes and tags) with all
    /// but the first deleted in one change: a history entry larger than the concurrent skim's
    /// threshold.
    private func bulkDeleted(_ count: Int) throws -> (document: BudgetDocument, bytes: [UInt8]) {
        var document = BudgetDocument()
        let names = ["Coffee", "家賃", "ｾﾌﾞﾝ", "ＡＭＡＺＯＮ", "a/b"]
        for number in 0..<count {
            try document.expenses.add {
                var expense = Expense(
                    id: $0, name: "\(names[number % names.count]) \(number)", amount: number * 7,
                    category: number % 3 == 0 ? "食費" : "fun", date: self.day)
                if number % 10 == 0 { expense.note = "note \(number)\nsecond line" }
                if number % 4 == 0 { expense.tags = Tags(["京都旅行", "t\(number % 3)"]) }
                return expense
            }
        }
        let original = document
        try document.expenses.remove(ids: document.expenses.records.dropFirst().map(\.id))
        document.recordChange(since: original)
        let bytes = FastDocumentCodec.encode(document)
        if count > 10_000 {
            XCTAssertGreaterThan(
                bytes.count, 2 * FastDocumentCodec.concurrentHistorySize, "the history must be skimmed concurrently")
        }
        return (document, bytes)
    }

    func testLargeHistory_IsKeptAsBytesReadBackEqualAndWrittenUnchanged() throws {
        let (document, bytes) = try bulkDeleted(20_000)
        let read = try XCTUnwrap(FastDocumentCodec.decode(bytes))
        guard case .stored(let stored)? = read.history.entries.first else {
            return XCTFail("the bulk delete must be kept as bytes")
        }
        XCTAssertEqual(FastDocumentCodec.decodeStoredEntry(stored.bytes), document.history[0])
        XCTAssertEqual(read, document)
        XCTAssertEqual(read.history.summary(at: 0), "delete 19999 expenses")
        XCTAssertEqual(FastDocumentCodec.encode(read), bytes, "a kept entry goes back out as it came")
        XCTAssertEqual(DocumentCodec.encodeGeneral(read), bytes)

        var undone = read
        try undone.undoLastChange()
        XCTAssertEqual(undone.expenses.count, 20_000)
        XCTAssertEqual(undone.expenses.records.last?.name, "a/b 19999")
    }

    func testLargeHistory_AnInvalidRecordDeepInsideIsRefusedAsByTheStrictReader() throws {
        let (_, bytes) = try bulkDeleted(20_000)
        var text = String(decoding: bytes, as: UTF8.self)
        let target = "\"amount\":\(11_000 * 7),"
        let range = try XCTUnwrap(text.range(of: target, options: .backwards))
        text.replaceSubrange(range, with: "\"amount\":-9223372036854775808,")
        let broken = Array(text.utf8)
        XCTAssertNil(FastDocumentCodec.decode(broken))
        XCTAssertThrowsError(try DocumentCodec.decodeStrictly(broken)) { error in
            XCTAssertTrue("\(error)".contains("too large to count"), "\(error)")
        }
    }

    func testLargeHistory_LaidOutOtherwiseIsStillReadExactly() throws {
        let (document, bytes) = try bulkDeleted(20_000)
        // One record's value with an extra space: valid, but not the writer's bytes, so that
        // entry is read the general way (and the concurrent attempt gives way to it).
        var text = String(decoding: bytes, as: UTF8.self)
        let target = "\"amount\":\(11_000 * 7),"
        let range = try XCTUnwrap(text.range(of: target, options: .backwards))
        text.replaceSubrange(range, with: "\"amount\": \(11_000 * 7),")
        let read = try XCTUnwrap(FastDocumentCodec.decode(Array(text.utf8)))
        guard case .change? = read.history.entries.first else {
            return XCTFail("an entry laid out otherwise is read, not kept")
        }
        XCTAssertEqual(read, document)
        XCTAssertEqual(FastDocumentCodec.encode(read), bytes, "written back as the writer writes it")
    }

    func testLargeHistory_ARecordAboveItsCounterIsRefused() throws {
        let (_, bytes) = try bulkDeleted(20_000)
        var text = String(decoding: bytes, as: UTF8.self)
        let counter = try XCTUnwrap(text.range(of: "\"expense_unique_id\" : \"00020000\""))
        text.replaceSubrange(counter, with: "\"expense_unique_id\" : \"00019000\"")
        XCTAssertNil(FastDocumentCodec.decode(Array(text.utf8)))
        XCTAssertThrowsError(try DocumentCodec.decodeStrictly(Array(text.utf8)))
    }

    /// The IDs an import adds go out a piece at a time like every other part of the file: the
    /// writer holds about `pieceSize` whatever the change (60,000 IDs are 1.4 MB).
    func testHistory_AnEntryAddingManyRecordsIsWrittenInPieces() throws {
        var document = BudgetDocument()
        let original = document
        for index in 0..<60_000 {
            try document.expenses.add { Expense(id: $0, name: "e\(index)", amount: 1, category: "c", date: day) }
        }
        document.recordChange(since: original)
        XCTAssertEqual(document.history.count, 1)
        var largest = 0, total = 0
        FastDocumentCodec.encode(document) { piece in
            largest = max(largest, piece.count)
            total += piece.count
        }
        XCTAssertGreaterThan(total, 2 * FastDocumentCodec.pieceSize)
        XCTAssertLessThan(largest, FastDocumentCodec.pieceSize + 4_096)
    }

    func testHistory_EntriesAreComparedWithoutDecodingWhenShared() throws {
        let (_, bytes) = try bulkDeleted(3_000)
        let read = try XCTUnwrap(FastDocumentCodec.decode(bytes))
        var changed = read
        try changed.expenses.add { Expense(id: $0, name: "new", amount: 1, date: self.day) }
        changed.recordChange(since: read)
        XCTAssertEqual(changed.history.count, 2)
        XCTAssertTrue(changed.differs(from: read))
        XCTAssertFalse(read.differs(from: read))
        var undone = changed
        try undone.undoLastChange()
        XCTAssertTrue(undone.history.isWithoutLast(of: changed.history))
        XCTAssertTrue(undone.history.hasSameEntries(as: read.history))
    }

    func testHistoryReadFromAFile_StaysInTheFileAndOutlivesItsReplacement() throws {
        let (document, bytes) = try bulkDeleted(3_000)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "budget-history-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/budget.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let store = JSONFileStore(path: path)
        var loaded = try store.load()
        guard case .stored? = loaded.history.entries.first else {
            return XCTFail("the entry must be kept as the file's bytes")
        }
        // The file is replaced (a rename over it) while the document still refers to its bytes.
        try store.add(Expense.self) { Expense(id: $0, name: "later", amount: 1, date: self.day) }
        XCTAssertEqual(loaded, document)
        XCTAssertEqual(FastDocumentCodec.encode(loaded), bytes)
        try loaded.undoLastChange()
        XCTAssertEqual(loaded.expenses.count, 3_000)
    }
}
