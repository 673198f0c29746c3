/// The `'` that CSV and TSV write before a text a spreadsheet would run as a formula
/// (`export --for-excel`), and that imports of budget's own files take off again, so that
/// every text reads back exactly as it was written.
///
/// A text gets the `'` before it when it starts a formula (`=`, `+`, `-`, `@`, a tab or a
/// carriage return; for a spreadsheet only) or when it starts with a `'` that an import would
/// take for one (a `'` followed by a formula's start or by another `'`; in every CSV and TSV).
/// An import takes a leading `'` off exactly when a formula's start or another `'` follows it.
public enum FormulaGuard {
    /// Whether a text starts as a guarded text does: a `'`, then a formula's start or a `'`.
    @inlinable
    public static func looksGuarded(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "'"), let second = bytes.next() else { return false }
        return second == UInt8(ascii: "'") || isFormulaStart(second)
    }

    /// Whether a text is written with a `'` before it (`forSpreadsheet`: formulas too).
    /// Inlinable: CSV and TSV ask it of every text cell.
    @inlinable
    public static func needsGuard(_ text: String, forSpreadsheet: Bool) -> Bool {
        guard let first = text.utf8.first else { return false }
        if first == UInt8(ascii: "'") { return looksGuarded(text) }
        return forSpreadsheet && isFormulaStart(first)
    }

    /// A cell's text as an import reads it: a guard taken off.
    @inlinable
    public static func unguarded(_ text: String) -> String {
        looksGuarded(text) ? String(text.dropFirst()) : text
    }

    @usableFromInline
    static func isFormulaStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: true
        default: false
        }
    }
}
