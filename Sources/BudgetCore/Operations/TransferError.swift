import FoundationEssentials

/// Why a transfer cannot be recorded as given.
public enum TransferError: LocalizedError, Equatable, Sendable {
    /// Its two accounts are one (`from` and `to` fold alike).
    case sameAccount(String)

    /// The message, in lower case.
    public var errorDescription: String? {
        switch self {
        case .sameAccount(let account):
            return "a transfer moves money between two accounts, but '\(account)' is both"
        }
    }
}
