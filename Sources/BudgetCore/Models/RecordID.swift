/// The 8-digit, zero-padded record IDs (`00000001` … `99999999`).
public enum RecordID {
    /// The highest ID a kind can reach; after it, adding fails.
    public static let maximum = 99_999_999

    /// The 8-digit form of a number in 0...maximum.
    public static func string(for number: Int) -> String {
        guard number >= 0 && number <= maximum else {
            let digits = String(number)
            return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
        }
        // Written in place: the digits found from the last by divisions by ten (which compile
        // to multiplications), the first in the lowest byte of a word (an import gives out an
        // ID a row).
        var word: UInt64 = 0, rest = number
        for _ in 0..<8 {
            word = word << 8 | UInt64(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        }
        return String(utf8Count: 8) { offset in UInt8(truncatingIfNeeded: word >> (offset * 8)) }
    }

    /// The number of an ID written with exactly 8 ASCII digits, as stored in the file.
    public static func number(fromStored text: String) -> Int? {
        ByteView.withBytes(utf8Of: text) { bytes -> Int? in
            guard bytes.count == 8 else { return nil }
            var value = 0
            for byte in bytes {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
    }

    /// Reads an ID as a person types it: `00000042` or simply `42` (1 to 8 digits, not zero).
    ///
    /// - Returns: the 8-digit form, or `nil` when the text is not an ID.
    public static func normalized(_ text: String) -> String? {
        let bytes = text.utf8
        guard (1...8).contains(bytes.count),
              bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let number = Int(text), number > 0 else { return nil }
        return string(for: number)
    }
}
