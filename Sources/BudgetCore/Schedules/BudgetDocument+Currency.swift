extension BudgetDocument {
    /// Sets `display.currency`, refusing to silently change what stored amounts mean.
    ///
    /// When the old and new currency have a different number of decimals and the budget holds
    /// amounts (records, limits, the total limit, schedules or accounts' balances), the change
    /// needs `rescale`: every amount is then multiplied or divided by the power of ten between
    /// them, so `1234` yen shows as `$1,234.00`. Dividing must be exact and multiplying must not
    /// overflow, or nothing changes.
    ///
    /// - Throws: `SettingsError.currencyChangeNeedsRescale` or `SettingsError.cannotRescale`;
    ///   the document is unchanged then.
    public mutating func setCurrency(_ currency: Currency?, rescale: Bool) throws {
        let old = settingContext.currency
        let shift = (currency?.minorDigits ?? 0) - (old?.minorDigits ?? 0)
        let limitKeys = self[settings: BudgetKeys.self].setKeys
        let schedules = self.schedules
        let accounts = self[settings: AccountKeys.self].accounts
        let holdsAmounts = incomes.count > 0 || expenses.count > 0 || transfers.count > 0 || !limitKeys.isEmpty
            || !schedules.isEmpty
            || accounts.contains { $0.opening != 0 || $0.reconciled != nil }
        if shift != 0 && holdsAmounts {
            guard rescale else {
                throw SettingsError.currencyChangeNeedsRescale(from: old?.code ?? "none", to: currency?.code ?? "none")
            }
            var factor = 1
            for _ in 0..<abs(shift) { factor *= 10 }
            func scaled(_ amount: Int) throws -> Int {
                if shift > 0 {
                    let (value, overflow) = amount.multipliedReportingOverflow(by: factor)
                    if overflow { throw SettingsError.cannotRescale(reason: "\(amount) would be too large") }
                    return value
                }
                guard amount % factor == 0 else {
                    throw SettingsError.cannotRescale(
                        reason: "\(amount) in \(old?.code ?? "minor units") has a fraction "
                            + "\(currency?.code ?? "whole numbers") cannot hold")
                }
                return amount / factor
            }
            // Everything is converted into copies first, so a refusal leaves the document as it was.
            var incomes = self.incomes, expenses = self.expenses, transfers = self.transfers
            var settings = settingsValues
            for index in incomes.records.indices {
                incomes.records[index].amount = try scaled(incomes.records[index].amount)
            }
            for index in expenses.records.indices {
                expenses.records[index].amount = try scaled(expenses.records[index].amount)
            }
            for index in transfers.records.indices {
                transfers.records[index].amount = try scaled(transfers.records[index].amount)
            }
            // Category limits and the total limit, plain or with options (which keep them).
            for key in limitKeys {
                guard let limit = settings.value(forKey: key).flatMap(SpendingLimit.init(stored:)) else { continue }
                let amount = try scaled(limit.amount)
                settings.setValue(try limit.with(amount: amount).stored, forKey: key)
            }
            var recur = Settings<RecurKeys>(storage: settings)
            for entry in schedules {
                var schedule = entry.schedule
                schedule.amount = try scaled(schedule.amount)
                recur[RecurKeys.schedule(entry.id)] = schedule
            }
            settings = SettingsValues(copying: recur.storage)
            // Accounts' opening balances and last reconciled balances.
            var accountSettings = Settings<AccountKeys>(storage: settings)
            for var account in accounts {
                account.opening = try scaled(account.opening)
                if let reconciled = account.reconciled {
                    account.reconciled = Reconciliation(day: reconciled.day, balance: try scaled(reconciled.balance))
                }
                accountSettings.set(account)
            }
            settings = SettingsValues(copying: accountSettings.storage)
            (self.incomes, self.expenses, self.transfers, settingsValues) = (incomes, expenses, transfers, settings)
        }
        self[settings: DisplayKeys.self][DisplayKeys.currency] = currency
    }
}
