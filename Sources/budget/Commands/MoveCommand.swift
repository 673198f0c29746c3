import BudgetCore

/// `budget move [<kind>] <id> <position>`: changes a record's display position.
struct MoveCommand: Command {
    static let spec = CommandSpec(
        name: "move", abstract: "Move a record to another position in its list.",
        discussion: "The records between the old and the new position shift by one; positions stay 1 to n.",
        arguments: [
            CommonArguments.optionalKind, CommonArguments.id,
            ArgumentSpec(name: "position", help: "The new position: 1 to the number of records, or first or last."),
        ])

    let kind: RecordKind
    let id: String
    let position: Position

    enum Position: Equatable {
        case number(Int), last
    }

    init(_ parsed: ParsedCommand) throws(UsageError) {
        let (givenKind, rest) = try parsed.leadingKind()
        guard rest.count >= 2 else { throw parsed.usageError("missing expected argument '<position>'") }
        if rest.count > 2 { throw parsed.usageError("unexpected argument '\(rest[rest.startIndex + 2])'") }
        let reference = try parsed.recordReference(rest[rest.startIndex], kind: givenKind)
        self.kind = reference.kind
        id = reference.id
        let text = rest[rest.startIndex + 1]
        switch text {
        case "first": position = .number(1)
        case "last": position = .last
        default:
            guard let number = try parsed.wholeNumber(text, for: "<position>"), number >= 1 else {
                throw parsed.usageError("invalid position '\(text)': expected a whole number from 1, first or last")
            }
            position = .number(number)
        }
    }

    func run(in context: CommandContext) throws {
        let store = try context.store()
        let given = RecordReference(kind: kind, id: id)
        let (current, target, moved) = try store.transaction { document in
            let current = document.following(given)
            let (target, moved) = switch current.kind {
            case .income: try move(current.id, in: &document.incomes)
            case .expense: try move(current.id, in: &document.expenses)
            case .transfer: try move(current.id, in: &document.transfers)
            }
            return (current, target, moved)
        }
        if current != given { context.noteMerged([(given, current)]) }
        if moved {
            context.confirm("Moved \(current.kind.singular) \(current.id) to position \(target).")
        } else {
            context.confirm("No change: \(current.kind.singular) \(current.id) is already at position \(target).")
        }
    }

    /// Moves the record; `false` when it already was at the target.
    private func move<Record: BaseModel>(
        _ id: String, in table: inout RecordTable<Record>
    ) throws -> (target: Int, moved: Bool) {
        let target: Int
        switch position {
        case .number(let number): target = number
        case .last: target = table.count
        }
        let before = table.record(id: id)?.order
        try table.move(id: id, to: target)
        return (target, before != target)
    }
}
