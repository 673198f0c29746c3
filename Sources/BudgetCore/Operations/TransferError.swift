import FoundationEssentials

/// Why a transfer cannot be recorded as given.
public enum TransferError: LocalizedError, Equatable, Sendable {
    /// Its two accounts are one (`from` and `to` fold alike).
    case sameAccount(String)
    /// One end is a member and the other is not: a transfer is between two accounts, or between
    /// two members (a settlement).
    case memberAndOther(member: String, other: String)

    /// The message, in lower case.
    public var errorDescription: String? {
        switch self {
        case .sameAccount(let account):
            return "a transfer moves money between two accounts, but '\(account)' is both"
        case let .memberAndOther(member, other):
            return "'\(member)' is a member and '\(other)' is no member: a transfer is between two accounts, "
                + "or between two members (a settlement)"
        }
    }
}
