/// What budget knows of a data file it has just written, kept in the file's lock file
/// (`<file>.lock`, which budget owns and earlier versions only lock): the file's size and
/// hash, and for each table where its records lie, page by page, with each page's summary.
///
/// A change that finds the file still hashing to its stamp trusts those facts: the pages it
/// does not touch are neither read nor checked again, and are written by copying their bytes
/// (`StampedTable`, `DeferredPages`). A file changed by anything else (a copy, an editor, an
/// earlier budget, a sync tool) hashes differently and is read whole, as always; so is one whose
/// stamp is missing, torn or of another version. Nothing in the data file's format changes.
struct WriteStamp: Equatable, Sendable {
    /// The file's size in bytes and the `ContentHash` of its bytes.
    var size: Int, hash: UInt64
    /// Each table that was written page by page in display order, by kind.
    var tables: [RecordKind: Table] = [:]

    /// Where one table's records lie in the file and what each page holds.
    struct Table: Equatable, Sendable {
        /// Where the table's opening brace is.
        var open: Int
        /// Just past the last record's closing brace.
        var end: Int
        /// Where each page's first record starts (the quote before its ID).
        var pageStarts: [Int]
        /// Each page's summary; every page full (`RecordList.pageSize`) but the last.
        var summaries: [PageSummary]

        /// How many records the table holds.
        var count: Int { summaries.reduce(0) { $0 + $1.count } }
    }

    /// The version of this layout; a stamp of another is not read.
    static let version: UInt64 = 1
    /// "budget stamp", the first word.
    private static let magic: UInt64 = 0x706D_6174_7320_6762

    // MARK: Bytes

    /// The stamp as bytes: little-endian 64-bit words, the last a hash of the others.
    var bytes: [UInt8] {
        var words: [UInt64] = [Self.magic, Self.version, UInt64(size), hash, UInt64(tables.count)]
        for kind in RecordKind.allCases {
            guard let table = tables[kind] else { continue }
            words += [
                UInt64(RecordKind.allCases.firstIndex(of: kind) ?? 0), UInt64(table.open), UInt64(table.end),
                UInt64(table.pageStarts.count),
            ]
            for (start, summary) in zip(table.pageStarts, table.summaries) {
                words += [
                    UInt64(start), UInt64(summary.count), UInt64(summary.firstID), UInt64(summary.lastID),
                    UInt64(summary.sizes.all), UInt64(summary.sizes.refunds),
                ]
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((words.count + 1) * 8)
        func append(_ word: UInt64) {
            for byte in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: word >> (byte * 8))) }
        }
        for word in words { append(word) }
        append(ByteView.withBytes(of: bytes) { ContentHash.of($0) })
        return bytes
    }

    /// The stamp these bytes hold; `nil` for anything else (none, torn, another version).
    init?(bytes: [UInt8]) {
        guard bytes.count >= 48, bytes.count % 8 == 0, bytes.count <= 1 << 26 else { return nil }
        var words = [UInt64](repeating: 0, count: bytes.count / 8)
        for index in words.indices {
            var word: UInt64 = 0
            for byte in (0..<8).reversed() { word = word << 8 | UInt64(bytes[index * 8 + byte]) }
            words[index] = word
        }
        let check = ByteView.withBytes(of: Array(bytes.dropLast(8))) { ContentHash.of($0) }
        guard words.last == check, words[0] == Self.magic, words[1] == Self.version else { return nil }
        var cursor = 2
        func next() -> Int? {
            guard cursor < words.count - 1, words[cursor] <= UInt64(Int.max) else { return nil }
            defer { cursor += 1 }
            return Int(words[cursor])
        }
        guard let size = next(), cursor < words.count - 1 else { return nil }
        self.size = size
        hash = words[cursor]
        cursor += 1
        guard let tableCount = next(), tableCount <= RecordKind.allCases.count else { return nil }
        for _ in 0..<tableCount {
            guard let kindIndex = next(), kindIndex < RecordKind.allCases.count,
                  let open = next(), let end = next(), let pageCount = next(),
                  pageCount <= (words.count - cursor) / 6 else { return nil }
            var table = Table(open: open, end: end, pageStarts: [], summaries: [])
            for _ in 0..<pageCount {
                guard let start = next(), let count = next(), let firstID = next(), let lastID = next(),
                      let all = next(), let refunds = next() else { return nil }
                table.pageStarts.append(start)
                table.summaries.append(
                    PageSummary(count: count, firstID: firstID, lastID: lastID, sizes: (all, refunds)))
            }
            tables[RecordKind.allCases[kindIndex]] = table
        }
        guard cursor == words.count - 1 else { return nil }
    }

    /// A stamp of a file of `size` bytes hashing to `hash`.
    init(size: Int, hash: UInt64) {
        self.size = size
        self.hash = hash
    }

    /// Whether `bytes` are the file this stamp was made for: its size and its hash.
    func stamps(_ bytes: ByteView) -> Bool {
        bytes.count == size && ContentHash.of(bytes) == hash
    }
}

/// What a writer learns of the file as it writes it, for its stamp: the bytes' hash and count,
/// and each table's place and pages (`FastDocumentCodec.encode(_:reusing:stamping:emitting:)`).
final class WriteTally {
    /// The bytes handed on so far.
    private(set) var hash = ContentHash()
    /// Each table written page by page in display order.
    private(set) var tables: [RecordKind: WriteStamp.Table] = [:]

    /// How many bytes were handed on.
    var count: Int { hash.count }

    /// Adds the bytes handed on.
    func add(_ bytes: ByteView) {
        hash.add(bytes)
    }

    /// Notes a table written in display order: where it opens, where its last record ends,
    /// where each page's first record starts; each page's summary is its own when unread, else
    /// made from its records. Nothing is noted when the starts do not fit the pages, or a
    /// page's amounts do not add up within `Int.max`.
    func record<Record: BaseModel>(_ records: RecordList<Record>, open: Int, end: Int, pageStarts: [Int]) {
        guard pageStarts.count == records.pageCount else { return }
        var summaries: [PageSummary] = []
        summaries.reserveCapacity(records.pageCount)
        for page in 0..<records.pageCount {
            if let summary = records.summary(ofPage: page) {
                summaries.append(summary)
                continue
            }
            guard let summary = PageSummary(of: records.records(ofPage: page)) else { return }
            summaries.append(summary)
        }
        tables[Record.kind] = WriteStamp.Table(open: open, end: end, pageStarts: pageStarts, summaries: summaries)
    }

    /// The stamp of what was written.
    var stamp: WriteStamp {
        var stamp = WriteStamp(size: hash.count, hash: hash.value)
        stamp.tables = tables
        return stamp
    }
}
