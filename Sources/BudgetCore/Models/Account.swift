/// Where money is kept (issue #29): a bank account, a wallet, a card, e-money or savings.
///
/// A plain value. The budget keeps each account as one setting (`AccountKeys`), so two
/// devices merge an account as one value. Records name their account in their `account`
/// field.
public struct Account: Hashable, Sendable {
    /// The account's name (`楽天銀行`); a label without `;` or `=` (`FieldRules.accountName`).
    public var name: String
    /// What kind of account it is.
    public var type: AccountType
    /// The balance at the start of `asOf`, in minor units, as the bank or card shows it: money
    /// held, or for a card what is owed. May be negative (an overdraft, a card's credit).
    public var opening: Int
    /// The day the opening balance is at the start of: records dated before it are not
    /// counted in the balance; `nil` counts every record.
    public var asOf: Day?
    /// The day the account was closed: no record may be dated after it; `nil` while open.
    public var closed: Day?
    /// A card's statement closing day.
    public var closing: CardDay?
    /// The day of the month a card's bill is taken from `funding`, 1…31.
    public var withdrawal: Int?
    /// The bank or savings account a card's bill is paid from.
    public var funding: String?
    /// The last reconciliation, if any.
    public var reconciled: Reconciliation?
    /// The member whose account it is: records in it without a payer are paid by them.
    public var owner: String?

    /// An account with these values; an opening balance of zero unless given.
    public init(
        name: String, type: AccountType, opening: Int = 0, asOf: Day? = nil, closed: Day? = nil,
        closing: CardDay? = nil, withdrawal: Int? = nil, funding: String? = nil, reconciled: Reconciliation? = nil,
        owner: String? = nil
    ) {
        self.name = name
        self.type = type
        self.opening = opening
        self.asOf = asOf
        self.closed = closed
        self.closing = closing
        self.withdrawal = withdrawal
        self.funding = funding
        self.reconciled = reconciled
        self.owner = owner
    }

    /// Whether the account is closed.
    public var isClosed: Bool { closed != nil }

    /// Whether it has any of a card's fields (closing day, withdrawal day, funding account).
    public var hasCardCycle: Bool { closing != nil || withdrawal != nil || funding != nil }
}
