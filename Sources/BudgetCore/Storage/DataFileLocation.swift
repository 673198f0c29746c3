/// Where the data file is when none is named on the command line.
public enum DataFileLocation {
    /// `explicit` when given, else `$BUDGET_FILE`, else `$XDG_DATA_HOME/budget/budget.json`,
    /// else `~/.local/share/budget/budget.json`. Empty variables count as unset.
    ///
    /// - Returns: the path, or `nil` when nothing, not even `HOME`, says where it is.
    public static func resolve(explicit: String?, environment: [String: String]) -> String? {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        if let explicit, !explicit.isEmpty { return explicit }
        if let file = value("BUDGET_FILE") { return file }
        if let dataHome = value("XDG_DATA_HOME"), dataHome.hasPrefix("/") {
            return FilePath.join(dataHome, "budget/budget.json")
        }
        if let home = value("HOME") {
            return FilePath.join(home, ".local/share/budget/budget.json")
        }
        return nil
    }
}
