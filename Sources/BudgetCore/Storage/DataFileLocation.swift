/// Where the data file is when none is named: its standard place among the user's data.
public enum DataFileLocation {
    /// `<dataHome>/budget/budget.json` when `dataHome` is an absolute path, else
    /// `<home>/.local/share/budget/budget.json` (the XDG base directory rule). Empty values count
    /// as unset.
    ///
    /// - Parameters:
    ///   - dataHome: the user's data directory (`XDG_DATA_HOME`), if one is set.
    ///   - home: the user's home directory, if known.
    /// - Returns: the path, or `nil` when neither says where it is.
    public static func standard(dataHome: String?, home: String?) -> String? {
        if let dataHome, dataHome.hasPrefix("/") {
            return FilePath.join(dataHome, "budget/budget.json")
        }
        if let home, !home.isEmpty {
            return FilePath.join(home, ".local/share/budget/budget.json")
        }
        return nil
    }
}
