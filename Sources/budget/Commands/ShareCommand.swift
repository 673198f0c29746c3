import BudgetCore

/// `budget share set|list|remove`: how each category's expenses are shared among the members
/// (issue #30), each a setting (`share.<category>`).
struct ShareCommand: Command {
    static let spec = CommandSpec(
        name: "share", abstract: "Set how each category's expenses are shared among the members.",
        discussion: """
            A share is weights (家賃 夫=1,妻=1; 食費 夫=6,妻=4), income (each member's share of the income in the \
            period settled, as received with --paid-by) or personal (the payer's own). An expense's own --split, \
            --for or --personal comes first; a category without a share is shared by the members' weights.
            """,
        subcommands: [setSpec, listSpec, removeSpec])

    static let categoryArgument = ArgumentSpec(name: "category", help: "A category.", completion: .categories)
    static let setSpec = CommandSpec(
        name: "set", abstract: "Set a category's share.",
        arguments: [
            categoryArgument,
            ArgumentSpec(name: "share", help: "member=weight,… (夫=6,妻=4), income, or personal."),
        ])
    static let listSpec = CommandSpec(
        name: "list", abstract: "List the categories' shares.",
        options: [OutputFormat.reportOption, CommonArguments.noHeader])
    static let removeSpec = CommandSpec(
        name: "remove", abstract: "Share a category by the members' weights again.", arguments: [categoryArgument])

    enum Action {
        case set(String, Split)
        case list(OutputFormat, includeHeader: Bool)
        case remove(String)
    }

    let action: Action

    init(_ parsed: ParsedCommand) throws(UsageError) {
        switch parsed.path.last {
        case "set":
            let text = parsed.positionals[1]
            guard let split = Split(typed: text) else {
                throw parsed.usageError("invalid value '\(text)' for <share>: expected \(Split.valueDescription)")
            }
            action = .set(parsed.positionals[0], split)
        case "remove": action = .remove(parsed.positionals[0])
        default:
            action = .list(
                try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json]),
                includeHeader: !parsed.flag("no-header"))
        }
    }

    /// One category's share, for the listing.
    struct Row {
        let category: String
        let split: Split
    }

    func run(in context: CommandContext) throws {
        let store = try context.store()
        switch action {
        case let .set(category, split):
            let set = try store.transaction { document in try document.setShare(of: category, to: split) }
            context.confirm("Expenses in \(set.category) are shared \(set.split.map(Self.describe) ?? "").")
        case .remove(let category):
            let (set, had) = try store.transaction { document in
                let had = !document[settings: ShareKeys.self].shares.isEmpty
                    && document[settings: ShareKeys.self].shares[document.canonicalCategory(category)] != nil
                return (try document.setShare(of: category, to: nil), had)
            }
            context.confirm(
                "Expenses in \(set.category) \(had ? "are" : "were already") shared by the members' weights.")
        case let .list(format, includeHeader):
            let document = try store.load()
            let rows = document[settings: ShareKeys.self].shares
                .sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
                .map { Row(category: $0.key, split: $0.value) }
            context.write(
                Self.report, rows, as: format, includeHeader: includeHeader, document: document,
                emptyMessage: "No category has a share: every expense is shared by the members' weights "
                    + "(set one with 'budget share set <category> <member>=<weight>,…').")
        }
    }

    /// `as 夫=6,妻=4`, `by income`, `as personal (the payer's own)`.
    static func describe(_ split: Split) -> String {
        switch split {
        case .personal: "as personal (the payer's own)"
        case .income: "by the members' income"
        case .weights: "as " + split.text
        }
    }

    /// The columns: each category and its share.
    static var report: ReportTable<Row> {
        ReportTable([
            .text("CATEGORY", key: "category") { $0.category },
            .text("SHARE", key: "share") { $0.split.text },
        ])
    }
}
