import BudgetCore

/// `budget account add <name> --type <type> …` and `budget account edit <name> …`: an
/// account's type, opening balance and its day, and a card's cycle.
struct AccountAddCommand: Command {
    static let typeOption = OptionSpec(
        long: "type", valueName: "type", help: "bank, cash, card (what is owed), emoney or savings.",
        choices: AccountType.allCases.map(\.rawValue))
    static let valueOptions = [
        OptionSpec(
            long: "opening", valueName: "amount",
            help: "The balance at the start of --as-of, as the bank or card shows it (default: 0)."),
        OptionSpec(
            long: "as-of", valueName: "day", help: "The day the opening balance is at the start of."),
        OptionSpec(long: "closing", valueName: "day", help: "A card's closing day of the month: 1-31 or last."),
        OptionSpec(long: "withdrawal", valueName: "day", help: "The day of the month a card's bill is paid: 1-31."),
        OptionSpec(
            long: "from", valueName: "account",
            help: "The bank or savings account a card is paid from; the account e-money is charged from."),
        OptionSpec(
            long: "owner", valueName: "member",
            help: "The member whose account it is: its records without --paid-by are paid by them."),
    ]
    static let spec = addSpec
    static let addSpec = CommandSpec(
        name: "add", abstract: "Add an account.",
        arguments: [ArgumentSpec(name: "name", help: "The account's name (no ';' or '=').")],
        options: [typeOption] + valueOptions)
    static let editSpec = CommandSpec(
        name: "edit", abstract: "Change an account's type, opening balance or card cycle.",
        discussion: "An empty value (--as-of '') removes the value.",
        arguments: [AccountCommand.nameArgument], options: [typeOption] + valueOptions)

    let isEdit: Bool
    let name: String
    let type: AccountType?
    let opening: String?
    /// Each value given: `.some(nil)` removes it (`edit` with an empty value).
    let asOf: Day??
    let closing: CardDay??
    let withdrawal: Int??
    let funding: String??
    let owner: String??

    init(_ parsed: ParsedCommand) throws(UsageError) {
        isEdit = parsed.path.last == "edit"
        let clears = isEdit
        func given<Value>(
            _ long: String, _ read: (String) throws(UsageError) -> Value
        ) throws(UsageError) -> Value?? {
            guard let text = parsed.value(long) else { return nil }
            if clears && text.isEmpty { return .some(nil) }
            return .some(try read(text))
        }
        name = isEdit
            ? parsed.positionals[0]
            : try parsed.converting { () throws(ValueError) in try FieldRules.accountName(parsed.positionals[0]) }
        if let text = parsed.value("type") {
            guard let type = AccountType(rawValue: text) else {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--type <type>': expected \(AccountType.namesText)")
            }
            self.type = type
        } else if isEdit {
            type = nil
        } else {
            throw parsed.usageError("missing expected option '--type <type>'")
        }
        opening = try parsed.value("opening").map { text throws(UsageError) in
            let unsigned = text.hasPrefix("-") ? String(text.dropFirst()) : text
            _ = try parsed.amountText(unsigned)
            return text
        }
        asOf = try given("as-of") { text throws(UsageError) in try parsed.day(text) }
        closing = try given("closing") { text throws(UsageError) in
            guard let day = CardDay(text: text) else {
                throw parsed.usageError("invalid value '\(text)' for '--closing <day>': expected 1-31 or last")
            }
            return day
        }
        withdrawal = try given("withdrawal") { text throws(UsageError) in
            guard let day = CardDay.dayNumber(text) else {
                throw parsed.usageError("invalid value '\(text)' for '--withdrawal <day>': expected 1-31")
            }
            return day
        }
        funding = try given("from") { text throws(UsageError) in try parsed.label(text, field: "account") }
        owner = try given("owner") { text throws(UsageError) in try parsed.label(text, field: "member") }
        let cardOption = (type == .emoney ? ["closing", "withdrawal"] : ["closing", "withdrawal", "from"])
            .first { parsed.value($0) != nil }
        if !isEdit, type != .card, let card = cardOption {
            throw parsed.usageError("'--\(card)' is for a card account (--type card)")
        }
    }

    func run(in context: CommandContext) throws {
        let account = try context.store().transaction { document in
            let opening = try self.opening.map { text throws(ValueError) in try document.moneyFormat.parseSigned(text) }
            // The owner spelt as the budget spells its members (`.some(nil)`: no owner any more).
            let owner = try self.owner.map { name throws(MemberError) in
                try name.map { name throws(MemberError) in try document.existingMember(named: name).name }
            }
            if isEdit {
                return try document.editAccount(name) { account in
                    apply(to: &account, opening: opening)
                    if let owner { account.owner = owner }
                }
            }
            var account = Account(name: name, type: type ?? .bank)
            apply(to: &account, opening: opening)
            if let owner { account.owner = owner }
            return try document.addAccount(account)
        }
        context.confirm("\(isEdit ? "Changed" : "Added") account \(account.name) (\(account.type.rawValue)).")
    }

    private func apply(to account: inout Account, opening: Int?) {
        if let type { account.type = type }
        if let opening { account.opening = opening }
        if let asOf { account.asOf = asOf }
        if let closing { account.closing = closing }
        if let withdrawal { account.withdrawal = withdrawal }
        if let funding { account.funding = funding }
    }
}
