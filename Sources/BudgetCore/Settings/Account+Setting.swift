/// An account as a setting's value (`account.<name>`, `AccountKeys`): one line of text, its
/// parts joined by `;` in this order, each only when set (the opening balance only when not
/// zero), amounts in minor units and days `YYYY-MM-DD`:
///
/// ```
/// type=bank;opening=120000;as-of=2026-11-01
/// type=card;opening=5000;as-of=2026-11-01;closing=last;withdrawal=27;from=楽天銀行;reconciled=2026-11-30:123456
/// ```
///
/// The name is the key's, not the value's: a value read from the file has an empty `name`,
/// which `Settings<AccountKeys>.account(named:)` fills in. Each account has exactly one
/// stored form: text written otherwise (parts out of order, repeated or unknown, a zero
/// opening spelt out, a number with a sign or leading zeros, card parts on another type) is
/// refused. People type amounts in the budget's currency and parts in any order.
extension Account: SettingValue {
    /// What values look like.
    public static let valueDescription =
        "type=<\(AccountType.namesText)> followed by any of ;opening=<amount>;as-of=<YYYY-MM-DD>;"
            + "closed=<YYYY-MM-DD>, and on a card ;closing=<1-31|last>;withdrawal=<1-31>;from=<account> "
            + "(on e-money ;from=<account>); ;owner=<member> on any"

    /// The parts in their stored order.
    static let partNames = [
        "type", "opening", "as-of", "closed", "closing", "withdrawal", "from", "owner", "reconciled",
    ]

    /// Reads an account as typed: parts in any order, amounts in the context's currency.
    public init(settingText text: String, context: SettingContext) throws(ValueError) {
        let money = MoneyFormat(currency: context.currency)
        guard let account = Self.read(text, amount: { text throws(ValueError) in try money.parseSigned(text) },
                                      day: { text throws(ValueError) in try FieldRules.isoDay(text) },
                                      trim: true) else {
            throw .invalidSetting(text, expected: Self.valueDescription)
        }
        self = account
    }

    /// Reads the exact stored text of an account.
    public init?(stored: StoredSetting) {
        guard case .string(let text) = stored,
              let account = Self.read(text, amount: { text in Int(text) }, day: { Day(iso: $0) }, trim: false),
              account.storedText == text else { return nil }
        self = account
    }

    /// The account as `config get` prints it: amounts in the context's currency.
    public func settingText(context: SettingContext) -> String {
        text(amount: MoneyFormat(currency: context.currency).plain)
    }

    /// The stored text.
    public var stored: StoredSetting? { .string(storedText) }

    /// The canonical line the file holds.
    var storedText: String { text(amount: { String($0) }) }

    private func text(amount: (Int) -> String) -> String {
        var parts = ["type=" + type.rawValue]
        if opening != 0 { parts.append("opening=" + amount(opening)) }
        if let asOf { parts.append("as-of=" + asOf.iso) }
        if let closed { parts.append("closed=" + closed.iso) }
        if let closing { parts.append("closing=" + closing.description) }
        if let withdrawal { parts.append("withdrawal=" + String(withdrawal)) }
        if let funding { parts.append("from=" + funding) }
        if let owner { parts.append("owner=" + owner) }
        if let reconciled { parts.append("reconciled=" + reconciled.day.iso + ":" + amount(reconciled.balance)) }
        return parts.joined(separator: ";")
    }

    /// The account a line of parts describes, or `nil` when a part is unknown, repeated or
    /// invalid, or a card's part is given for another type.
    private static func read(
        _ text: String, amount: (String) throws(ValueError) -> Int?, day: (String) throws(ValueError) -> Day?,
        trim: Bool
    ) -> Account? {
        var values: [String: String] = [:]
        for piece in text.split(separator: ";", omittingEmptySubsequences: false) {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                .map { trim ? FieldRules.trimmed(String($0)) : String($0) }
            guard pair.count == 2, partNames.contains(pair[0]), values[pair[0]] == nil else { return nil }
            values[pair[0]] = pair[1]
        }
        guard let typeName = values["type"], let type = AccountType(rawValue: typeName) else { return nil }
        var account = Account(name: "", type: type)
        do {
            if let text = values["opening"] {
                guard let value = try amount(text) else { return nil }
                account.opening = value
            }
            if let text = values["as-of"] {
                guard let value = try day(text) else { return nil }
                account.asOf = value
            }
            if let text = values["closed"] {
                guard let value = try day(text) else { return nil }
                account.closed = value
            }
            if let text = values["reconciled"] {
                let halves = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                guard halves.count == 2, let when = try day(halves[0]), let balance = try amount(halves[1]) else {
                    return nil
                }
                account.reconciled = Reconciliation(day: when, balance: balance)
            }
        } catch {
            return nil
        }
        if let text = values["closing"] {
            guard let value = CardDay(text: text) else { return nil }
            account.closing = value
        }
        if let text = values["withdrawal"] {
            guard let value = CardDay.dayNumber(text) else { return nil }
            account.withdrawal = value
        }
        if let text = values["from"] {
            guard (try? FieldRules.checkAccountName(text)) != nil, !FieldRules.isBlank(text) else { return nil }
            account.funding = text
        }
        if let text = values["owner"] {
            guard (try? FieldRules.checkMemberName(text)) != nil, !FieldRules.isBlank(text) else { return nil }
            account.owner = text
        }
        // A card's cycle on a card only; the account it is charged from on e-money too.
        guard type == .card || !account.hasCardCycle
            || (type == .emoney && account.closing == nil && account.withdrawal == nil) else { return nil }
        return account
    }
}
