/// The fields of one record as the fast reader meets them, in any order, each at most once.
struct RecordValues {
    var idMatches = false
    var name: String?
    var amount: Int?
    var order: Int?
    var date: Day?
    var note: String?
    var category: String?
    private var seen: UInt8 = 0

    /// Reads the value of `field` (its key and colon already read); `false` when the value is
    /// invalid or the field came before. `key` is the number of the record's key, which its
    /// `id` must repeat.
    mutating func read(_ field: ByteCursor.RecordField, from cursor: inout ByteCursor, key: Int) -> Bool {
        let bit: UInt8
        switch field {
        case .amount:
            bit = 1
            amount = cursor.nonNegativeInteger()
            if amount == nil { return false }
        case .category:
            bit = 2
            category = cursor.label()
            if category == nil { return false }
        case .date:
            bit = 4
            date = cursor.isoDay()
            if date == nil { return false }
        case .id:
            bit = 8
            idMatches = cursor.storedIDNumber() == key
            if !idMatches { return false }
        case .name:
            bit = 16
            name = cursor.label()
            if name == nil { return false }
        case .note:
            bit = 32
            guard let text = cursor.string() else { return false }
            do { try FieldRules.checkNote(text) } catch { return false }
            note = text
        case .order:
            bit = 64
            order = cursor.nonNegativeInteger()
            if order == nil { return false }
        }
        guard seen & bit == 0 else { return false }
        seen |= bit
        return true
    }
}
