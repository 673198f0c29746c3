import BudgetCore

/// `budget move <kind> <id> <position>`: changes a record's display position.
struct MoveCommand: Command {
    static let spec = CommandSpec(
        name: "move", abstract: "Move a record to another position in its list.",
        discussion: "The records between the old and the new position shift by one; positions stay 1 to n.",
        arguments: [
            CommonArguments.kind, CommonArguments.id,
            ArgumentSpec(name: "position", help: "The new position: 1 to the number of records, or first or last."),
        ])

    let kind: RecordKind
    let id: String
    let position: Position

    enum Position: Equatable {
        case number(Int), last
    }

    init(_ parsed: ParsedCommand) throws(UsageError) {
        kind = try parsed.kind(parsed.positionals[0])
        id = try parsed.recordID(parsed.positionals[1])
        let text = parsed.positionals[2]
        switch text {
        case "first": position = .number(1)
        case "last": position = .last
        default:
            let number: Int
            do {
                number = try FieldRules.parseWholeNumber(text)
            } catch {
                if case .invalidNumber(_, let reason) = error, reason.hasPrefix("the number is too large") {
                    throw parsed.usageError("Invalid position '\(text)': the number is too large")
                }
                throw parsed.usageError("Invalid position '\(text)': expected a whole number from 1, first or last")
            }
            guard number >= 1 else {
                throw parsed.usageError("Invalid position '\(text)': expected a whole number from 1, first or last")
            }
            position = .number(number)
        }
    }

    func run(in context: CommandContext) throws {
        let store = try context.store()
        let target: Int
        switch kind {
        case .income: target = try store.transaction { try move(in: &$0.incomes) }
        case .expense: target = try store.transaction { try move(in: &$0.expenses) }
        }
        context.confirm("Moved \(kind.singular) \(id) to position \(target).")
    }

    private func move<Record: BaseModel>(in table: inout RecordTable<Record>) throws -> Int {
        let target: Int
        switch position {
        case .number(let number): target = number
        case .last: target = table.count
        }
        try table.move(id: id, to: target)
        return target
    }
}
