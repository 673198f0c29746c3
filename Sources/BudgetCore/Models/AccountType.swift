/// What kind of money an account holds (issue #29).
public enum AccountType: String, CaseIterable, Hashable, Sendable {
    /// A bank account: money held.
    case bank
    /// Cash in a wallet.
    case cash
    /// A credit card: its balance is what is owed (`isLiability`).
    case card
    /// Prepaid electronic money (a transit card, PayPay).
    case emoney
    /// Savings: counted in net worth, kept outside the monthly budget (`isInBudget`).
    case savings

    /// Whether the balance is owed rather than held: `card`.
    public var isLiability: Bool { self == .card }

    /// Whether the account's money belongs to the monthly budget: every type but `savings`.
    public var isInBudget: Bool { self != .savings }

    /// Whether a card may be paid from it (`Account.funding`): a bank or savings account.
    public var canFundCards: Bool { self == .bank || self == .savings }

    /// The names, as typed and stored: `bank, cash, card, emoney or savings`.
    public static let namesText = "bank, cash, card, emoney or savings"
}
