#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An account that cannot be named, made or changed as asked (issue #29).
public enum AccountError: LocalizedError, Equatable, Sendable {
    /// No account has the name (nor one folding alike); `known` lists the accounts, by name.
    case unknown(String, known: [String])
    /// An account with the name (or one folding alike) exists already.
    case exists(String)
    /// The name is a member's: a transfer between the two would read as a settlement.
    case nameOfMember(String)
    /// A record dated after the day its account was closed.
    case closed(String, on: Day, recordDate: Day)
    /// An account closed already.
    case alreadyClosed(String, on: Day)
    /// A card's closing day, withdrawal day or funding account given for another type.
    case notACard(String, type: AccountType)
    /// A card paid from an account that is neither a bank nor a savings account.
    case cannotFund(String, type: AccountType)
    /// A name or value no account may hold.
    case invalidValue(ValueError)
    /// Records of the account are dated after the day it would be closed on.
    case recordsAfterClosing(String, on: Day, count: Int, first: Day)
    /// A type that would change what the account's records mean (money held becoming money
    /// owed), or leave a card it pays without an account that can.
    case typeChange(String, from: AccountType, to: AccountType, why: String)
    /// A day before the account's opening day, whose balance budget does not know.
    case beforeOpening(String, asOf: Day, day: Day)
    /// The account's balance, or the budget's net worth, would not fit in 64 bits.
    case balanceTooLarge(String)

    /// The message, lower-case, without the command line's words.
    public var errorDescription: String? {
        switch self {
        case let .unknown(name, known):
            let list = known.isEmpty ? "there are no accounts yet" : "known accounts: " + known.joined(separator: ", ")
            return "no account named '\(name)'; \(list)"
        case let .exists(name):
            return "an account named '\(name)' exists already"
        case let .nameOfMember(name):
            return "'\(name)' is a member's name: an account needs a name of its own"
        case let .closed(name, day, recordDate):
            return "the account \(name) was closed on \(day.iso); a record dated \(recordDate.iso) cannot use it"
        case let .alreadyClosed(name, day):
            return "the account \(name) was closed on \(day.iso) already"
        case let .notACard(name, type):
            return "\(name) is not a card (its type is \(type.rawValue)); only a card has a closing day, "
                + "a withdrawal day and an account it is paid from"
        case let .cannotFund(name, type):
            return "a card is paid from a bank or savings account; \(name) is of type \(type.rawValue)"
        case let .invalidValue(error):
            return error.description
        case let .recordsAfterClosing(name, day, count, first):
            return "\(count) record\(count == 1 ? "" : "s") of \(name) \(count == 1 ? "is" : "are") dated after "
                + "\(day.iso) (the first on \(first.iso)); close it on or after the last, or move them first"
        case let .typeChange(name, from, to, why):
            return "\(name) cannot change from \(from.rawValue) to \(to.rawValue): \(why)"
        case let .beforeOpening(name, asOf, day):
            return "\(name)'s balance is known from its opening day \(asOf.iso); \(day.iso) is before it"
        case let .balanceTooLarge(name):
            return "the balance of \(name), or the accounts' total, would be too large to compute"
        }
    }
}
