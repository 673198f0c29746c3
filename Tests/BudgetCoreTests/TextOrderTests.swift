import XCTest
import TestSupport
@testable import BudgetCore

/// Texts ordered from their bytes where that is `<`'s order, and by `<` elsewhere.
final class TextOrderTests: XCTestCase {
    /// The scalars `isPlain` takes.
    private static let plainScalars: [Unicode.Scalar] = (UInt32(0)...0x3_FFFF).compactMap { value in
        TextOrder.isPlain(value) ? Unicode.Scalar(value) : nil
    }

    func testEveryPlainScalar_IsItsOwnNFC() {
        // A scalar with a canonical decomposition (Ω U+2126 is Ω U+03A9; 豈 U+F900 is 豈 U+8C48)
        // equals another text under `==` and is excluded from composition: it is no text's NFC,
        // so it may not be plain; the scalar it equals may (`;` for U+037E, `K` for U+212A).
        var byCanonicalForm: [String: [Unicode.Scalar]] = [:]
        for value in UInt32(0)...0x3_FFFF {
            if let scalar = Unicode.Scalar(value) { byCanonicalForm[String(scalar), default: []].append(scalar) }
        }
        XCTAssertEqual(byCanonicalForm["\u{03A9}"], ["\u{03A9}", "\u{2126}"], "a dictionary finds canonical equals")
        for scalar in Self.plainScalars {
            let name = "U+" + String(scalar.value, radix: 16)
            XCTAssertEqual(scalar.properties.canonicalCombiningClass, .notReordered, name)
            XCTAssertFalse(scalar.properties.isFullCompositionExclusion, name)
            for other in byCanonicalForm[String(scalar)] ?? [] where other != scalar {
                XCTAssertTrue(other.properties.isFullCompositionExclusion, "\(name) equals a scalar that is NFC")
                XCTAssertFalse(TextOrder.isPlain(other.value), "\(name) and its equal are both plain")
            }
        }
        XCTAssertFalse(TextOrder.isPlain(0x2126))
        XCTAssertFalse(TextOrder.isPlain(0x3099), "a combining sound mark")
        XCTAssertFalse(TextOrder.isPlain(0xF900), "a compatibility ideograph")
    }

    func testATextOfOneScalar_IsPlainFromItsBytesAsTheScalarIs() {
        for value in UInt32(0)...0x3_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar) + "a" + String(scalar)
            // ASCII alone is plain, control characters too; beside other scalars, as they are.
            XCTAssertEqual(TextOrder.isPlain(text), value < 0x80 || TextOrder.isPlain(value), String(value, radix: 16))
            XCTAssertEqual(TextOrder.isPlain(text + "が"), TextOrder.isPlain(value), String(value, radix: 16))
        }
    }

    func testSorted_DecomposedTextsThatBeginOthers_ComeFirst_InTheSameOrderWhateverOrderTheyCameIn() {
        // The standard library puts "ぶ家費1757" before a decomposed "ぶ家費17" (and after it the
        // other way round): sorting categories of a hand-edited file came out differently from
        // run to run.
        let decomposed = "\u{3075}\u{3099}家費"
        var texts = ["ぶ家費1677", "ぶ家費1697", "ぶ家費1757", "ぶ家費177", "ぶ家費1777", "ぶ家費1797", "ぶ家費1817", "ぷ家費"]
        texts += [decomposed + "17", decomposed + "1757", "か\u{3099}", "があ", "cafe\u{301}", "caféx", "café"]
        var generator = SeededGenerator(seed: 28)
        let first = TextOrder.sorted(texts)
        for _ in 0..<200 {
            XCTAssertEqual(TextOrder.sorted(texts.shuffled(using: &generator)).map { Array($0.unicodeScalars) },
                           first.map { Array($0.unicodeScalars) })
        }
        func position(_ text: String) -> Int {
            first.firstIndex { Array($0.unicodeScalars) == Array(text.unicodeScalars) } ?? -1
        }
        for later in ["ぶ家費1757", "ぶ家費177", "ぶ家費1777", "ぶ家費1797", decomposed + "1757"] {
            XCTAssertLessThan(position(decomposed + "17"), position(later), later)
            XCTAssertTrue(TextOrder.less(decomposed + "17", later), later)
            XCTAssertFalse(TextOrder.less(later, decomposed + "17"), later)
        }
        XCTAssertLessThan(position("ぶ家費1697"), position(decomposed + "17"))
        XCTAssertLessThan(position(decomposed + "17"), position("ぶ家費1817"))
        XCTAssertLessThan(position("か\u{3099}"), position("があ"))
        XCTAssertLessThan(position("cafe\u{301}"), position("caféx"))
        XCTAssertLessThan(position("ぶ家費1817"), position("ぷ家費"))
    }

    func testPlainTextLabel_IsValidUTF8ThatIsAPlainLabelAndPlain_ForEveryShortSequence() {
        // What a limit's category in a file's key is checked by in one pass: the two checks it
        // stands for, on every sequence of one and two bytes, three-byte ones from every lead
        // with the edges of the continuation bytes, and random runs of scalars near the ranges.
        func agrees(_ bytes: [UInt8]) -> Bool {
            let expected = String(validating: bytes, as: UTF8.self)
                .map { FieldRules.isPlainLabel($0) && TextOrder.isPlain($0) } ?? false
            return bytes.withUnsafeBufferPointer { FieldRules.isPlainTextLabel(ByteView($0)) } == expected
        }
        var failures: [[UInt8]] = []
        for first in 0...255 {
            let one = [UInt8(first)]
            if !agrees(one) { failures.append(one) }
            for second in 0...255 where !agrees(one + [UInt8(second)]) { failures.append(one + [UInt8(second)]) }
        }
        let edges: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x81, 0x96, 0x97, 0x99, 0x9A, 0x9B, 0x9D, 0x9E, 0x9F, 0xA0, 0xBF, 0xC0,
        ]
        for lead in 0xC0...0xFF {
            for second in 0...255 {
                for third in edges where !agrees([UInt8(lead), UInt8(second), third]) {
                    failures.append([UInt8(lead), UInt8(second), third])
                }
            }
        }
        var generator = SeededGenerator(seed: 9)
        let scalars: [UInt32] = [
            0x20, 0x41, 0x7E, 0x7F, 0x09, 0xA5, 0x3000, 0x3040, 0x3041, 0x3096, 0x3097, 0x3099, 0x309A, 0x309B, 0x30FF,
            0x3400, 0x4DFF, 0x4E00, 0x9FFF, 0xFF01, 0xFF9D, 0xFF9E, 0xFF9F, 0xFFA0, 0xFFEF, 0x1F600,
        ]
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                text.unicodeScalars.append(Unicode.Scalar(scalars.randomElement(using: &generator) ?? 0x41) ?? "A")
            }
            if !agrees(Array(text.utf8)) { failures.append(Array(text.utf8)) }
        }
        XCTAssertEqual(failures.prefix(10).map { $0.map { String($0, radix: 16) } }, [])
    }

    func testPlainUTF8_IsValidUTF8ThatIsPlain_ForEveryShortSequence() {
        // What a file's setting keys are checked by before they are made texts unchecked: every
        // sequence of one and two bytes, three-byte ones from every lead with the edges of the
        // continuation bytes, and random runs, against the standard library's own check.
        func agrees(_ bytes: [UInt8]) -> Bool {
            let expected = String(validating: bytes, as: UTF8.self).map(TextOrder.isPlain) ?? false
            return bytes.withUnsafeBufferPointer { TextOrder.isPlainUTF8(ByteView($0)) } == expected
        }
        var failures: [[UInt8]] = []
        for first in 0...255 {
            let one = [UInt8(first)]
            if !agrees(one) { failures.append(one) }
            for second in 0...255 where !agrees(one + [UInt8(second)]) { failures.append(one + [UInt8(second)]) }
        }
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x81, 0x96, 0x9B, 0xA9, 0xB0, 0xBF, 0xC0, 0xE3, 0xFF]
        for lead in 0xC0...0xFF {
            for second in 0...255 {
                for third in edges where !agrees([UInt8(lead), UInt8(second), third]) {
                    failures.append([UInt8(lead), UInt8(second), third])
                }
            }
        }
        var generator = SeededGenerator(seed: 8)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("食".utf8), Array("ｾ".utf8), Array("が".utf8), Array("é".utf8), [0x80], [0xE3, 0x81],
            [0xF0, 0x9F, 0x98, 0x80], [0x1F], [0x7F], [0xED, 0xA0, 0x80], [0xE0, 0x80, 0x80], [0xC1, 0xBF],
            Array("\u{3099}".utf8),
        ]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...5, using: &generator)).flatMap { _ in
                pieces.randomElement(using: &generator) ?? []
            }
            if !agrees(bytes) { failures.append(bytes) }
        }
        XCTAssertEqual(failures.count, 0, "first: \(failures.prefix(5))")
    }

    func testPrecedes_AgreesWithLessThan_OnRandomTexts() {
        // Plain scalars, and some that are not (a combining mark, a composed and a decomposed が,
        // a singleton, a half-width sound mark), in texts that often share a prefix.
        var random = SeededGenerator(seed: 26)
        let others: [Unicode.Scalar] = ["\u{301}", "\u{3099}", "\u{2126}", "\u{03A9}", "\u{1F363}", "\u{0}", "\u{7F}"]
        let common: [Unicode.Scalar] = ["a", "b", "か", "が", "ｶ", "ﾞ", "家", "賃", "¥", "é", " ", "0"]
        func text() -> String {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: scalars.append(others.randomElement(using: &random) ?? "a")
                case 1...2: scalars.append(Self.plainScalars.randomElement(using: &random) ?? "a")
                default: scalars.append(common.randomElement(using: &random) ?? "a")
                }
            }
            return String(scalars)
        }
        var plainPairs = 0
        for _ in 0..<200_000 {
            let a = text(), b = text()
            let aIsPlain = TextOrder.isPlain(a), bIsPlain = TextOrder.isPlain(b)
            let byScalar =
                a.utf8.allSatisfy { $0 < 0x80 } || a.unicodeScalars.allSatisfy { TextOrder.isPlain($0.value) }
            guard aIsPlain == byScalar else {
                return XCTFail("\(a.debugDescription) read as plain \(aIsPlain) from its bytes")
            }
            if aIsPlain && bIsPlain { plainPairs += 1 }
            let fast = TextOrder.precedes(a, plain: aIsPlain, b, plain: bIsPlain)
            let less = TextOrder.less(a, b)
            guard fast == less else {
                return XCTFail("\(a.debugDescription) < \(b.debugDescription): \(less), from bytes \(fast)")
            }
            // `less` is `<` wherever `<` tells the two apart and neither begins the other (where `<`
            // may get it wrong), and a strict order.
            if (a < b || b < a) && !a.hasPrefix(b) && !b.hasPrefix(a) {
                XCTAssertEqual(less, a < b, "\(a.debugDescription) \(b.debugDescription)")
            }
            if a == b { XCTAssertFalse(less) }
            if less { XCTAssertFalse(TextOrder.less(b, a), "\(a.debugDescription) \(b.debugDescription)") }
            guard TextOrder.equal(a, b) == (a == b) else {
                return XCTFail("\(a.debugDescription) == \(b.debugDescription): \(a == b), from bytes not")
            }
            var fastHash = Hasher(), hash = Hasher()
            TextOrder.hash(a, into: &fastHash)
            hash.combine(a)
            guard fastHash.finalize() == hash.finalize() else {
                return XCTFail("\(a.debugDescription) hashes otherwise than String hashes it")
            }
        }
        XCTAssertGreaterThan(plainPairs, 50_000, "most pairs take the bytes' path")
        // Sorted rows: the same order as `sorted` by the tuple, ties in the order of their texts'
        // bytes (both sorts are stable).
        for _ in 0..<20 {
            let rows = (0..<500).map { _ in (text(), Int.random(in: 0...3, using: &random)) }
            let sorted = TextOrder.sorted(rows, largestFirst: { $0.1 }, then: { $0.0 })
            let expected = rows.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : TextOrder.less($0.0, $1.0) }
            XCTAssertEqual(sorted.map { Array($0.0.utf8) }, expected.map { Array($0.0.utf8) })
            XCTAssertEqual(sorted.map(\.1), expected.map(\.1))
        }
    }

    /// Keys met by texts as a `String` set meets them: composed and decomposed が one key, a
    /// half-width ｶﾞ another, each hashed as its `String` is (a JSON object's duplicate keys).
    func testTextKeys_EqualAndHashAsTheirTexts() {
        let texts = ["が", "か\u{3099}", "ｶﾞ", "食費", "café", "cafe\u{301}", "\u{2126}", "\u{3A9}", "", "food", "🍣"]
        var keys = Set<TextKey>(), strings = Set<String>()
        for text in texts + texts.reversed() {
            XCTAssertEqual(keys.insert(TextKey(text: text)).inserted, strings.insert(text).inserted, text)
            var keyHash = Hasher(), textHash = Hasher()
            TextKey(text: text).hash(into: &keyHash)
            textHash.combine(text)
            XCTAssertEqual(keyHash.finalize(), textHash.finalize(), text)
        }
        XCTAssertEqual(keys.count, strings.count)
    }

    func testLimitScopes_EqualAndHashAsTheirCategoriesDo() {
        // Composed and decomposed が, and a half-width ｶﾞ (another text): one scope, then another.
        let scopes: [LimitScope] = [.category("が"), .category("か\u{3099}"), .category("ｶﾞ"), .total, .category("食費")]
        var found: [LimitScope: Int] = [:]
        for (index, scope) in scopes.enumerated() { found[scope, default: 0] += index }
        XCTAssertEqual(found, [.category("が"): 1, .category("ｶﾞ"): 2, .total: 3, .category("食費"): 4])
        XCTAssertEqual(LimitScope.category("が"), .category("か\u{3099}"))
        XCTAssertNotEqual(LimitScope.category("total"), .total)
        for text in ["", "food", "家賃", "ｾﾌﾞﾝ", "ＡＭＡＺＯＮ", "café", "cafe\u{301}", "\u{2126}", "🍣"] {
            var scopeHash = Hasher(), textHash = Hasher()
            LimitScope.category(text).hash(into: &scopeHash)
            textHash.combine(0 as UInt8)
            textHash.combine(text)
            XCTAssertEqual(scopeHash.finalize(), textHash.finalize(), text)
        }
    }

    /// A scope as a key (its plainness found once) is equal to another exactly when the
    /// scopes are, and hashes as the scope does: composed and decomposed が one key.
    func testLimitScopeKeys_EqualAndHashAsTheirScopes() {
        let scopes: [LimitScope] = [
            .category("が"), .category("か\u{3099}"), .category("ｶﾞ"), .total, .category("食費"), .category("café"),
            .category("cafe\u{301}"), .category("\u{2126}"), .category("\u{3A9}"), .category(""), .category("total"),
            .category("🍣"),
        ]
        for a in scopes {
            for b in scopes {
                XCTAssertEqual(LimitScopeKey(a) == LimitScopeKey(b), a == b, "\(a) \(b)")
                if a == b {
                    var aHash = Hasher(), bHash = Hasher()
                    LimitScopeKey(a).hash(into: &aHash)
                    LimitScopeKey(b).hash(into: &bHash)
                    XCTAssertEqual(aHash.finalize(), bHash.finalize(), "\(a) \(b)")
                }
            }
        }
        var keys = Set<LimitScopeKey>(), plain = Set<LimitScope>()
        for scope in scopes + scopes.reversed() {
            XCTAssertEqual(keys.insert(LimitScopeKey(scope)).inserted, plain.insert(scope).inserted, "\(scope)")
        }
    }

    func testLess_OrdersTheTextsLessThanLeavesUntold() {
        // `<` says neither comes first, though they differ: the order was left to chance.
        let untold = [("cafe\u{301}", "caf\u{e9}x"), ("か\u{3099}", "があ")]
        for (shorter, longer) in untold where !(shorter < longer) && !(longer < shorter) {
            XCTAssertTrue(TextOrder.less(shorter, longer), shorter)
            XCTAssertFalse(TextOrder.less(longer, shorter), shorter)
        }
        // Sorted from any starting order, the same order (`==` holds composed and decomposed
        // spellings equal, whichever comes first of the two).
        let texts = ["caf\u{e9}x", "cafe\u{301}", "caf\u{e9}", "cafe", "cafez", "があ", "か\u{3099}", "か", "家賃"]
        let expected = ["cafe", "cafez", "caf\u{e9}", "caf\u{e9}", "caf\u{e9}x", "か", "が", "があ", "家賃"]
        var random = SeededGenerator(seed: 27)
        for _ in 0..<50 {
            XCTAssertEqual(TextOrder.sorted(texts.shuffled(using: &random)), expected)
        }
    }

    func testSorted_LargestFirstThenByText_StableAndCanonical() {
        let rows = [("食費", 100), ("家賃", 900), ("b", 100), ("a", 100), ("か\u{3099}", 100), ("ｶﾞ", 100), ("が", 5)]
        let sorted = TextOrder.sorted(rows, largestFirst: { $0.1 }, then: { $0.0 })
        XCTAssertEqual(sorted.map(\.0), ["家賃", "a", "b", "か\u{3099}", "食費", "ｶﾞ", "が"])
        XCTAssertEqual(sorted.map(\.0), rows.sorted { ($0.1, $1.0) > ($1.1, $0.0) }.map(\.0))
    }
}
