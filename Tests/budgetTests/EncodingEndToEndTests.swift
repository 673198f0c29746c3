import BudgetCore
import Foundation
import XCTest

/// `import --encoding` (Japanese statements in CP932, Windows-1252, byte-order marks) and
/// `export --for-excel` / `--encoding cp932`, through the binary.
final class EncodingEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
    }

    /// `date,name,amount,category` and two rows, in CP932: セブンイレブン　～店 (食費),
    /// ｾﾌﾞﾝ ①㈱髙﨑 (食費), C:\tmp.
    private let cp932Statement: [UInt8] = Array("date,name,amount,category\r\n2026-01-05,".utf8)
        + [0x83, 0x5A, 0x83, 0x75, 0x83, 0x93, 0x83, 0x43, 0x83, 0x8C, 0x83, 0x75, 0x83, 0x93, 0x81, 0x40, 0x81, 0x60]
        + [0x93, 0x58]
        + Array(",500,".utf8) + [0x90, 0x48, 0x94, 0xEF] + Array("\r\n2026-01-06,".utf8)
        + [0xBE, 0xCC, 0xDE, 0xDD, 0x20, 0x87, 0x40, 0x87, 0x8A, 0xFB, 0xFC, 0xFA, 0xB1]
        + Array(",300,".utf8) + [0x90, 0x48, 0x94, 0xEF] + Array("\r\n2026-01-07,C:\\tmp,100,misc\r\n".utf8)

    private func write(_ bytes: [UInt8], to name: String) throws -> String {
        let url = budget.directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func names(in process: BudgetProcess) throws -> [String] {
        let json = try process.run("list", "expenses", "--format", "json").stdout
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return array.map { "\($0["name"] ?? "") / \($0["category"] ?? "")" }
    }

    func testImport_CP932StatementFoundOrNamed() throws {
        let expected = ["セブンイレブン　\u{FF5E}店 / 食費", "ｾﾌﾞﾝ ①㈱髙﨑 / 食費", "C:\\tmp / misc"]
        let path = try write(cp932Statement, to: "meisai.csv")
        let found = try budget.run("import", "expenses", path)
        XCTAssertEqual(found.code, 0, found.stderr)
        XCTAssertEqual(found.stdout, "00000001\n00000002\n00000003\n")
        XCTAssertEqual(try names(in: budget), expected)

        let named = try BudgetProcess()
        let result = try named.run(["import", "expenses", path, "--encoding", "cp932"])
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(try names(in: named), expected)
        XCTAssertEqual(try named.run(["import", "expenses", path, "--encoding", "utf-8"]).code, 65, "not UTF-8")
    }

    func testImport_UndecodableFileIsRefusedWithItsPlaceAndChangesNothing() throws {
        try budget.succeed("add", "expense", "existing", "1")
        let before = budget.dataBytes()
        // Line 3 holds 0x85 0x40, which is neither UTF-8 nor CP932 (nor printable).
        let path = try write(
            Array("date,name,amount\n2026-01-05,ok,5\n2026-01-05,".utf8) + [0x85, 0x40, 0x1B] + Array(",5\n".utf8),
            to: "bad.csv")
        let found = try budget.run("import", "expenses", path)
        XCTAssertEqual(found.code, 65)
        XCTAssertEqual(found.stdout, "")
        XCTAssertEqual(
            found.stderr,
            "budget: error: line 3 (byte 44) is not UTF-8, CP932 or EUC-JP text; name its encoding with --encoding "
                + "(utf-8, cp932, euc-jp, windows-1252, latin-1); nothing was imported\n")
        let named = try budget.run("import", "expenses", path, "--encoding", "cp932")
        XCTAssertEqual(named.code, 65)
        XCTAssertEqual(
            named.stderr,
            "budget: error: line 3 (byte 44) is not valid CP932 text; "
                + "choose another --encoding (utf-8, cp932, euc-jp, windows-1252, latin-1); nothing was imported\n")
        let stdin = try budget.run(
            ["import", "expenses", "-", "--encoding", "euc-jp"], stdin: "date,name,amount\n2026-01-05,€,5\n")
        XCTAssertEqual(stdin.code, 65, "€ in UTF-8 is not EUC-JP")
        XCTAssertTrue(
            stdin.stderr.hasPrefix(
                "budget: error: line 2 (byte 28) is not valid EUC-JP text; choose another --encoding"),
            stdin.stderr)
        XCTAssertEqual(budget.dataBytes(), before, "the data file is byte for byte unchanged")
        XCTAssertEqual(try budget.run("import", "expenses", path, "--encoding", "latin-9").code, 64)
    }

    /// A European bank's statement in Windows-1252 (`Café, Crème brûlée`, `€`, curly quotes, an
    /// en dash), mapped by hand: named, it reads; never guessed; a profile keeps the name.
    func testImport_Windows1252StatementWhenNamed() throws {
        try budget.succeed("config", "set", "display.currency", "EUR")
        // Datum;Omschrijving;Bedrag / 2026-01-05;Café, Crème brûlée;€12,50 / 2026-01-06;“Pâtisserie” – thé;3,20 €
        let bytes: [UInt8] = Array("Datum;Omschrijving;Bedrag\r\n2026-01-05;Caf".utf8)
            + [0xE9] + Array(", Cr".utf8) + [0xE8] + Array("me br".utf8) + [0xFB] + Array("l".utf8) + [0xE9]
            + Array("e;".utf8) + [0x80] + Array("12,50\r\n2026-01-06;".utf8) + [0x93] + Array("P".utf8) + [0xE2]
            + Array("tisserie".utf8) + [0x94, 0x20, 0x96] + Array(" th".utf8) + [0xE9] + Array(";3,20 ".utf8) + [0x80]
            + Array("\r\n".utf8)
        let path = try write(bytes, to: "rekening.csv")
        let options = [
            "--delimiter", ";", "--decimal-mark", ",", "--map", "date=Datum", "--map", "name=Omschrijving",
            "--map", "amount=Bedrag",
        ]
        let guessed = try budget.run(["import", "expenses", path] + options)
        XCTAssertEqual(guessed.code, 65, "Windows-1252 is never guessed")
        XCTAssertTrue(guessed.stderr.contains("is not UTF-8, CP932 or EUC-JP text"), guessed.stderr)

        let named = try budget.run(
            ["import", "expenses", path, "--encoding", "windows-1252", "--save-profile", "rabo"] + options)
        XCTAssertEqual(named.code, 0, named.stderr)
        XCTAssertEqual(
            try names(in: budget), ["Café, Crème brûlée / uncategorized", "“Pâtisserie” – thé / uncategorized"])
        let listed = try budget.run("list", "expenses", "--format", "tsv")
        XCTAssertEqual(Listing(tsv: listed.stdout).column("amount"), ["12.50", "3.20"])

        // The saved profile reads the next statement in Windows-1252 (given as cp1252, kept so).
        let other = try BudgetProcess()
        try other.succeed("config", "set", "display.currency", "EUR")
        let saved = try other.run(
            ["import", "expenses", path, "--encoding", "CP1252", "--save-profile", "rabo"] + options)
        XCTAssertEqual(saved.code, 0, saved.stderr)
        XCTAssertTrue(try other.run("profile", "show", "rabo").stdout.contains("cp1252"))
        let again = try other.run("import", "expenses", path, "--profile", "rabo", "--dry-run")
        XCTAssertEqual(again.code, 0, again.stderr)
        XCTAssertEqual(try names(in: other).count, 2)
    }

    func testImport_ByteOrderMarksAreNotText() throws {
        // A JSON listing with UTF-8's byte-order mark: the JSON reader refuses one, so it must go.
        let json = try write(
            [0xEF, 0xBB, 0xBF] + Array(#"[{"name": "Lunch", "amount": 900, "date": "2026-01-05"}]"#.utf8),
            to: "bom.json")
        let result = try budget.run("import", "expenses", json)
        XCTAssertEqual(result.code, 0, result.stderr)
        // A CSV in UTF-16 (little endian, with its byte-order mark), as some spreadsheets save it.
        let text = "name,amount,date\r\n給料日ランチ,1200,2026-01-06\r\n"
        let bytes: [UInt8] =
            [0xFF, 0xFE] + text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let utf16 = try write(bytes, to: "utf16.csv")
        let second = try budget.run("import", "expenses", utf16)
        XCTAssertEqual(second.code, 0, second.stderr)
        XCTAssertEqual(try names(in: budget), ["Lunch / uncategorized", "給料日ランチ / uncategorized"])
    }

    func testExport_ForExcelHasABOMCRLFAndGuardsFormulas() throws {
        try budget.succeed("add", "expense", "=SUM(1)", "5", "--date", "2026-01-05")
        try budget.succeed("add", "expense", "-5% off", "5", "--date", "2026-01-06", "--note", "@cmd")
        try budget.succeed("add", "expense", "+81 call", "5", "--category", "=HYPERLINK(\"x\")", "--date", "2026-01-07")
        try budget.succeed("add", "expense", "a-b = c", "5", "--date", "2026-01-08")
        let csv = try budget.run("export", "--format", "csv", "--for-excel")
        XCTAssertEqual(csv.code, 0, csv.stderr)
        let bytes = [UInt8](csv.stdoutBytes)
        XCTAssertEqual(Array(bytes.prefix(3)), [0xEF, 0xBB, 0xBF], "a UTF-8 byte-order mark")
        let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        // The exact bytes (guards, quoting, CRLF); the columns are the schemas', each value by name.
        XCTAssertEqual(text, ListingColumns.text(ListingColumns.all, [
            ["kind": "expense", "id": "00000001", "order": "1", "date": "2026-01-05", "name": "'=SUM(1)",
             "category": "uncategorized", "amount": "5"],
            ["kind": "expense", "id": "00000002", "order": "2", "date": "2026-01-06", "name": "'-5% off",
             "category": "uncategorized", "amount": "5",
             "note": "'@cmd"],
            ["kind": "expense", "id": "00000003", "order": "3", "date": "2026-01-07", "name": "'+81 call",
             "category": "\"'=HYPERLINK(\"\"x\"\")\"",
             "amount": "5"],
            ["kind": "expense", "id": "00000004", "order": "4", "date": "2026-01-08", "name": "a-b = c",
             "category": "uncategorized", "amount": "5"],
        ], csv: true))
        let tsv = try budget.run("export", "--format", "tsv", "--for-excel")
        XCTAssertTrue(tsv.stdout.hasPrefix("\u{FEFF}kind\tid"), tsv.stdout)
        let lastRow = ListingColumns.text(ListingColumns.all, [
            ["kind": "expense", "id": "00000004", "order": "4", "date": "2026-01-08", "name": "a-b = c",
             "category": "uncategorized", "amount": "5"],
        ], header: false)
        XCTAssertTrue(tsv.stdout.hasSuffix(lastRow.replacingOccurrences(of: "\n", with: "\r\n")), tsv.stdout)
        XCTAssertFalse(tsv.stdout.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
        let plain = try budget.run("export", "--format", "csv").stdout
        XCTAssertTrue(plain.hasPrefix("kind,"), "without --for-excel: no byte-order mark")
        XCTAssertTrue(plain.contains(",=SUM(1),"), "and no guard")
        XCTAssertEqual(try budget.run("export", "--format", "json", "--for-excel").code, 64)
    }

    func testExport_CP932RoundTripsWithItsSubstitutes() throws {
        try budget.succeed(
            "add", "expense", "家賃 〜11月", "80000", "--category", "住居", "--date", "2026-01-05", "--note", "− ¥ ①")
        try budget.succeed(
            "add", "expense", "ｾﾌﾞﾝ 髙﨑", "500", "--category", "食費", "--date", "2026-01-06", "--tag", "コンビニ")
        let result = try budget.run("export", "--format", "csv", "--encoding", "cp932", "--for-excel")
        XCTAssertEqual(result.code, 0, result.stderr)
        let bytes = [UInt8](result.stdoutBytes)
        XCTAssertEqual(Array(bytes.prefix(4)), Array("kind".utf8), "no byte-order mark in CP932")
        let text = try TextEncoding.cp932.decode(bytes)
        XCTAssertEqual(text, ListingColumns.text(ListingColumns.all, [
            ["kind": "expense", "id": "00000001", "order": "1", "date": "2026-01-05", "name": "家賃 ～11月",
             "category": "住居", "amount": "80000",
             "note": "－ ￥ ①"],
            ["kind": "expense", "id": "00000002", "order": "2", "date": "2026-01-06", "name": "ｾﾌﾞﾝ 髙﨑",
             "category": "食費", "amount": "500",
             "tags": "コンビニ"],
        ], csv: true))
        XCTAssertFalse(bytes.contains(0xE3), "not UTF-8")
        // Nothing is substituted silently: stderr counts and names them.
        XCTAssertEqual(result.stderr, """
            budget: warning: 3 characters have no CP932 code and were written as the nearest one: \
            '〜' (U+301C) as '～' (once, first in expense-00000001), \
            '−' (U+2212) as '－' (once, first in expense-00000001), \
            '¥' (U+00A5) as '￥' (once, first in expense-00000001); read back, the text has the replacement

            """)
        try budget.succeed("add", "expense", "〜 ¢ £ ¬ ‖", "1", "--date", "2026-01-07")
        let more = try budget.run("export", "--format", "csv", "--encoding", "cp932")
        XCTAssertTrue(
            more.stderr.hasPrefix(
                "budget: warning: 8 characters have no CP932 code and were written as the nearest one: "
                    + "'〜' (U+301C) as '～' (2 times, first in expense-00000001), "),
            more.stderr)
        XCTAssertTrue(
            more.stderr.hasSuffix(", and 4 other characters; read back, the text has the replacement\n"), more.stderr)
        XCTAssertEqual(
            try budget.run("export", "--format", "csv", "--encoding", "cp932", "--category", "食費").stderr,
            "",
            "nothing substituted, nothing said")
        try budget.succeed("delete", "expense", "3")
        let tsv = try budget.run("export", "--format", "tsv", "--encoding", "cp932")
        XCTAssertEqual(
            try TextEncoding.cp932.decode([UInt8](tsv.stdoutBytes)).split(separator: "\n").count,
            3,
            "TSV without --for-excel keeps LF")

        // What went out in CP932 comes back in with the import's detection.
        let target = try BudgetProcess()
        let file = target.directory.appendingPathComponent("excel.csv")
        try result.stdoutBytes.write(to: file)
        let imported = try target.run(["import", "expenses", file.path])
        XCTAssertEqual(imported.code, 0, imported.stderr)
        XCTAssertEqual(try names(in: target), ["家賃 ～11月 / 住居", "ｾﾌﾞﾝ 髙﨑 / 食費"])
    }

    func testExport_CP932RefusesACharacterItCannotHoldAndWritesNothing() throws {
        try budget.succeed("add", "expense", "Lunch", "900", "--date", "2026-01-05")
        try budget.succeed("add", "expense", "Birthday cake 🎂", "3000", "--date", "2026-01-06")
        for format in ["csv", "tsv"] {
            let result = try budget.run("export", "--format", format, "--encoding", "cp932")
            XCTAssertEqual(result.code, 1)
            XCTAssertEqual(result.stdoutBytes, Data(), "nothing written")
            XCTAssertEqual(
                result.stderr,
                "budget: error: expense-00000002 holds '🎂' (U+1F382), which CP932 has no code for; "
                    + "change it, or export without --encoding cp932 (UTF-8 holds every character); "
                    + "nothing was exported\n")
        }
        XCTAssertEqual(
            try budget.run("export", "--format", "csv", "--encoding", "cp932", "--to", "2026-01-05").code,
            0,
            "a record left out is not checked")
        XCTAssertEqual(try budget.run("export", "--format", "json", "--encoding", "cp932").code, 64, "JSON is UTF-8")
        XCTAssertEqual(try budget.run("export", "--format", "csv", "--encoding", "euc-jp").code, 64)
    }
}
