/// String helpers for POSIX paths.
enum FilePath {
    /// The directory part (`/a/b` for `/a/b/c`, `.` for `c`, `/` for `/c`).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last component (`c` for `/a/b/c`).
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `component` appended to `directory` with one slash.
    static func join(_ directory: String, _ component: String) -> String {
        if component.hasPrefix("/") { return component }
        if directory.hasSuffix("/") { return directory + component }
        return directory + "/" + component
    }
}
