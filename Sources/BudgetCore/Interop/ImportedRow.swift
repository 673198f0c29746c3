/// One record read from an import file, checked by the same rules as the command line.
public struct ImportedRow: Equatable, Sendable {
    /// Where it starts in the file.
    public var line: Int
    /// The name, trimmed.
    public var name: String
    /// The amount in the currency's minor unit.
    public var amount: Int
    /// The date (today when the row has none).
    public var date: Day
    /// `nil` for incomes.
    public var category: String?
    /// The note, if any.
    public var note: String?
    /// The row's tags (none when the file has no `tags` column).
    public var tags: Tags = Tags()

    /// What makes two rows the same when duplicates are skipped: date, name, amount and category.
    public var duplicateKey: String {
        "\(date.iso)\u{1F}\(name)\u{1F}\(amount)\u{1F}\(category ?? "")"
    }
}
