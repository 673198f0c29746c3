/// Writes TSV or CSV rows straight into one buffer: no array per row, no joining. The escaping
/// rules are `DelimitedText`'s.
struct DelimitedWriter {
    enum Dialect { case tsv, csv }

    let dialect: Dialect
    private(set) var bytes: [UInt8] = []
    private var atRowStart = true

    init(_ dialect: Dialect, capacity: Int = 0) {
        self.dialect = dialect
        bytes.reserveCapacity(capacity)
    }

    /// Adds one field to the current row.
    mutating func field(_ text: String) {
        separate()
        var text = text
        text.withUTF8 { utf8 in
            switch dialect {
            case .tsv:
                guard utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "\\") }) else {
                    bytes.append(contentsOf: utf8)
                    return
                }
                for byte in utf8 {
                    switch byte {
                    case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                    case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                    case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                    case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                    default: bytes.append(byte)
                    }
                }
            case .csv:
                guard utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else {
                    bytes.append(contentsOf: utf8)
                    return
                }
                bytes.append(UInt8(ascii: "\""))
                for byte in utf8 {
                    if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                    bytes.append(byte)
                }
                bytes.append(UInt8(ascii: "\""))
            }
        }
    }

    /// Adds a whole number field without making a string.
    mutating func field(_ number: Int) {
        separate()
        if number < 0 {
            bytes.append(contentsOf: String(number).utf8)
            return
        }
        var rest = number
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        bytes[start...].reverse()
    }

    /// Ends the current row.
    mutating func endRow() {
        if dialect == .csv { bytes.append(0x0D) }
        bytes.append(0x0A)
        atRowStart = true
    }

    /// Adds a whole row.
    mutating func row(_ fields: [String]) {
        for field in fields { self.field(field) }
        endRow()
    }

    private mutating func separate() {
        if !atRowStart { bytes.append(dialect == .tsv ? 0x09 : UInt8(ascii: ",")) }
        atRowStart = false
    }

    /// The written text.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
