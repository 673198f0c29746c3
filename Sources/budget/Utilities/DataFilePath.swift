import BudgetCore

/// Which data file a command works on, from `--file` and the environment.
enum DataFilePath {
    /// `file` (`--file`) when given, else `$BUDGET_FILE`, else the standard place under
    /// `$XDG_DATA_HOME` or `$HOME` (`DataFileLocation.standard`). Empty values count as unset.
    ///
    /// - Returns: the path, or `nil` when nothing, not even `HOME`, says where it is.
    /// - Throws: `EnvironmentError.notUTF8` when the variable that names it is not UTF-8.
    static func resolve(file: String?, environment: [String: String]) throws(EnvironmentError) -> String? {
        func value(_ name: String) throws(EnvironmentError) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            if text.hasPrefix(ProcessEnvironment.notUTF8Prefix) { throw .notUTF8(name: name) }
            return text
        }
        if let file, !file.isEmpty { return file }
        if let path = try value("BUDGET_FILE") { return path }
        return DataFileLocation.standard(dataHome: try value("XDG_DATA_HOME"), home: try value("HOME"))
    }
}
