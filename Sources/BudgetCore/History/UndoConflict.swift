/// Why an undo cannot be applied to the records as they are now (`TableChange.revert`): a hand
/// edit of the data file since the change.
struct UndoConflict: Error {
    /// What no longer matches, lower-case (`expense 00000002 is no longer there`).
    var reason: String

    /// A conflict for this reason.
    init(_ reason: String) { self.reason = reason }
}
