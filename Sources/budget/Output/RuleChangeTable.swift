import BudgetCore

/// What `rule apply --dry-run` would change: one row per field of a record.
struct RuleChangeTable {
    let application: RuleApplication

    func render(painter: Painter) -> String {
        var table = TextTable(columns: [
            .init(title: "ID", alignment: .left), .init(title: "NAME", alignment: .left),
            .init(title: "RULE", alignment: .right), .init(title: "FIELD", alignment: .left),
            .init(title: "CHANGE", alignment: .left),
        ])
        table.rows = application.changes.map { change in
            [change.reference.description, change.name, String(change.ruleNumber), change.field,
             Self.shown(change.old) + " → " + Self.shown(change.new)]
        }
        return table.render(painter: painter)
    }

    /// A field's text, `(none)` for no tags.
    private static func shown(_ text: String) -> String {
        text.isEmpty ? "(none)" : text
    }
}
