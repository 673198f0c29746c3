/// Reads and writes amounts in a currency's minor unit (cents for USD, yen for JPY), or as plain
/// whole numbers when no currency is set.
public struct MoneyFormat: Sendable, Equatable {
    public let currency: Currency?

    public init(currency: Currency?) {
        self.currency = currency
    }

    private var digits: Int { currency?.minorDigits ?? 0 }

    // MARK: Reading

    /// Parses an amount as a person or a file writes it: `1,234.50`, `1234.5`, `$12.34`, `80000`,
    /// and as a Japanese input method types it (`１２，３４５`, `￥12,345`, `12,345円`: full-width
    /// digits and separators always; the yen sign and `円` when the currency is JPY or unset).
    ///
    /// - Returns: the amount in minor units.
    /// - Throws: `ValueError.invalidAmount` for signs, more decimals than the currency has,
    ///   another currency's symbol, malformed numbers and values that do not fit in 64 bits.
    public func parse(_ text: String) throws(ValueError) -> Int {
        var body = Self.strippingYen(Substring(FieldRules.halfWidth(text)), when: currency == nil || currency?.code == "JPY")
        if let currency {
            let symbol = currency.symbol.trimmingSpaces
            if body.hasPrefix(symbol) { body = body.dropFirst(symbol.count).drop { $0 == " " } }
            else if body.hasPrefix(currency.code) { body = body.dropFirst(currency.code.count).drop { $0 == " " } }
        }
        if let foreign = Self.currencyPrefix(of: body) {
            if let currency {
                throw .invalidAmount(text, reason: "'\(foreign)' is not the currency of this budget (\(currency.code): write 12.50 or \(currency.symbol.trimmingSpaces)12.50)")
            }
            throw .invalidAmount(text, reason: "this budget has no currency, so amounts are plain whole numbers such as 1200 (set display.currency to use '\(foreign)')")
        }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole: Int
        do {
            whole = try AmountParser.parse(String(parts[0]))
        } catch {
            if digits > 0, case .invalidAmount(_, let reason) = error, reason == AmountParser.notANumber {
                throw .invalidAmount(text, reason: "an amount is a number such as 1200 or 12.50")
            }
            throw Self.rename(error, to: text)
        }
        guard parts.count == 2 else { return try scale(whole, text: text) }
        let fraction = parts[1]
        guard let currency else {
            throw .invalidAmount(text, reason: "amounts are whole numbers in the smallest unit (set a currency to enter decimals)")
        }
        guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .invalidAmount(text, reason: "expected digits after the decimal point")
        }
        guard fraction.count <= currency.minorDigits else {
            let allowed = currency.minorDigits == 0 ? "no decimals" : "at most \(currency.minorDigits) decimal\(currency.minorDigits == 1 ? "" : "s")"
            throw .invalidAmount(text, reason: "\(currency.code) amounts have \(allowed)")
        }
        let padded = String(fraction) + String(repeating: "0", count: currency.minorDigits - fraction.count)
        let (sum, overflow) = try scale(whole, text: text).addingReportingOverflow(Int(padded) ?? 0)
        if overflow { throw .invalidAmount(text, reason: "the number is too large") }
        return sum
    }

    /// Checks that text could be an amount in some currency (digits, grouping, up to three
    /// decimals, an optional known symbol or code in front), before the budget's currency is
    /// known. Its messages hold in every currency; `parse` then applies the budget's own rules.
    public static func precheck(_ text: String) throws(ValueError) {
        var body = strippingYen(Substring(FieldRules.halfWidth(text)), when: true)
        if let prefix = currencyPrefix(of: body) {
            body = body.dropFirst(prefix.count).drop { $0 == " " }
        }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        do {
            _ = try AmountParser.parse(String(parts[0]))
        } catch {
            if case .invalidAmount(_, let reason) = error, reason == AmountParser.notANumber {
                throw .invalidAmount(text, reason: "an amount is a number such as 1200")
            }
            throw rename(error, to: text)
        }
        guard parts.count == 2 else { return }
        if parts[1].isEmpty || !parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw .invalidAmount(text, reason: "expected digits after the decimal point")
        }
        if parts[1].count > 3 {
            throw .invalidAmount(text, reason: "no currency has more than 3 decimals")
        }
    }

    /// The longest known currency symbol or code that the text starts with.
    private static func currencyPrefix(of body: Substring) -> String? {
        // The common case, a number, without looking at every currency.
        if let first = body.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) { return nil }
        return Currency.known.flatMap({ [$0.symbol.trimmingSpaces, $0.code] }).filter({ body.hasPrefix($0) }).max(by: { $0.count < $1.count })
    }

    /// Without a leading `¥` or `￥` and a trailing `円` (with spaces next to them), when yen are allowed.
    private static func strippingYen(_ body: Substring, when allowed: Bool) -> Substring {
        // Both signs are non-ASCII: an amount with ASCII at both ends has neither.
        guard allowed, (body.utf8.first ?? 0) >= 0x80 || (body.utf8.last ?? 0) >= 0x80 else { return body }
        var body = body
        if body.hasPrefix("¥") || body.hasPrefix("￥") { body = body.dropFirst().drop { $0 == " " } }
        if body.hasSuffix("円") {
            body = body.dropLast()
            while body.hasSuffix(" ") { body = body.dropLast() }
        }
        return body
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

    private static func rename(_ error: ValueError, to text: String) -> ValueError {
        guard case .invalidAmount(_, let reason) = error else { return error }
        return .invalidAmount(text, reason: reason)
    }

    // MARK: Writing

    /// The exact decimal that `parse` reads back (`12.34`, `80000`, `-0.50`), for machine formats.
    public func plain(_ minorUnits: Int) -> String {
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
        let (whole, fraction) = split(minorUnits)
        let grouped = AmountParser.group(whole)
        return (minorUnits < 0 ? "-" : "") + (currency?.symbol ?? "") + grouped + fraction.map { "." + $0 } .joined()
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
