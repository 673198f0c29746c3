import XCTest
@testable import BudgetCore
import TestSupport

final class RegexPatternTests: XCTestCase {
    private func matches(
        _ pattern: String, _ text: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Bool {
        try RegexPattern(pattern).matches(text)
    }

    private func refusal(_ pattern: String) -> String? {
        do {
            _ = try RegexPattern(pattern)
            return nil
        } catch {
            return error.reason
        }
    }

    // MARK: Bounded by construction

    /// Patterns on which a backtracking matcher takes hours on these texts; the Pike VM reads
    /// each text once. (No timing assertion: that they finish is the test.)
    func testPathologicalPatterns_FinishOnFiftyThousandCharacters() throws {
        let a = String(repeating: "a", count: 50_000)
        let cases: [(String, String, Bool)] = [
            ("(.*a){20}", a + "!", true),
            ("(.*a){20}x", a, false),
            ("^(a?){25}a{25}$", String(repeating: "a", count: 25), true),
            ("^(a?){25}a{25}$", a + "b", false),
            ("(?:.*?){30}x", a, false),
            ("(a+)+$", a + "!", false),
            ("(a|aa)*b", a, false),
            ("(.*)*x", a, false),
            (#"^(\w+\s?)+$"#, String(repeating: "ab ", count: 16_000) + "!", false),
        ]
        for (pattern, text, expected) in cases {
            XCTAssertEqual(try matches(pattern, text), expected, pattern)
        }
    }

    // MARK: The subset

    func testSyntax_MatchesAsTheUsualSyntaxDoes() throws {
        let cases: [(String, String, Bool)] = [
            ("abc", "xxabcxx", true), ("^abc", "xabc", false), ("abc$", "abcx", false), ("^$", "", true),
            ("a.c", "abc", true), (#"a\.c"#, "abc", false), (#"a\.c"#, "a.c", true),
            ("[a-c]+x", "zzbcax", true), ("[^a-c]x", "ax", false), ("[^a-c]x", "dx", true),
            (#"\d{3}-\d{4}"#, "tel 012-3456", true), (#"\d{3}-\d{4}"#, "12-3456", false),
            (#"\w+\s\w+"#, "ab cd", true), (#"\S"#, " ", false), (#"\D"#, "1", false), (#"\W"#, "_", false),
            ("colou?r", "color", true), ("a{2,3}b", "aab", true), ("a{2,3}b", "ab", false), ("a{2,}b", "aaaab", true),
            ("^a{0}b", "b", true), ("(ab|cd)+e", "abcde", true), ("(?:ab|cd){2}e", "cdabe", true),
            ("a*?b", "aab", true), ("a+?$", "aa", true), ("a??b", "b", true), ("a{1,2}?b", "ab", true),
            ("^SALARY", "salary november", true), ("[A-Z]+", "abc", true), ("amazon", "AMAZON", true),
            ("セブン$", "ｾﾌﾞﾝ", false), ("ブン$", "セブン", true), ("^[ァ-ヶー]+$", "セブンイレブン", true),
            (#"\bjr\b"#, "jr east", true), (#"\bjr\b"#, "jreast", false), (#"\Bre"#, "jreast", true),
            (#"\Ajr\z"#, "jr", true), ("a|", "b", true), ("()", "", true), (#"\(x\)"#, "(x)", true),
            ("[]a]", "]", true), ("[a-]", "-", true), (#"[\d.]+"#, "1.5", true), (#"[\]]"#, "]", true),
            ("a}", "a}", true), ("a]", "a]", true),
        ]
        for (pattern, text, expected) in cases {
            XCTAssertEqual(try matches(pattern, text), expected, "\(pattern) on \(text)")
        }
    }

    func testRefusals_NameWhatIsNotSupported() {
        let cases: [(String, String)] = [
            (#"(a)\1"#, "backreferences"), (#"(?<n>a)\k<n>"#, "named groups"), ("(?=a)b", "lookahead"),
            ("(?!a)b", "lookahead"), ("(?<=a)b", "lookbehind"), ("(?<!a)b", "lookbehind"), ("(?i)a", "inline options"),
            ("(?>a)", "atomic"), ("a++", "possessive"), (#"\p{L}"#, "Unicode properties"),
            ("[[:alpha:]]", "nested classes"), ("[a&&b]", "class operations"), ("(abc", "not closed"),
            ("abc)", "unbalanced"), ("*a", "nothing to repeat"), ("a**", "repeats a repetition"),
            ("[abc", "not closed"), ("[z-a]", "backwards"), ("a{3,2}", "backwards"), ("a{101}", "above 100"),
            ("a{", #"'\{'"#), (#"a\"#, "lone"), (#"\q"#, #"'\q'"#), ("^*", "anchor"),
            ("(abcdefghijk){100}", "too large"), ("((a{100}){100}){100}", "too large"),
            (String(repeating: "(", count: 100) + String(repeating: ")", count: 100), "nest"),
        ]
        for (pattern, words) in cases {
            let reason = refusal(pattern)
            XCTAssertNotNil(reason, pattern)
            XCTAssertTrue(reason?.contains(words) ?? false, "\(pattern): \(reason ?? "accepted")")
        }
    }

    func testProgramSize_IsBounded() throws {
        XCTAssertLessThanOrEqual(try RegexPattern("(abc){100}").programSize, RegexPattern.maximumProgramSize)
        XCTAssertNotNil(refusal("(abcdefghijk){100}"))
    }

    // MARK: Against Swift's Regex

    /// Random small patterns in the subset and random texts: the linear matcher answers as
    /// Swift's `Regex` (ignoring case) does. The texts are short, so backtracking stays cheap.
    func testDifferential_AgreesWithSwiftRegexOnRandomPatterns() throws {
        var generator = SeededGenerator(seed: 24)
        let letters = ["a", "b", "A", "セ", "ブ", "-", " ", "1"]
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &generator)] }
        func atom(_ depth: Int) -> String {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: return "."
            case 1: return pick([#"\d"#, #"\w"#, #"\s"#, #"\D"#, #"\W"#, #"\S"#, #"\-"#])
            case 2: return pick(["[ab]", "[^a]", "[a-c1]", #"[\d-]"#, "[^セ ]", "[A-B]"])
            case 3 where depth < 3: return "(" + pattern(depth + 1) + ")"
            case 4 where depth < 3: return "(?:" + pattern(depth + 1) + ")"
            default: return pick(letters)
            }
        }
        func quantifier() -> String {
            let base = pick(["", "", "", "*", "+", "?", "{2}", "{0,2}", "{1,}", "{1,3}"])
            return base.isEmpty ? base : base + pick(["", "", "?"])
        }
        func sequence(_ depth: Int) -> String {
            var text = ""
            for _ in 0..<Int.random(in: 0...3, using: &generator) { text += atom(depth) + quantifier() }
            return text
        }
        func pattern(_ depth: Int) -> String {
            var text = sequence(depth)
            if Int.random(in: 0..<4, using: &generator) == 0 { text += "|" + sequence(depth) }
            return text
        }
        var compared = 0
        let rounds = PropertyDepth.rounds(deep: 1_500, fast: 200)
        for _ in 0..<rounds {
            var source = pattern(0)
            if Int.random(in: 0..<4, using: &generator) == 0 { source = "^" + source }
            if Int.random(in: 0..<4, using: &generator) == 0 { source += "$" }
            let ours = try RegexPattern(source)
            let theirs = try Regex(source).ignoresCase()
            for _ in 0..<8 {
                let text = (0..<Int.random(in: 0...7, using: &generator)).map { _ in pick(letters) }.joined()
                XCTAssertEqual(ours.matches(text), (try theirs.firstMatch(in: text)) != nil, "/\(source)/ on '\(text)'")
                compared += 1
            }
        }
        XCTAssertEqual(compared, rounds * 8)
    }

    /// Random text of the syntax's own characters: every pattern is compiled or refused with a
    /// reason, never a crash, and what compiles matches any text.
    func testFuzz_RandomSyntaxNeverCrashes() {
        var generator = SeededGenerator(seed: 9)
        let alphabet = Array(#"()[]{}|*+?^$\.-,0123abAB:=!<>P&~dwsbkp"#).map(String.init)
        var compiled = 0
        for _ in 0..<20_000 {
            let pattern = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            }.joined()
            guard let regex = try? RegexPattern(pattern) else { continue }
            compiled += 1
            let text = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            }.joined()
            _ = regex.matches(text)
        }
        XCTAssertGreaterThan(compiled, 1000)
    }
}
