import BudgetCore

/// `budget device init <name>` and `budget device join <name>`: one budget kept on two or more
/// machines through a synced folder or git, each machine writing only its own replica.
struct DeviceCommand: Command {
    static let nameArgument = ArgumentSpec(
        name: "name", help: "This machine's name as a device: letters, digits, '-' and '_', 1 to 32 of them.")
    static let spec = CommandSpec(
        name: "device", abstract: "Keep one budget on several machines (a synced folder or git).",
        discussion: """
            Each machine becomes a device with a replica of its own beside the data file (budget.json, \
            budget.<name>.json, …), the only file it writes; every command folds in what the other replicas hold \
            that it has not seen. A change made on two devices to one field keeps the later and lists the other \
            ('budget conflicts'). This machine's device is kept under $XDG_STATE_HOME (~/.local/state), outside the \
            folder.
            """,
        subcommands: [initSpec, joinSpec, forgetSpec])
    static let initSpec = CommandSpec(
        name: "init", abstract: "Make the data file the replica of this machine, the first device.",
        discussion: "Every ID, order and history entry stays; nothing else changes.", arguments: [nameArgument])
    static let joinSpec = CommandSpec(
        name: "join", abstract: "Start this machine's replica from the replicas in the data file's folder.",
        discussion: "The new replica is budget.<name>.json beside the data file, with IDs of its own.",
        arguments: [nameArgument])

    static let forgetSpec = CommandSpec(
        name: "forget", abstract: "Forget which device this machine is for the budget.",
        discussion: """
            Its replica stays in the folder, folded in by the other devices as before, but this machine no longer \
            writes it; 'budget device join <name>' then makes this machine a new device. For a replica this \
            machine can no longer open as its own (a restored backup, a moved folder).
            """)

    let joining: Bool
    let forgetting: Bool
    let name: String

    init(_ parsed: ParsedCommand) throws(UsageError) {
        joining = parsed.path.last == "join"
        forgetting = parsed.path.last == "forget"
        if forgetting {
            if let extra = parsed.positionals.first { throw parsed.usageError("unexpected argument '\(extra)'") }
            name = ""
            return
        }
        guard let name = parsed.positionals.first else { throw parsed.usageError("missing expected argument '<name>'") }
        if parsed.positionals.count > 1 { throw parsed.usageError("unexpected argument '\(parsed.positionals[1])'") }
        do {
            self.name = try DeviceName.validated(name)
        } catch {
            throw parsed.usageError("invalid value '\(name)' for '<name>': \(error)")
        }
        // `budget.sync-conflict-….json` is what Syncthing names a conflict copy: a replica of that
        // name would never be folded in, every command would call it a conflict copy, and
        // 'budget merge', as that warning advises, would rename it away.
        if name.hasPrefix(Self.conflictCopyMark) {
            throw parsed.usageError(
                "invalid value '\(name)' for '<name>': a device name cannot start with '\(Self.conflictCopyMark)', "
                    + "which marks a sync tool's conflict copy")
        }
    }

    /// How Syncthing's conflict copies' names go on after the data file's stem (`budget.sync-conflict-….json`).
    static let conflictCopyMark = "sync-conflict"

    func run(in context: CommandContext) throws {
        guard let setup = try context.devices?() else { return }
        guard let registry = setup.registry else {
            throw SyncError.registry(path: "$XDG_STATE_HOME/budget/devices.json", reason: "neither it nor HOME is set")
        }
        if forgetting {
            if let identity = try registry.forget(setup.dataFile) {
                context.confirm("This machine is no longer device '\(identity.device)' of the budget; its replica "
                    + "\(identity.replica) stays in the folder for the other devices.")
            } else {
                context.confirm("This machine is no device of the budget; nothing was changed.")
            }
            return
        }
        let warn: @Sendable (String) -> Void = { [context] in context.warn($0) }
        let files = try setup.replicaFiles(warn: warn)
        let key = (0..<4).map { _ in String(UInt32.random(in: 0...UInt32.max), radix: 16) }.joined()
        if joining {
            let path = try files.joinAsDevice(named: name, key: key, registry: registry)
            context.confirm("This machine is now device '\(name)' of the budget; its replica is \(path).")
        } else {
            try files.makeFirstDevice(named: name, key: key, registry: registry)
            context.confirm("""
                This machine is now device '\(name)', and \(setup.dataFile) its replica. On another machine that \
                has the folder, run 'budget device join <name>'.
                """)
        }
    }
}
