/// One categorisation rule: which records it matches (a pattern in a field, maybe only one
/// kind) and what it does to them (a category, a new name, tags), or that an import skips them.
///
/// A pattern matches when its folded form (`TextFolding`) is found in the folded field.
/// A regular expression is compiled as given and matched, ignoring case, against the folded
/// field: write it in the folded forms (ASCII letters and digits, full-width katakana).
///
/// Rules are ordered (`RuleSet`); the first one that matches a record applies all its actions.
public struct Rule: Hashable, Sendable {
    /// The text a rule looks at.
    public enum Field: String, CaseIterable, Sendable {
        /// The record's name (the default).
        case name
        /// The record's note; a record without a note never matches.
        case note
    }

    /// The pattern as given (trimmed), never empty.
    public let pattern: String
    /// Whether `pattern` is a regular expression rather than text to find.
    public let isRegex: Bool
    /// The field the pattern looks at.
    public let field: Field
    /// The kind of record the rule matches; `nil` for both.
    public let kind: RecordKind?
    /// The category a matching expense gets (incomes have none, so it does nothing to them).
    public let category: String?
    /// The name a matching record gets.
    public let rename: String?
    /// The tags a matching record gets, besides those it has.
    public let tags: Tags
    /// Whether an import drops matching rows (a rule that skips does nothing else).
    public let skip: Bool

    /// A rule, with the input rules of every value: the pattern, category and new name are
    /// read with `FieldRules.label`, the tags with `FieldRules.tag`.
    ///
    /// - Throws: `RuleError` for a value no rule may hold: an invalid value or regular
    ///   expression, no action, `skip` with another action, a category for incomes only.
    public init(
        pattern: String, isRegex: Bool = false, field: Field = .name, kind: RecordKind? = nil,
        category: String? = nil, rename: String? = nil, tags: [String] = [], skip: Bool = false
    ) throws(RuleError) {
        do {
            self.pattern = try FieldRules.label(pattern, field: "pattern")
            self.category = try category.map { text throws(ValueError) in try FieldRules.label(text, field: "category") }
            self.rename = try rename.map { text throws(ValueError) in try FieldRules.label(text, field: "name") }
            var checked: [String] = []
            for tag in tags { checked.append(try FieldRules.tag(tag)) }
            self.tags = Tags(checked)
        } catch {
            throw .invalidValue(error)
        }
        self.isRegex = isRegex
        self.field = field
        self.kind = kind
        self.skip = skip
        let hasAction = self.category != nil || self.rename != nil || !self.tags.isEmpty
        if skip && hasAction { throw .skipWithOtherActions }
        if !skip && !hasAction { throw .noAction }
        if kind == .income && self.category != nil { throw .categoryForIncomes }
        if isRegex {
            _ = try Self.regex(self.pattern)
        } else if TextFolding.foldedUTF8(self.pattern).isEmpty {
            throw .emptyPattern(self.pattern)
        }
    }

    /// The compiled regular expression of a pattern: as given, ignoring case.
    ///
    /// - Throws: `RuleError.invalidRegex` when it does not compile.
    static func regex(_ pattern: String) throws(RuleError) -> Regex<AnyRegexOutput> {
        let regex: Regex<AnyRegexOutput>
        do {
            regex = try Regex(pattern).ignoresCase()
        } catch {
            throw .invalidRegex(pattern, reason: "\(error)")
        }
        // Swift's `Regex` backtracks without a limit, and a statement's names are untrusted:
        // `(\w+\s?)+$` on a long name would hold the data file's lock for minutes.
        if hasNestedRepetition(pattern) {
            throw .invalidRegex(pattern, reason: "a group that is repeated and holds a repetition or alternatives, such as (a+)+, (a{1,3})+ or (a|b)+, can take exponential time on some texts; write it without the nesting")
        }
        return regex
    }

    /// Whether a pattern repeats (`*`, `+`, `{n,}`) a group that holds any repetition (`?`
    /// and `{1,3}` too) or alternatives: the shapes whose backtracking can grow exponentially
    /// with the text (`(a+)+`, `(\d{1,3},?)+`, `(\w|\d)+`). Conservative: some such
    /// patterns are harmless, but none is needed to match a statement's names.
    static func hasNestedRepetition(_ pattern: String) -> Bool {
        let scalars = Array(pattern.unicodeScalars)
        var groups: [Bool] = [false]  // for each open group: whether it holds a repetition or a `|`
        var closedGroupRepeats = false  // the group that just closed held one
        var index = 0
        func unboundedRepetition(at position: Int) -> (Bool, Int)? {
            guard position < scalars.count else { return nil }
            switch scalars[position] {
            case "*", "+": return (true, position + 1)
            case "?": return (false, position + 1)
            case "{":
                guard let close = scalars[position...].firstIndex(of: "}") else { return nil }
                let body = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
                let parts = body.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.allSatisfy({ $0.allSatisfy(\.isNumber) }), !body.isEmpty else { return nil }
                let unbounded = parts.count == 2 && (parts[1].isEmpty || (Int(parts[1]) ?? 0) > 10)
                return (unbounded, close + 1)
            default: return nil
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            var repeatsWhatCame = false
            switch scalar {
            case "\\":
                index += 2
                closedGroupRepeats = false
                repeatsWhatCame = true
            case "[":
                // A class: up to its closing bracket (a `]` first in it, or escaped, is literal).
                index += 1
                if index < scalars.count && scalars[index] == "^" { index += 1 }
                if index < scalars.count && scalars[index] == "]" { index += 1 }
                while index < scalars.count && scalars[index] != "]" { index += scalars[index] == "\\" ? 2 : 1 }
                index += 1
                closedGroupRepeats = false
                repeatsWhatCame = true
            case "(":
                groups.append(false)
                index += 1
                continue
            case "|":
                groups[groups.count - 1] = true
                index += 1
                closedGroupRepeats = false
                continue
            case ")":
                let held = groups.popLast() ?? false
                if groups.isEmpty { groups = [false] }
                closedGroupRepeats = held
                if held { groups[groups.count - 1] = true }
                index += 1
                repeatsWhatCame = true
            default:
                index += 1
                closedGroupRepeats = false
                repeatsWhatCame = true
            }
            guard repeatsWhatCame, let (unbounded, next) = unboundedRepetition(at: index) else { continue }
            if unbounded && closedGroupRepeats { return true }
            groups[groups.count - 1] = true
            index = next
            if index < scalars.count && (scalars[index] == "?" || scalars[index] == "+") { index += 1 }  // lazy or possessive
            closedGroupRepeats = false
        }
        return false
    }

    // MARK: Actions

    /// Whether the rule changes anything in a record (a rule that only skips does not).
    public var hasRecordActions: Bool { category != nil || rename != nil || !tags.isEmpty }

    /// Applies the rule's actions to an income: the new name and the tags (an income has no
    /// category, so a category does nothing).
    ///
    /// - Returns: whether the income changed.
    @discardableResult
    public func apply(to income: inout Income) -> Bool {
        applyCommon(to: &income)
    }

    /// Applies the rule's actions to an expense: the category, the new name and the tags.
    ///
    /// - Returns: whether the expense changed.
    @discardableResult
    public func apply(to expense: inout Expense) -> Bool {
        var changed = applyCommon(to: &expense)
        if let category, expense.category != category {
            expense.category = category
            changed = true
        }
        return changed
    }

    private func applyCommon<Record: BaseModel>(to record: inout Record) -> Bool {
        var changed = false
        if let rename, record.name != rename {
            record.name = rename
            changed = true
        }
        for tag in tags where !record.tags.contains(tag) {
            record.tags.insert(tag)
            changed = true
        }
        return changed
    }
}
