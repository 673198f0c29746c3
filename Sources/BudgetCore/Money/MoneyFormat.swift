/// Reads and writes amounts in a currency's minor unit (cents for USD, yen for JPY), or as plain
/// whole numbers when no currency is set.
public struct MoneyFormat: Sendable, Equatable {
    /// The currency (`nil`: whole numbers).
    public let currency: Currency?

    /// The format of a currency, or of whole numbers.
    public init(currency: Currency?) {
        self.currency = currency
    }

    private var digits: Int { currency?.minorDigits ?? 0 }

    // MARK: Reading

    /// Parses an amount as a person, a Japanese IME or a file writes it: `1,234.50`, `1234.5`,
    /// `$12.34`, `80000`, `１２，３４５`, and for yen (or no currency) `¥1,200`, `￥1,200`, `1200円`.
    ///
    /// - Returns: the amount in minor units.
    /// - Throws: `ValueError.invalidAmount` for signs, another currency's symbol, more decimals
    ///   than the currency has, malformed numbers and values that do not fit in 64 bits; the
    ///   reason fits the budget's currency.
    public func parse(_ text: String) throws(ValueError) -> Int {
        // Plain digits, as an export writes amounts: what the rules below make of them, without
        // the strings they make on the way (a CSV import reads one amount a row).
        if let whole = Self.plainDigits(text) { return try scale(whole, text: text) }
        let plain = Self.plainText(text, yen: currency == nil || currency?.code == "JPY")
        var body = Substring(plain)
        if let currency {
            let symbol = currency.symbol.trimmingSpaces
            if body.hasPrefix(symbol) { body = body.dropFirst(symbol.count).drop { $0 == " " } }
            else if body.hasPrefix(currency.code) { body = body.dropFirst(currency.code.count).drop { $0 == " " } }
        }
        if let currency, currency.code != "JPY", body.hasSuffix("円") {
            throw .invalidAmount(text, reason: "this budget's currency is \(currency.code), not JPY")
        }
        if let other = Self.currencyPrefix(of: body)?.currency {
            guard let currency else {
                throw .invalidAmount(
                    text,
                    reason: "no currency is set, so amounts are plain numbers "
                        + "(set display.currency to \(other.code) for \(other.symbol.trimmingSpaces) amounts)")
            }
            throw .invalidAmount(text, reason: "this budget's currency is \(currency.code), not \(other.code)")
        }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole: Int
        do {
            whole = try AmountParser.parse(String(parts[0]))
        } catch {
            throw Self.rename(error, to: text, decimals: digits > 0)
        }
        guard parts.count == 2 else { return try scale(whole, text: text) }
        let fraction = parts[1]
        guard let currency else {
            throw .invalidAmount(
                text, reason: "amounts are whole numbers in the smallest unit (set a currency to enter decimals)")
        }
        guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .invalidAmount(text, reason: "expected digits after the decimal point")
        }
        guard fraction.count <= currency.minorDigits else {
            let allowed = currency.minorDigits == 0
                ? "no decimals" : "at most \(currency.minorDigits) decimal\(currency.minorDigits == 1 ? "" : "s")"
            throw .invalidAmount(text, reason: "\(currency.code) amounts have \(allowed)")
        }
        let padded = String(fraction) + String(repeating: "0", count: currency.minorDigits - fraction.count)
        let (sum, overflow) = try scale(whole, text: text).addingReportingOverflow(Int(padded) ?? 0)
        if overflow { throw .invalidAmount(text, reason: "the number is too large") }
        return sum
    }

    /// Checks that text could be an amount in some currency (digits, grouping, decimals, an
    /// optional known symbol or code in front), before the budget's currency is known; what
    /// depends on the currency (how many decimals, which symbol) is left to `parse`.
    public static func precheck(_ text: String) throws(ValueError) {
        var body = Substring(plainText(text, yen: true))
        if let prefix = currencyPrefix(of: body) {
            body = body.dropFirst(prefix.prefix.count).drop { $0 == " " }
        }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        do {
            _ = try AmountParser.parse(String(parts[0]))
        } catch {
            throw rename(error, to: text, decimals: nil)
        }
        if parts.count == 2 && (parts[1].isEmpty || !parts[1].allSatisfy({ $0.isASCII && $0.isNumber })) {
            throw .invalidAmount(text, reason: "expected digits after the decimal point")
        }
    }

    /// The amount text made plain: surrounding white space trimmed, full-width digits and
    /// separators (as an IME types them) made ASCII, and with `yen`, a `¥`/`￥` in front and a
    /// `円` after dropped.
    /// The number that one to eighteen ASCII digits spell (never too large); `nil` for
    /// anything else.
    static func plainDigits(_ text: String) -> Int? {
        let utf8 = text.utf8
        guard (1...18).contains(utf8.count) else { return nil }
        var value = 0
        for byte in utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value &* 10 &+ Int(byte &- UInt8(ascii: "0"))
        }
        return value
    }

    static func plainText(_ text: String, yen: Bool) -> String {
        var plain = Substring(HalfWidth.plain(FieldRules.trimmed(text)))
        if yen {
            if plain.hasSuffix("円") { plain = plain.dropLast() }
            if plain.hasPrefix("¥") { plain = plain.dropFirst().drop { $0 == " " } }
        }
        return String(plain)
    }

    /// The known currency whose symbol or code the text starts with (the longest match).
    private static func currencyPrefix(of text: Substring) -> (currency: Currency, prefix: String)? {
        // No symbol or code starts with a digit, and nearly every amount does: the table of
        // currencies is looked through only for the rest (it was half of a CSV import's time).
        if let first = text.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) { return nil }
        var best: (currency: Currency, prefix: String)?
        for currency in Currency.known {
            for prefix in [currency.symbol.trimmingSpaces, currency.code] where text.hasPrefix(prefix) {
                if prefix.count > best?.prefix.count ?? 0 { best = (currency, prefix) }
            }
        }
        return best
    }

    private func scale(_ whole: Int, text: String) throws(ValueError) -> Int {
        var value = whole
        for _ in 0..<digits {
            let (next, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { throw .invalidAmount(text, reason: "the number is too large") }
            value = next
        }
        return value
    }

    /// The error of the number part, about the whole text; `decimals` says whether the
    /// currency has them (`nil`: not known yet), so the example fits.
    private static func rename(_ error: ValueError, to text: String, decimals: Bool?) -> ValueError {
        guard case .invalidAmount(_, let reason) = error else { return error }
        if reason == AmountParser.notANumber {
            switch decimals {
            case true?: return .invalidAmount(text, reason: "an amount is a number such as 1200 or 12.50")
            case nil: return .invalidAmount(text, reason: "an amount is a number such as 1200")
            case false?: break
            }
        }
        return .invalidAmount(text, reason: reason)
    }

    /// An amount that may be below zero (an opening balance): what `parse` reads, or its
    /// negative after a leading minus (`-`, `−` or `－`).
    public func parseSigned(_ text: String) throws(ValueError) -> Int {
        let text = FieldRules.trimmed(text)
        guard let first = text.unicodeScalars.first, first == "-" || first == "\u{2212}" || first == "\u{FF0D}" else {
            return try parse(text)
        }
        do {
            return -(try parse(String(text.unicodeScalars.dropFirst())))
        } catch .invalidAmount(_, let reason) {
            throw .invalidAmount(text, reason: reason)
        }
    }

    // MARK: Writing

    /// The exact decimal that `parse` reads back (`12.34`, `80000`, `-0.50`), for machine formats.
    public func plain(_ minorUnits: Int) -> String {
        // Whole units (yen): the number itself, made at once.
        if digits == 0 { return String(minorUnits) }
        let (whole, fraction) = split(minorUnits)
        return (minorUnits < 0 ? "-" : "") + whole + fraction.map { "." + $0 } .joined()
    }

    /// Writes what `plain` returns, without making a string for whole-unit currencies (the
    /// common case on a long listing).
    public func writePlain(_ minorUnits: Int, into buffer: inout ByteBuffer) {
        if digits == 0 {
            buffer.write(minorUnits)
        } else {
            buffer.write(utf8Of: plain(minorUnits))
        }
    }

    /// The amount for people: grouped, with the currency's symbol (`¥80,000`, `$1,234.50`,
    /// `KWD 1.234`, `-$12.34`).
    public func display(_ minorUnits: Int) -> String {
        // Written byte by byte in place (a table of 40,000 rows showed 40,000 amounts, each made
        // of five texts joined: 1,600 instructions an amount). The magnitude's digits, padded
        // with zeros to one more than the fraction has (5 cents: `0.05`), grouped by threes.
        let fractionDigits = digits
        let magnitude = minorUnits.magnitude
        var count = 1
        var rest = magnitude / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        let whole = max(count, fractionDigits + 1) - fractionDigits
        let symbol = currency?.symbol.utf8 ?? "".utf8
        let wholeStart = (minorUnits < 0 ? 1 : 0) + symbol.count
        let wholeEnd = wholeStart + whole + (whole - 1) / 3
        let length = wholeEnd + (fractionDigits > 0 ? 1 + fractionDigits : 0)
        // The digit `place` places before the last one.
        func digit(_ place: Int) -> UInt8 {
            guard place < Self.powersOfTen.count else { return UInt8(ascii: "0") }
            return UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / Self.powersOfTen[place] % 10)
        }
        return String(utf8Count: length) { offset in
            if offset < wholeStart {
                if minorUnits < 0 && offset == 0 { return UInt8(ascii: "-") }
                return symbol[symbol.index(symbol.startIndex, offsetBy: offset - (wholeStart - symbol.count))]
            }
            if offset < wholeEnd {
                // From the whole part's end, every fourth byte is a comma.
                let fromEnd = wholeEnd - 1 - offset
                return fromEnd % 4 == 3 ? UInt8(ascii: ",") : digit(fractionDigits + fromEnd - fromEnd / 4)
            }
            return offset == wholeEnd ? UInt8(ascii: ".") : digit(length - 1 - offset)
        }
    }

    /// 10⁰ through 10¹⁹, every power a 64-bit magnitude has a digit for.
    private static let powersOfTen: [UInt] = (0..<20).map { place in
        (0..<place).reduce(1 as UInt) { power, _ in power &* 10 }
    }

    private func split(_ minorUnits: Int) -> (whole: String, fraction: [String]) {
        let digits = String(minorUnits.magnitude)
        guard self.digits > 0 else { return (digits, []) }
        let padded = String(repeating: "0", count: max(0, self.digits + 1 - digits.count)) + digits
        return (String(padded.dropLast(self.digits)), [String(padded.suffix(self.digits))])
    }

}

extension String {
    /// Without trailing spaces (`"CHF "` → `"CHF"`).
    var trimmingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
