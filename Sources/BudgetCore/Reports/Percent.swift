/// A ratio in percent to one decimal (`66.0`), computed exactly from integer amounts.
///
/// Amounts come from the data file, so any ratio is possible: an expense of 10¹⁶ against a
/// limit of 1 is 10¹⁸ %. The arithmetic is done in 128 bits, so no ratio of two 64-bit
/// amounts can overflow or lose precision.
public struct Percent: Equatable, Comparable, Sendable, CustomStringConvertible {
    /// Tenths of a percent: `660` is 66.0 %. Rounded half away from zero.
    public let tenths: Int128

    /// `part` as a percentage of `total`; 0 when `total` is 0.
    public init(_ part: Int, of total: Int) {
        // Most ratios fit in 64 bits: worked out there, as the 128 bits would (a summary row has one).
        let (numerator, overflow) = part.multipliedReportingOverflow(by: 1000)
        if !overflow, total != 0 {
            // No multiple of 1,000 is `Int.min`: the division cannot overflow.
            let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: total)
            let roundsAway = remainder.magnitude * 2 >= total.magnitude  // each below 2⁶³: no overflow
            let sign = (numerator < 0) != (total < 0) ? -1 : 1
            // Rounding away from a quotient below `numerator`'s size in magnitude stays within 64 bits.
            self.init(tenths: Int128(roundsAway ? quotient + sign : quotient))
            return
        }
        self.init(exactly: Int128(part), of: Int128(total))
    }

    private init(tenths: Int128) {
        self.tenths = tenths
    }

    /// `part` as a share of `whole`; `nil` when either is negative: refunds that brought back
    /// more than was spent leave a category (or all the expenses) below zero, which is no share.
    public static func share(_ part: Int, of whole: Int) -> Percent? {
        part < 0 || whole < 0 ? nil : Percent(part, of: whole)
    }

    /// How much `value` changed from `base`, in percent of the base's size: from 200 to 250 is
    /// 25.0, from -200 to -100 is 50.0 (the balance rose), from 200 to 0 is -100.0. `nil` when
    /// the base is 0, from which no change is a percentage.
    public static func change(from base: Int, to value: Int) -> Percent? {
        guard base != 0 else { return nil }
        // In 128 bits the difference of two 64-bit amounts is exact and the base's size fits.
        return Percent(exactly: Int128(value) - Int128(base), of: Int128(base.magnitude))
    }

    /// `part` of `total` (0 when `total` is), both far inside 128 bits, rounded once.
    init(exactly part: Int128, of total: Int128) {
        guard total != 0 else {
            tenths = 0
            return
        }
        let numerator = part * 1000
        let denominator = total
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        // Round half away from zero: compare twice the remainder with the divisor.
        let roundsAway = remainder.magnitude * 2 >= denominator.magnitude
        let sign: Int128 = (numerator < 0) != (denominator < 0) ? -1 : 1
        tenths = roundsAway ? quotient + sign : quotient
    }

    /// `66.0`, `-3.5`, `1000000000000000000.0`.
    public var description: String {
        if let small = Int(exactly: tenths) {
            // In 64 bits, where a number's text is made at once.
            let magnitude = small.magnitude
            return (small < 0 ? "-" : "") + String(magnitude / 10) + "." + String(magnitude % 10)
        }
        let magnitude = tenths.magnitude
        return (tenths < 0 ? "-" : "") + "\(magnitude / 10).\(magnitude % 10)"
    }

    /// Whether `lhs` is the smaller percentage.
    public static func < (lhs: Percent, rhs: Percent) -> Bool { lhs.tenths < rhs.tenths }
}
