import Foundation
import TestSupport
import XCTest
@testable import BudgetCore

/// The streaming strict reader (a syntax pass, then one record at a time) against the tree
/// reader it replaced (`TreeStrictReader`): the same syntax errors, the same problems at the
/// same offsets, the same documents, on arrays and on bytes read in place.
extension CodecPropertyTests {
    /// What a strict read found, comparable: each problem with its offset and flags, and the document.
    private struct Outcome: Equatable {
        var problems: [String]
        var document: BudgetDocument?
    }

    private static func outcome(_ inspect: () throws(DataFileProblem) -> DocumentCodec.Report) -> Outcome {
        func describe(_ problem: DataFileProblem) -> String {
            "\(problem.offset.map(String.init) ?? "-"): \(problem.reason) [repairable: \(problem.isRepairable), "
                + "newer: \(problem.newerFormat.map(String.init) ?? "-")]"
        }
        do {
            let report = try inspect()
            return Outcome(problems: report.problems.map(describe), document: report.document)
        } catch {
            return Outcome(problems: ["thrown " + describe(error)], document: nil)
        }
    }

    /// `body` over a copy of `bytes` in a buffer exactly as long (so that the address sanitizer
    /// catches a read past the end), as the store reads a mapped file.
    private static func inPlace<Result>(_ bytes: [UInt8], _ body: (ByteView) -> Result) -> Result {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        defer { buffer.deallocate() }
        _ = buffer.initialize(from: bytes)
        return body(ByteView(UnsafeBufferPointer(buffer)))
    }

    private func assertStrictReadersAgree(_ bytes: [UInt8], _ label: @autoclosure () -> String) -> Outcome {
        let oracle = Self.outcome { () throws(DataFileProblem) in try TreeStrictReader.inspect(bytes) }
        XCTAssertEqual(Self.outcome { () throws(DataFileProblem) in try DocumentCodec.inspect(bytes) }, oracle, label())
        XCTAssertEqual(
            Self.inPlace(bytes) { view in
                Self.outcome { () throws(DataFileProblem) in try DocumentCodec.inspect(view) }
            },
            oracle, "\(label()), in place")
        return oracle
    }

    /// Changes that keep a file well-formed JSON but break the data file's rules, in tables,
    /// settings and history alike (each at a random one of its places).
    private static let ruleBreakers: [(String, String)] = [
        (#""amount" : "#, #""amount" : -"#), (#""amount" : "#, #""amount" : -9223372036854775808, "a" : "#),
        (#""amount" : "#, #""amount" : -0"#), (#""order" : "#, #""order" : 7"#), (#""id" : "0"#, #""id" : "9"#),
        (#""date" : ""#, #""date" : "x"#), (#""name" : ""#, #""name" : " "#), (#""tags" : ["#, #""tags" : ["a b", "#),
        ("{", #"{"zz" : 1, "#), (#""removed" : ["#, #""removed" : [1, "#),
        (#""edited" : ["#, #""edited" : [{"id" : 2}, "#), (#""added" : ["#, #""added" : ["1", "#),
        (#""moved" : {"#, #""moved" : {"x" : 1, "#), (#""summary""#, #""summery""#),
        (#""format" : 1"#, #""format" : 2"#), (#""format" : 1"#, #""format" : "1""#),
        (#"_unique_id" : "0"#, #"_unique_id" : "x"#), (#"_unique_id" : "0"#, #"_unique_id" : "00000000", "z" : "0"#),
        (#""expenses" : {"#, #""expenses" : {"1" : 2, "#), (#""history" : ["#, #""history" : [{}, "#),
        (#""history" : ["#, #""history" : [[], "#), (#""settings" : {"#, #""settings" : {"x" : 1, "#),
        (#""display.color" : ""#, #""display.color" : "z"#), (#""incomes" : {"#, #""incomes" : ["#),
        (#""category" : "#, #""category" : 1, "c" : "#), (#""note" : "#, #""note" : null, "n" : "#),
        (#"0000001""#, #"0000009""#), (#""time" : "#, #""time" : 5, "t" : "#),
    ]

    private static func breakRules(_ text: String, _ generator: inout SeededGenerator) -> String {
        var text = text
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let (target, replacement) = ruleBreakers.randomElement(using: &generator)!
            var places: [Range<String.Index>] = []
            var from = text.startIndex
            while let found = text.range(of: target, range: from..<text.endIndex) {
                places.append(found)
                from = found.upperBound
            }
            if let place = places.randomElement(using: &generator) { text.replaceSubrange(place, with: replacement) }
        }
        return text
    }

    private func corpus() throws -> [[UInt8]] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/invalid-data-files")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.sorted()
            .map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    // MARK: The syntax pass

    func testSyntaxPass_ThrowsWhatTheTreeParseThrowsOnEveryCutAndMutation() throws {
        var generator = SeededGenerator(seed: 808)
        func assertSame(_ bytes: [UInt8], _ label: @autoclosure () -> String) -> Bool {
            var tree: JSONSyntaxError?
            do { _ = try JSONReader.parse(bytes) } catch { tree = error }
            var pass: JSONSyntaxError?
            do { _ = try JSONReader.validate(bytes) } catch { pass = error }
            let inPlace = Self.inPlace(bytes) { view -> JSONSyntaxError? in
                do throws(JSONSyntaxError) { _ = try JSONReader.validate(view) } catch { return error }
                return nil
            }
            XCTAssertEqual(pass, tree, label())
            XCTAssertEqual(inPlace, tree, "\(label()), in place")
            return tree != nil
        }
        let sources = try fuzzSources(&generator) + corpus()
        let step = PropertyDepth.step(deep: 11, fast: 55)
        let rounds = PropertyDepth.rounds(deep: 3_000, fast: 400)
        // The inputs of the deep run and of this one: the minimum below is a share of them.
        let deepInputs = sources.map { $0.count / 11 + 1 }.reduce(0, +) + 3_000
        let inputs = sources.map { $0.count / step + 1 }.reduce(0, +) + rounds
        var refused = 0
        for (number, source) in sources.enumerated() {
            // Every eleventh cut (every cut takes minutes in a debug build), and the end; every
            // 55th at the fast default (every fifth of the deep cuts).
            for length in stride(from: 0, through: source.count, by: step)
            where assertSame(Array(source[..<length]), "source \(number) cut at \(length)") {
                refused += 1
            }
        }
        let alphabet = Array("\",:{}[]0123456789\\/ eE.-+\u{1}\u{7F}aunt".utf8)
            + [0xC3, 0xA9, 0xE5, 0x80, 0xFF, 0xEF, 0xBB, 0xBF]
        for round in 0..<rounds {
            var bytes = sources.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<max(bytes.count, 1), using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where !bytes.isEmpty: bytes.remove(at: position)
                case 1: bytes.insert(alphabet.randomElement(using: &generator)!, at: min(position, bytes.count))
                case 2 where !bytes.isEmpty: bytes[position] = alphabet.randomElement(using: &generator)!
                default: bytes.insert(contentsOf: Array(#"{"a":1,"a":2}"#.utf8), at: min(position, bytes.count))
                }
            }
            if assertSame(bytes, "round \(round)") { refused += 1 }
        }
        XCTAssertGreaterThan(refused, PropertyDepth.share(3_000, of: deepInputs, rounds: inputs),
                             "most cuts and mutations must be syntax errors, or this test proves little")
        let deep = Array(String(repeating: "[", count: 70).utf8) + Array(String(repeating: "]", count: 70).utf8)
        XCTAssertTrue(assertSame(deep, "nested 70 deep"))
    }

    // MARK: Problems

    func testStrictReader_FindsTheProblemsTheTreeReaderFound() throws {
        var generator = SeededGenerator(seed: 909)
        var inputs = try corpus()
        let rounds = PropertyDepth.rounds(deep: 1_200, fast: 150)
        for _ in 0..<rounds {
            let document = try withHistory(try randomDocument(&generator), &generator)
            let text = String(decoding: FastDocumentCodec.encode(document), as: UTF8.self)
            inputs.append(Array(Self.breakRules(text, &generator).utf8))
        }
        var problems = 0
        var several = 0
        for (number, bytes) in inputs.enumerated() {
            let oracle = assertStrictReadersAgree(bytes, "input \(number)")
            if !oracle.problems.isEmpty { problems += 1 }
            if oracle.problems.count > 1 { several += 1 }
        }
        XCTAssertGreaterThan(problems, PropertyDepth.share(900, of: 1_200, rounds: rounds),
                             "the changes must mostly break a rule, or this test proves little")
        XCTAssertGreaterThan(several, PropertyDepth.share(200, of: 1_200, rounds: rounds),
                             "files with several problems must be among them")
    }

    func testStrictReader_ReportsProblemsInTablesAndHistoryAtTheirPlaces() throws {
        var document = BudgetDocument()
        for number in 1...3 {
            try document.expenses.add { Expense(id: $0, name: "e\(number)", amount: 5, category: "c", date: .epoch) }
            try document.incomes.add { Income(id: $0, name: "i\(number)", amount: 7, date: .epoch) }
        }
        let before = document
        try document.expenses.remove(ids: ["00000002", "00000003"])
        document.recordChange(since: before)
        var text = String(decoding: FastDocumentCodec.encode(document), as: UTF8.self)
        // At the top level: an unknown field; in the history: a removed record's date (the
        // entry is unusable, a repairable problem: the repair drops it); in a table: a negative amount, a taken
        // order, a counter below an ID.
        func replace(_ target: String, with replacement: String, after mark: String = "{", last: Bool = false) throws {
            let start = try XCTUnwrap(text.range(of: mark), mark).upperBound
            let place = try XCTUnwrap(
                text.range(of: target, options: last ? .backwards : [], range: start..<text.endIndex), target)
            text.replaceSubrange(place, with: replacement)
        }
        try replace(#""format" : 1"#, with: #""format" : 1, "extra" : [1, {"a" : "b"}]"#)
        try replace(#""date":"1970-01-01""#, with: #""date":"1970-13-01""#, after: #""history""#)
        try replace(#""income_unique_id" : "00000003""#, with: #""income_unique_id" : "00000002""#)
        try replace(#""amount" : 7"#, with: #""amount" : -7"#)
        try replace(#""order" : 3"#, with: #""order" : 2"#, last: true)
        let bytes = Array(text.utf8)
        _ = assertStrictReadersAgree(bytes, "tables and history")
        let report = try DocumentCodec.inspect(bytes)
        XCTAssertEqual(report.problems.map(\.reason), [
            "the top level has the unknown field \"extra\" (was it written by a newer budget?)",
            "history entry 1: expense 00000002 has the date \"1970-13-01\", not a YYYY-MM-DD day",
            "\"income_unique_id\" is 00000002 but income id 00000003 exists; IDs would be reused",
            "income 00000001 has a negative amount",
            "income 00000003 has order 2 like income 00000002, but income orders must be exactly 1 to 3",
        ])
        XCTAssertEqual(report.problems.map(\.isRepairable), [false, true, true, false, true])
        var positions = TextPositions(bytes)
        XCTAssertEqual(
            report.problems.compactMap(\.offset).map { positions.position(of: $0).line }, [13, 18, 26, 29, 47])
    }

    // MARK: Restoring an export

    func testRestore_ReadsExportsAsTheTreeReaderDid() throws {
        XCTAssertTrue(TreeStrictReader.nullableKeys.isSuperset(of: ["note", "source", "schedule"]),
                      "\(TreeStrictReader.nullableKeys)")
        var generator = SeededGenerator(seed: 1_010)
        var accepted = 0
        let rounds = PropertyDepth.rounds(deep: 600, fast: 80)
        for round in 0..<rounds {
            let document = try randomDocument(&generator)
            let export = JSONSerializer(style: .standard)
                .serialize(BudgetExport.document(document, query: RecordQuery()))
            var text = String(decoding: export, as: UTF8.self)
            switch round % 4 {
            case 0: break
            case 1: text = Self.breakRules(text, &generator)
            case 2:
                text = text.replacingOccurrences(of: #""budget_export": 1"#, with: [
                    #""budget_export": 2"#, #""budget_export": 1.0"#, #""format": 3, "budget_export": 1"#,
                    #""x": 1, "budget_export": 1"#, #""budget_export": 1, "expenses": 5"#,
                ].randomElement(using: &generator)!)
            default:
                var bytes = Array(text.utf8)
                if !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] =
                        Array("{}[],:\"1x-".utf8).randomElement(using: &generator)!
                }
                text = String(decoding: bytes, as: UTF8.self)
            }
            let streamed = Result { () throws(ImportError) in try BudgetExport.restore(text) }
            let tree = Result { () throws(ImportError) in try TreeStrictReader.restore(text) }
            XCTAssertEqual(streamed, tree, "round \(round)\n\(text)")
            if case .success(let restored) = streamed {
                accepted += 1
                if round % 4 == 0 {
                    XCTAssertEqual(restored.expenses.records, document.expenses.records, "round \(round)")
                }
            }
        }
        XCTAssertGreaterThan(accepted, PropertyDepth.share(150, of: 600, rounds: rounds))
        XCTAssertLessThan(accepted, PropertyDepth.share(500, of: 600, rounds: rounds),
                          "the changes must mostly break a rule, or this test proves little")
    }
}
