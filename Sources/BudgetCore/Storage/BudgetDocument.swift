/// Everything one data file holds: both kinds of record and their counters.
///
/// A value type: a command changes a copy inside a store transaction, and the store writes
/// the copy back only when the whole change succeeded.
public struct BudgetDocument: Equatable, Sendable {
    /// The file format this build reads and writes.
    public static let formatVersion = 1

    /// The incomes, in order, with their ID counter.
    public var incomes: RecordTable<Income>
    /// The expenses, in order, with their ID counter.
    public var expenses: RecordTable<Expense>
    /// The transfers between the household's accounts, in order, with their ID counter.
    public var transfers: RecordTable<Transfer> = RecordTable()
    /// Every setting that is set, by stored key (`display.currency`).
    public var settingsValues: SettingsValues
    /// The changes `undo` can revert, oldest first.
    public internal(set) var history: UndoHistory
    /// What a device's replica keeps to be folded with the others (`nil`: a file without
    /// devices, read and written exactly as before).
    public internal(set) var sync: SyncState?
    /// What the change under way is called in the history, when the one made from what changed
    /// would say less (`describeChange`); cleared when the change is recorded.
    var changeSummary: String?
    /// The document as it was after the last step recorded inside the transaction under way
    /// (`recordStep`), which the rest of the change is recorded against.
    var stepBase: StepBase?
    /// Whether the document was read only for reading (`DataProtocol.load(skipping:)`): record
    /// fields left blank, or the undo history not read. A store refuses to write it.
    var isReadingCopy = false
    /// Where the tables lay in the file this document was read from, for a change about to be
    /// written (`FastDocumentCodec.decodeForChange`); says nothing of a document changed since.
    var writtenTables: WrittenTables?

    /// Whether the file this document was read from by its stamp turned out not to match it: a
    /// page, read when first needed, did not read as the stamp said (`DeferredPages.hasFailed`),
    /// or the file does not hash to it (`StampCheck`). What was made from it must not be written.
    var brokeItsStamp: Bool {
        incomes.paged.deferredFailed || expenses.paged.deferredFailed || transfers.paged.deferredFailed
            || !(writtenTables?.stampCheck?.holds ?? true)
    }

    /// Whether this document was read by its file's stamp (`WriteStamp`): pages left unread.
    var wasReadByStamp: Bool { writtenTables?.stampCheck != nil }

    /// A document kept by reference, so that a document can hold an earlier state of itself.
    final class StepBase: Sendable {
        let document: BudgetDocument

        init(document: BudgetDocument) {
            self.document = document
        }
    }

    /// An empty budget.
    public init(incomes: RecordTable<Income> = RecordTable(), expenses: RecordTable<Expense> = RecordTable()) {
        self.init(incomes: incomes, expenses: expenses, settings: SettingsValues(), history: UndoHistory())
    }

    init(incomes: RecordTable<Income>, expenses: RecordTable<Expense>, settings: SettingsValues, history: UndoHistory) {
        self.incomes = incomes
        self.expenses = expenses
        self.settingsValues = settings
        self.history = history
    }

    /// Whether the file holds transfers (their counter and table): once it has had one. A
    /// budget that never had a transfer is written exactly as before transfers existed.
    public var hasTransfers: Bool {
        transfers.lastID > 0 || transfers.count > 0
    }

    /// The settings of one domain, read and written through the document.
    public subscript<Domain: SettingsDomain>(settings domain: Domain.Type) -> Settings<Domain> {
        get { Settings(storage: settingsValues) }
        set { settingsValues = SettingsValues(copying: newValue.storage) }
    }

    /// The context for reading and showing amounts: the currency.
    public var settingContext: SettingContext {
        SettingContext(currency: self[settings: DisplayKeys.self][DisplayKeys.currency])
    }

    /// How amounts are read and shown in this budget.
    public var moneyFormat: MoneyFormat {
        MoneyFormat(currency: settingContext.currency)
    }

    /// Equal records, counters, settings and history (a pending `describeChange` aside).
    public static func == (lhs: BudgetDocument, rhs: BudgetDocument) -> Bool {
        lhs.incomes == rhs.incomes && lhs.expenses == rhs.expenses && lhs.transfers == rhs.transfers
            && lhs.settingsValues == rhs.settingsValues
            && lhs.history == rhs.history && lhs.sync == rhs.sync
    }

    /// Whether the document holds the record a reference names.
    public func contains(_ reference: RecordReference) -> Bool {
        switch reference.kind {
        case .income: incomes.record(id: reference.id) != nil
        case .expense: expenses.record(id: reference.id) != nil
        case .transfer: transfers.record(id: reference.id) != nil
        }
    }

    /// The name of the record a reference names, when the document holds it.
    public func name(of reference: RecordReference) -> String? {
        switch reference.kind {
        case .income: incomes.record(id: reference.id)?.name
        case .expense: expenses.record(id: reference.id)?.name
        case .transfer: transfers.record(id: reference.id)?.name
        }
    }

    /// The table of one kind of record.
    public subscript<Record: BaseModel>(_ type: Record.Type) -> RecordTable<Record> {
        get { self[keyPath: Record.table] }
        set { self[keyPath: Record.table] = newValue }
    }
}
