/// An imported record's `source`, `origin:identity`, read back: the account or preset that
/// read the row, and the row's identity within its statement (`StatementEntry.identity`).
///
/// The origin names an account when it is a saved profile's name; a preset's name or
/// `statement` names none (any account of that kind of statement). Two accounts kept apart
/// are two saved profiles; a row whose origin names no account is the same row as one with
/// the same identity from any origin (`StatementImport`'s rule, `BudgetDocument.importStatement`).
struct StatementSource: Sendable {
    /// The profile's or preset's name, or `statement`.
    let origin: String
    /// The row's identity.
    let identity: String

    /// Reads a source; `nil` when it is not `origin:identity` (a source typed into a file by
    /// hand).
    init?(_ source: String) {
        guard let start = Self.identityStart(in: source) else { return nil }
        let bytes = source.utf8
        let identityIndex = bytes.index(bytes.startIndex, offsetBy: start)
        origin = String(source[..<bytes.index(before: identityIndex)])
        identity = String(source[identityIndex...])
    }

    /// Where the identity of a source starts, in UTF-8 bytes from its start (after the `:`
    /// that ends the origin); `nil` when it is not `origin:identity`. The origin ends at the
    /// first `:` that an identity follows (`id=`, `id#`, or a date's digit), so a profile name
    /// holding a `:` reads too.
    static func identityStart(in source: String) -> Int? {
        let bytes = source.utf8
        var index = bytes.startIndex
        while let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")) {
            let rest = bytes[bytes.index(after: colon)...]
            if let first = rest.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
                || rest.starts(with: "id=".utf8) || rest.starts(with: "id#".utf8) {
                guard colon != bytes.startIndex, !rest.isEmpty else { return nil }
                return bytes.distance(from: bytes.startIndex, to: rest.startIndex)
            }
            index = bytes.index(after: colon)
        }
        return nil
    }

    /// Whether an origin names one account (a saved profile) rather than any account of a
    /// preset's kind (`rakuten-bank`) or of no preset (`statement`).
    static func namesAccount(_ origin: String) -> Bool {
        origin != StatementImport.anyStatement && StatementPreset.named(origin) == nil
    }

    /// Whether rows from these two origins with one identity are the same row: unless both
    /// name accounts and the accounts differ.
    static func sameAccount(_ a: String, _ b: String) -> Bool {
        a == b || !namesAccount(a) || !namesAccount(b)
    }
}
