/// One categorisation rule: which records it matches (a pattern in a field, maybe only one
/// kind) and what it does to them (a category, a new name, tags), or that an import skips them.
///
/// A pattern matches when its folded form (`TextFolding`) is found in the folded field.
/// A regular expression (`RegexPattern`: a subset of the usual syntax, matched in time linear
/// in the text) is compiled as given and matched, ignoring case, against the folded field:
/// write it in the folded forms (ASCII letters and digits, full-width katakana).
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
    public private(set) var category: String?
    /// The name a matching record gets.
    public let rename: String?
    /// The tags a matching record gets, besides those it has.
    public let tags: Tags
    /// Whether an import drops matching rows (a rule that skips does nothing else).
    public let skip: Bool
    /// The account an import into an account moves matching rows' money to or from: the row
    /// becomes a transfer between the two (a bank's card withdrawal, a PayPay charge), in no
    /// category. It may rename and tag the transfer too.
    public let transferTo: String?
    /// The compiled regular expression: `nil` for text to find, and for an unsupported one.
    public let regex: RegexPattern?
    /// Why the rule's regular expression is unsupported (`isUnsupported`), or `nil`.
    public let unsupportedReason: String?

    /// A rule, with the input rules of every value: the pattern, category and new name are
    /// read with `FieldRules.label`, the tags with `FieldRules.tag`.
    ///
    /// - Throws: `RuleError` for a value no rule may hold: an invalid value or regular
    ///   expression, no action, `skip` with another action, a category for incomes only.
    public init(
        pattern: String, isRegex: Bool = false, field: Field = .name, kind: RecordKind? = nil,
        category: String? = nil, rename: String? = nil, tags: [String] = [], skip: Bool = false,
        transferTo: String? = nil
    ) throws(RuleError) {
        try self.init(
            pattern: pattern, isRegex: isRegex, field: field, kind: kind, category: category, rename: rename,
            tags: tags, skip: skip, transferTo: transferTo, keepingUnsupported: false)
    }

    /// A rule as `init(pattern:…)` makes it; with `keepingUnsupported`, as a file holds it: a
    /// regular expression outside `RegexPattern`'s syntax that Swift's `Regex` compiles (what
    /// earlier versions accepted) is kept, unsupported (`isUnsupported`), instead of refused.
    init(
        pattern: String, isRegex: Bool, field: Field, kind: RecordKind?, category: String?, rename: String?,
        tags: [String], skip: Bool, transferTo: String? = nil, keepingUnsupported: Bool
    ) throws(RuleError) {
        do {
            self.pattern = try FieldRules.label(pattern, field: "pattern")
            self.category = try category.map { text throws(ValueError) in
                try FieldRules.label(text, field: "category")
            }
            self.rename = try rename.map { text throws(ValueError) in try FieldRules.label(text, field: "name") }
            var checked: [String] = []
            for tag in tags { checked.append(try FieldRules.tag(tag)) }
            self.tags = Tags(checked)
            self.transferTo = try transferTo.map { text throws(ValueError) in try FieldRules.accountName(text) }
        } catch {
            throw .invalidValue(error)
        }
        self.isRegex = isRegex
        self.field = field
        self.kind = kind
        self.skip = skip
        let hasAction = self.category != nil || self.rename != nil || !self.tags.isEmpty || self.transferTo != nil
        if skip && hasAction { throw .skipWithOtherActions }
        if !skip && !hasAction { throw .noAction }
        if self.transferTo != nil && self.category != nil { throw .categoryForTransfer }
        if kind == .transfer { throw .kindTransfer }
        if kind == .income && self.category != nil { throw .categoryForIncomes }
        if isRegex {
            do {
                regex = try RegexPattern(self.pattern)
                unsupportedReason = nil
            } catch {
                guard keepingUnsupported, Self.compilesInRegex(self.pattern) else {
                    throw .invalidRegex(self.pattern, reason: error.reason)
                }
                regex = nil
                unsupportedReason = error.reason
            }
        } else {
            regex = nil
            unsupportedReason = nil
            if TextFolding.foldedUTF8(self.pattern).isEmpty { throw .emptyPattern(self.pattern) }
        }
    }

    /// Whether Swift's `Regex` compiles a pattern, as earlier versions required of a rule's
    /// regular expression (compiling is bounded; matching, which backtracks, is never done).
    private static func compilesInRegex(_ pattern: String) -> Bool {
        (try? Regex(pattern)) != nil
    }

    /// Whether the rule can never match: a regular expression read from a file, written by an
    /// earlier version that matched with Swift's `Regex`, in a syntax `RegexPattern` refuses
    /// (a lookahead, a backreference). Such a rule stays in the file and in its place, so that
    /// the budget opens; it matches nothing until it is deleted or replaced.
    public var isUnsupported: Bool { unsupportedReason != nil }

    /// Sets the category's spelling (`BudgetDocument.canonicalCategory`: one that folds alike).
    mutating func respell(category: String) {
        self.category = category
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
