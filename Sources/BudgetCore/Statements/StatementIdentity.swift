/// A statement row's identity (`StatementEntry.identity`), kept as its parts and written out
/// when asked for: the rows of a statement hold no identity text of their own, and a record's
/// source is written in one allocation (`text(after:)`).
enum StatementIdentity: Equatable, Sendable {
    /// Given whole.
    case written(String)
    /// The statement's own ID, and which of the rows that share it this is (1: `id=X`, from the
    /// second `id#2=X`).
    case statementID(String, occurrence: Int)
    /// The row's amount, name, date and kind as read (a refund's kind is `income`: its identity
    /// from when refunds were read as incomes), and which of the identical rows it is:
    /// `<date>|<kind>|<amount>|<occurrence>|<name>`. (In this order: it takes the least room.)
    case content(amount: Int, name: String, date: Day, occurrence: Int32, kind: RecordKind)

    /// The identity, written out.
    var text: String { text(after: "") }

    /// `prefix` then the identity (a record's source, `origin:identity`), in one allocation.
    func text(after prefix: String) -> String {
        switch self {
        case .written(let text):
            return prefix.isEmpty ? text : prefix + text
        case .statementID(let id, let occurrence):
            return occurrence == 1 ? prefix + "id=" + id : prefix + "id#\(occurrence)=" + id
        case .content(let amount, let name, let date, let occurrence, let kind):
            let (iso, word, amount, occurrence) = (date.iso, kind.singular, String(amount), String(occurrence))
            var text = ""
            text.reserveCapacity(
                prefix.utf8.count + iso.utf8.count + word.utf8.count + amount.utf8.count + occurrence.utf8.count + 4
                    + name.utf8.count)
            text += prefix
            text += iso
            text += "|"
            text += word
            text += "|"
            text += amount
            text += "|"
            text += occurrence
            text += "|"
            text += name
            return text
        }
    }

    /// The statement's own ID, when the identity is made of one.
    var statementID: String? {
        switch self {
        case .statementID(let id, _): id
        case .written(let text): StatementReader.plainID(of: text)
        case .content: nil
        }
    }

    /// Identities are the same when their texts are.
    static func == (lhs: StatementIdentity, rhs: StatementIdentity) -> Bool {
        lhs.text == rhs.text
    }
}
