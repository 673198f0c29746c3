/// Defaults for new expenses.
public enum ExpenseKeys: SettingsDomain {
    public static let name = "expense"

    public static let defaultCategory = SettingKey<ExpenseKeys, String>(
        "default-category", default: Expense.defaultCategory, "The category of an expense added without one.")

    public static let keys = [defaultCategory.erased]
}
