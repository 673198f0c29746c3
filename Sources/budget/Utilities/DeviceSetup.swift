import BudgetCore

/// The data file's replicas and this machine's record of its devices
/// (`$XDG_STATE_HOME/budget/devices.json`, else `~/.local/state/budget/devices.json`).
struct DeviceSetup {
    /// The data file, as `--file` or the environment names it.
    let dataFile: String
    /// This machine's record of its devices; `nil` when neither variable says where it is.
    let registry: DeviceRegistry?

    /// The setup for `dataFile` in `environment`.
    init(dataFile: String, environment: [String: String]) {
        self.dataFile = dataFile
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty,
                  !text.hasPrefix(ProcessEnvironment.notUTF8Prefix) else { return nil }
            return text
        }
        registry = DeviceRegistry.standardPath(stateHome: value("XDG_STATE_HOME"), home: value("HOME"))
            .map(DeviceRegistry.init(path:))
    }

    /// The replicas, opened as this machine's device of the budget (if it is one).
    ///
    /// - Throws: `SyncError.registry` when the record of devices cannot be read.
    func replicaFiles(warn: @escaping @Sendable (String) -> Void) throws -> ReplicaFiles {
        var files = ReplicaFiles(dataFile: dataFile, identity: try registry?.identity(for: dataFile))
        files.warn = warn
        return files
    }
}
