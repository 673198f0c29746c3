import TestSupport
import XCTest
@testable import BudgetCore

/// A change writes the records it did not touch by copying their bytes from the file it read
/// (`RecordCopier`): the file must come out exactly as writing every record anew would make it,
/// whatever the change, and a file laid out otherwise is written anew.
final class RecordCopyingTests: XCTestCase {
    private var directory: String!
    private let names = ["Lunch", "家賃", "食費", "ｾﾌﾞﾝ", "ＡＭＡＺＯＮ", "a \"quoted\" name", "back\\slash", "Café"]
    private let categories = ["food", "住居", "食費", "transport"]

    override func setUpWithError() throws {
        directory = try ScratchDirectory.make("budget-copying")
    }

    override func tearDownWithError() throws {
        ScratchDirectory.remove(directory)
    }

    /// The file as the writer writes it from scratch: the document it holds, encoded anew.
    private func assertWrittenAnewAlike(_ path: String, _ context: String, line: UInt = #line) throws {
        let written = try fileBytes(path)
        let document = try XCTUnwrap(FastDocumentCodec.decode(written), context, line: line)
        let anew = String(decoding: FastDocumentCodec.encode(document), as: UTF8.self)
        XCTAssertEqual(anew, String(decoding: written, as: UTF8.self), "after \(context)", line: line)
    }

    private func expense(_ id: String, _ index: Int) -> Expense {
        Expense(
            id: id, name: names[index % names.count] + " \(index)", amount: index * 37 - 400,
            category: categories[index % categories.count], date: Day(iso: "2026-0\(1 + index % 9)-1\(index % 10)")!,
            note: index % 7 == 0 ? "note \(index)" : nil, tags: index % 5 == 0 ? Tags(["旅行"]) : Tags(),
            account: index % 3 == 0 ? "楽天カード" : nil)
    }

    /// A random change of the kinds a command makes: add, edit, delete, move, undo, on every table.
    private func change(
        _ document: inout BudgetDocument, _ random: inout SeededGenerator, step: Int
    ) throws -> String {
        let count = document.expenses.count
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1:
            let added = Int.random(in: 1...3, using: &random)
            for offset in 0..<added { try document.expenses.add { expense($0, step * 10 + offset) } }
            return "add \(added) expenses"
        case 2 where count > 0:
            var record = document.expenses.records[Int.random(in: 0..<count, using: &random)]
            record.amount += 1
            if step % 2 == 0 { record.name = "edited \(step)" }
            try document.expenses.update(record)
            return "edit expense \(record.id)"
        case 3 where count > 0:
            let ids = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                document.expenses.records[Int.random(in: 0..<count, using: &random)].id
            }
            _ = try document.expenses.remove(ids: Array(Set(ids)))
            return "delete expenses \(Set(ids).sorted())"
        case 4 where count > 1:
            let id = document.expenses.records[Int.random(in: 0..<count, using: &random)].id
            let position = Int.random(in: 1...count, using: &random)
            try document.expenses.move(id: id, to: position)
            return "move expense \(id) to \(position)"
        case 5:
            try document.incomes.add { Income(id: $0, name: "給与 \(step)", amount: 300_000, date: .epoch) }
            return "add an income"
        case 6 where document.incomes.count > 0:
            let id = document.incomes.records[Int.random(in: 0..<document.incomes.count, using: &random)].id
            _ = try document.incomes.remove(ids: [id])
            return "delete income \(id)"
        case 7:
            try document.transfers.add {
                Transfer(id: $0, amount: step, from: "楽天銀行", to: "財布", date: .epoch, note: "t \(step)")
            }
            return "add a transfer"
        default:
            let ids = document.expenses.records.prefix(2).map(\.id)
            _ = try document.expenses.remove(ids: ids)
            try document.expenses.add { expense($0, step) }
            return "delete the first two expenses and add one"
        }
    }

    func testRandomChanges_WriteTheFileAsWritingItAnewWould() throws {
        for (seed, initial) in [(UInt64(1), 40), (2, 1_200), (3, 0)] {
            let path = directory + "/budget-\(seed).json"
            var store = JSONFileStore(path: path)
            store.mapsLargeFiles = seed % 2 == 0
            try store.transaction { document in
                for index in 0..<initial { try document.expenses.add { expense($0, index) } }
            }
            var random = SeededGenerator(seed: seed)
            for step in 0..<PropertyDepth.rounds(deep: 120, fast: 40) {
                var what = "undo"
                // What the change makes of the document read, made in memory with the same draws.
                var model = try store.load()
                if step % 17 == 16 {
                    try store.transaction { document in _ = try document.undoLastChange() }
                    _ = try model.undoLastChange()
                } else {
                    var drawn = random
                    try store.transaction { document in what = try change(&document, &random, step: step) }
                    _ = try change(&model, &drawn, step: step)
                }
                let read = try store.load()
                XCTAssertEqual(read.expenses, model.expenses, "seed \(seed), step \(step): \(what)")
                XCTAssertEqual(read.incomes, model.incomes, "seed \(seed), step \(step): \(what)")
                XCTAssertEqual(read.transfers, model.transfers, "seed \(seed), step \(step): \(what)")
                try assertWrittenAnewAlike(path, "seed \(seed), step \(step): \(what)")
            }
        }
    }

    func testChangesToATableOfSeveralPages_CopyTheUnwrittenPagesWhole() throws {
        // Three pages of 4,096 and part of a fourth: an edit at either side of a page's edge,
        // an append, deletes and a move, each written as writing the file anew would write it,
        // the pages the change did not write copied without comparing their records.
        let path = directory + "/budget-pages.json"
        let store = JSONFileStore(path: path)
        try store.transaction { document in
            for index in 0..<(3 * 4_096 + 17) { try document.expenses.add { expense($0, index) } }
        }
        var model = try store.load()
        let changes: [(String, (inout BudgetDocument) throws -> Void)] = [
            ("edit the first", { try self.edit(&$0, at: 0) }),
            ("edit the last of the first page", { try self.edit(&$0, at: 4_095) }),
            ("edit the first of the second page", { try self.edit(&$0, at: 4_096) }),
            ("edit the last", { try self.edit(&$0, at: $0.expenses.count - 1) }),
            ("add", { document in try document.expenses.add { self.expense($0, 99_999) } }),
            ("delete in the second page", { document in
                _ = try document.expenses.remove(ids: [document.expenses.records[5_000].id])
            }),
            ("edit after the delete", { try self.edit(&$0, at: 9_000) }),
            ("move to the front", { document in
                try document.expenses.move(id: document.expenses.records[8_500].id, to: 1)
            }),
            ("edit after the move", { try self.edit(&$0, at: 4_100) }),
        ]
        for (what, change) in changes {
            try store.transaction { try change(&$0) }
            try change(&model)
            XCTAssertEqual(try store.load().expenses, model.expenses, what)
            try assertWrittenAnewAlike(path, what)
        }
        // The undo history's own changes: the edit undone, then the move.
        for what in ["undo the edit", "undo the move"] {
            try store.transaction { _ = try $0.undoLastChange() }
            try assertWrittenAnewAlike(path, what)
        }
        XCTAssertEqual(try store.load().expenses.records[0].id, "00000001", "the move undone")
    }

    private func edit(_ document: inout BudgetDocument, at position: Int) throws {
        var record = document.expenses.records[position]
        record.amount += 1
        record.name = "edited \(position)"
        try document.expenses.update(record)
    }

    func testRecordsAChangeLeftAsTheyWere_HaveTheSameBits() throws {
        // A table copied by a change (an append to a table the original still holds) holds the
        // records it did not touch with the same bits (`LentElements.sameBits`): what lets the
        // writer and the change's diff pass them without comparing field by field. Padding
        // between fields would not be copied (a copy copies fields), so a model holds none.
        let day = Day(year: 2026, month: 11, day: 29) ?? .epoch
        var document = BudgetDocument()
        for step in 1...50 {
            let note = step % 2 == 0 ? "メモ \(step) の 長い 説明" : nil
            _ = try document.expenses.add {
                Expense(
                    id: $0, name: "家賃 \(step) の 支払い", amount: step, category: step % 3 == 0 ? "食費" : "food",
                    date: day, note: note, tags: step % 5 == 0 ? Tags(["trip", "京都"]) : Tags(),
                    source: step % 7 == 0 ? "mufg:2026-11-29:\(step)" : nil, account: step % 4 == 0 ? "楽天銀行" : nil,
                    paidBy: step % 6 == 0 ? "花子" : nil)
            }
            _ = try document.incomes.add {
                Income(id: $0, name: "給与 \(step) の 振込", amount: step, date: day, note: note, account: "楽天銀行")
            }
            _ = try document.transfers.add {
                Transfer(id: $0, amount: step, from: "楽天銀行", to: "財布", date: day, note: note)
            }
        }
        func sameBits<Record: BaseModel>(_ table: RecordTable<Record>, _ copied: RecordTable<Record>) -> Int {
            LentElements.lending(table.records) { old in
                LentElements.lending(copied.records) { new in
                    (0..<old.count).filter { old.sameBits($0, new, $0) }.count
                }
            }
        }
        var changed = document
        _ = try changed.expenses.add { Expense(id: $0, name: "new", amount: 1, date: day) }
        _ = try changed.incomes.add { Income(id: $0, name: "new", amount: 1, date: day) }
        _ = try changed.transfers.add { Transfer(id: $0, amount: 1, from: "a", to: "b", date: day) }
        XCTAssertEqual(sameBits(document.expenses, changed.expenses), 50)
        XCTAssertEqual(sameBits(document.incomes, changed.incomes), 50)
        XCTAssertEqual(sameBits(document.transfers, changed.transfers), 50)
        // Equal records whose texts have storage of their own: not the same bits (== decides).
        var respelt = changed
        var record = respelt.expenses.records[0]
        record.name = String(decoding: Array(record.name.utf8), as: UTF8.self)
        try respelt.expenses.update(record)
        XCTAssertEqual(respelt.expenses.records[0], changed.expenses.records[0])
        XCTAssertEqual(sameBits(changed.expenses, respelt.expenses), 50, "the one respelt record is not")
        // A delete moves the records after it up: the same bits but for the order's.
        XCTAssertNotNil(Expense.schema.orderBytes)
        XCTAssertNotNil(Income.schema.orderBytes)
        XCTAssertNotNil(Transfer.schema.orderBytes)
        var deleted = changed
        _ = try deleted.expenses.remove(ids: [changed.expenses.records[20].id])
        let orderBytes = try XCTUnwrap(Expense.schema.orderBytes)
        LentElements.lending(changed.expenses.records) { old in
            LentElements.lending(deleted.expenses.records) { new in
                for index in 21..<old.count {
                    XCTAssertFalse(old.sameBits(index, new, index - 1), "moved: its order differs")
                    XCTAssertTrue(old.sameBits(index, new, index - 1, except: orderBytes))
                    XCTAssertTrue(Expense.schema.sameContent(old, index, new, index - 1))
                }
                XCTAssertFalse(old.sameBits(20, new, 20, except: orderBytes), "another record")
                XCTAssertFalse(Expense.schema.sameContent(old, 20, new, 20))
            }
        }
    }

    func testModels_HoldNoPaddingBetweenTheirFields() {
        // A copy of a record copies its fields, not the padding between them, so padding would
        // make a record and its copy differ in bits (`sameBits` would then never hold; in the
        // release build only). The stored properties' sizes must add up to the model's size.
        func size<Value>(of value: Value) -> Int { MemoryLayout<Value>.size }
        func fieldSizes(_ record: Any) -> Int {
            Mirror(reflecting: record).children.reduce(0) { $0 + size(of: $1.value) }
        }
        let day = Day(year: 2026, month: 11, day: 29) ?? .epoch
        XCTAssertEqual(fieldSizes(Expense(id: "00000001", name: "x", amount: 1, date: day)), MemoryLayout<Expense>.size)
        XCTAssertEqual(fieldSizes(Income(id: "00000001", name: "x", amount: 1, date: day)), MemoryLayout<Income>.size)
        XCTAssertEqual(
            fieldSizes(Transfer(id: "00000001", amount: 1, from: "a", to: "b", date: day)), MemoryLayout<Transfer>.size)
    }

    func testALargeTableReadInTwoParts_IsCopied() throws {
        let path = directory + "/budget.json"
        var store = JSONFileStore(path: path)
        store.mapsLargeFiles = true
        try store.transaction { document in
            for index in 0..<30_000 { try document.expenses.add { expense($0, index) } }
        }
        XCTAssertGreaterThan(try fileBytes(path).count, FastDocumentCodec.concurrentTableSize, "read in two parts")
        let contents = try FileContents(path: path, mapping: true)
        let layout = try XCTUnwrap(FastDocumentCodec.decodeForChange(contents)?.writtenTables?.expenses)
        XCTAssertEqual(layout.count, 30_000)
        XCTAssertNil(layout.places, "no record was moved")
        let steps: [(String, (inout BudgetDocument) throws -> Void)] = [
            ("add", { document in _ = try document.expenses.add { self.expense($0, 7) } }),
            ("delete in the first part", { document in _ = try document.expenses.remove(ids: ["00000100"]) }),
            ("delete in the second part", { document in _ = try document.expenses.remove(ids: ["00020000"]) }),
            ("move", { document in try document.expenses.move(id: "00029000", to: 3) }),
            ("edit after a move", { document in
                var record = try document.expenses.existingRecord(id: "00015000")
                record.note = "edited"
                try document.expenses.update(record)
            }),
        ]
        for (what, step) in steps {
            var model = try store.load()
            try step(&model)
            try store.transaction(step)
            XCTAssertEqual(try store.load().expenses, model.expenses, what)
            try assertWrittenAnewAlike(path, what)
        }
    }

    /// A file laid out as written whose name is spelt with an escape (`\u0041`) reads as the
    /// text it spells: copied, the record keeps its spelling until it changes.
    func testARecordSpeltOtherwise_KeepsItsBytesUntilItChanges() throws {
        let path = directory + "/budget.json"
        let store = JSONFileStore(path: path)
        try store.transaction { document in
            for index in 0..<3 { try document.expenses.add { expense($0, index) } }
        }
        let written = String(decoding: try fileBytes(path), as: UTF8.self)
        let spelt = written.replacingOccurrences(of: "\"name\" : \"Lunch 0\"", with: "\"name\" : \"\\u004Cunch 0\"")
        XCTAssertNotEqual(spelt, written)
        try Data(spelt.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try store.load().expenses.records[0].name, "Lunch 0")
        try store.add(Expense.self) { expense($0, 3) }
        XCTAssertTrue(
            String(decoding: try fileBytes(path), as: UTF8.self).contains("\\u004Cunch 0"), "copied as it was")
        XCTAssertEqual(try store.load().expenses.records.map(\.name).first, "Lunch 0")
        try store.transaction { document in
            var record = try document.expenses.existingRecord(id: "00000001")
            record.amount = 1
            try document.expenses.update(record)
        }
        try assertWrittenAnewAlike(path, "an edit of the record spelt otherwise")
    }

    /// A table whose layout is not the writer's (indented by hand, a blank line) is written anew
    /// whole: the next change leaves the file as the writer lays it out.
    func testATableLaidOutByHand_IsWrittenAnew() throws {
        let path = directory + "/budget.json"
        let store = JSONFileStore(path: path)
        try store.transaction { document in
            for index in 0..<4 { try document.expenses.add { expense($0, index) } }
            try document.incomes.add { Income(id: $0, name: "給与", amount: 1, date: .epoch) }
        }
        let written = String(decoding: try fileBytes(path), as: UTF8.self)
        for (what, edit) in [
            ("a record indented by two more spaces", ("\n    \"00000002\" : {", "\n      \"00000002\" : {")),
            ("a blank line between records", (",\n    \"00000003\"", ",\n\n    \"00000003\"")),
            ("a field on the record's line", ("\"00000004\" : {\n      \"account\"", "\"00000004\" : { \"account\"")),
            ("the table closed on the record's line", ("\n    }\n  },\n  \"format\"", "\n    }},\n  \"format\"")),
        ] {
            let byHand = written.replacingOccurrences(of: edit.0, with: edit.1)
            XCTAssertNotEqual(byHand, written, what)
            try Data(byHand.utf8).write(to: URL(fileURLWithPath: path))
            let contents = try FileContents(path: path, mapping: false)
            let read = try XCTUnwrap(FastDocumentCodec.decodeForChange(contents), what)
            XCTAssertNil(read.writtenTables?.expenses, what)
            XCTAssertNotNil(read.writtenTables?.incomes, "\(what): the other table is laid out as written")
            try store.add(Income.self) { Income(id: $0, name: "賞与", amount: 2, date: .epoch) }
            try assertWrittenAnewAlike(path, what)
            try Data(written.utf8).write(to: URL(fileURLWithPath: path))
        }
    }

    /// A text changed only in its spelling ("é" composed, or "e" and a combining accent) is
    /// equal by `==`; the record is written anew, not copied: its new spelling reaches the file.
    func testATextRespeltAlike_IsWrittenWithItsNewSpelling() throws {
        let path = directory + "/budget.json"
        let store = JSONFileStore(path: path)
        try store.transaction { document in
            for index in 0..<3 { try document.expenses.add { expense($0, index) } }
            try document.expenses.add {
                Expense(id: $0, name: "cafe\u{301}", amount: 1, date: .epoch, note: "e\u{301}")
            }
        }
        try store.transaction { document in
            var record = try document.expenses.existingRecord(id: "00000004")
            record.name = "caf\u{E9}"
            record.note = "\u{E9}"
            XCTAssertEqual(record, try document.expenses.existingRecord(id: "00000004"), "equal by ==")
            try document.expenses.update(record)
            try document.expenses.add { expense($0, 9) }
        }
        let written = try fileBytes(path)
        XCTAssertTrue(String(decoding: written, as: UTF8.self).utf8.elementsEqual(
            String(decoding: FastDocumentCodec.encode(try XCTUnwrap(FastDocumentCodec.decode(written))), as: UTF8.self)
                .utf8))
        let name = try XCTUnwrap(FastDocumentCodec.decode(written)?.expenses.records[3].name)
        XCTAssertEqual(Array(name.unicodeScalars), Array("caf\u{E9}".unicodeScalars))
    }

    func testEveryTextField_IsComparedByItsSpelling() throws {
        try assertSpellingsToldApart(Expense(id: "00000001", name: "x", amount: 1, date: .epoch))
        try assertSpellingsToldApart(Income(id: "00000001", name: "x", amount: 1, date: .epoch))
        try assertSpellingsToldApart(Transfer(id: "00000001", amount: 1, from: "a", to: "b", date: .epoch))
    }

    /// Every field of the schema that takes text, set to "é" spelt both ways: equal by `==`,
    /// not spelt alike. Fields that take no text: the ID, the order, the amount and the day.
    private func assertSpellingsToldApart<Record: BaseModel>(_ base: Record, line: UInt = #line) throws {
        let spellings = ("caf\u{E9}", "cafe\u{301}")
        let values: [(String) -> String] = [{ "\"\($0)\"" }, { "[\"\($0)\"]" }, { "\"\($0)=1\"" }, { "\"1=\($0)\"" }]
        var toldApart: Set<String> = []
        for field in Record.schema.fields where !field.isPosition {
            for value in values {
                var composed = base, decomposed = base
                let context = FieldContext(record: "record", key: base.id, field: field.key)
                guard let one = try? JSONReader.parse(Array(value(spellings.0).utf8)),
                      let other = try? JSONReader.parse(Array(value(spellings.1).utf8)),
                      (try? field.decode(one, &composed, context)) != nil,
                      (try? field.decode(other, &decomposed, context)) != nil else { continue }
                XCTAssertEqual(composed, decomposed, "\(field.key): equal by ==", line: line)
                XCTAssertFalse(composed.isSpeltAlike(decomposed), "\(field.key)", line: line)
                XCTAssertTrue(composed.isSpeltAlike(composed), "\(field.key)", line: line)
                toldApart.insert(field.key)
                break
            }
        }
        XCTAssertEqual(
            Set(Record.schema.fields.map(\.key)).subtracting(toldApart), ["id", "order", "amount", "date"],
            "\(Record.kind): a field that takes text is not compared by its spelling", line: line)
    }

    /// Another program writing the file in place while a change runs: the bytes a change would
    /// copy are no longer those it checked, so it saves nothing and says why.
    func testAFileChangedInPlaceDuringAChange_IsLeftAsTheOtherProgramLeftIt() throws {
        let path = directory + "/budget.json"
        var store = JSONFileStore(path: path)
        store.mapsLargeFiles = true
        try store.transaction { document in
            for index in 0..<800 { try document.expenses.add { expense($0, index) } }
        }
        XCTAssertTrue(try FileContents(path: path, mapping: true).isMapped)
        var changedInPlace: [UInt8] = []
        XCTAssertThrowsError(
            try store.transaction { document in
                try document.expenses.add { expense($0, 900) }
                // After the file's timestamp can tick: an amount's first digit, overwritten in place.
                Thread.sleep(forTimeInterval: 0.05)
                let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
                let text = String(decoding: try fileBytes(path), as: UTF8.self)
                let amount = try XCTUnwrap(text.range(of: "\"amount\" : 3"))
                try handle.seek(toOffset: UInt64(text.utf8.distance(from: text.startIndex, to: amount.upperBound)) - 1)
                try handle.write(contentsOf: Data("4".utf8))
                try handle.close()
                changedInPlace = try fileBytes(path)
            }
        ) { error in
            XCTAssertEqual(
                (error as? BudgetError)?.errorDescription,
                "cannot write \(path): another program changed it while budget was writing its new contents; "
                    + "nothing was saved")
        }
        XCTAssertTrue(try fileBytes(path) == changedInPlace, "left as the other program left it")
        XCTAssertEqual(try store.load().expenses.count, 800)
    }
}
