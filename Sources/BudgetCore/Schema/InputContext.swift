/// What the input rules of an import need besides a row's values: how amounts given as text
/// read, and the values that stand in for those a row leaves out.
struct InputContext {
    /// How amounts given as text read: the budget's currency.
    var money: MoneyFormat
    /// The date of a row without one.
    var today: Day
    /// The category of an expense without one.
    var defaultCategory: String
}
