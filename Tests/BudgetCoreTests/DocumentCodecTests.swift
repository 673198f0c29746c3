import XCTest
@testable import BudgetCore

final class DocumentCodecTests: XCTestCase {
    private let day = Day(iso: "2026-11-21")!

    static let sample = """
    {
      "expense_unique_id" : "00000002",
      "expenses" : {
        "00000002" : {
          "amount" : 80000,
          "category" : "住居",
          "date" : "2026-11-01",
          "id" : "00000002",
          "name" : "家賃",
          "note" : "11月分",
          "order" : 1
        }
      },
      "format" : 1,
      "income_unique_id" : "00000000",
      "incomes" : {

      }
    }

    """

    func testEncode_WritesSortedPrettyJSONWithTheDocumentedShape() throws {
        var document = BudgetDocument()
        try document.expenses.add { Expense(id: $0, name: "gone", amount: 1, date: day) }
        try document.expenses.add {
            Expense(id: $0, name: "家賃", amount: 80_000, category: "住居", date: Day(iso: "2026-11-01")!, note: "11月分")
        }
        try document.expenses.remove(ids: ["00000001"])
        XCTAssertEqual(String(decoding: DocumentCodec.encode(document), as: UTF8.self), Self.sample)
    }

    func testDecode_ReadsWhatEncodeWrites() throws {
        let document = try DocumentCodec.decode(Array(Self.sample.utf8))
        XCTAssertEqual(document.expenses.lastID, 2)
        XCTAssertEqual(document.expenses.records.first?.name, "家賃")
        XCTAssertEqual(DocumentCodec.encode(document), Array(Self.sample.utf8))
    }

    func testDecode_MatchesTheCodableReference() throws {
        let document = try DocumentCodec.decode(Array(Self.sample.utf8))
        let reference = try JSONDecoder().decode(CodableDataFile.self, from: Data(Self.sample.utf8))
        XCTAssertEqual(CodableDataFile(document), reference)
    }

    /// Each invalid file, and the reason its refusal must give.
    static let invalidFiles: [(name: String, text: String, reason: String)] = {
        let good = sample
        return [
            ("not an object", "[]", "the top level must be an object, not an array"),
            ("missing format", good.replacingOccurrences(of: "\"format\" : 1,\n", with: ""),
             "the top level is missing the field \"format\""),
            ("newer format", good.replacingOccurrences(of: "\"format\" : 1", with: "\"format\" : 2"),
             "written by a newer budget"),
            ("format zero", good.replacingOccurrences(of: "\"format\" : 1", with: "\"format\" : 0"),
             "unknown format version 0"),
            ("format as string", good.replacingOccurrences(of: "\"format\" : 1", with: "\"format\" : \"1\""),
             "\"format\" must be a whole number, not a string"),
            ("unknown top-level field",
             good.replacingOccurrences(of: "\"format\" : 1,", with: "\"format\" : 1, \"extra\" : true,"),
             "the top level has the unknown field \"extra\" (was it written by a newer budget?)"),
            ("unknown record field",
             good.replacingOccurrences(of: "\"order\" : 1", with: "\"order\" : 1, \"labels\" : []"),
             "expense 00000002 has the unknown field \"labels\" (was it written by a newer budget?)"),
            ("amount as string", good.replacingOccurrences(of: "80000", with: "\"80000\""),
             "\"amount\" of expense 00000002 must be a whole number, not a string"),
            ("amount fractional", good.replacingOccurrences(of: "80000", with: "800.5"),
             "\"amount\" of expense 00000002 must be a whole number that fits in 64 bits, not 800.5"),
            ("amount negative beyond a size", good.replacingOccurrences(of: "80000", with: "-9223372036854775808"),
             "expense 00000002 has an amount too large to count"),
            ("amount overflow", good.replacingOccurrences(of: "80000", with: "9223372036854775808"),
             "\"amount\" of expense 00000002 must be a whole number that fits in 64 bits, not 9223372036854775808"),
            ("key not 8 digits", good.replacingOccurrences(of: "\"00000002\" : {", with: "\"2\" : {"),
             "expense key \"2\" is not an 8-digit id"),
            ("key differs from id",
             good.replacingOccurrences(of: "\"id\" : \"00000002\"", with: "\"id\" : \"00000001\""),
             "expense 00000002 has the id \"00000001\"; a record's key and id must match"),
            ("counter below highest id",
             good.replacingOccurrences(
                 of: "\"expense_unique_id\" : \"00000002\"", with: "\"expense_unique_id\" : \"00000001\""),
             "\"expense_unique_id\" is 00000001 but expense id 00000002 exists; IDs would be reused"),
            ("counter not 8 digits",
             good.replacingOccurrences(of: "\"income_unique_id\" : \"00000000\"", with: "\"income_unique_id\" : \"0\""),
             "\"income_unique_id\" must be 8 digits, not \"0\""),
            ("order gap", good.replacingOccurrences(of: "\"order\" : 1", with: "\"order\" : 2"),
             "expense 00000002 has order 2, but expense orders must be exactly 1 to 1"),
            ("bad date", good.replacingOccurrences(of: "2026-11-01", with: "2026-02-30"),
             "expense 00000002 has the date \"2026-02-30\", not a YYYY-MM-DD day"),
            ("empty name", good.replacingOccurrences(of: "\"家賃\"", with: "\"\""),
             "expense 00000002: the name must not be empty"),
            ("missing category", good.replacingOccurrences(of: "\"category\" : \"住居\",", with: ""),
             "expense 00000002 is missing the field \"category\""),
            ("note null", good.replacingOccurrences(of: "\"11月分\"", with: "null"),
             "\"note\" of expense 00000002 must be a string, not null"),
            ("records not an object", good.replacingOccurrences(of: "\"incomes\" : {\n\n  }", with: "\"incomes\" : []"),
             "\"incomes\" must be an object, not an array"),
            ("duplicate record key",
             good.replacingOccurrences(of: "\"format\" : 1,", with: "\"format\" : 1, \"format\" : 1,"),
             "duplicate key \"format\""),
            ("truncated", String(good.prefix(100)), "unexpected end of file (the file looks truncated)"),
            ("empty", "", "the file is empty"),
        ]
    }()

    func testInspect_BlamesEachRecordWhoseOrderIsWrongAlongsideOtherProblems() throws {
        func file(orders: [Int], negativeAmountAt broken: Int? = nil) -> [UInt8] {
            let records = orders.enumerated().map { index, order in
                let id = RecordID.string(for: index + 1)
                let amount = index + 1 == broken ? Int.min : 1
                return #""\#(id)" : {"amount" : \#(amount), "category" : "c", "date" : "2026-01-01", "id" : "\#(id)", "#
                    + #""name" : "n", "order" : \#(order)}"#
            }
            return Array(
                (#"{"expense_unique_id" : "00000009", "expenses" : {\#(records.joined(separator: ", "))}, "format" : "#
                    + #"1, "income_unique_id" : "00000000", "incomes" : {}}"#).utf8)
        }
        func reasons(_ bytes: [UInt8]) throws -> [String] { try DocumentCodec.inspect(bytes).problems.map(\.reason) }
        XCTAssertEqual(
            try reasons(file(orders: [1, 5, 3, 4])),
            ["expense 00000002 has order 5, but expense orders must be exactly 1 to 4"])
        XCTAssertEqual(
            try reasons(file(orders: [1, 3, 3, 4])),
            ["expense 00000003 has order 3 like expense 00000002, but expense orders must be exactly 1 to 4"])
        XCTAssertEqual(try reasons(file(orders: [0, 2, 9, 2])), [
            "expense 00000001 has order 0, but expense orders must be exactly 1 to 4",
            "expense 00000003 has order 9, but expense orders must be exactly 1 to 4",
            "expense 00000004 has order 2 like expense 00000002, but expense orders must be exactly 1 to 4",
        ])
        // Another record's problem no longer hides the order problem.
        XCTAssertEqual(try reasons(file(orders: [1, 5, 3, 4], negativeAmountAt: 3)), [
            "expense 00000002 has order 5, but expense orders must be exactly 1 to 4",
            "expense 00000003 has an amount too large to count",
        ])
        let report = try DocumentCodec.inspect(file(orders: [1, 5, 3, 4]))
        XCTAssertTrue(report.problems.allSatisfy(\.isRepairable))
        XCTAssertEqual(
            report.document.expenses.records.map(\.id),
            ["00000001", "00000003", "00000004", "00000002"],
            "repaired in the order the file gives")
        XCTAssertEqual(report.document.expenses.records.map(\.order), [1, 2, 3, 4])
    }

    func testDecode_RefusesEveryInvalidFileWithAReason() {
        for (name, text, reason) in Self.invalidFiles {
            XCTAssertThrowsError(try DocumentCodec.decode(Array(text.utf8)), name) { error in
                XCTAssertEqual((error as? DataFileProblem)?.reason, reason, name)
            }
        }
    }
}
