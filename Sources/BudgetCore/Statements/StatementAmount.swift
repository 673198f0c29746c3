/// Reads the amounts statements hold: `"1,234"`, `\1,234`, `¥1,234`, `￥1,234`, `1,234円`,
/// full-width digits, a leading `+`, or `-`, `−`, `△` or `▲` for a negative amount, and decimals with
/// the chosen mark when the currency has them.
public enum StatementAmount {
    /// Why an amount was refused.
    public enum Problem: Error, Equatable, Sendable {
        /// Not a number at all.
        case notANumber
        /// More decimals than the currency has (`12.345` yen).
        case tooManyDecimals(allowed: Int)
        /// Larger than budget can hold.
        case tooLarge
    }

    /// The amount in minor units, negative when the text says so; `nil` for a blank cell or
    /// `-` alone (statements write it for "nothing").
    ///
    /// - Parameter minorDigits: the currency's decimals (0 for yen).
    public static func parse(_ text: String, decimalMark: DecimalMark, minorDigits: Int) -> Result<Int?, Problem> {
        var scalars = Array(HalfWidth.plain(text).unicodeScalars)
        func trim() {
            while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
            while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        }
        trim()
        if scalars.isEmpty || scalars == ["-"] { return .success(nil) }
        var negative = false
        if scalars.first == "+" {
            scalars.removeFirst()
            trim()
        }
        if let first = scalars.first, first == "-" || first == "△" || first == "▲" {
            negative = true
            scalars.removeFirst()
            trim()
        }
        if let first = scalars.first, first == "¥" || first == "\\" {
            scalars.removeFirst()
            trim()
        }
        if let first = scalars.first, !negative, first == "-" {
            negative = true
            scalars.removeFirst()
        }
        if let last = scalars.last, last == "円" {
            scalars.removeLast()
            trim()
        }
        let group: Unicode.Scalar = decimalMark == .point ? "," : "."
        let mark: Unicode.Scalar = decimalMark == .point ? "." : ","
        var whole = 0
        var fraction: [Int] = []
        var inFraction = false
        var sawDigit = false
        for scalar in scalars {
            switch scalar {
            case "0"..."9":
                let digit = Int(scalar.value - 48)
                sawDigit = true
                if inFraction {
                    fraction.append(digit)
                } else {
                    let (times, overflowA) = whole.multipliedReportingOverflow(by: 10)
                    let (sum, overflowB) = times.addingReportingOverflow(digit)
                    if overflowA || overflowB { return .failure(.tooLarge) }
                    whole = sum
                }
            case group where !inFraction && sawDigit, " " where !inFraction && sawDigit,
                 "'" where !inFraction && sawDigit:
                continue
            case mark where !inFraction && sawDigit:
                inFraction = true
            default:
                return .failure(.notANumber)
            }
        }
        guard sawDigit else { return .failure(.notANumber) }
        // Decimals beyond the currency's are allowed only as zeros (`1,234.00` yen).
        while fraction.count > minorDigits {
            guard fraction.last == 0 else { return .failure(.tooManyDecimals(allowed: minorDigits)) }
            fraction.removeLast()
        }
        var value = whole
        for place in 0..<minorDigits {
            let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times.addingReportingOverflow(place < fraction.count ? fraction[place] : 0)
            if overflowA || overflowB { return .failure(.tooLarge) }
            value = sum
        }
        return .success(negative ? -value : value)
    }
}
