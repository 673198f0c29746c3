/// When a card's spending counts in reports (`card.count-at`): on the purchase's own day, or
/// on the day its statement is withdrawn from the bank.
public enum CardCounting: String, EnumSettingValue {
    /// On the day of the purchase (the default).
    case purchase
    /// On the withdrawal day of the purchase's statement (`CardCycle`), for a card with a
    /// closing and a withdrawal day.
    case withdrawal
}
