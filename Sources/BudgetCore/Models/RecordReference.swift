/// A record named with its kind: `income-00000001` or `expense-00000042`.
///
/// Bare IDs are per kind (income 00000001 and expense 00000001 are different records), so
/// anything that mixes both kinds, such as a list of the IDs of all records, names records
/// this way.
public struct RecordReference: Hashable, Sendable, CustomStringConvertible {
    /// Which kind of record.
    public var kind: RecordKind
    /// The 8-digit ID.
    public var id: String

    /// The record of a kind with an 8-digit ID.
    public init(kind: RecordKind, id: String) {
        self.kind = kind
        self.id = id
    }

    /// The qualified form, `expense-00000042`.
    public var description: String { kind.singular + "-" + id }

    /// Reads `income-<id>` or `expense-<id>`, where `<id>` is typed as `RecordID.normalized`
    /// accepts it (`expense-42` works too). The kind is matched exactly, in lower case.
    ///
    /// - Returns: `nil` when the text has no kind prefix or the ID after it is not an ID.
    public init?(qualified text: String) {
        for kind in RecordKind.allCases {
            let prefix = kind.singular + "-"
            guard text.hasPrefix(prefix), let id = RecordID.normalized(String(text.dropFirst(prefix.count))) else {
                continue
            }
            self.init(kind: kind, id: id)
            return
        }
        return nil
    }
}
