import BudgetCore

/// The rules as `rule list` shows them, in an output format; and a rule's pattern and
/// actions in words, for `rule test` and confirmations.
struct RuleListing {
    let rules: [Rule]
    let format: OutputFormat
    let includeHeader: Bool

    func render(painter: Painter) -> String {
        let numbered = rules.enumerated().map { (number: $0.offset + 1, rule: $0.element) }
        // Rules that make rows transfers came later: their column only once a rule has one.
        let transfers = rules.contains { $0.transferTo != nil }
        switch format {
        case .json:
            let value = JSONValue.array(numbered.map { number, rule in
                .object([
                    ("number", .int(number)), ("pattern", .string(rule.pattern)), ("regex", .bool(rule.isRegex)),
                    ("field", .string(rule.field.rawValue)), ("kind", rule.kind.map { .string($0.rawValue) } ?? .null),
                    ("category", rule.category.map(JSONValue.string) ?? .null),
                    ("rename", rule.rename.map(JSONValue.string) ?? .null),
                    ("tags", .array(rule.tags.map(JSONValue.string))), ("skip", .bool(rule.skip)),
                ] + (transfers ? [("transfer_to", rule.transferTo.map(JSONValue.string) ?? .null)] : []) + [
                    ("setting", .string(rule.settingText)),
                ])
            })
            return value.outputText
        case .tsv, .csv:
            let header = ["number", "pattern", "regex", "field", "kind", "category", "rename", "tags", "skip"]
                + (transfers ? ["transfer_to"] : [])
            let lines = (includeHeader ? [header] : [])
                + numbered.map { number, rule in
                    [String(number), rule.pattern, String(rule.isRegex), rule.field.rawValue, rule.kind?.rawValue ?? "",
                     rule.category ?? "", rule.rename ?? "", rule.tags.joined, String(rule.skip)]
                        + (transfers ? [rule.transferTo ?? ""] : [])
                }
            return DelimitedText.text(lines, as: format)
        default:
            var table = TextTable(columns: [
                .init(title: "#", alignment: .right), .init(title: "PATTERN", alignment: .left),
                .init(title: "FIELD", alignment: .left),
                .init(title: "KIND", alignment: .left), .init(title: "ACTIONS", alignment: .left),
            ])
            table.rows = numbered.map { number, rule in
                [String(number), Self.pattern(rule), rule.field.rawValue, rule.kind?.rawValue ?? "any",
                 Self.actions(rule)]
            }
            return table.render(painter: painter)
        }
    }

    /// A warning for each rule that never matches (a regular expression an earlier version
    /// accepted, outside the syntax matched now), naming the command that replaces it.
    static func unsupportedWarnings(_ rules: RuleSet) -> [String] {
        rules.unsupported.map { number, rule in
            "rule \(number) never matches: its regular expression \(pattern(rule)) is not supported "
                + "(\(rule.unsupportedReason ?? "")); "
                + "delete it with 'budget rule delete \(number)' and add it again in the supported syntax"
        }
    }

    /// The pattern, a regular expression between slashes (`/^amazon/`).
    static func pattern(_ rule: Rule) -> String {
        rule.isRegex ? "/" + rule.pattern + "/" : rule.pattern
    }

    /// What the rule finds, where and in which records: the pattern, then `in notes` for the
    /// note field and `(incomes only)` for a kind (`ama (incomes only)`), as confirmations say it.
    static func matching(_ rule: Rule) -> String {
        var text = pattern(rule)
        if rule.field != .name { text += " in \(rule.field.rawValue)s" }
        if let kind = rule.kind { text += " (\(kind.plural) only)" }
        return text
    }

    /// What the rule does: `category food, rename Amazon, tag a, tag b`, or `skip`.
    static func actions(_ rule: Rule) -> String {
        if rule.skip { return "skip (on import)" }
        var parts: [String] = []
        if let category = rule.category {
            parts.append("category \(category)" + (rule.kind == nil ? " (expenses)" : ""))
        }
        if let transferTo = rule.transferTo { parts.append("transfer to or from \(transferTo) (on import)") }
        if let rename = rule.rename { parts.append("rename \(rename)") }
        for tag in rule.tags { parts.append("tag \(tag)") }
        return parts.joined(separator: ", ")
    }
}
