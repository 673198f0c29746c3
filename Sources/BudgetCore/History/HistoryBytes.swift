/// Where the undo history's kept entries live: the bytes of the file they were read from
/// (the mapping or the array of `FileContents`, kept alive by the entries, so that keeping a
/// large history costs no copy), or a copy when the reader was lent bytes it cannot keep.
struct HistoryBytes: Sendable {
    private enum Storage: Sendable {
        case file(FileContents)
        case copy([UInt8])
    }

    private let storage: Storage
    /// The entry's bytes within the storage.
    let range: Range<Int>

    /// Part of a file's bytes.
    init(_ contents: FileContents, _ range: Range<Int>) {
        storage = .file(contents)
        self.range = range
    }

    /// Part of a copy (`range` within `copy`).
    init(copy: [UInt8], _ range: Range<Int>) {
        storage = .copy(copy)
        self.range = range
    }

    var count: Int { range.count }

    /// Lends the entry's bytes.
    func withBytes<Result, Failure: Error>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        switch storage {
        case .file(let contents):
            return try contents.withBytes { bytes throws(Failure) in try body(bytes.part(range)) }
        case .copy(let copy):
            return try ByteView.withBytes(of: copy) { bytes throws(Failure) in try body(bytes.part(range)) }
        }
    }

    /// Whether both hold the same bytes.
    static func == (lhs: HistoryBytes, rhs: HistoryBytes) -> Bool {
        lhs.withBytes { left in rhs.withBytes { right in ByteView.equal(left, right) } }
    }
}
