import Foundation
import XCTest

/// Tags through the built binary: adding, editing (one and many), filtering, reports, every
/// output format, import, the ledger journal, completion and undo.
final class TagsEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        try budget.succeed(
            "add", "expense", "Hotel", "12000", "--category", "travel", "--tag", "京都旅行", "--tag", "reimbursable",
            "--date", "2026-11-01")
        try budget.succeed(
            "add", "expense", "Lunch", "900", "--category", "food", "--tag", "京都旅行", "--date", "2026-11-02")
        try budget.succeed("add", "expense", "ｾﾌﾞﾝ", "400", "--category", "食費", "--date", "2026-11-02")
        try budget.succeed("add", "income", "Refund", "12000", "--tag", "reimbursable", "--date", "2026-11-03")
    }

    private func text() throws -> String {
        String(decoding: try XCTUnwrap(budget.dataBytes()), as: UTF8.self)
    }

    func testFile_HoldsSortedTagsAndNoKeyOnUntaggedRecords() throws {
        let file = try text()
        XCTAssertTrue(file.contains("\"tags\" : [\n        \"reimbursable\",\n        \"京都旅行\"\n      ]"), file)
        XCTAssertEqual(file.components(separatedBy: "\"tags\"").count - 1, 3, "the untagged expense has no tags key")
    }

    func testList_FiltersByAnyTagAndEveryFormatCarriesTheColumn() throws {
        XCTAssertEqual(
            try budget.run("list", "all", "--tag", "reimbursable", "--format", "ids").stdout,
            "income-00000001\nexpense-00000001\n")
        XCTAssertEqual(
            try budget.run("list", "expenses", "--tag", "京都旅行", "--tag", "none", "--format", "ids").stdout,
            "00000001\n00000002\n")
        XCTAssertEqual(try budget.run("list", "expenses", "--format", "tsv").stdout,
                       ListingColumns.text(ListingColumns.expenses, [
            ["id": "00000001", "order": "1", "date": "2026-11-01", "name": "Hotel", "category": "travel",
             "amount": "12000",
             "tags": "reimbursable,京都旅行"],
            ["id": "00000002", "order": "2", "date": "2026-11-02", "name": "Lunch", "category": "food",
             "amount": "900", "tags": "京都旅行"],
            ["id": "00000003", "order": "3", "date": "2026-11-02", "name": "ｾﾌﾞﾝ", "category": "食費", "amount": "400"],
        ]))
        XCTAssertEqual(try budget.run("list", "expenses", "--format", "csv",
                                      "--no-header").stdout.split(separator: "\r\n").first.map { $0 + "\r\n" },
                       ListingColumns.text(ListingColumns.expenses, [
                           ["id": "00000001", "order": "1", "date": "2026-11-01", "name": "Hotel",
                            "category": "travel", "amount": "12000",
                            "tags": "\"reimbursable,京都旅行\""],
                       ], csv: true, header: false))
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(try budget.run("list", "expenses", "--format", "json").stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(json.map { $0["tags"] as? [String] ?? ["?"] }, [["reimbursable", "京都旅行"], ["京都旅行"], []])
        let table = try budget.run("list", "expenses").stdout
        XCTAssertTrue(table.contains("TAGS") && table.contains("reimbursable 京都旅行"), table)
        XCTAssertFalse(
            try budget.run("list", "expenses", "--category", "食費").stdout.contains("TAGS"), "no tags, no column")
    }

    func testEdit_AddsRemovesAndClearsTagsOnOneOrManyRecordsInOneUndoStep() throws {
        try budget.succeed("edit", "expense", "2", "--untag", "京都旅行", "--tag", "lunch")
        XCTAssertEqual(try budget.run("list", "expenses", "--tag", "lunch", "--format", "ids").stdout, "00000002\n")
        try budget.succeed("edit", "expense", "2", "--tags", "a,b")
        XCTAssertEqual(
            try budget.run("show", "expense", "2", "--format", "json").stdout.contains("\"a\",\n    \"b\""), true)
        let before = try text()
        try budget.succeed("edit", "expense", "1", "2", "3", "--tags", "")
        let listed = Listing(tsv: try budget.run("list", "all", "--format", "tsv", "--no-header").stdout,
                             header: ListingColumns.all)
        XCTAssertEqual(listed.column("tags"), ["reimbursable", "", "", ""], "only the income keeps its tags")
        try budget.succeed("undo")
        XCTAssertEqual(
            try text()
                .replacingOccurrences(of: #""history" : \[[\s\S]*?\n  \],\n"#, with: "", options: .regularExpression),
            before.replacingOccurrences(of: #""history" : \[[\s\S]*?\n  \],\n"#, with: "", options: .regularExpression))
    }

    func testBadTags_AreUsageErrorsThatChangeNothing() throws {
        let before = budget.dataBytes()
        for tag in ["a b", "a,b", "", " ", "\u{202E}x"] {
            let added = try budget.run("add", "expense", "x", "1", "--tag", tag)
            XCTAssertEqual(added.code, 64, tag)
            XCTAssertTrue(added.stderr.hasPrefix("budget: error: "), added.stderr)
            XCTAssertEqual(try budget.run("edit", "expense", "1", "--tag", tag).code, 64, tag)
        }
        XCTAssertEqual(try budget.run("edit", "expense", "1", "--tags", "a,,b").code, 64)
        XCTAssertEqual(try budget.run("tags", "rename", "none", "x").code, 1)
        XCTAssertEqual(budget.dataBytes(), before)
    }

    func testReports_TagsAndSummaryByTagSayThatTotalsOverlap() throws {
        XCTAssertEqual(try budget.run("tags", "--format", "tsv").stdout, """
        tag\tincomes\tincome_total\texpenses\texpense_total
        reimbursable\t1\t12000\t1\t12000
        京都旅行\t0\t0\t2\t12900

        """)
        let summary = try budget.run("summary", "--all", "--by", "tag")
        XCTAssertTrue(
            summary.stdout.contains("京都旅行") && summary.stdout.contains("tag totals can overlap"), summary.stdout)
        XCTAssertEqual(try budget.run("summary", "--all", "--by", "tag", "--format", "tsv", "--no-header").stdout,
                       "total\texpenses\t\t13300\t\ntag\t京都旅行\t2\t12900\t97.0\ntag\treimbursable\t1\t12000\t90.2\n")
    }

    func testTagsRename_MergesAndIsOneUndoStep() throws {
        let renamed = try budget.run("tags", "rename", "京都旅行", "reimbursable")
        XCTAssertEqual(renamed.stderr, "Merged tag 京都旅行 into reimbursable on 2 records.\n")
        XCTAssertEqual(
            try budget.run("list", "all", "--tag", "reimbursable", "--format", "ids").stdout,
            "income-00000001\nexpense-00000001\nexpense-00000002\n")
        XCTAssertEqual(try budget.run("undo").stderr, "Undid: rename tag 京都旅行 → reimbursable (2 records).\n")
        XCTAssertEqual(
            try budget.run("list", "expenses", "--tag", "京都旅行", "--format", "ids").stdout, "00000001\n00000002\n")
    }

    func testImport_ReadsTagsFromEveryFormatAndRoundTrips() throws {
        for format in ["csv", "tsv", "json"] {
            let other = try BudgetProcess()
            let exported = try budget.run("list", "expenses", "--format", format).stdout
            let result = try other.run(["import", "expenses", "--format", format, "-"], stdin: exported)
            XCTAssertEqual(result.code, 0, "\(format): \(result.stderr)")
            XCTAssertEqual(
                try other.run("list", "expenses", "--format", "tsv").stdout,
                try budget.run("list", "expenses", "--format", "tsv").stdout,
                format)
        }
    }

    func testLedgerJournal_TagsAreQueriedByHledger() throws {
        _ = try Peer.require("hledger", for: "to query the journal's tags")
        let journal = budget.directory.appendingPathComponent("budget.journal")
        try Data(try budget.run("export", "--format", "ledger").stdout.utf8).write(to: journal)
        let result = try budget.shell("hledger -f budget.journal balance tag:京都旅行 --no-total Expenses")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains("12000  Expenses:travel") && result.stdout.contains("900  Expenses:food"),
            result.stdout)
        XCTAssertFalse(result.stdout.contains("食費"), result.stdout)
    }

    func testCompletion_OffersTheFileTags() throws {
        XCTAssertEqual(
            try budget.run("__complete", "fish", "budget list expenses --tag ").stdout, "words\nreimbursable\n京都旅行\n")
        XCTAssertEqual(try budget.run("__complete", "fish", "budget edit expense 1 --untag 京").stdout, "words\n京都旅行\n")
        XCTAssertEqual(try budget.run("__complete", "fish", "budget tags rename r").stdout, "words\nreimbursable\n")
    }
}
