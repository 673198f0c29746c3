import Foundation
@testable import BudgetCore

/// The data file through `Codable`, `JSONEncoder` and `JSONDecoder`: the oracle the codec is
/// tested against (same records, byte-identical output). Written independently of the record
/// schema on purpose: a field the schema reads or writes differently shows up here. It covers
/// records, counters and settings; the undo history has its own tests.
struct CodableDataFile: Codable, Equatable {
    var format: Int
    var income_unique_id: String
    var expense_unique_id: String
    var incomes: [String: CodableRecord]
    var expenses: [String: CodableRecord]
    var settings: [String: CodableSetting]?
    /// Only in a budget that has had a transfer.
    var transfer_unique_id: String?
    var transfers: [String: CodableTransfer]?

    /// A transfer: its accounts instead of a category.
    struct CodableTransfer: Codable, Equatable {
        var id: String
        var name: String
        var amount: Int
        var order: Int
        var date: String
        var from: String
        var to: String
        var note: String?
        var tags: [String]?
        var source: String?
        var schedule: String?

        init(_ transfer: Transfer) {
            id = transfer.id
            name = transfer.name
            amount = transfer.amount
            order = transfer.order
            date = transfer.date.iso
            from = transfer.from
            to = transfer.to
            note = transfer.note
            tags = transfer.tags.isEmpty ? nil : transfer.tags.sorted
            source = transfer.source
            schedule = transfer.schedule
        }
    }

    /// A record of either kind; `category` only for expenses, `note`, `tags`, `account`, `source` and
    /// `schedule` only when set.
    struct CodableRecord: Codable, Equatable {
        var id: String
        var name: String
        var amount: Int
        var order: Int
        var date: String
        var category: String?
        var note: String?
        var tags: [String]?
        var account: String?
        var paid_by: String?  // swiftlint:disable:this identifier_name
        var split: String?
        var parts: String?
        var source: String?
        var schedule: String?

        init(_ record: some BaseModel, category: String?) {
            id = record.id
            name = record.name
            amount = record.amount
            order = record.order
            date = record.date.iso
            self.category = category
            note = record.note
            tags = record.tags.isEmpty ? nil : record.tags.sorted
            account = record.accounts.first
            if let expense = record as? Expense {
                paid_by = expense.paidBy
                split = expense.split
                parts = expense.parts
            } else if let income = record as? Income {
                paid_by = income.paidBy
            }
            source = record.source
            schedule = record.schedule
        }
    }

    /// A setting value as JSON: a string, a whole number or a boolean.
    enum CodableSetting: Codable, Equatable {
        case string(String), int(Int), bool(Bool)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
            else if let number = try? container.decode(Int.self) { self = .int(number) }
            else { self = .string(try container.decode(String.self)) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .int(let number): try container.encode(number)
            case .bool(let flag): try container.encode(flag)
            }
        }
    }

    /// The reference form of a document (which must have no history).
    init(_ document: BudgetDocument) {
        format = BudgetDocument.formatVersion
        income_unique_id = RecordID.string(for: document.incomes.lastID)
        expense_unique_id = RecordID.string(for: document.expenses.lastID)
        incomes = Dictionary(
            uniqueKeysWithValues: document.incomes.records.map { ($0.id, CodableRecord($0, category: nil)) })
        expenses = Dictionary(
            uniqueKeysWithValues: document.expenses.records.map { ($0.id, CodableRecord($0, category: $0.category)) })
        if document.hasTransfers {
            transfer_unique_id = RecordID.string(for: document.transfers.lastID)
            transfers = Dictionary(
                uniqueKeysWithValues: document.transfers.records.map { ($0.id, CodableTransfer($0)) })
        }
        let values = document.settingsValues.values
        settings = values.isEmpty ? nil : values.mapValues { stored in
            switch stored {
            case .string(let text): return .string(text)
            case .int(let number): return .int(number)
            case .bool(let flag): return .bool(flag)
            }
        }
    }
}
