/// A limit as a setting's value. A plain monthly limit is stored as it always was, a whole
/// number of minor units (`"budget.limit.food" : 40000`), so files from earlier versions mean
/// what they meant and a limit without options is written the same way. A limit with options
/// is one line of text: the amount in minor units, then `per=year`, then `rollover=` and
/// `since=`, joined by `;`, each part only when it is not the default:
///
/// ```
/// 40000;rollover=surplus;since=2026-10
/// 200000;per=year
/// 200000;per=year;rollover=all;since=2026
/// ```
///
/// Each limit has exactly one stored form: a text written otherwise (parts out of order, a
/// default spelt out, an amount with a sign or leading zeros, a plain limit as text) is refused.
///
/// People type and read the amount in the budget's currency (`400.00;per=year` with dollars);
/// typed parts may come in any order (`config set budget.limit.food "400;since=2026-10;rollover=all"`).
extension SpendingLimit: SettingValue {
    /// What values look like.
    public static let valueDescription =
        "an amount such as 40000 (or 400.00 with a currency that has decimals), optionally followed by ;per=year, "
            + ";rollover=surplus or ;rollover=all with ;since=<YYYY-MM, or YYYY per year>"

    /// Reads a limit as typed: an amount in the context's currency, then optional parts.
    public init(settingText text: String, context: SettingContext) throws(ValueError) {
        let pieces = text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let amount = try MoneyFormat(currency: context.currency).parse(pieces[0])
        var values: [String: String] = [:]
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                .map { FieldRules.trimmed(String($0)) }
            guard pair.count == 2, ["per", "rollover", "since"].contains(pair[0]), values[pair[0]] == nil else {
                throw .invalidSetting(text, expected: Self.valueDescription)
            }
            values[pair[0]] = pair[1]
        }
        guard let per = Period(rawValue: values["per"] ?? Period.month.rawValue),
              let rollover = Rollover(rawValue: values["rollover"] ?? Rollover.none.rawValue) else {
            throw .invalidSetting(text, expected: Self.valueDescription)
        }
        var since: Int?
        if let name = values["since"] {
            guard let start = Self.start(name, per: per) else {
                throw .invalidSetting(name, expected: per == .month ? "a month written YYYY-MM" : "a year written YYYY")
            }
            since = start
        }
        try self.init(amount: amount, per: per, rollover: rollover, since: since)
    }

    /// Reads a stored limit: a whole number (a plain monthly limit), or the exact text of a
    /// limit with options.
    public init?(stored: StoredSetting) {
        switch stored {
        case .int(let amount):
            guard let limit = try? SpendingLimit(amount: amount) else { return nil }
            self = limit
        case .string(let text):
            guard let limit = Self.decode(text) else { return nil }
            self = limit
        case .bool:
            return nil
        }
    }

    /// The limit as `config get` prints it: the amount with the currency's decimals, then the
    /// options (`400.00;per=year`).
    public func settingText(context: SettingContext) -> String {
        text(amount: MoneyFormat(currency: context.currency).plain(amount))
    }

    /// A plain limit as a JSON number; one with options as its text.
    public var stored: StoredSetting? {
        isPlain ? .int(amount) : .string(text(amount: String(amount)))
    }

    private func text(amount: String) -> String {
        // Made in one string: every stored limit is read back through it (`decode`).
        var text = amount
        if per != .month {
            text += ";per="
            text += per.rawValue
        }
        if rollover != .none, let sinceName {
            text += ";rollover="
            text += rollover.rawValue
            text += ";since="
            text += sinceName
        }
        return text
    }

    private static func decode(_ text: String) -> SpendingLimit? {
        if let yearly = plainYearly(text) { return yearly }
        // An ASCII text is split by scalars (no grapheme breaking); any other by characters, as
        // ever, so a canonical equivalent of ";" (U+037E) a hand-edited file holds still parts it.
        var pieces = text.utf8.allSatisfy { $0 < 0x80 }
            ? text.unicodeScalars.split(separator: ";", omittingEmptySubsequences: false).map(Substring.init)[...]
            : text.split(separator: ";", omittingEmptySubsequences: false)[...]
        guard pieces.count > 1, let amount = Int(pieces.removeFirst()) else { return nil }
        // The parts in the one order the stored form has (checked below): each taken in turn.
        func part(_ name: String) -> Substring? {
            guard let piece = pieces.first, piece.utf8.starts(with: name.utf8),
                  piece.utf8.dropFirst(name.utf8.count).first == UInt8(ascii: "=") else { return nil }
            pieces.removeFirst()
            return Substring(piece.utf8.dropFirst(name.utf8.count + 1))
        }
        guard let per = Period(rawValue: String(part("per") ?? "month")),
              let rollover = Rollover(rawValue: String(part("rollover") ?? "none")) else {
            return nil
        }
        var since: Int?
        if let name = part("since") {
            guard let start = start(String(name), per: per) else { return nil }
            since = start
        }
        guard pieces.isEmpty,
              let limit = try? SpendingLimit(amount: amount, per: per, rollover: rollover, since: since),
              limit.stored == .string(text) else { return nil }
        return limit
    }

    /// `<amount>;per=year`, the usual limit with options, read from its bytes (`nil` for any
    /// other text, which `decode` reads the general way): the general reading splits the text,
    /// parses its parts and writes the limit again to compare, a summary's main cost over
    /// thousands of yearly limits. The amount is written as `String(amount)` writes it.
    private static func plainYearly(_ text: String) -> SpendingLimit? {
        let suffix: StaticString = ";per=year"
        let digits = text.utf8.count - suffix.utf8CodeUnitCount
        guard digits > 0, digits <= 19 else { return nil }
        let amount: Int? = ByteView.withBytes(utf8Of: text) { bytes in
            guard bytes.matches(suffix, at: digits) else { return nil }
            var amount = 0
            for offset in 0..<digits {
                let byte = bytes[offset]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), offset == 0 || amount != 0 else {
                    return nil
                }
                let (times, overflow) = amount.multipliedReportingOverflow(by: 10)
                let (next, over) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                guard !overflow, !over else { return nil }
                amount = next
            }
            return amount
        }
        return amount.flatMap { try? SpendingLimit(amount: $0, per: .year) }
    }
}
