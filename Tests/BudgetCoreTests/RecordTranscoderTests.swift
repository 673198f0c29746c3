import TestSupport
import XCTest
@testable import BudgetCore

/// An import of budget's own CSV into a budget without expenses is written straight from the
/// rows' bytes (`RecordTranscoder`). It must make exactly what the general import makes (rows
/// read into records, added one by one, written by the schema), byte for byte, and leave every
/// file it is not sure of to that import.
final class RecordTranscoderTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = try ScratchDirectory.make("budget-transcoder")
    }

    override func tearDownWithError() throws {
        ScratchDirectory.remove(directory)
    }

    private let header = "kind,id,order,date,name,category,amount,note,tags,source,schedule"

    /// A row as `export --format csv` writes it.
    private func row(_ index: Int, name: String? = nil, category: String? = nil, amount: String? = nil) -> String {
        let names = ["Lunch", "家賃", "ｾﾌﾞﾝｲﾚﾌﾞﾝ", "ＡＭＡＺＯＮ", "Cafe, bar", "a\\b", "ガソリン代"]
        let categories = ["food", "食費", "ﾃﾞﾊﾟｰﾄ", "住まい", "Books & Co"]
        var name = name ?? names[index % names.count] + " \(index)"
        if name.contains(",") { name = "\"\(name)\"" }
        let amount = amount ?? String(index % 13 == 0 ? -(index + 1) : index * 37 + 1)
        let date = String(format: "%04d-%02d-%02d", 2016 + index % 10, 1 + index % 12, 1 + index % 28)
        return "expense,\(RecordID.string(for: index)),\(index),\(date),\(name),"
            + "\(category ?? categories[index % categories.count]),\(amount),,,,"
    }

    private func csv(_ count: Int, lineBreak: String = "\r\n", last: Bool = true) -> String {
        let rows = [header] + (1...count).map { row($0) }
        return rows.joined(separator: lineBreak) + (last ? lineBreak : "")
    }

    private func importers(_ document: BudgetDocument, _ kinds: [RecordKind]) -> [RecordImporter] {
        kinds.map {
            RecordImporter(
                kind: $0, money: document.moneyFormat, today: Day(iso: "2026-12-01")!,
                defaultCategory: document.defaultExpenseCategory)
        }
    }

    /// The import as the general path makes it: every row read into a record, added one by one.
    private func generalImport(
        _ text: String, into document: BudgetDocument, kinds: [RecordKind] = [.income, .expense]
    ) throws -> BudgetDocument {
        var document = document
        let read = try RecordImporter.read(text, format: .csv, by: importers(document, kinds))
        for (kind, rows) in zip(kinds, read) {
            _ = try document.importRows(rows.rows, kind: kind, skipDuplicates: false)
        }
        return document
    }

    /// The import as `importRecords` makes it, and whether it was transcoded.
    private func transcodedImport(
        _ text: String, into document: BudgetDocument, kinds: [RecordKind] = [.income, .expense]
    ) throws -> (BudgetDocument, transcoded: Bool, ids: [String]) {
        var document = document
        let result = try document.importRecords(
            text, format: .csv, by: importers(document, kinds), skipDuplicates: false)
        let ids = result[kinds.firstIndex(of: .expense) ?? 0].ids
        return (document, document.expenses.paged.encodedPages != nil, ids)
    }

    func testTranscoding_WritesWhatTheGeneralImportWrites_ByteForByte() throws {
        var withCounter = BudgetDocument()
        // A budget whose expenses were all deleted: IDs go on from its counter.
        try withCounter.expenses.add { Expense(id: $0, name: "gone", amount: 5, category: "x", date: .today()) }
        _ = try withCounter.expenses.remove(ids: ["00000001"])
        var withSettings = BudgetDocument()
        withSettings[settings: DisplayKeys.self][DisplayKeys.currency] = Currency(code: "JPY")
        for (count, lineBreak, last) in [(1, "\r\n", true), (7, "\n", false), (4_096, "\r\n", true),
                                         (4_097, "\n", true), (10_000, "\r\n", false)] {
            let text = csv(count, lineBreak: lineBreak, last: last)
            for base in [BudgetDocument(), withCounter, withSettings] {
                let (transcoded, wasTranscoded, ids) = try transcodedImport(text, into: base)
                XCTAssertTrue(wasTranscoded, "\(count) rows")
                let general = try generalImport(text, into: base)
                XCTAssertEqual(transcoded.expenses.lastID, general.expenses.lastID)
                XCTAssertEqual(ids, general.expenses.records.map(\.id))
                XCTAssertEqual(FastDocumentCodec.encode(transcoded), FastDocumentCodec.encode(general), "\(count) rows")
                // What the store does with the change reads no record: checks, history, the stamp.
                XCTAssertNoThrow(try transcoded.validate(since: base))
                XCTAssertNoThrow(try transcoded.checkTotals(since: base))
                let change = ChangeRecord(from: base, to: transcoded, time: "2026-12-01T00:00:00Z")
                XCTAssertEqual(change?.expenses.added, ids)
                XCTAssertEqual(change?.summary, count == 1 ? "add expense \(ids[0]) (家賃 1)" : "add \(count) expenses")
                _ = try FastDocumentCodec.encode(transcoded, reusing: base, stamping: true) { _ in }
                // (One record's change is described by its name: its page is read.)
                XCTAssertEqual(transcoded.expenses.paged.deferred?.readCount, count == 1 ? 1 : 0)
                // Read, the records are the general import's.
                XCTAssertEqual(Array(transcoded.expenses.paged.whollyRead), Array(general.expenses.paged))
            }
        }
    }

    func testTranscoding_ReadsOnlyExpensesFromAFileForBothKinds_AndAFileOfExpensesAlone() throws {
        let text = csv(50)
        let (both, transcoded, ids) = try transcodedImport(text, into: BudgetDocument(), kinds: [.income, .expense])
        XCTAssertTrue(transcoded)
        XCTAssertEqual(ids.count, 50)
        XCTAssertEqual(both.incomes.count, 0)
        let (alone, aloneTranscoded, _) = try transcodedImport(text, into: BudgetDocument(), kinds: [.expense])
        XCTAssertTrue(aloneTranscoded)
        XCTAssertEqual(FastDocumentCodec.encode(both), FastDocumentCodec.encode(alone))
        // Without a kind column, named as expenses.
        let plain = ([header.replacingOccurrences(of: "kind,", with: "")]
            + (1...50).map { String(row($0).dropFirst("expense,".count)) }).joined(separator: "\n")
        let (named, namedTranscoded, _) = try transcodedImport(plain, into: BudgetDocument(), kinds: [.expense])
        XCTAssertTrue(namedTranscoded)
        XCTAssertEqual(FastDocumentCodec.encode(named), FastDocumentCodec.encode(both))
    }

    func testTranscoding_LeavesToTheGeneralImport_WhatItIsNotSureOf() throws {
        let variants: [(String, String)] = [
            ("a note", csv(3).replacingOccurrences(of: ",,,,\r\n", with: ",a note,,,\r\n")),
            ("tags", csv(3).replacingOccurrences(of: ",,,,\r\n", with: ",,a,,\r\n")),
            ("a quoted quote", csv(3) + row(4, name: "\"say \"\"hi\"\"\"") + "\r\n"),
            ("an income", csv(3) + "income,00000009,9,2025-01-01,給料,,300000,,,,\r\n"),
            ("a zero amount", csv(3) + row(4, amount: "0") + "\r\n"),
            ("a grouped amount", csv(3) + row(4, amount: "\"1,500\"") + "\r\n"),
            ("a yen amount", csv(3) + row(4, amount: "¥1500") + "\r\n"),
            ("a slashed date", csv(3).replacingOccurrences(of: "2017-02-02", with: "2017/2/2")),
            ("a day not in the calendar", csv(3).replacingOccurrences(of: "2017-02-02", with: "2017-02-30")),
            ("a padded name", csv(3) + row(4, name: " Lunch") + "\r\n"),
            ("an invisible character", csv(3) + row(4, name: "Lunch\u{200B}") + "\r\n"),
            ("an accented name", csv(3) + row(4, name: "Café") + "\r\n"),
            ("no category", csv(3) + row(4, category: "") + "\r\n"),
            ("a blank name", csv(3) + row(4, name: "") + "\r\n"),
            ("a blank line", csv(3) + "\r\n" + row(4) + "\r\n"),
            ("mixed line breaks", csv(3) + row(4) + "\n"),
            ("a lone carriage return", csv(3) + row(4, name: "a\rb") + "\r\n"),
            ("a short row", csv(3) + "expense,00000004,4,2025-01-01,x,food,5,,,\r\n"),
            ("a currency column", csv(3).replacingOccurrences(of: "schedule", with: "currency")),
            ("an upper-case header", csv(3).replacingOccurrences(of: "kind,id", with: "Kind,id")),
            ("a kind spelt otherwise", csv(3).replacingOccurrences(of: "\r\nexpense,", with: "\r\nExpense,")),
            ("an account column", csv(3).replacingOccurrences(of: "schedule", with: "account")),
            ("a guarded formula", csv(3) + row(4, name: "'=SUM(1)") + "\r\n"),
            ("a guarded category", csv(3) + row(4, category: "'-x") + "\r\n"),
            ("a quote first", csv(3) + row(4, name: "'x") + "\r\n"),
            // Each page's amounts add up within the largest total, not the file's.
            ("amounts past the largest total", ([header] + (1...4_101).map {
                row($0, amount: $0 <= 5 || $0 > 4_096 ? "999999999999999999" : "1")
            }).joined(separator: "\r\n")),
        ]
        for (what, text) in variants {
            XCTAssertNil(
                RecordTranscoder(text, format: .csv, kinds: [.income, .expense], plainImport: true,
                                 into: BudgetDocument()), what)
            // And the import is the general one's, or fails as it does.
            let general = Result { try generalImport(text, into: BudgetDocument()) }
            let imported = Result { try transcodedImport(text, into: BudgetDocument()).0 }
            switch (general, imported) {
            case (.success(let general), .success(let imported)):
                XCTAssertEqual(FastDocumentCodec.encode(imported), FastDocumentCodec.encode(general), what)
            case (.failure(let general), .failure(let imported)):
                XCTAssertEqual("\(general)", "\(imported)", what)
            default:
                XCTFail("\(what): \(general) but \(imported)")
            }
        }
        // Nor what the budget or the options make otherwise.
        let text = csv(3)
        var withExpense = BudgetDocument()
        try withExpense.expenses.add { Expense(id: $0, name: "x", amount: 5, category: "x", date: .today()) }
        var dollars = BudgetDocument()
        dollars[settings: DisplayKeys.self][DisplayKeys.currency] = Currency(code: "USD")
        for (what, document, plain, format) in [
            ("a budget with expenses", withExpense, true, ImportFormat.csv), ("decimals", dollars, true, .csv),
            ("an option", BudgetDocument(), false, .csv), ("TSV", BudgetDocument(), true, .tsv),
        ] {
            XCTAssertNil(
                RecordTranscoder(text, format: format, kinds: [.expense], plainImport: plain, into: document), what)
        }
    }

    func testATranscodedImport_IsWrittenAndChangedAsTheGeneralOne() throws {
        // Through the store: the file, its stamp, and the changes after it.
        let text = csv(9_000)
        let transcodedPath = directory + "/transcoded.json", generalPath = directory + "/general.json"
        try JSONFileStore(path: transcodedPath).transaction { document in
            _ = try document.importRecords(
                text, format: .csv, by: importers(document, [.income, .expense]), skipDuplicates: false)
            XCTAssertNotNil(document.expenses.paged.encodedPages)
        }
        try JSONFileStore(path: generalPath).transaction { document in
            document = try generalImport(text, into: document)
        }
        XCTAssertEqual(timeless(try fileBytes(transcodedPath)), timeless(try fileBytes(generalPath)))
        // The lock files' stamps place the same pages (the hashes differ by the times).
        let stamps = try [transcodedPath, generalPath].map { WriteStamp(bytes: try fileBytes($0 + ".lock")) }
        XCTAssertEqual(stamps[0]?.tables[.expense]?.pageStarts.count, 3)
        XCTAssertEqual(stamps[0]?.tables, stamps[1]?.tables)
        for path in [transcodedPath, generalPath] {
            let store = JSONFileStore(path: path)
            try store.transaction { document in
                try document.expenses.add { Expense(id: $0, name: "追加", amount: 900, category: "食費", date: .today()) }
            }
            try store.transaction { document in _ = try document.expenses.remove(ids: ["00004100"]) }
            try store.transaction { document in _ = try document.undoLastChange() }
            try store.transaction { document in _ = try document.undoLastChange() }
        }
        XCTAssertEqual(timeless(try fileBytes(transcodedPath)), timeless(try fileBytes(generalPath)))
        XCTAssertEqual(try JSONFileStore(path: transcodedPath).load().expenses.count, 9_000)
    }
}
