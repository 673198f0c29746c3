import BudgetCore

/// `budget profile list|show|delete`: the import profiles saved with `import --save-profile`,
/// and the built-in presets.
struct ProfileCommand: Command {
    static let spec = CommandSpec(
        name: "profile", abstract: "List, show and delete saved import profiles.",
        discussion: """
            A profile is saved by 'budget import … --save-profile <name>' and used by '--profile <name>'. The built-in \
            presets (\(StatementPreset.all.map(\.name).joined(separator: ", "))) are listed too; they cannot be \
            deleted. Profiles are settings (import.profile.<name>), so undo reverts their changes.
            """,
        subcommands: [listSpec, showSpec, deleteSpec])

    static let nameArgument = ArgumentSpec(name: "name", help: "The profile's name.")
    static let listSpec = CommandSpec(
        name: "list", abstract: "List the saved profiles, then the built-in presets.",
        options: [OutputFormat.reportOption, CommonArguments.noHeader])
    static let showSpec = CommandSpec(
        name: "show", abstract: "Show a profile's options, one per line.", arguments: [nameArgument])
    static let deleteSpec = CommandSpec(name: "delete", abstract: "Delete a saved profile.", arguments: [nameArgument])

    enum Action {
        case list(OutputFormat, includeHeader: Bool)
        case show(String)
        case delete(String)
    }

    let action: Action

    init(_ parsed: ParsedCommand) throws(UsageError) {
        switch parsed.path.last {
        case "show": action = .show(parsed.positionals[0])
        case "delete": action = .delete(parsed.positionals[0])
        default:
            action = .list(
                try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json]),
                includeHeader: !parsed.flag("no-header"))
        }
    }

    func run(in context: CommandContext) throws {
        let store = try context.store()
        switch action {
        case let .list(format, includeHeader):
            let document = try store.load()
            let saved = document[settings: ImportKeys.self].profileNames.map { name in
                (name, "saved", document.importProfile(named: name)?.settingText ?? "")
            }
            let presets = StatementPreset.all.map { ($0.name, "preset", $0.title) }
            let rows = (saved + presets).map { [$0.0, $0.1, $0.2] }
            context.output.write(
                Self.render(rows, header: ["NAME", "KIND", "OPTIONS"], format: format, includeHeader: includeHeader))
        case .show(let name):
            let document = try store.load()
            if let preset = StatementPreset.named(name) {
                context.output.write("preset=\(preset.name)\n")
                context.confirm("\(name) is a built-in preset: \(preset.title).")
                return
            }
            guard let profile = document.importProfile(named: name) else { throw ImportProfileError.notFound(name) }
            context.output.write(profile.options.map { TerminalText.escaped($0.name + "=" + $0.value) + "\n" }.joined())
        case .delete(let name):
            if StatementPreset.named(name) != nil { throw ImportProfileError.builtIn(name) }
            let removed = try store.transaction { document in document.removeImportProfile(named: name) }
            guard removed else { throw ImportProfileError.notFound(name) }
            context.confirm("Deleted the profile '\(name)'.")
        }
    }

    private static func render(
        _ rows: [[String]], header: [String], format: OutputFormat, includeHeader: Bool
    ) -> String {
        switch format {
        case .json:
            let objects = rows.map { row in
                JSONValue.object(zip(header.map { $0.lowercased() }, row.map(JSONValue.string)).map { ($0, $1) })
            }
            return JSONValue.array(objects).outputText
        case .tsv, .csv:
            var writer = DelimitedWriter(format == .tsv ? .tsv : .csv)
            if includeHeader { writer.row(header.map { $0.lowercased() }) }
            for row in rows { writer.row(row) }
            return writer.text
        default:
            var table = TextTable(columns: header.map { TextTable.Column(title: $0, alignment: .left) })
            table.rows = rows
            return table.render()
        }
    }
}
