import Foundation
import TestSupport
import XCTest
@testable import BudgetCore

/// The fast codec against the two references: the general JSON path and Codable.
final class CodecPropertyTests: XCTestCase {
    private static let pieces = [
        "Lunch", "家賃", "食費（スーパー）", "😀", "👨‍👩‍👧", "e\u{301}", "say \"hi\"", "back\\slash", "a/b", "tab", " lead",
        "trail ", "Ünïcödé", "\u{7F}x", "x\u{2028}y", "\u{FEFF}bom", "𝄞", "<&>", "%d", "0", "-", "null",
    ]
    private static let notePieces = pieces + ["\n", "\t", "line\nbreak", "a\tb"]
    private static let tagPieces = [
        "京都旅行", "reimbursable", "ｾﾌﾞﾝ", "😀", "say\"hi\"", "back\\slash", "a/b", "Z", "a", "é", "e\u{301}", "ＡＭＡＺＯＮ",
    ]

    func text(_ generator: inout SeededGenerator, note: Bool = false) -> String {
        let source = note ? Self.notePieces : Self.pieces
        var result = ""
        for _ in 0..<Int.random(in: 1...3, using: &generator) { result += source.randomElement(using: &generator)! }
        if (try? FieldRules.checkLabel(result, field: "x")) == nil && !note { return "fallback" }
        if note, (try? FieldRules.checkNote(result)) == nil { return "fallback note" }
        return result
    }

    /// A limit of `amount`: plain (stored as a number) or with options (stored as text).
    static func randomLimit(_ amount: Int, _ generator: inout SeededGenerator) throws -> SpendingLimit {
        let per = SpendingLimit.Period.allCases.randomElement(using: &generator)!
        let rollover = SpendingLimit.Rollover.allCases.randomElement(using: &generator)!
        let since = rollover == .none
            ? nil
            : (per == .month
                ? Int.random(in: 12...(9999 * 12 + 11), using: &generator)
                : Int.random(in: 1...9999, using: &generator))
        return try SpendingLimit(amount: amount, per: per, rollover: rollover, since: since)
    }

    func randomDocument(_ generator: inout SeededGenerator) throws -> BudgetDocument {
        var document = BudgetDocument()
        let amounts = [0, 1, 9, 10, 999_999, Int.max, Int.max - 1, 1 << 53, 12_345]
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            let day = Day(
                year: Int.random(in: 1...9999, using: &generator), month: Int.random(in: 1...12, using: &generator),
                day: Int.random(in: 1...28, using: &generator))!
            let note: String? = Bool.random(using: &generator) ? text(&generator, note: true) : nil
            let amount = Bool.random(using: &generator)
                ? amounts.randomElement(using: &generator)! : Int.random(in: 0...1_000_000, using: &generator)
            let tags = Tags((0..<Int.random(in: 0...3, using: &generator)).map { _ in
                Self.tagPieces.randomElement(using: &generator)!
            })
            // Where an imported record came from: a statement's source and the row's identity.
            let source: String? = Int.random(in: 0..<4, using: &generator) == 0
                ? "rakuten-card:" + text(&generator, note: true) : nil
            let schedule: String? = Int.random(in: 0..<4, using: &generator) == 0
                ? "0000000\(Int.random(in: 1...9, using: &generator))@" + day.iso : nil
            let account: String? = Int.random(in: 0..<4, using: &generator) == 0 ? text(&generator) : nil
            if Bool.random(using: &generator) {
                try document.incomes.add {
                    Income(id: $0, name: self.text(&generator), amount: amount, date: day, note: note, tags: tags,
                           source: source, schedule: schedule, account: account)
                }
            } else {
                // A refund is an expense with a negative amount (down to -Int.max).
                let signed = Int.random(in: 0..<3, using: &generator) == 0 ? -amount : amount
                try document.expenses.add {
                    Expense(id: $0, name: self.text(&generator), amount: signed, category: self.text(&generator),
                            date: day, note: note, tags: tags, source: source, schedule: schedule,
                            account: account)
                }
            }
        }
        if document.expenses.count > 2 {
            try document.expenses.remove(ids: [document.expenses.records[1].id])
            try document.expenses.move(id: document.expenses.records[0].id, to: document.expenses.count)
        }
        if Bool.random(using: &generator) {
            document[settings: DisplayKeys.self][DisplayKeys.color] = .never
            document[settings: BudgetKeys.self][BudgetKeys.limit(text(&generator))] =
                try Self.randomLimit(Int.random(in: 0...Int.max, using: &generator), &generator)
            if Bool.random(using: &generator) {
                document[settings: BudgetKeys.self][BudgetKeys.totalLimit] =
                    try Self.randomLimit(Int.random(in: 0...Int.max, using: &generator), &generator)
            }
            // The rows of deleted imported records: sources with `;` and `%` escaped.
            document[settings: ImportKeys.self][ImportKeys.deleted("2026-11")] =
                DeletedRows(["mf:id=" + text(&generator), "a;b%:1|" + text(&generator)])
        }
        // Transfers, in a third of the budgets (the others are written as before transfers existed).
        if Int.random(in: 0..<3, using: &generator) == 0 {
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                let amount = Bool.random(using: &generator) ? Int.max : Int.random(in: 0...99_999, using: &generator)
                try document.transfers.add {
                    Transfer(
                        id: $0, name: self.text(&generator), amount: amount, from: self.text(&generator),
                        to: self.text(&generator), date: .epoch, note: Bool.random(using: &generator) ? "n\tb" : nil,
                        tags: ["振替"])
                }
            }
            if document.transfers.count == 0 { document.transfers = RecordTable(lastID: 3, orderedRecords: []) }
        }
        if Int.random(in: 0..<3, using: &generator) == 0 { try makeReplica(&document, &generator) }
        return document
    }

    /// Makes `document` a device's replica and stamps a few changes, so that its `sync` member
    /// holds registers (with a conflict), a delete, a place key and a replica folded in.
    func makeReplica(_ document: inout BudgetDocument, _ generator: inout SeededGenerator) throws {
        let block = try XCTUnwrap(IDBlock(index: Int.random(in: 0...1, using: &generator)))
        try document.becomeReplica(device: "端末-\(block.index)", key: "k\(block.index)", block: block)
        var now = Int64.random(in: 0...1_900_000_000_000, using: &generator)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let before = document
            now += Int64.random(in: 0...5_000, using: &generator)
            if var record = document.expenses.records.randomElement(using: &generator) {
                switch Int.random(in: 0..<3, using: &generator) {
                case 0:
                    record.note = Bool.random(using: &generator) ? nil : text(&generator, note: true)
                    try document.expenses.update(record)
                case 1: try document.expenses.remove(ids: [record.id])
                default: try document.expenses.move(id: record.id, to: 1)
                }
            }
            try document.expenses.add {
                Expense(id: $0, name: self.text(&generator), amount: 1, category: "c", date: .epoch)
            }
            document[settings: DisplayKeys.self][DisplayKeys.color] = Bool.random(using: &generator) ? .never : .always
            document.stampChanges(since: before, now: now)
        }
        document.sync?.registers["expense:00000001:name"] = Register(versions: [
            .init(value: "\"x\\\"y\"", stamp: Stamp(wall: 5, counter: 0, device: "a")),
            .init(value: nil, stamp: Stamp(wall: 6, counter: 1, device: "b")),
        ])
        document.sync?.replicas["b"] = ReplicaSeen(
            file: "budget.b.json", size: 10, modified: 99, folded: "2026-11-28T10:00:00Z",
            clock: Stamp(wall: 6, counter: 1, device: "b"), localWall: 7, block: 2, drift: -400_000)
        document.sync?.merged["expense:10000001"] = "expense:00000001"
    }

    /// `document` after one to six recorded changes of every sort (adds, bulk removes, edits,
    /// moves, settings), so that its history holds every part an entry can have.
    func withHistory(_ document: BudgetDocument, _ generator: inout SeededGenerator) throws -> BudgetDocument {
        var document = document
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
            let before = document
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                try document.expenses.add {
                    Expense(id: $0, name: self.text(&generator), amount: 5, category: self.text(&generator),
                            date: .epoch, note: "a\nb", tags: ["京都旅行", "z"])
                }
                try document.incomes.add { Income(id: $0, name: self.text(&generator), amount: 9, date: .epoch) }
            case 1:
                let ids = document.expenses.records.map(\.id).filter { _ in Bool.random(using: &generator) }
                if !ids.isEmpty { try document.expenses.remove(ids: ids) }
                if let income = document.incomes.records.last { try document.incomes.remove(ids: [income.id]) }
            case 2:
                for var record in document.expenses.records where Bool.random(using: &generator) {
                    record.name = text(&generator)
                    record.tags = Tags([Self.tagPieces.randomElement(using: &generator)!])
                    try document.expenses.update(record)
                }
            case 3:
                if document.expenses.count > 1 {
                    try document.expenses.move(id: document.expenses.records[0].id, to: document.expenses.count)
                }
                if document.incomes.count > 2 {
                    try document.incomes.move(id: document.incomes.records[2].id, to: 1)
                }
                // Transfers come, change and go in the history too.
                if let transfer = document.transfers.records.first, Bool.random(using: &generator) {
                    try document.transfers.remove(ids: [transfer.id])
                } else {
                    try document.transfers.add {
                        Transfer(id: $0, name: "振替", amount: 7, from: "楽天銀行", to: "PayPay", date: .epoch)
                    }
                }
            case 4:
                document[settings: BudgetKeys.self][BudgetKeys.limit(text(&generator))] =
                    try Self.randomLimit(Int.random(in: 0...1_000, using: &generator), &generator)
                if Bool.random(using: &generator) {
                    document[settings: DisplayKeys.self][DisplayKeys.color] = .never
                } else {
                    document[settings: DisplayKeys.self].remove(DisplayKeys.color)
                }
            default:
                if let record = document.expenses.records.first {
                    try document.expenses.remove(ids: [record.id])
                }
                try document.incomes.add { Income(id: $0, name: "say \"hi\"", amount: 1, date: .epoch) }
            }
            document.recordChange(since: before)
        }
        return document
    }

    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// The oracle is written apart from the schemas on purpose; a field added to a schema must be
    /// added to it too, and this says so by name (the byte comparisons below would only differ).
    func testCodableOracle_KnowsEveryFieldOfTheSchemas() {
        let expense = Expense(id: "00000001", name: "x", amount: 1, date: .epoch)
        let oracle = CodableDataFile.CodableRecord(expense, category: "c")
        let known = Set(Mirror(reflecting: oracle).children.compactMap(\.label))
        let schemas = [("Income", Income.schema.fields.map(\.key)), ("Expense", Expense.schema.fields.map(\.key))]
        for (kind, keys) in schemas {
            for key in keys where !known.contains(key) {
                XCTFail("\(kind).schema has a field the oracle doesn't know: \(key); "
                        + "add it to CodableDataFile.CodableRecord (Tests/BudgetCoreTests/CodableDataFile.swift)")
            }
        }
        let transfer = CodableDataFile.CodableTransfer(
            Transfer(id: "00000001", amount: 1, from: "a", to: "b", date: .epoch))
        let knownOfTransfers = Set(Mirror(reflecting: transfer).children.compactMap(\.label))
        for key in Transfer.schema.fields.map(\.key) where !knownOfTransfers.contains(key) {
            XCTFail("Transfer.schema has a field the oracle doesn't know: \(key); "
                    + "add it to CodableDataFile.CodableTransfer (Tests/BudgetCoreTests/CodableDataFile.swift)")
        }
    }

    func testRandomDocuments_AllThreeWritersAgreeByteForByteAndAllReadersAgree() throws {
        var generator = SeededGenerator(seed: 7_777)
        for round in 0..<PropertyDepth.rounds(deep: 2_000, fast: 250) {
            let document = try randomDocument(&generator)
            let fast = FastDocumentCodec.encode(document)
            XCTAssertEqual(fast, DocumentCodec.encodeGeneral(document), "round \(round): fast vs general writer")
            // The reference knows no devices: a replica's `sync` member is held to the other writers.
            var plain = document
            plain.sync = nil
            let reference = try encoder.encode(CodableDataFile(plain)) + Data("\n".utf8)
            XCTAssertEqual(
                String(decoding: FastDocumentCodec.encode(plain), as: UTF8.self),
                String(decoding: reference, as: UTF8.self), "round \(round): fast writer vs JSONEncoder")
            let decoded = try XCTUnwrap(
                FastDocumentCodec.decode(fast), "round \(round): the fast reader must read what the writer writes")
            XCTAssertEqual(decoded, document)
            XCTAssertEqual(try DocumentCodec.decodeStrictly(fast), document)
            XCTAssertEqual(try JSONDecoder().decode(CodableDataFile.self, from: Data(fast)), CodableDataFile(document))
        }
    }

    func testRandomHistories_TheFastWriterMatchesTheGeneralOneAndTheFastReaderReadsThem() throws {
        var generator = SeededGenerator(seed: 3_131)
        var parts = Set<String>()
        var kept = 0
        let rounds = PropertyDepth.rounds(deep: 1_000, fast: 150)
        for round in 0..<rounds {
            let document = try withHistory(try randomDocument(&generator), &generator)
            let fast = FastDocumentCodec.encode(document)
            XCTAssertEqual(
                String(decoding: fast, as: UTF8.self),
                String(decoding: DocumentCodec.encodeGeneral(document), as: UTF8.self), "round \(round)")
            let decoded = try XCTUnwrap(
                FastDocumentCodec.decode(fast),
                "round \(round): the fast reader must read the history the writer writes")
            XCTAssertEqual(decoded, document, "round \(round)")
            // Entries the writer wrote are kept as their bytes, decode to the change, and go
            // back out byte for byte.
            for (position, entry) in decoded.history.entries.enumerated() {
                guard case .stored(let stored) = entry else {
                    XCTFail("round \(round): entry \(position + 1) was not kept as bytes")
                    continue
                }
                kept += 1
                XCTAssertEqual(
                    FastDocumentCodec.decodeStoredEntry(stored.bytes), document.history[position], "round \(round)")
            }
            XCTAssertEqual(
                FastDocumentCodec.encode(decoded), fast, "round \(round): kept entries must go back out unchanged")
            XCTAssertTrue(decoded.history.hasSameEntries(as: decoded.history))
            XCTAssertEqual(try DocumentCodec.decodeStrictly(fast), document, "round \(round)")
            // Laid out otherwise (no white space at all), both readers still agree.
            let compact = Array(Self.compact(String(decoding: fast, as: UTF8.self)).utf8)
            XCTAssertEqual(FastDocumentCodec.decode(compact), document, "round \(round): compact")
            // As versions before records in history entries went on one line wrote it: read
            // alike by both readers, and written back in the current layout.
            let former = try FormerHistoryLayoutTests.formerBytes(document)
            let fromFormer = try XCTUnwrap(
                FastDocumentCodec.decode(former), "round \(round): the former layout must be read")
            XCTAssertEqual(fromFormer, document, "round \(round): former layout")
            XCTAssertEqual(try DocumentCodec.decodeStrictly(former), document, "round \(round): former layout")
            XCTAssertEqual(FastDocumentCodec.encode(fromFormer), fast, "round \(round): former layout written back")
            for entry in document.history {
                for (part, present) in [
                    ("added", !entry.expenses.added.isEmpty), ("removed", !entry.expenses.removed.isEmpty),
                    ("edited", !entry.expenses.edited.isEmpty),
                    ("moved", !entry.expenses.moved.isEmpty || !entry.incomes.moved.isEmpty),
                    ("settings", !entry.settings.isEmpty), ("incomes", !entry.incomes.isEmpty),
                ] where present {
                    parts.insert(part)
                }
            }
        }
        XCTAssertEqual(
            parts, ["added", "removed", "edited", "moved", "settings", "incomes"],
            "the histories must hold every part an entry can have")
        XCTAssertGreaterThan(kept, PropertyDepth.share(1_000, of: 1_000, rounds: rounds),
                             "the histories must hold entries")
    }

    func testEscapedAndReformattedFiles_ReadTheSameByBothReaders() throws {
        var generator = SeededGenerator(seed: 4_242)
        for round in 0..<PropertyDepth.rounds(deep: 300, fast: 40) {
            let document = try randomDocument(&generator)
            let plain = String(decoding: FastDocumentCodec.encode(document), as: UTF8.self)
            // The same content as other writers might put it: escaped slashes, \u escapes (surrogate
            // pairs included), compact layout, CRLF.
            var variants = [plain.replacingOccurrences(of: "/", with: "\\/")]
            var escaped = ""
            for scalar in plain.unicodeScalars {
                if scalar.value > 0x7F && Bool.random(using: &generator) {
                    for unit in String(scalar).utf16 { escaped += String(format: "\\u%04X", unit) }
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
            variants.append(escaped)
            variants.append(Self.compact(plain))
            variants.append(plain.replacingOccurrences(of: "\n", with: "\r\n"))
            for (index, variant) in variants.enumerated() {
                let bytes = Array(variant.utf8)
                let strict = try DocumentCodec.decodeStrictly(bytes)
                XCTAssertEqual(strict, document, "round \(round) variant \(index)")
                if let fast = FastDocumentCodec.decode(bytes) {
                    XCTAssertEqual(fast, strict, "round \(round) variant \(index)")
                }
            }
        }
    }

    /// The JSON without white space outside strings (JSONSerialization would round big integers).
    static func compact(_ json: String) -> String {
        var result = String.UnicodeScalarView()
        var inString = false, escaped = false
        for scalar in json.unicodeScalars {
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                }
                result.append(scalar)
            } else if scalar == "\"" {
                inString = true
                result.append(scalar)
            } else if !scalar.properties.isWhitespace {
                result.append(scalar)
            }
        }
        return String(result)
    }

    func testSettingsAtTheEdgeOfTheReader_TheFastReaderAgreesWithTheStrictPath() throws {
        // Settings the fast reader takes where they lie, and those it leaves to the strict
        // reader: a key twice (byte for byte, or another spelling of it), a number with a
        // fraction, an exponent, a minus zero or past 64 bits, escapes, a refused or unknown
        // setting, a boolean where a text belongs.
        let members = [
            #""budget.limit.食費" : 30000"#, #""budget.limit.食費" : 5"#, #""budget.limit.が" : 1"#,
            #""budget.limit.か\u3099" : 2"#, #""budget.limit.\u5bb6\u8cc3" : 70000"#, #""budget.limit.x" : 1.5"#,
            #""budget.limit.y" : 1e3"#, #""budget.limit.z" : -0"#, #""budget.limit.w" : -5"#,
            #""budget.limit.v" : 9223372036854775807"#, #""budget.limit.u" : 9223372036854775808"#,
            #""budget.limit.t" : "1000;per=year""#, #""budget.limit.s" : "1000;per=never""#,
            #""display.color" : "never""#, #""display.color" : true"#, #""display.currency" : "JPY""#,
            #""display.curr\u0065ncy" : "EUR""#, #""nope.key" : 1"#, #""budget.limit.r":null"#, #""budget.limit.q":07"#,
        ]
        var document = BudgetDocument()
        document[settings: DisplayKeys.self][DisplayKeys.color] = .always
        let written = String(decoding: FastDocumentCodec.encode(document), as: UTF8.self)
        let object = try XCTUnwrap(written.range(of: "{\n    \"display.color\" : \"always\"\n  }"))
        var generator = SeededGenerator(seed: 31)
        var taken = 0
        for round in 0..<400 {
            let chosen = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                members.randomElement(using: &generator) ?? ""
            }
            let separator = round.isMultiple(of: 3) ? "," : ",\n    "
            let settings = "{" + chosen.joined(separator: separator) + "}"
            let bytes = Array(written.replacingCharacters(in: object, with: settings).utf8)
            let strict = try? DocumentCodec.decodeStrictly(bytes)
            let fast = FastDocumentCodec.decode(bytes)
            if let fast {
                XCTAssertEqual(fast, strict, "\(chosen)")
                taken += 1
            }
        }
        XCTAssertGreaterThan(taken, 60, "many sets of settings are read")
    }

    func testLabelsAtTheEdgeOfTheRules_TheFastReaderAgreesWithTheStrictPath() throws {
        // Names and categories as they may stand in a file: blank, control characters (raw,
        // escaped, C0, DEL, C1), Unicode spaces and separators, escapes of ordinary text.
        let literals = [
            #""a""#, #"" ""#, #""   ""#, #"" a ""#, #""\u0020""#, #""\t""#, #""a\tb""#, #""a\nb""#,
            "\"a\u{7F}b\"", "\"\u{7F}\"", #""\u007f""#, "\"a\u{85}\"", #""\u0085""#, "\"\u{2028}\"",
            "\"\u{3000}\"", "\"\u{3000}家賃\"", #""\u5bb6\u8cc3""#, #""\/""#, #""\\""#, #""\"""#,
            "\"\u{1}\"", "\"\u{1F}\"", #""""#, "\"食費 \"",
            "\"\u{A0}\"", "\"\u{A0}x\"", "\"\u{1680}\"", "\"\u{2003}\u{3000}\"", "\"\u{3001}\"", "\"a\u{2029}\"",
            "\"😀\"", "\"\u{9F}\"", "\"é\"", "\" \u{3000} \"", "\"住居\"",
        ]
        let template = BudgetDocument(
            incomes: RecordTable(lastID: 0, orderedRecords: []),
            expenses: RecordTable(lastID: 1, orderedRecords: [
                Expense(id: "00000001", name: "NAME", amount: 5, category: "CATEGORY", order: 1, date: Day.epoch),
            ]),
            settings: SettingsValues(), history: [])
        let text = String(decoding: FastDocumentCodec.encode(template), as: UTF8.self)
        var accepted = 0
        for literal in literals {
            for field in ["\"NAME\"", "\"CATEGORY\""] {
                let bytes = Array(text.replacingOccurrences(of: field, with: literal).utf8)
                let fast = FastDocumentCodec.decode(bytes)
                if let strict = try? DocumentCodec.decodeStrictly(bytes) {
                    accepted += 1
                    XCTAssertEqual(fast, strict, "\(literal) as \(field)")
                } else {
                    XCTAssertNil(fast, "the fast reader accepted \(literal) as \(field), which the strict path refuses")
                }
            }
        }
        XCTAssertGreaterThan(accepted, 10)
        XCTAssertLessThan(accepted, literals.count * 2, "some of these must be refused, or this test proves little")
    }

    func testTagsAtTheEdgeOfTheRules_TheFastReaderAgreesWithTheStrictPath() throws {
        let template = BudgetDocument(
            incomes: RecordTable(lastID: 0, orderedRecords: []),
            expenses: RecordTable(lastID: 1, orderedRecords: [
                Expense(id: "00000001", name: "n", amount: 5, category: "c", order: 1, date: Day.epoch, tags: ["TAG"]),
            ]),
            settings: SettingsValues(), history: [])
        let text = String(decoding: FastDocumentCodec.encode(template), as: UTF8.self)
        XCTAssertTrue(text.contains("\"tags\" : [\n        \"TAG\"\n      ]"), text)
        // (literal, the tags both readers must read, or nil: refused)
        let cases: [(String, Tags?)] = [
            (#"["a"]"#, ["a"]), (#"["b","a"]"#, ["a", "b"]), (#"["a","a"]"#, ["a"]), ("[]", []), (" [ ] ", []),
            (#"["京都旅行","ｾﾌﾞﾝ"]"#, ["京都旅行", "ｾﾌﾞﾝ"]), (#"["\u0061"]"#, ["a"]), (#"["a b"]"#, nil), (#"["a,b"]"#, nil),
            (#"[""]"#, nil), (#"[" "]"#, nil), (#"["a\tb"]"#, nil), ("[\"a\u{3000}b\"]", nil), (#""a""#, nil),
            ("[1]", nil), ("[null]", nil), ("null", nil), (#"["a",]"#, nil), (#"[["a"]]"#, nil), ("{}", nil),
        ]
        for (literal, expected) in cases {
            let bytes = Array(text.replacingOccurrences(of: "[\n        \"TAG\"\n      ]", with: literal).utf8)
            let fast = FastDocumentCodec.decode(bytes)
            let strict = try? DocumentCodec.decodeStrictly(bytes)
            XCTAssertEqual(strict?.expenses.records.first?.tags, expected, literal)
            XCTAssertEqual(fast, strict, literal)
        }
    }

    func testRecordsOutOfIDOrder_AreReadAlikeAndADistantDuplicateIsRefused() throws {
        func record(_ id: String, order: Int) -> String {
            #""\#(id)" : {"amount" : 1, "category" : "c", "date" : "2026-01-01", "id" : "\#(id)", "#
                + #""name" : "n", "order" : \#(order)}"#
        }
        func file(_ records: [String]) -> [UInt8] {
            Array((#"{"expense_unique_id" : "00000009", "expenses" : {\#(records.joined(separator: ", "))}, "#
                + #""format" : 1, "income_unique_id" : "00000000", "incomes" : {}}"#).utf8)
        }
        let shuffled = file([record("00000003", order: 1), record("00000001", order: 3), record("00000002", order: 2)])
        let strict = try DocumentCodec.decodeStrictly(shuffled)
        XCTAssertEqual(strict.expenses.records.map(\.id), ["00000003", "00000002", "00000001"])
        XCTAssertEqual(FastDocumentCodec.decode(shuffled), strict)
        let duplicated = file([
            record("00000001", order: 1), record("00000004", order: 2), record("00000001", order: 3),
        ])
        XCTAssertThrowsError(try DocumentCodec.decodeStrictly(duplicated))
        XCTAssertNil(FastDocumentCodec.decode(duplicated))
    }

    func testMalformedFiles_TheFastReaderNeverAcceptsWhatTheStrictPathRefuses() throws {
        var generator = SeededGenerator(seed: 99)
        var inputs: [[UInt8]] = []
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/invalid-data-files")
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path) where name.hasSuffix(".json") {
            inputs.append(Array(try Data(contentsOf: corpus.appendingPathComponent(name))))
        }
        XCTAssertGreaterThanOrEqual(inputs.count, 30)
        let mutations: [(inout [UInt8], inout SeededGenerator) -> Void] = [
            { bytes, g in if !bytes.isEmpty { bytes.remove(at: Int.random(in: 0..<bytes.count, using: &g)) } },
            { bytes, g in
                bytes.insert(
                    Array("\",:{}[]0-9\\ \u{1}a".utf8).randomElement(using: &g)!,
                    at: Int.random(in: 0...bytes.count, using: &g))
            },
            { bytes, g in
                if !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &g)] = UInt8.random(in: 0...255, using: &g)
                }
            },
            { bytes, g in bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &g))) },
        ]
        let rounds = PropertyDepth.rounds(deep: 1_500, fast: 200)
        for round in 0..<rounds {
            let document = try randomDocument(&generator)
            var bytes = FastDocumentCodec.encode(
                round.isMultiple(of: 2) ? try withHistory(document, &generator) : document)
            mutations.randomElement(using: &generator)!(&bytes, &generator)
            inputs.append(bytes)
        }
        var refused = 0
        for bytes in inputs {
            let fast = FastDocumentCodec.decode(bytes)
            do {
                let strict = try DocumentCodec.decodeStrictly(bytes)
                if let fast { XCTAssertEqual(fast, strict) }
            } catch {
                refused += 1
                XCTAssertNil(
                    fast,
                    "the fast reader accepted a file the strict path refuses: \(error.reason)\n"
                        + "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        XCTAssertGreaterThan(refused, PropertyDepth.share(1_000, of: 1_500, rounds: rounds),
                             "the mutations must mostly produce invalid files, or this test proves little")
    }

    // MARK: Fuzzing both readers

    /// The fast reader over a buffer exactly as long as the input, so that a read one byte past
    /// the end touches memory the address sanitizer (`make test-asan`) guards.
    private static func fastDecodeFromExactBuffer(_ bytes: [UInt8]) -> BudgetDocument? {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        defer { buffer.deallocate() }
        _ = buffer.initialize(from: bytes)
        return FastDocumentCodec.decode(ByteView(UnsafeBufferPointer(buffer)))
    }

    /// Feeds both readers the same bytes: neither may crash, and the fast one accepts only
    /// what the strict one accepts, reading it the same way. Returns whether the strict one accepted.
    @discardableResult
    private func assertReadersAgree(_ bytes: [UInt8], _ label: @autoclosure () -> String) -> Bool {
        let fast = Self.fastDecodeFromExactBuffer(bytes)
        let accepted = ByteView.withBytes(of: bytes, FastDocumentCodec.accepts)
        XCTAssertEqual(accepted, fast != nil, "\(label()): accepts and decode disagree")
        do {
            let strict = try DocumentCodec.decodeStrictly(bytes)
            if let fast {
                XCTAssertEqual(fast, strict, label())
                // Entries kept as bytes decode, and are exactly what the writer writes for them.
                for case .stored(let stored) in fast.history.entries {
                    XCTAssertNotNil(
                        FastDocumentCodec.decodeStoredEntry(stored.bytes), "\(label()): a kept entry does not decode")
                }
                XCTAssertEqual(
                    FastDocumentCodec.encode(fast), DocumentCodec.encodeGeneral(fast),
                    "\(label()): kept entries must be the writer's bytes")
            }
            return true
        } catch {
            XCTAssertNil(fast, "\(label()): the fast reader accepted a file the strict path refuses (\(error.reason))")
            return false
        }
    }

    /// Documents with every part the file can have: records of both kinds, settings and a history.
    func fuzzSources(_ generator: inout SeededGenerator) throws -> [[UInt8]] {
        // Also an invalid file whose settings and history are strings with escapes: cut anywhere,
        // it ends inside a value the fast reader skips over to hand to the strict one.
        var sources: [[UInt8]] = [Array(#"{"format" : 1, "settings" : "a\"b\\", "history" : "\u0041\\"}"#.utf8)]
        for _ in 0..<3 {
            let original = try randomDocument(&generator)
            var document = original
            try document.expenses.add {
                Expense(id: $0, name: "say \"hi\"", amount: 7, category: "食費", date: Day.epoch, note: "a\tb\u{1F600}")
            }
            document[settings: DisplayKeys.self][DisplayKeys.color] = .always
            if let first = document.incomes.records.first { try document.incomes.remove(ids: [first.id]) }
            document.recordChange(since: original)
            document = try withHistory(document, &generator)
            let plain = FastDocumentCodec.encode(document)
            sources.append(plain)
            sources.append(Array(Self.compact(String(decoding: plain, as: UTF8.self)).utf8))
            sources.append(
                Array(String(decoding: plain, as: UTF8.self).replacingOccurrences(of: "a", with: "\\u0061").utf8))
        }
        return sources
    }

    func testTheFileThatReadPastTheEnd_IsRefusedByBothReaders() {
        // 16 bytes ending inside an escape: the fast reader once skipped past the end here.
        let bytes = Array(#"{"settings" : "\"#.utf8)
        XCTAssertEqual(bytes.count, 16)
        XCTAssertFalse(assertReadersAgree(bytes, "the 16-byte file"))
        for end in [#"{"history" : ["\"#, #"{"settings" : {"a\"#, #"{"settings" : {"a" : "\u12"#] {
            XCTAssertFalse(assertReadersAgree(Array(end.utf8), end))
        }
    }

    /// Cuts the sources at every length of the given parity (0: even), or at the fast default
    /// at every 29th byte (a prime, so that the cuts fall at every kind of place in the file's
    /// repeating layout) and in the last 8, those of that parity; returns how many cuts were
    /// valid files. Two tests make the cuts of either parity, so that `--parallel` runs the
    /// halves side by side (under the address sanitizer, every cut in one process took minutes).
    private func cutEverywhere(parity: Int) throws -> Int {
        var generator = SeededGenerator(seed: 16)
        var accepted = 0
        for (number, source) in try fuzzSources(&generator).enumerated() {
            if parity == 0 { XCTAssertEqual(assertReadersAgree(source, "source \(number) whole"), number > 0) }
            let step = PropertyDepth.step(fast: 29)
            let tail = max(0, source.count - 8)..<source.count
            let lengths = Set(stride(from: 0, to: source.count, by: step)).union(tail).filter { $0 % 2 == parity }
            for length in lengths.sorted()
            where assertReadersAgree(Array(source[..<length]), "source \(number) cut at \(length)") {
                accepted += 1
            }
        }
        return accepted
    }

    func testEveryTruncationOfValidFiles_NeitherReaderCrashesAndTheyAgree() throws {
        // Only cuts in the trailing white space leave a valid file (fewer than 40 in all: 20
        // at each parity).
        XCTAssertLessThan(try cutEverywhere(parity: 0), 20, "truncated files must be refused")
    }

    func testEveryTruncationOfValidFiles_AtOddLengths() throws {
        XCTAssertLessThan(try cutEverywhere(parity: 1), 20, "truncated files must be refused")
    }

    func testRandomMutationsOfValidFiles_NeitherReaderCrashesAndTheyAgree() throws {
        var generator = SeededGenerator(seed: 61)
        let sources = try fuzzSources(&generator)
        let alphabet = Array("\",:{}[]0123456789\\/ eE.-+\u{1}\u{7F}aunt".utf8) + [0xC3, 0xA9, 0xE5, 0x80, 0xFF]
        var refused = 0
        let rounds = PropertyDepth.rounds(deep: 3_000, fast: 400)
        for round in 0..<rounds {
            var bytes = sources.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<max(bytes.count, 1), using: &generator)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0 where !bytes.isEmpty: bytes.remove(at: position)
                case 1: bytes.insert(alphabet.randomElement(using: &generator)!, at: min(position, bytes.count))
                case 2 where !bytes.isEmpty: bytes[position] = alphabet.randomElement(using: &generator)!
                case 3 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                default: bytes = Array(bytes.prefix(position))
                }
            }
            if !assertReadersAgree(bytes, "round \(round)") { refused += 1 }
        }
        XCTAssertGreaterThan(refused, PropertyDepth.share(2_000, of: 3_000, rounds: rounds),
                             "the mutations must mostly produce invalid files, or this test proves little")
    }
}
