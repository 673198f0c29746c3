/// The root command, its subcommands, and which type runs each.
enum CommandTree {
    static let version = "0.1.0"
    /// The date the manual page shows.
    static let releaseDate = "2026-11-21"

    static let root = CommandSpec(
        name: "budget", abstract: "Track a household's income and expenses.",
        discussion: "Records are kept in one JSON file; see --file. Every command prints data on stdout and messages "
            + "on stderr.",
        madeWhenNamed: [
            .init(name: "add") { AddCommand.spec },
            .init(name: "transfer") { TransferCommand.spec },
            .init(name: "list") { ListCommand.spec },
            .init(name: "summary") { SummaryCommand.spec },
            .init(name: "report") { ReportCommand.spec },
            .init(name: "categories") { CategoriesCommand.spec },
            .init(name: "tags") { TagsCommand.spec },
            .init(name: "show") { ShowCommand.spec },
            .init(name: "edit") { EditCommand.spec },
            .init(name: "delete") { DeleteCommand.spec },
            .init(name: "move") { MoveCommand.spec },
            .init(name: "undo") { UndoCommand.spec },
            .init(name: "history") { HistoryCommand.spec },
            .init(name: "check") { CheckCommand.spec },
            .init(name: "config") { ConfigCommand.spec },
            .init(name: "limit") { LimitCommand.spec },
            .init(name: "rule") { RuleCommand.spec },
            .init(name: "recur") { RecurCommand.spec },
            .init(name: "forecast") { ForecastCommand.spec },
            .init(name: "import") { ImportCommand.spec },
            .init(name: "profile") { ProfileCommand.spec },
            .init(name: "account") { AccountCommand.spec },
            .init(name: "accounts") { AccountsCommand.spec },
            .init(name: "reconcile") { ReconcileCommand.spec },
            .init(name: "member") { MemberCommand.spec },
            .init(name: "share") { ShareCommand.spec },
            .init(name: "settle") { SettleCommand.spec },
            .init(name: "export") { ExportCommand.spec },
            .init(name: "restore") { RestoreCommand.spec },
            .init(name: "device") { DeviceCommand.spec },
            .init(name: "devices") { DevicesCommand.spec },
            .init(name: "conflicts") { ConflictsCommand.spec },
            .init(name: "merge") { MergeCommand.spec },
            .init(name: "merge-driver") { MergeDriverCommand.spec },
            .init(name: "completion") { CompletionCommand.spec },
            .init(name: "manual") { ManualCommand.spec },
            .init(name: "help") { HelpCommand.spec },
        ])

    /// The command type that runs a path of subcommand words, if the path names a leaf.
    static func commandType(for path: [String]) -> (any Command.Type)? {
        switch path {
        case ["add", "income"], ["add", "expense"]: return AddCommand.self
        case ["transfer"]: return TransferCommand.self
        case ["accounts"]: return AccountsCommand.self
        case ["reconcile"]: return ReconcileCommand.self
        case ["list"]: return ListCommand.self
        case ["summary"]: return SummaryCommand.self
        case ["report"]: return ReportCommand.self
        case ["categories"]: return CategoriesCommand.self
        case ["categories", "rename"]: return CategoryRenameCommand.self
        case ["tags"]: return TagsCommand.self
        case ["tags", "rename"]: return TagsRenameCommand.self
        case ["show"]: return ShowCommand.self
        case ["edit"]: return EditCommand.self
        case ["delete"]: return DeleteCommand.self
        case ["move"]: return MoveCommand.self
        case ["undo"]: return UndoCommand.self
        case ["history"]: return HistoryCommand.self
        case ["history", "clear"]: return HistoryClearCommand.self
        case ["check"]: return CheckCommand.self
        case ["import"]: return ImportCommand.self
        case ["export"]: return ExportCommand.self
        case ["restore"]: return RestoreCommand.self
        case ["completion"]: return CompletionCommand.self
        case ["manual"]: return ManualCommand.self
        case ["config", "list"], ["config", "get"], ["config", "set"], ["config", "unset"]: return ConfigCommand.self
        case ["rule", "add"]: return RuleAddCommand.self
        case ["rule", "list"], ["rule", "delete"], ["rule", "move"]: return RuleCommand.self
        case ["rule", "test"]: return RuleTestCommand.self
        case ["rule", "apply"]: return RuleApplyCommand.self
        case ["recur", "add", "income"], ["recur", "add", "expense"], ["recur", "edit"]: return RecurAddCommand.self
        case ["recur", "list"], ["recur", "show"], ["recur", "delete"], ["recur", "pause"], ["recur", "resume"],
             ["recur", "skip"]:
            return RecurCommand.self
        case ["recur", "run"]: return RecurRunCommand.self
        case ["forecast"]: return ForecastCommand.self
        case ["limit", "set"], ["limit", "unset"], ["limit", "list"]: return LimitCommand.self
        case ["account", "add"], ["account", "edit"]: return AccountAddCommand.self
        case ["account", "list"], ["account", "show"], ["account", "rename"], ["account", "close"],
             ["account", "reopen"]:
            return AccountCommand.self
        case ["member", "add"], ["member", "edit"], ["member", "list"], ["member", "rename"], ["member", "remove"]:
            return MemberCommand.self
        case ["share", "set"], ["share", "list"], ["share", "remove"]: return ShareCommand.self
        case ["settle"]: return SettleCommand.self
        case ["profile", "list"], ["profile", "show"], ["profile", "delete"]: return ProfileCommand.self
        case ["device", "init"], ["device", "join"], ["device", "forget"]: return DeviceCommand.self
        case ["devices"]: return DevicesCommand.self
        case ["conflicts"]: return ConflictsCommand.self
        case ["conflicts", "resolve"]: return ConflictsResolveCommand.self
        case ["merge"]: return MergeCommand.self
        case ["merge-driver"]: return MergeDriverCommand.self
        default: return nil
        }
    }

    /// The spec that a path of subcommand words names, or `nil` when a word is unknown.
    static func spec(for path: [String]) -> CommandSpec? {
        root.descendant(at: path)
    }
}
