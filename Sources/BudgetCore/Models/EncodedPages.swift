/// The bytes of a list's pages as the data file's writer writes them, known before any record
/// of them was made: the pages an import of budget's own CSV wrote straight from its rows
/// (`RecordTranscoder`). The writer copies them as they are while no page of the list has been
/// read or changed.
public protocol EncodedPages: AnyObject, Sendable {
    /// Lends a page's bytes: its records as a table writes them, the first of the table's
    /// without the comma before it (`RecordSchema.write(_:first:into:)`).
    func withBytes<Result, Failure: Error>(
        ofPage page: Int, _ body: (ByteView) throws(Failure) -> Result
    ) throws(Failure) -> Result
}
