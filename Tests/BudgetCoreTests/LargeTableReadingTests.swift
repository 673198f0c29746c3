#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import XCTest
@testable import BudgetCore

/// The fast reader on tables large enough to be read in two parts at once, and on labels it
/// gives again from memory: always what the strict path reads, or nothing.
final class LargeTableReadingTests: XCTestCase {
    private static let categories = ["food", "食費", "家賃", "abcdefgh1", "abcdefgh2", "abcdefgh", "ｾﾌﾞﾝ", "ＡＭＡＺＯＮ"]
    private static let accounts = ["楽天銀行", "楽天カード", "財布", "a", "ab"]

    /// A budget whose encoded expenses table is well past `concurrentTableSize`.
    private static func largeDocument(expenses count: Int = 30_000, incomes: Int = 50) throws -> BudgetDocument {
        var document = BudgetDocument()
        for index in 0..<count {
            let day = try XCTUnwrap(Day(year: 2020 + index % 6, month: 1 + index % 12, day: 1 + index % 28))
            try document.expenses.add {
                Expense(
                    id: $0, name: index % 3 == 0 ? "スーパー \(index)" : "Lunch \(index % 50)", amount: index * 7 - 500,
                    category: categories[index % categories.count], date: day,
                    note: index % 11 == 0 ? "note \(index)" : nil, tags: index % 5 == 0 ? Tags(["旅行"]) : Tags(),
                    account: index % 4 == 0 ? nil : accounts[index % accounts.count])
            }
        }
        for index in 0..<incomes {
            try document.incomes.add {
                Income(id: $0, name: "給与 \(index)", amount: 300_000 + index, date: .epoch, account: "楽天銀行")
            }
        }
        return document
    }

    private func decodeBoth(_ bytes: [UInt8]) -> (fast: BudgetDocument?, strict: BudgetDocument?) {
        (FastDocumentCodec.decode(bytes), try? DocumentCodec.decodeStrictly(bytes))
    }

    func testALargeTable_IsReadInTwoPartsAsTheStrictPathReadsIt() throws {
        let document = try Self.largeDocument()
        let bytes = FastDocumentCodec.encode(document)
        XCTAssertGreaterThan(bytes.count, FastDocumentCodec.concurrentTableSize, "the table must be split")
        // The second part starts at an expense's key, part way in.
        let split = ByteView.withBytes(of: bytes) {
            FastDocumentCodec.recordStart(in: $0, from: FastDocumentCodec.secondPartStart(bytes.count))
        }
        let start = try XCTUnwrap(split)
        XCTAssertTrue(String(decoding: bytes[start..<(start + 14)], as: UTF8.self).hasSuffix("\" : {"))
        let format = try XCTUnwrap(String(decoding: bytes, as: UTF8.self).range(of: "\n  \"format\""))
        XCTAssertLessThan(start, String(decoding: bytes, as: UTF8.self).utf8.distance(
            from: String(decoding: bytes, as: UTF8.self).startIndex, to: format.lowerBound), "within the expenses")
        let (fast, strict) = decodeBoth(bytes)
        XCTAssertEqual(strict, document)
        XCTAssertEqual(fast, document)
        XCTAssertEqual(fast?.expenses.records.map(\.id), document.expenses.records.map(\.id))
        XCTAssertEqual(fast.map { FastDocumentCodec.encode($0) }, bytes, "read back, it writes the same bytes")
    }

    func testRecordsOutOfIDOrderAcrossTheParts_AreReadAlike() throws {
        var document = try Self.largeDocument()
        // Moving records changes their orders, not their IDs: the file lists them by ID.
        try document.expenses.move(id: document.expenses.records[0].id, to: document.expenses.count)
        try document.expenses.move(id: document.expenses.records[document.expenses.count - 2].id, to: 1)
        var text = String(decoding: FastDocumentCodec.encode(document), as: UTF8.self)
        // The first record's lines swapped with the last one's: IDs out of order, still valid.
        let first = try XCTUnwrap(text.range(of: "\n    \"00000001\" : {"))
        let firstEnd = try XCTUnwrap(text.range(of: "\n    },", range: first.upperBound..<text.endIndex))
        let firstBlock = String(text[first.lowerBound..<firstEnd.lowerBound]) + "\n    }"
        let last = try XCTUnwrap(text.range(of: "\n    \"00030000\" : {"))
        let lastEnd = try XCTUnwrap(text.range(of: "\n    }\n", range: last.upperBound..<text.endIndex))
        let lastBlock = String(text[last.lowerBound..<lastEnd.lowerBound]) + "\n    }"
        text.replaceSubrange(last.lowerBound..<lastEnd.upperBound, with: firstBlock + "\n")
        text.replaceSubrange(first.lowerBound..<firstEnd.upperBound, with: lastBlock + ",")
        let (fast, strict) = decodeBoth(Array(text.utf8))
        XCTAssertEqual(strict, document)
        XCTAssertEqual(fast, document)
    }

    func testOrdersThatFollowEachOtherInEachPartButNotFromOne_ArePlacedByOrder() throws {
        let document = try Self.largeDocument(expenses: 30_000, incomes: 0)
        let text = String(decoding: FastDocumentCodec.encode(document), as: UTF8.self)
        /// The file with each order `n` written as `change(n)`.
        func withOrders(_ change: (Int) -> Int) -> [UInt8] {
            var lines: [Substring] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                guard line.hasPrefix("      \"order\" : "),
                      let order = Int(line.dropFirst(16).prefix { $0 != "," }) else {
                    lines.append(line)
                    continue
                }
                lines.append(Substring("      \"order\" : \(change(order))" + (line.hasSuffix(",") ? "," : "")))
            }
            return Array(lines.joined(separator: "\n").utf8)
        }
        // Orders rotated: each part lists orders one after another, but the table does not
        // start at 1 and the parts do not meet where a plain table's do.
        for shift in [1, 14_999] {
            let (fast, strict) = decodeBoth(withOrders { ($0 - 1 + shift) % 30_000 + 1 })
            XCTAssertNotNil(strict, "shift \(shift)")
            XCTAssertEqual(fast, strict, "shift \(shift)")
            XCTAssertEqual(fast?.expenses.records.first?.order, 1)
            XCTAssertEqual(fast?.expenses.records.first?.id, RecordID.string(for: 30_000 - shift + 1))
        }
        // Each part in order, the second from one past where it should start: refused (the
        // last order is past the count), though neither part alone shows it.
        let bytes = Array(text.utf8)
        let tableStart = try XCTUnwrap(text.range(of: "\"expenses\" : {")).upperBound.utf16Offset(in: text)
        let firstOfSecondPart = try ByteView.withBytes(of: bytes) { view in
            let split = try XCTUnwrap(
                FastDocumentCodec.recordStart(
                    in: view, from: tableStart + FastDocumentCodec.secondPartStart(bytes.count - tableStart)))
            return FastDocumentCodec.recordStarts(in: view, from: tableStart, before: split) + 1
        }
        XCTAssertGreaterThan(firstOfSecondPart, 10_000)
        // (Compared to nil: a document that reads would print 6 MB.)
        XCTAssertTrue(FastDocumentCodec.decode(withOrders { $0 >= firstOfSecondPart ? $0 + 1 : $0 }) == nil)
        XCTAssertTrue(FastDocumentCodec.decode(withOrders { $0 }) != nil)
    }

    func testRecordStarts_AreCountedAsALineByLineLookWouldCountThem() throws {
        var document = try Self.largeDocument(expenses: 300, incomes: 3)
        // Braces and the look of a record's first line inside texts are no record start.
        var tricky = document.expenses.records[7]
        tricky.name = "{ \"00000001\" : { x"
        tricky.note = "\"12345678\" : {"
        try document.expenses.update(tricky)
        let bytes = FastDocumentCodec.encode(document)
        ByteView.withBytes(of: bytes) { view in
            func byLines(_ first: Int, _ end: Int) -> Int {
                var count = 0
                for at in bytes.indices where bytes[at] == UInt8(ascii: "\n") {
                    let start = at + 5
                    guard start >= first, start < end, start + 14 <= bytes.count,
                          bytes[(at + 1)..<(at + 6)].elementsEqual("    \"".utf8),
                          bytes[(start + 1)..<(start + 9)].allSatisfy({ (0x30...0x39).contains($0) }),
                          bytes[(start + 9)..<(start + 14)].elementsEqual("\" : {".utf8) else { continue }
                    count += 1
                }
                return count
            }
            XCTAssertEqual(FastDocumentCodec.recordStarts(in: view, from: 0, before: bytes.count), 303)
            var random = SeededGenerator(seed: 26)
            for _ in 0..<300 {
                let first = Int(random.next() % UInt64(bytes.count))
                let end = first + Int(random.next() % UInt64(bytes.count - first + 1))
                XCTAssertEqual(
                    FastDocumentCodec.recordStarts(in: view, from: first, before: end), byLines(first, end),
                    "\(first)..<\(end)")
            }
        }
    }

    func testADuplicateIDAcrossTheParts_IsRefusedByBoth() throws {
        let document = try Self.largeDocument()
        let text = String(decoding: FastDocumentCodec.encode(document), as: UTF8.self)
        // The last record takes the first one's ID (its key and its field).
        let duplicated = text.replacingOccurrences(of: "\"00030000\"", with: "\"00000001\"")
        let (fast, strict) = decodeBoth(Array(duplicated.utf8))
        XCTAssertNil(strict)
        XCTAssertNil(fast)
    }

    func testABrokenRecordInEitherPart_IsRefusedByBoth() throws {
        let document = try Self.largeDocument()
        let text = String(decoding: FastDocumentCodec.encode(document), as: UTF8.self)
        for id in ["00000002", "00015000", "00029999"] {
            let broken = text.replacingOccurrences(
                of: "\"id\" : \"\(id)\"", with: "\"id\" : \"\(id)\", \"unknown\" : 1")
            XCTAssertNotEqual(broken, text)
            let (fast, strict) = decodeBoth(Array(broken.utf8))
            XCTAssertNil(strict, id)
            XCTAssertNil(fast, id)
        }
    }

    func testASmallExpenseTableBeforeALargeIncomeTable_IsReadAlike() throws {
        // The expenses end before the middle of the file: the second part starts in the
        // incomes, is stopped, and the expenses are read by one thread.
        let document = try Self.largeDocument(expenses: 40, incomes: 40_000)
        let bytes = FastDocumentCodec.encode(document)
        let (fast, strict) = decodeBoth(bytes)
        XCTAssertEqual(strict, document)
        XCTAssertEqual(fast, document)
    }

    func testRepeatedLabels_AreGivenAgainOnlyForTheSameBytes() throws {
        // Labels alike in their first eight bytes, one the start of another, escaped or not.
        var document = BudgetDocument()
        let labels = [
            "abcdefgh", "abcdefgh1", "abcdefgh2", "abcdefghi", "abc", "ab", "a\"b", "a\\b", "a\"", "食費", "食費2",
        ]
        for index in 0..<2_000 {
            try document.expenses.add {
                Expense(
                    id: $0, name: labels[(index * 7) % labels.count], amount: index,
                    category: labels[index % labels.count], date: .epoch,
                    account: labels[(index * 3) % labels.count])
            }
        }
        let bytes = FastDocumentCodec.encode(document)
        let (fast, strict) = decodeBoth(bytes)
        XCTAssertEqual(strict, document)
        XCTAssertEqual(fast, document)
        XCTAssertEqual(fast?.expenses.records.map(\.category), document.expenses.records.map(\.category))
        // The same label written once plainly and once with an escape reads alike.
        let text = String(decoding: bytes, as: UTF8.self)
        let escaped = text.replacingOccurrences(of: "\"abcdefgh1\"", with: "\"abcdefgh\\u0031\"")
        XCTAssertNotEqual(escaped, text)
        let again = decodeBoth(Array(escaped.utf8))
        XCTAssertEqual(again.strict, document)
        XCTAssertEqual(again.fast, document)
    }

    /// Counts its living instances, to see values released.
    private final class Token {
        nonisolated(unsafe) static var living = 0
        let name: String
        init(_ name: String) {
            self.name = name
            Token.living += 1
        }
        deinit { Token.living -= 1 }
    }

    func testRoomCededToASecondFiller_IsJoinedRightAfterTheFirstsValues() {
        let living = Token.living
        let joined = FillTarget<Token>.array(capacity: 10) { target in
            guard var tail = target.cede(from: 4) else { return XCTFail("room from 4 on can be ceded") }
            XCTAssertNil(target.cede(from: 2), "room is ceded once until it is joined")
            XCTAssertTrue(target.append(Token("a")))
            XCTAssertTrue(target.append(Token("b")))
            for name in ["c", "d", "e"] { XCTAssertTrue(tail.append(Token(name))) }
            // Two slots short of the ceded part: its values move down to follow these.
            XCTAssertTrue(target.join(tail))
            XCTAssertEqual(target.count, 5)
            XCTAssertTrue(target.append(Token("f")), "joined, the whole room is there again")
        }
        XCTAssertEqual(joined.map(\.name), ["a", "b", "c", "d", "e", "f"])
        XCTAssertEqual(Token.living, living + 6)
    }

    func testRoomFilledUpToTheCededPart_IsJoinedWithoutAMove() {
        let living = Token.living
        let joined = FillTarget<Token>.array(capacity: 5) { target in
            guard var tail = target.cede(from: 2) else { return XCTFail("room from 2 on can be ceded") }
            XCTAssertTrue(target.append(Token("a")) && target.append(Token("b")))
            XCTAssertFalse(target.append(Token("x")), "the room before the ceded part is full")
            XCTAssertTrue(tail.append(Token("c")))
            XCTAssertTrue(target.join(tail))
        }
        XCTAssertEqual(joined.map(\.name), ["a", "b", "c"])
        XCTAssertEqual(Token.living, living + 3, "the refused value was released")
    }

    func testACededPartThatIsNotJoined_IsReleased() {
        let living = Token.living
        let kept = FillTarget<Token>.array(capacity: 6) { target in
            guard var tail = target.cede(from: 3) else { return XCTFail("room from 3 on can be ceded") }
            XCTAssertTrue(target.append(Token("a")))
            XCTAssertTrue(tail.append(Token("b")) && tail.append(Token("c")))
            tail.discard()
        }
        XCTAssertEqual(kept.map(\.name), ["a"])
        XCTAssertEqual(Token.living, living + 1, "the discarded values are gone")
    }

    #if os(Linux)
    /// Whether the page of memory holding `address` is mapped (`mincore`).
    private static func isMapped(_ address: UnsafeRawPointer) -> Bool {
        let page = 4096
        var resident: UInt8 = 0
        let start = UnsafeMutableRawPointer(bitPattern: Int(bitPattern: address) / page * page)
        return start.map { mincore($0, page, &resident) == 0 && resident & 1 == 1 } ?? false
    }

    /// Whether this kernel maps room written ahead on advice (`MADV_POPULATE_WRITE`, Linux 5.14).
    private static var kernelMapsAhead: Bool {
        let size = 1 << 16
        guard let region = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              region != MAP_FAILED else { return false }
        defer { munmap(region, size) }
        return madvise(region, size, 23) == 0
    }

    func testRoomIsMappedAStretchAhead_NotWhollyAndNotPastWhatIsLeft() throws {
        guard Self.kernelMapsAhead else {
            throw XCTSkip("this kernel does not map room on advice (MADV_POPULATE_WRITE, Linux 5.14)")
        }
        // Room for 256 MiB of values (fresh memory: more than malloc ever takes from memory it
        // used before), one of them written: the stretch after it is mapped at once, the
        // room well past that is not (4 MiB on: the system may map a large page of 2 MiB whole).
        let stretch = FillTarget<UInt64>.prefaultSize / 8
        var mapped: [Bool] = []
        let written = FillTarget<UInt64>.array(capacity: (256 << 20) / 8) { target in
            XCTAssertTrue(target.append(7))
            mapped = [stretch - 1, stretch + (4 << 20) / 8].map { Self.isMapped(target.roomStart + $0 * 8) }
        }
        XCTAssertEqual(written, [7])
        XCTAssertEqual(mapped, [true, false], "the first stretch is mapped ahead, the room past it is not")
    }

    #endif
}
