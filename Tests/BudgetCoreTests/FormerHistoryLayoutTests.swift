import Foundation
import XCTest
@testable import BudgetCore

/// Files whose history was written before records in history entries went on one line each
/// (each field on its own line, twelve spaces deep): they open, undo as they did, and the next
/// write puts their history in the current layout.
final class FormerHistoryLayoutTests: XCTestCase {
    /// A file as the version before the compact layout wrote it (times made equal): adds, an
    /// edit of a record with tags, a delete of two expenses (one with a note) and of an income.
    private static let formerFile = Array((#"""
        {
          "expense_unique_id" : "00000003",
          "expenses" : {
            "00000001" : {
              "amount" : 950,
              "category" : "food",
              "date" : "2026-01-01",
              "id" : "00000001",
              "name" : "Lunch",
              "order" : 1,
              "tags" : [
                "kyoto",
                "trip"
              ]
            }
          },
          "format" : 1,
          "history" : [
            {
              "expenses" : {
                "added" : [
                  "00000001"
                ]
              },
              "summary" : "add expense 00000001 (Lunch)",
              "time" : "2026-11-21T12:00:00Z"
            },
            {
              "expenses" : {
                "added" : [
                  "00000002"
                ]
              },
              "summary" : "add expense 00000002 (家賃)",
              "time" : "2026-11-21T12:00:00Z"
            },
            {
              "incomes" : {
                "added" : [
                  "00000001"
                ]
              },
              "summary" : "add income 00000001 (Pay)",
              "time" : "2026-11-21T12:00:00Z"
            },
            {
              "expenses" : {
                "added" : [
                  "00000003"
                ]
              },
              "summary" : "add expense 00000003 (Coffee)",
              "time" : "2026-11-21T12:00:00Z"
            },
            {
              "expenses" : {
                "edited" : [
                  {
                    "amount" : 900,
                    "category" : "food",
                    "date" : "2026-01-01",
                    "id" : "00000001",
                    "name" : "Lunch",
                    "order" : 1,
                    "tags" : [
                      "kyoto",
                      "trip"
                    ]
                  }
                ]
              },
              "summary" : "edit expense 00000001 (Lunch)",
              "time" : "2026-11-21T12:00:00Z"
            },
            {
              "expenses" : {
                "removed" : [
                  {
                    "amount" : 80000,
                    "category" : "住居",
                    "date" : "2026-01-02",
                    "id" : "00000002",
                    "name" : "家賃",
                    "note" : "月末",
                    "order" : 2
                  },
                  {
                    "amount" : 400,
                    "category" : "food",
                    "date" : "2026-01-04",
                    "id" : "00000003",
                    "name" : "Coffee",
                    "order" : 3
                  }
                ]
              },
              "summary" : "delete 2 expenses",
              "time" : "2026-11-21T12:00:00Z"
            },
            {
              "incomes" : {
                "removed" : [
                  {
                    "amount" : 5000,
                    "date" : "2026-01-03",
                    "id" : "00000001",
                    "name" : "Pay",
                    "order" : 1
                  }
                ]
              },
              "summary" : "delete income 00000001 (Pay)",
              "time" : "2026-11-21T12:00:00Z"
            }
          ],
          "income_unique_id" : "00000001",
          "incomes" : {

          }
        }
        """# + "\n").utf8)

    /// The bytes the former writer wrote for a document: the current file parsed into plain
    /// values (no `JSONValue.compact`) and serialized, every record on many lines.
    static func formerBytes(_ document: BudgetDocument) throws -> [UInt8] {
        let node = try JSONReader.parse(FastDocumentCodec.encode(document))
        var bytes = JSONSerializer(style: .encoderCompatible).serialize(value(node))
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private static func value(_ node: JSONNode) -> JSONValue {
        switch node.value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text): return Int(text).map(JSONValue.int) ?? .string(text)
        case .string(let text): return .string(text)
        case .array(let elements): return .array(elements.map(value))
        case .object(let members): return .object(members.map { ($0.key, value($0.node)) })
        }
    }

    private static func isStored(_ entry: UndoHistory.Entry) -> Bool {
        if case .stored = entry { return true }
        return false
    }

    func testFormerFile_OpensLikeTheStrictReaderReadsIt() throws {
        let read = try XCTUnwrap(FastDocumentCodec.decode(Self.formerFile), "the fast reader reads the former layout")
        XCTAssertEqual(read, try DocumentCodec.decodeStrictly(Self.formerFile))
        // Entries with records are declined by the skim (another layout) and read; the others
        // were written then as now, and are kept as their bytes.
        XCTAssertEqual(read.history.entries.map(Self.isStored), [true, true, true, true, false, false, false])
        XCTAssertEqual((0..<read.history.count).map { read.history.summary(at: $0) }, [
            "add expense 00000001 (Lunch)", "add expense 00000002 (家賃)", "add income 00000001 (Pay)",
            "add expense 00000003 (Coffee)", "edit expense 00000001 (Lunch)", "delete 2 expenses",
            "delete income 00000001 (Pay)",
        ])
        XCTAssertEqual(try DocumentCodec.inspect(Self.formerFile).problems.map(\.reason), [])
    }

    func testFormerFile_UndoesEveryChange() throws {
        var document = try XCTUnwrap(FastDocumentCodec.decode(Self.formerFile))
        try document.undoLastChange()
        XCTAssertEqual(document.incomes.records.map(\.name), ["Pay"])
        XCTAssertEqual(document.incomes.records.first?.amount, 5000)
        try document.undoLastChange()
        XCTAssertEqual(document.expenses.records.map(\.name), ["Lunch", "家賃", "Coffee"])
        XCTAssertEqual(document.expenses.records.map(\.order), [1, 2, 3])
        XCTAssertEqual(document.expenses.records[1].note, "月末")
        XCTAssertEqual(document.expenses.records[1].category, "住居")
        try document.undoLastChange()
        XCTAssertEqual(document.expenses.records[0].amount, 900)
        XCTAssertEqual(document.expenses.records[0].tags, Tags(["kyoto", "trip"]))
        XCTAssertEqual(document.history.count, 4)
    }

    func testFormerFile_IsRewrittenCompactlyByTheNextWrite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "budget-former-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/budget.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(Self.formerFile)))
        let store = JSONFileStore(path: path)
        let before = try store.load()
        _ = try store.add(Expense.self) { Expense(id: $0, name: "later", amount: 1, date: Day(iso: "2026-11-21")!) }

        let bytes = Array(try XCTUnwrap(FileManager.default.contents(atPath: path)))
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains(#"""
                  {"amount":80000,"category":"住居","date":"2026-01-02","id":"00000002",\#
        "name":"家賃","note":"月末","order":2},
                  {"amount":400,"category":"food","date":"2026-01-04","id":"00000003","name":"Coffee","order":3}
                ]
        """#), text)
        XCTAssertTrue(
            text.contains(
                #"{"amount":900,"category":"food","date":"2026-01-01","id":"00000001","name":"Lunch","order":1,"tags":"#
                    + #"["kyoto","trip"]}"#),
            text)
        XCTAssertFalse(text.contains(#""amount" : 80000"#), "no record of the history is left in the former layout")
        XCTAssertEqual(bytes, DocumentCodec.encodeGeneral(try store.load()), "the general writer writes the same bytes")

        // Read again, every entry is now kept as its bytes; undo goes back through all of them.
        var reread = try XCTUnwrap(FastDocumentCodec.decode(bytes))
        XCTAssertTrue(reread.history.entries.allSatisfy(Self.isStored))
        XCTAssertLessThan(bytes.count, Self.formerFile.count)
        try reread.undoLastChange()
        XCTAssertEqual(reread.expenses.records, before.expenses.records)
        XCTAssertEqual(reread.incomes.records, before.incomes.records)
        while !reread.history.isEmpty { try reread.undoLastChange() }
        XCTAssertEqual(reread.expenses.count + reread.incomes.count, 0)
    }

    func testFormerBulkHistory_IsReadExactlyAndRewrittenAsTheWriterWritesIt() throws {
        var document = BudgetDocument()
        let day = Day(iso: "2026-11-21")!
        for number in 0..<20_000 {
            try document.expenses.add {
                var expense = Expense(
                    id: $0, name: "家賃 \(number)", amount: number, category: number % 2 == 0 ? "食費" : "fun", date: day)
                if number % 10 == 0 { expense.note = "note \(number)\nsecond" }
                if number % 4 == 0 { expense.tags = Tags(["京都旅行", "t\(number % 3)"]) }
                return expense
            }
        }
        let original = document
        try document.expenses.remove(ids: document.expenses.records.dropFirst().map(\.id))
        document.recordChange(since: original)
        let current = FastDocumentCodec.encode(document)
        let former = try Self.formerBytes(document)
        XCTAssertGreaterThan(
            former.count, 2 * FastDocumentCodec.concurrentHistorySize, "the history must be skimmed concurrently")
        XCTAssertGreaterThan(former.count, current.count * 3 / 2, "the compact layout is much smaller")

        let read = try XCTUnwrap(FastDocumentCodec.decode(former))
        guard case .change? = read.history.entries.first else {
            return XCTFail("an entry in the former layout is read, not kept")
        }
        XCTAssertEqual(read, document)
        XCTAssertEqual(read, try DocumentCodec.decodeStrictly(former))
        XCTAssertEqual(FastDocumentCodec.encode(read), current)
        var undone = read
        try undone.undoLastChange()
        XCTAssertEqual(undone.expenses.records, original.expenses.records)
    }
}
