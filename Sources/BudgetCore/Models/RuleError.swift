#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A rule that cannot be made or changed as asked.
public enum RuleError: LocalizedError, Equatable, Sendable {
    /// A pattern, category, name or tag no rule may hold.
    case invalidValue(ValueError)
    /// A regular expression that does not compile, with the compiler's reason.
    case invalidRegex(String, reason: String)
    /// A pattern that folds to nothing, which every text would contain.
    case emptyPattern(String)
    /// A rule that would do nothing.
    case noAction
    /// A rule that skips rows and would also change them.
    case skipWithOtherActions
    /// A rule for incomes only that sets a category, which incomes do not have.
    case categoryForIncomes
    /// A rule that makes rows transfers and gives them a category, which transfers do not have.
    case categoryForTransfer
    /// A rule for transfers, which rules do not match (a rule makes rows transfers instead).
    case kindTransfer
    /// No rule has that number.
    case ruleNotFound(number: Int, count: Int)
    /// A position to move a rule to outside 1…count.
    case positionOutOfRange(position: Int, count: Int)
    /// No rule matches a text (shown folded).
    case noMatch(String)

    /// The message, lower-case, without the command line's words.
    public var errorDescription: String? {
        switch self {
        case .invalidValue(let error):
            return error.description
        case let .invalidRegex(pattern, reason):
            return "invalid regular expression '\(pattern)': \(reason)"
        case .emptyPattern(let pattern):
            return "the pattern '\(pattern)' is empty once folded, so it would match everything"
        case .noAction:
            return "a rule needs at least one action: a category, a new name, a tag, or skipping"
        case .skipWithOtherActions:
            return "a rule that skips rows cannot also change them"
        case .categoryForIncomes:
            return "incomes have no category, so a rule for incomes cannot set one"
        case .kindTransfer:
            return "rules match incomes and expenses; a rule makes matching rows transfers with a transfer-to account"
        case .categoryForTransfer:
            return "a transfer has no category, so a rule that makes rows transfers cannot set one"
        case let .ruleNotFound(number, count):
            if count == 0 { return "no rule \(number): there are no rules" }
            return "no rule \(number): rules are numbered 1 to \(count)"
        case let .positionOutOfRange(position, count):
            if count == 0 { return "position \(position) is out of range: there are no rules" }
            return "position \(position) is out of range: rules are numbered 1 to \(count)"
        case .noMatch(let text):
            return "no rule matches '\(text)'"
        }
    }
}
