import BudgetCore

/// `budget member add|edit|list|rename|remove`: the household's members (issue #30), each a
/// setting (`member.<name>`) holding their default weight.
struct MemberCommand: Command {
    static let spec = CommandSpec(
        name: "member", abstract: "Add, edit, list, rename and remove the household's members.",
        discussion: """
            Members are who pays and who is paid for: records say who paid with --paid-by (an account with an owner \
            says it for its records), and how an expense is shared with --split, --for, --personal and --part. A \
            member's --share is their default weight: an expense whose record and category say nothing is shared by \
            the members' weights. Members are settings (member.<name>), so undo reverts their changes and two \
            devices merge them.
            """,
        subcommands: [addSpec, editSpec, listSpec, renameSpec, removeSpec])

    static let nameArgument = ArgumentSpec(name: "name", help: "The member's name.", completion: .members)
    static let shareOption = OptionSpec(
        long: "share", valueName: "weight", help: "Their default weight, a whole number from 1 (default: 1).")
    static let addSpec = CommandSpec(
        name: "add", abstract: "Add a member.",
        arguments: [ArgumentSpec(name: "name", help: "The member's name (no ';', '=', ',' or ':').")],
        options: [shareOption])
    static let editSpec = CommandSpec(
        name: "edit", abstract: "Change a member's default weight.", arguments: [nameArgument],
        options: [shareOption])
    static let listSpec = CommandSpec(
        name: "list", abstract: "List the members and their default weights.",
        options: [OutputFormat.reportOption, CommonArguments.noHeader])
    static let renameSpec = CommandSpec(
        name: "rename", abstract: "Rename a member, and with them every record, share and account that names them.",
        discussion: "One change: a single undo puts every record back.",
        arguments: [
            ArgumentSpec(name: "old", help: "A member.", completion: .members),
            ArgumentSpec(name: "new", help: "Their new name."),
        ])
    static let removeSpec = CommandSpec(
        name: "remove", abstract: "Remove a member no record names.", arguments: [nameArgument])

    enum Action {
        case add(String, weight: Int)
        case edit(String, weight: Int)
        case list(OutputFormat, includeHeader: Bool)
        case rename(String, to: String)
        case remove(String)
    }

    let action: Action

    init(_ parsed: ParsedCommand) throws(UsageError) {
        func weight() throws(UsageError) -> Int? {
            guard let text = parsed.value("share") else { return nil }
            guard case .weights(let weights)? = Split(typed: "x=" + text), let weight = weights.first?.weight else {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--share <weight>': expected a whole number from 1")
            }
            return weight
        }
        switch parsed.path.last {
        case "add": action = .add(parsed.positionals[0], weight: try weight() ?? 1)
        case "edit":
            guard let weight = try weight() else { throw parsed.usageError("nothing to change: give --share <weight>") }
            action = .edit(parsed.positionals[0], weight: weight)
        case "rename": action = .rename(parsed.positionals[0], to: parsed.positionals[1])
        case "remove": action = .remove(parsed.positionals[0])
        default:
            action = .list(
                try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json]),
                includeHeader: !parsed.flag("no-header"))
        }
    }

    func run(in context: CommandContext) throws {
        let store = try context.store()
        switch action {
        case let .add(name, weight):
            let member = try store.transaction { document in try document.addMember(name, weight: weight) }
            context.confirm("Added member \(member.name) (share \(member.weight)).")
        case let .edit(name, weight):
            let member = try store.transaction { document in try document.setMemberWeight(name, to: weight) }
            context.confirm("Member \(member.name) now shares \(member.weight).")
        case let .list(format, includeHeader):
            let document = try store.load()
            context.write(
                Self.report, document.members, as: format, includeHeader: includeHeader, document: document,
                emptyMessage: "No members yet: add one with 'budget member add <name>'.")
        case let .rename(old, new):
            let (from, count) = try store.transaction { document in
                let from = try document.existingMember(named: old).name
                return (from, try document.renameMember(old, to: new))
            }
            let records = "\(count) \(count == 1 ? "record" : "records")"
            if from == FieldRules.trimmed(new) {
                context.confirm("Member \(from) is already named so.")
            } else {
                context.confirm("Renamed member \(from) to \(FieldRules.trimmed(new)) on \(records).")
            }
        case .remove(let name):
            let removed = try store.transaction { document in
                let member = try document.existingMember(named: name)
                try document.removeMember(name)
                return member
            }
            context.confirm("Removed member \(removed.name).")
        }
    }

    /// The columns: each member and their default weight.
    static var report: ReportTable<Member> {
        ReportTable([
            .text("NAME", key: "name") { $0.name },
            .number("SHARE", key: "share") { $0.weight },
        ])
    }
}
