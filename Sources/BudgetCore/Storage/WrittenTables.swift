/// Where a document's tables lie in the bytes of the file it was read from, when they are laid
/// out exactly as the writer lays them out: a writer copies the bytes of the records that did
/// not change instead of writing them again (`FastDocumentCodec.encode(_:reusing:emitting:)`).
/// Those bytes were read and checked as the records they hold, so copying them writes those
/// records; the file stays mapped while a document read from it keeps this.
struct WrittenTables: Sendable {
    /// The file's bytes.
    let contents: FileContents
    /// Each table's records, when laid out as written (`nil`: written anew).
    var incomes: WrittenTable?, expenses: WrittenTable?, transfers: WrittenTable?

    /// The layout of one kind's table.
    subscript<Record: BaseModel>(_ type: Record.Type) -> WrittenTable? {
        switch Record.kind {
        case .income: incomes
        case .expense: expenses
        case .transfer: transfers
        }
    }
}

/// One table's records as they lie in a file: by ascending ID, each record after a line break
/// and four spaces (a comma before all but the first), its fields as the writer lays them out,
/// the table closed by a line break, two spaces and a brace.
struct WrittenTable: Sendable {
    /// Where each record starts (the quote before its ID), in the file's order, which is by ID.
    let starts: [Int]
    /// Just past the last record's closing brace.
    let end: Int
    /// The place in the table (its `order` less one) of each record in the file's order; `nil`
    /// when that is the file's order (no record was moved).
    var places: [Int]?

    /// The place in the table of the record at `position` in the file.
    func place(ofRecordAt position: Int) -> Int {
        places?[position] ?? position
    }

    /// The bytes of the records at `range` (file positions) as the writer writes them: from the
    /// line break before the first to the last one's closing brace, the commas and line breaks
    /// between them included. (The comma before the first is the writer's to put.)
    func bytes(of range: Range<Int>) -> Range<Int> {
        let upper = range.upperBound < starts.count ? starts[range.upperBound] - 6 : end
        return starts[range.lowerBound] - 5..<upper
    }
}
