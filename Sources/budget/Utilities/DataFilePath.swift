import BudgetCore

/// Which data file a command works on, from `--file` and the environment.
enum DataFilePath {
    /// `file` (`--file`) when given, else `$BUDGET_FILE`, else the standard place under
    /// `$XDG_DATA_HOME` or `$HOME` (`DataFileLocation.standard`). Empty values count as unset.
    ///
    /// - Returns: the path, or `nil` when nothing, not even `HOME`, says where it is.
    static func resolve(file: String?, environment: [String: String]) -> String? {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        if let file, !file.isEmpty { return file }
        if let path = value("BUDGET_FILE") { return path }
        return DataFileLocation.standard(dataHome: value("XDG_DATA_HOME"), home: value("HOME"))
    }
}
