#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a member, a share or a settlement was refused.
public enum MemberError: LocalizedError, Equatable, Sendable {
    /// No member has this name.
    case unknown(String, known: [String])
    /// This device's default member is no member of the budget.
    case unknownDefault(String, known: [String])
    /// A personal expense with no one who paid it: it would be no one's.
    case personalWithoutPayer
    /// A split names the same member twice (spelt alike or folding alike).
    case namedTwice(String)
    /// A category merged into another whose share differs: no one share is right for both.
    case shareConflict(category: String, share: String, target: String, targetShare: String)
    /// A member with this name exists already.
    case exists(String)
    /// The name is an account's: a transfer between members would read as one between accounts.
    case nameOfAccount(String)
    /// Records still name the member (as the one who paid, or in a split or a part).
    case inUse(String, records: Int)
    /// Settings still name the member: a category's share, an account they own.
    case namedBySettings(String, settings: [String])
    /// An expense's parts add up to more than the expense.
    case partsExceedAmount(parts: Int, amount: Int)
    /// Income shares, but no member received income in the period.
    case noIncome(category: String?)
    /// Settling needs members.
    case noMembers
    /// The shares cannot be added up exactly in 128 bits.
    case sharesTooLarge

    /// The message, lower-case.
    public var errorDescription: String? {
        switch self {
        case let .unknown(name, known):
            let list = known.isEmpty ? "there are no members yet ('budget member add <name>')"
                : "the members are " + known.joined(separator: ", ")
            return "no member named '\(name)': \(list)"
        case let .unknownDefault(name, known):
            return "this device's default member '\(name)' (BUDGET_MEMBER) is no member of this budget "
                + "(the members are \(known.joined(separator: ", "))): give --paid-by, or change BUDGET_MEMBER"
        case .personalWithoutPayer:
            return "a personal expense is its payer's: give --paid-by (or an account with an --owner)"
        case let .namedTwice(name):
            return "the split names \(name) twice"
        case let .shareConflict(category, share, target, targetShare):
            return "\(category) is shared \(share) and \(target) \(targetShare): set one share for both "
                + "('budget share set \(target) …', 'budget share remove \(category)') before merging"
        case let .exists(name):
            return "there is already a member named '\(name)'"
        case let .nameOfAccount(name):
            return "'\(name)' is an account's name: a member needs a name of its own"
        case let .inUse(name, records):
            return "\(records) record\(records == 1 ? "" : "s") name\(records == 1 ? "s" : "") \(name): "
                + "rename the member instead, or edit the records first"
        case let .namedBySettings(name, settings):
            return "\(settings.joined(separator: ", ")) name\(settings.count == 1 ? "s" : "") \(name): "
                + "set \(settings.count == 1 ? "it" : "them") otherwise first"
        case let .partsExceedAmount(parts, amount):
            return "the parts add up to \(parts), more than the expense's \(amount)"
        case let .noIncome(category):
            return "\(category.map { "expenses in \($0) are" } ?? "an expense is") shared by income, "
                + "but no member received income in the period (give incomes --paid-by)"
        case .noMembers:
            return "there are no members yet: add them with 'budget member add <name>'"
        case .sharesTooLarge:
            return "the shares are too large to add up exactly"
        }
    }
}
