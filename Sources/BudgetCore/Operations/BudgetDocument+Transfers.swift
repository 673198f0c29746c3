extension BudgetDocument {
    /// Records a transfer last, with the next transfer ID: money moved from one of the
    /// household's accounts to another, which no summary, limit or forecast counts as income or
    /// spending.
    ///
    /// - Parameter values: the transfer's fields (`from`, `to`, `amount`, `date`; `name`, `note`
    ///   and `tags` optional), read by their input rules as `add(_:_:today:)` reads them.
    /// - Returns: the new transfer.
    /// - Throws: `TransferError.sameAccount` when both accounts are one; what `add` throws.
    @discardableResult
    public mutating func addTransfer(_ values: RecordValues, today: Day = .today()) throws -> Transfer {
        var values = values
        if values["name"] == nil { values["name"] = .text(Transfer.defaultName) }
        var draft = self
        let transfer = try draft.add(Transfer.self, values, today: today)
        try Self.checkAccounts(of: transfer)
        self = draft
        return transfer
    }

    /// Checks that a transfer moves money between two accounts.
    ///
    /// - Throws: `TransferError.sameAccount`.
    static func checkAccounts(of transfer: Transfer) throws(TransferError) {
        if TextFolding.folded(transfer.from) == TextFolding.folded(transfer.to) {
            throw .sameAccount(transfer.from)
        }
    }
}
