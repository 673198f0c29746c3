/// Full-width forms made plain, as a Japanese IME types numbers and dates: `１２，３４５`
/// becomes `12,345`, `２０２６－１１－２２` becomes `2026-11-22`.
public enum HalfWidth {
    /// The text with the full-width ASCII block (U+FF01–U+FF5E) mapped to ASCII, the ideographic
    /// space to a space, the minus sign U+2212 to `-` and the full-width yen sign to `¥`.
    /// Text without such characters comes back as it is.
    public static func plain(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x2212 }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(plainScalar(scalar.value).flatMap(Unicode.Scalar.init) ?? scalar)
        }
        return String(scalars)
    }

    /// The plain form of one scalar value (`plain`'s table), or `nil` when it has none.
    static func plainScalar(_ value: UInt32) -> UInt32? {
        switch value {
        case 0xFF01...0xFF5E: return value - 0xFF01 + 0x21
        case 0x3000: return 0x20
        case 0x2212: return 0x2D
        case 0xFFE5: return 0xA5
        default: return nil
        }
    }
}
