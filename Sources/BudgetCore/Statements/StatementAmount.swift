/// Reads the amounts statements hold: `"1,234"`, `\1,234`, `¥1,234`, `￥1,234`, `1,234円`, the
/// budget's currency's symbol (`$20,000.00`, `12,50 €`), full-width digits, a leading `+`, or `-`,
/// `−`, `△` or `▲` or parentheses for a negative amount, and decimals with the chosen mark when
/// the currency has them. Digits may be grouped by threes (`,` or `.`, whichever is not the
/// decimal mark, a space or `'`): a number grouped otherwise (`12,50` with a decimal point,
/// `1,2,3`) is `.notANumber`, never a number 100 times too large.
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
    /// A sign may have a space after it (`- $220.00`); parentheses make an amount negative
    /// (`($220.00)`, `(1,234)`), and a sign inside them is no number.
    ///
    /// - Parameters:
    ///   - minorDigits: the currency's decimals (0 for yen).
    ///   - currencySymbols: the budget's currency's symbols (`Currency.symbols`: `$`, `USD`), one
    ///     of which may come before the number (after its sign) or after it (`12,50 €`). Empty
    ///     (no currency) or holding `¥`: also the yen forms (`\`, `¥`, `￥`, `円`). Another
    ///     currency's symbol is `.notANumber`: an amount is never read in the wrong currency.
    public static func parse(
        _ text: String, decimalMark: DecimalMark, minorDigits: Int, currencySymbols: [String] = []
    ) -> Result<Int?, Problem> {
        var scalars = Array(HalfWidth.plain(text).unicodeScalars)
        func trim() {
            while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
            while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        }
        trim()
        if scalars.isEmpty || scalars == ["-"] { return .success(nil) }
        // The symbols, made only for a text that starts or ends with something other than a
        // digit (most amounts are plain numbers).
        func symbols(extra: [[Unicode.Scalar]]) -> [[Unicode.Scalar]] {
            let given = currencySymbols.map { Array(HalfWidth.plain($0).unicodeScalars) }.filter { !$0.isEmpty }
            let yen = currencySymbols.isEmpty || currencySymbols.contains("¥")
            return (given + (yen ? extra : [])).sorted { $0.count > $1.count }
        }
        func isDigit(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { ("0"..."9").contains($0) } ?? false }
        // Drops the longest of the symbols that the text starts (or ends) with.
        func drop(atEnd: Bool) -> Bool {
            if isDigit(atEnd ? scalars.last : scalars.first) { return false }
            let list = atEnd ? symbols(extra: [["円"]]) : symbols(extra: [["¥"], ["\\"]])
            for symbol in list where symbol.count <= scalars.count {
                let range = atEnd ? scalars.count - symbol.count..<scalars.count : 0..<symbol.count
                guard Array(scalars[range]) == symbol else { continue }
                scalars.removeSubrange(range)
                trim()
                return true
            }
            return false
        }
        var negative = false
        if scalars.count >= 2, scalars.first == "(", scalars.last == ")" {
            // `($220.00)`: negative; a sign inside is left, and is no number.
            negative = true
            scalars.removeFirst()
            scalars.removeLast()
            trim()
        } else if scalars.first == "+" {
            scalars.removeFirst()
            trim()
        } else if let first = scalars.first, first == "-" || first == "△" || first == "▲" {
            negative = true
            scalars.removeFirst()
            trim()
        }
        let symbolFirst = drop(atEnd: false)
        if symbolFirst, !negative, scalars.first == "-" {
            negative = true
            scalars.removeFirst()
        }
        if !symbolFirst { _ = drop(atEnd: true) }
        let group: Unicode.Scalar = decimalMark == .point ? "," : "."
        let mark: Unicode.Scalar = decimalMark == .point ? "." : ","
        var whole = 0
        var fraction: [Int] = []
        var inFraction = false
        var sawDigit = false
        // Digit groups are strict (`12,50` with a decimal point is no 1250): 1 to 3 digits
        // before the first separator, exactly 3 in every group after it.
        var groupDigits = 0
        var grouped = false
        func groupEnds() -> Bool { grouped ? groupDigits == 3 : (1...3).contains(groupDigits) }
        for scalar in scalars {
            switch scalar {
            case "0"..."9":
                let digit = Int(scalar.value - 48)
                sawDigit = true
                if inFraction {
                    fraction.append(digit)
                } else {
                    groupDigits += 1
                    let (times, overflowA) = whole.multipliedReportingOverflow(by: 10)
                    let (sum, overflowB) = times.addingReportingOverflow(digit)
                    if overflowA || overflowB { return .failure(.tooLarge) }
                    whole = sum
                }
            case group where !inFraction && sawDigit, " " where !inFraction && sawDigit,
                 "'" where !inFraction && sawDigit:
                guard groupEnds() else { return .failure(.notANumber) }
                grouped = true
                groupDigits = 0
            case mark where !inFraction && sawDigit:
                if grouped, groupDigits != 3 { return .failure(.notANumber) }
                inFraction = true
            default:
                return .failure(.notANumber)
            }
        }
        guard sawDigit else { return .failure(.notANumber) }
        if grouped, !inFraction, groupDigits != 3 { return .failure(.notANumber) }
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
