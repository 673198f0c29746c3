import BudgetCore

/// Writes TSV or CSV rows straight into one buffer: no array per row, no joining. The escaping
/// rules are `DelimitedText`'s.
struct DelimitedWriter: ~Copyable {
    enum Dialect { case tsv, csv }

    let dialect: Dialect
    /// For a spreadsheet (`export --for-excel`): rows end in CRLF in TSV too, and a text field
    /// that a spreadsheet would run as a formula is written with a `'` before it (so is, in
    /// every CSV and TSV, a text an import would take for one so guarded: `FormulaGuard`).
    let forSpreadsheet: Bool
    private(set) var buffer: ByteBuffer
    private var atRowStart = true

    init(_ dialect: Dialect, capacity: Int = 0, forSpreadsheet: Bool = false) {
        self.dialect = dialect
        self.forSpreadsheet = forSpreadsheet
        buffer = ByteBuffer(capacity: capacity)
    }

    /// Adds one field to the current row; `guardingFormulas: false` only for a text shown to
    /// people (`DelimitedText.escapeTSV`), never for a file.
    mutating func field(_ text: String, guardingFormulas: Bool = true) {
        separate()
        var text = guardingFormulas && FormulaGuard.needsGuard(text, forSpreadsheet: forSpreadsheet) ? "'" + text : text
        ByteView.withBytes(utf8Of: &text) { utf8 in
            switch dialect {
            case .tsv:
                guard Self.contains(
                    utf8, where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "\\") }) else {
                    buffer.append(utf8)
                    return
                }
                for byte in utf8 {
                    switch byte {
                    case 0x09: buffer.write("\\t")
                    case 0x0A: buffer.write("\\n")
                    case 0x0D: buffer.write("\\r")
                    case UInt8(ascii: "\\"): buffer.write("\\\\")
                    default: buffer.append(byte)
                    }
                }
            case .csv:
                guard Self.contains(
                    utf8, where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
                ) else {
                    buffer.append(utf8)
                    return
                }
                buffer.append(UInt8(ascii: "\""))
                for byte in utf8 {
                    if byte == UInt8(ascii: "\"") { buffer.append(byte) }
                    buffer.append(byte)
                }
                buffer.append(UInt8(ascii: "\""))
            }
        }
    }

    /// Whether any byte is one `special` picks; a plain loop, inlined with its test (the
    /// library's `contains(where:)` calls the closure for every byte of every field).
    @inline(__always)
    private static func contains(_ bytes: ByteView, where special: (UInt8) -> Bool) -> Bool {
        for byte in bytes where special(byte) { return true }
        return false
    }

    /// Adds an empty field.
    mutating func emptyField() {
        separate()
    }

    /// Adds a whole number field without making a string.
    mutating func field(_ number: Int) {
        separate()
        buffer.write(number)
    }

    /// Adds a day as `YYYY-MM-DD` without making a string.
    mutating func field(_ day: Day) {
        separate()
        buffer.write(day)
    }

    /// Adds an amount as `MoneyFormat.plain` writes it, without making a string.
    mutating func field(_ amount: Int, _ money: MoneyFormat) {
        separate()
        money.writePlain(amount, into: &buffer)
    }

    /// Ends the current row.
    mutating func endRow() {
        if dialect == .csv || forSpreadsheet { buffer.append(0x0D) }
        buffer.append(0x0A)
        atRowStart = true
    }

    /// Forgets the rows written (after they were handed on), keeping the buffer's room.
    mutating func removeAll() {
        buffer.removeAll()
        atRowStart = true
    }

    /// Adds a whole row.
    mutating func row(_ fields: [String]) {
        for field in fields { self.field(field) }
        endRow()
    }

    private mutating func separate() {
        if !atRowStart { buffer.append(dialect == .tsv ? 0x09 : UInt8(ascii: ",")) }
        atRowStart = false
    }

    /// The written text.
    var text: String { buffer.withBytes { String(decoding: $0, as: UTF8.self) } }
}
