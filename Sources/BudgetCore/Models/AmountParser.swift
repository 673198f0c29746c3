/// Reads and writes amounts as whole numbers in the minor unit.
public enum AmountParser {
    /// Why a text that is no number at all was refused.
    static let notANumber = "an amount is a whole number such as 1200"

    /// Parses a non-negative whole number, allowing digit grouping: `1,234` (groups of three) or
    /// `1_234` (an underscore between any two digits).
    ///
    /// - Throws: `ValueError.invalidAmount` naming the text and what is wrong with it.
    public static func parse(_ text: String) throws(ValueError) -> Int {
        let bytes = Array(text.utf8)
        func fail(_ reason: String) -> ValueError { .invalidAmount(text, reason: reason) }
        guard !bytes.isEmpty else { throw fail(notANumber) }
        if bytes.first == UInt8(ascii: "-") { throw fail("amounts cannot be negative") }
        var value = 0
        var digitsSinceComma = 0
        var sawComma = false
        var previous: UInt8 = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowB) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                if overflowA || overflowB { throw fail("the number is too large") }
                value = sum
                digitsSinceComma += 1
            case UInt8(ascii: ","):
                guard index > 0, index < bytes.count - 1, isDigit(previous),
                      !sawComma || digitsSinceComma == 3 else { throw fail("misplaced ',' digit group separator") }
                if !sawComma && digitsSinceComma > 3 { throw fail("misplaced ',' digit group separator") }
                sawComma = true
                digitsSinceComma = 0
            case UInt8(ascii: "_"):
                guard index > 0, index < bytes.count - 1, isDigit(previous), isDigit(bytes[index + 1]) else {
                    throw fail("misplaced '_' digit separator")
                }
            case UInt8(ascii: "."):
                throw fail("amounts are whole numbers in the smallest unit (set a currency to enter decimals)")
            default:
                throw fail(notANumber)
            }
            previous = byte
        }
        if sawComma && digitsSinceComma != 3 { throw fail("misplaced ',' digit group separator") }
        return value
    }

    /// Formats an amount with `,` between groups of three digits (`80,000`).
    public static func grouped(_ value: Int) -> String {
        (value < 0 ? "-" : "") + group(String(value.magnitude))
    }

    /// A string of digits with `,` between groups of three (`1234567` → `1,234,567`).
    /// The digits' bytes are walked once (a table of 10,000 amounts grouped them by characters,
    /// counting them again for each: 2,500 instructions an amount).
    static func group(_ digits: String) -> String {
        let count = digits.utf8.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + count / 3)
        for (index, digit) in digits.utf8.enumerated() {
            if index > 0 && (count - index) % 3 == 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(digit)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
