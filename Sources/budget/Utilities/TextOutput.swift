import BudgetCore

/// A destination for text.
protocol TextOutput: AnyObject {
    /// Writes text as UTF-8.
    func write(_ text: String)
    /// Writes UTF-8 bytes as they are (a long listing, without making one big string).
    func write(bytes: ByteView)
}
