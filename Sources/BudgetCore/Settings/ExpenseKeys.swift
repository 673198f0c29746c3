/// Defaults for new expenses.
public enum ExpenseKeys: SettingsDomain {
    /// The prefix of the domain's keys.
    public static let name = "expense"

    /// The category of an expense added without one (`BudgetDocument.defaultExpenseCategory`).
    public static let defaultCategory = SettingKey<ExpenseKeys, LabelSetting>(
        "default-category", default: LabelSetting(stringLiteral: Expense.defaultCategory),
        "The category of an expense added without one.")

    /// The account of an expense added without one (`BudgetDocument.defaultExpenseAccount`);
    /// none unless set.
    public static let defaultAccount = SettingKey<ExpenseKeys, LabelSetting?>(
        "default-account", default: nil, "The account of an expense added without one.")

    /// Every key of the domain.
    public static let keys = [defaultCategory.erased, defaultAccount.erased]
}
