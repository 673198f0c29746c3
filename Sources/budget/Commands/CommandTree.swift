/// The root command, its subcommands, and which type runs each.
enum CommandTree {
    static let version = "0.1.0"
    /// The date the manual page shows.
    static let releaseDate = "2026-11-21"

    static let root = CommandSpec(
        name: "budget", abstract: "Track a household's income and expenses.",
        discussion: "Records are kept in one JSON file; see --file. Every command prints data on stdout and messages "
            + "on stderr.",
        subcommands: [
            AddCommand.spec, TransferCommand.spec, ListCommand.spec, SummaryCommand.spec, ReportCommand.spec,
            CategoriesCommand.spec, TagsCommand.spec,
            ShowCommand.spec, EditCommand.spec, DeleteCommand.spec,
            MoveCommand.spec, UndoCommand.spec, HistoryCommand.spec, CheckCommand.spec, ConfigCommand.spec,
            LimitCommand.spec, RuleCommand.spec, RecurCommand.spec, ForecastCommand.spec, ImportCommand.spec,
            ProfileCommand.spec, AccountCommand.spec, AccountsCommand.spec, ReconcileCommand.spec, MemberCommand.spec,
            ShareCommand.spec, SettleCommand.spec, ExportCommand.spec,
            RestoreCommand.spec,
            DeviceCommand.spec, DevicesCommand.spec, ConflictsCommand.spec, MergeCommand.spec, MergeDriverCommand.spec,
            CompletionCommand.spec, ManualCommand.spec,
            HelpCommand.spec,
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
