/// UTF-8 validation without the generic overhead of `String(validating:)`: ASCII runs are
/// checked a byte at a time, other sequences by the rules of RFC 3629 (no overlong forms, no
/// surrogates, nothing above U+10FFFF).
enum UTF8Validation {
    static func isValid<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        var index = bytes.startIndex
        let count = bytes.endIndex
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let minimum: UInt32
            var value: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(lead & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(lead & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(lead & 0x07)
            default: return false
            }
            guard index + length <= count else { return false }
            for offset in 1..<length {
                let next = bytes[index + offset]
                guard next & 0xC0 == 0x80 else { return false }
                value = value << 6 | UInt32(next & 0x3F)
            }
            guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return false }
            index += length
        }
        return true
    }
}
