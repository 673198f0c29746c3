/// Writes one table's records, by ascending ID, copying from the file a document was read from
/// the bytes of every record the document as read holds unchanged, texts spelt alike (runs of
/// them at once), and of a record that only moved with its `order` put right; the others are
/// written anew. A change to one record of a million writes one record and copies the rest.
struct RecordCopier<Record: BaseModel> {
    /// The table as read and where its records lie.
    let source: WrittenBytes.Table<Record>
    /// The file's next record (its position in the file) not yet matched or passed.
    private var next = 0
    /// The file's records, at these positions, waiting to be copied in one piece.
    private var run: Range<Int>?
    /// Whether a record was written (the next one follows a comma).
    private var wroteAny = false
    /// The `order` key as a table's record holds it, which no text value can hold (its quotes
    /// would be escaped), on its own line six spaces deep.
    private let orderKey = RecordSchema<Record>.Nesting.table.pieces(RecordField<Record>.position.quotedKey).first
    /// The file's pages copied from, given back as the copy passes them (as the reader gave
    /// them back once read): a million records' bytes are never all held at once.
    private var passedPages: PassedPages

    init(source: WrittenBytes.Table<Record>) {
        self.source = source
        passedPages = PassedPages(
            source.contents, from: source.layout.firstStart, lookingBack: false)
    }

    /// Writes the next record of the table, `records[index]` (records come by ascending ID);
    /// `old` holds the source's records, compared where they lie.
    mutating func write<Failure: Error>(
        _ records: LentElements<Record>, at index: Int, readAs old: LentElements<Record>,
        into out: inout ByteBuffer, emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        let layout = source.layout
        // The file's records before this one were removed by the change: passed.
        while next < layout.count {
            let place = layout.place(ofRecordAt: next)
            if old[place].id == records[index].id {
                // The same bits: the record as read (the same texts' storage), spelt alike.
                if old.sameBits(place, records, index) { return try copyAsRead(into: &out, emit: emit) }
                // Only moved: the same bits but for the order's (a delete before it shifts it).
                let schema = Record.schema
                let onlyMoved = schema.orderBytes.map { old.sameBits(place, records, index, except: $0) } ?? false
                if !onlyMoved && old[place] == records[index] && old[place].isSpeltAlike(records[index]) {
                    return try copyAsRead(into: &out, emit: emit)
                }
                try flush(into: &out, emit: emit)
                next += 1
                // Or equal but for the order and spelt alike: its bytes with the order put right.
                if onlyMoved
                    || (schema.sameContent(old, place, records, index) && old[place].isSpeltAlike(records[index])),
                   copy(at: next - 1, order: records[index].order, was: old[place].order, into: &out) {
                    return try emitFull(&out, emit)
                }
                return try writeAnew(records, at: index, into: &out, emit: emit)
            }
            guard let oldNumber = RecordID.number(fromStored: old[place].id),
                  let newNumber = RecordID.number(fromStored: records[index].id), oldNumber < newNumber else { break }
            next += 1
        }
        try flush(into: &out, emit: emit)
        try writeAnew(records, at: index, into: &out, emit: emit)
    }

    /// Copies the `count` records from `position` on, which the document holds where the
    /// document as read holds them, the same storage (pages a change did not write), when the
    /// file's records lie in that order and the next one is at `position`: as a run, without
    /// comparing them. `false` (nothing done) otherwise.
    mutating func copyUnchanged<Failure: Error>(
        at position: Int, count: Int, into out: inout ByteBuffer, emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) -> Bool {
        guard source.layout.places == nil, next <= position, count > 0,
              position + count <= source.layout.count else { return false }
        // The file's records before it that no record written matched were removed: passed.
        if next < position {
            try flush(into: &out, emit: emit)
            next = position
        }
        try copyAsRead(count, into: &out, emit: emit)
        return true
    }

    /// What `copyShifted` did.
    enum ShiftedCopy {
        /// The records were copied, their orders put right.
        case copied
        /// Nothing was written: the file's next record is not where the run starts.
        case declined
        /// The bytes were copied, but their orders were not what the stamp says (the change
        /// must not be written).
        case notAsStamped
    }

    /// Copies the file's last `count` records, from `position` on, each with its order set to
    /// its new place (`firstOrder` for the first, then on by one): the records a delete before
    /// them shifted, copied without reading them. Each record's order is found by its key and
    /// must read as its old place. `noting` is told where each record starts in what is written
    /// (its offset in the run, and its start counting from the buffer's), every 4,096 records.
    mutating func copyShifted<Failure: Error>(
        from position: Int, count: Int, firstOrder: Int, into out: inout ByteBuffer,
        emit: (ByteView) throws(Failure) -> Void, noting: (Int, Int) -> Void
    ) throws(Failure) -> ShiftedCopy {
        let layout = source.layout
        guard layout.places == nil, next <= position, count > 0, position + count == layout.count
        else { return .declined }
        // The file's records before it that no record written matched were removed: passed.
        try flush(into: &out, emit: emit)
        let bytes = source.bytes, range = layout.bytes(of: position..<position + count)
        var copied = range.lowerBound
        var recordStart = range.lowerBound + 5
        var outcome = ShiftedCopy.copied
        if wroteAny { out.write(",") }
        wroteAny = true
        for offset in 0..<count {
            if offset & (RecordList<Record>.pageSize - 1) == 0 {
                if offset > 0, let found = FastDocumentCodec.recordStart(in: bytes, from: copied) {
                    recordStart = found
                }
                noting(offset, out.count + recordStart - copied)
                // The file's pages copied are given back as the copy passes them.
                passedPages.passed(copied)
            }
            guard let key = bytes.firstIndex(of: orderKey, in: copied..<range.upperBound) else {
                outcome = .notAsStamped
                break
            }
            let digits = key + orderKey.count
            let (value, end) = Self.number(in: bytes, at: digits, before: range.upperBound)
            if end == digits || value != position + offset + 1 { outcome = .notAsStamped }
            out.append(bytes.slice(copied..<digits))
            out.write(firstOrder + offset)
            copied = end
            try emitFull(&out, emit)
        }
        out.append(bytes.slice(copied..<range.upperBound))
        next = position + count
        passedPages.passed(range.upperBound)
        try emitFull(&out, emit)
        return outcome
    }

    /// Adds the file's next records (one, or `count`), as they lie, to the records waiting to
    /// be copied in one piece.
    private mutating func copyAsRead<Failure: Error>(
        _ count: Int = 1, into out: inout ByteBuffer, emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        if let pending = run, pending.upperBound == next {
            run = pending.lowerBound..<next + count
        } else {
            try flush(into: &out, emit: emit)
            run = next..<next + count
        }
        next += count
    }

    /// Copies what is still waiting; the table's records are all written.
    mutating func finish<Failure: Error>(
        into out: inout ByteBuffer, emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        try flush(into: &out, emit: emit)
        passedPages.finished(at: source.layout.end)
    }

    /// Copies the records waiting in `run`: a large piece straight from the file's bytes.
    private mutating func flush<Failure: Error>(
        into out: inout ByteBuffer, emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        guard let pending = run else { return }
        run = nil
        if wroteAny { out.write(",") }
        wroteAny = true
        let range = source.layout.bytes(of: pending)
        let bytes = source.bytes.slice(range)
        if bytes.count >= FastDocumentCodec.pieceSize / 4 {
            try out.withBytes(emit)
            out.removeAll()
            // A piece at a time, each piece's pages given back once written.
            var start = range.lowerBound
            while start < range.upperBound {
                let end = min(range.upperBound, start + FastDocumentCodec.pieceSize)
                try emit(source.bytes.slice(start..<end))
                passedPages.passed(end)
                start = end
            }
        } else {
            out.append(bytes)
            passedPages.passed(range.upperBound)
            try emitFull(&out, emit)
        }
    }

    /// Copies the file's record at `position`, which differs from the record written there only
    /// by its order (`order`, read as `oldOrder`): its bytes with the order's digits replaced.
    /// `false` when the bytes do not show `oldOrder` where a table's record holds it (then the
    /// record is written anew).
    private mutating func copy(at position: Int, order: Int, was oldOrder: Int, into out: inout ByteBuffer) -> Bool {
        let bytes = source.bytes, range = source.layout.bytes(of: position..<position + 1)
        // Looked for from the end: the fields after the order (who paid, tags…) are few.
        guard let key = bytes.lastIndex(of: orderKey, in: range) else { return false }
        let digits = key + orderKey.count
        let (value, end) = Self.number(in: bytes, at: digits, before: range.upperBound)
        guard end > digits, value == oldOrder else { return false }
        if wroteAny { out.write(",") }
        wroteAny = true
        out.append(bytes.slice(range.lowerBound..<digits))
        out.write(order)
        out.append(bytes.slice(end..<range.upperBound))
        passedPages.passed(range.upperBound)
        return true
    }

    /// The number whose digits start at `start` (at most 18 of them, before `limit`), and where
    /// they end (`start` when there is no digit).
    private static func number(in bytes: ByteView, at start: Int, before limit: Int) -> (value: Int, end: Int) {
        var end = start, value = 0
        while end < limit, end - start < 18, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") {
            value = value * 10 + Int(bytes[end] - UInt8(ascii: "0"))
            end += 1
        }
        return (value, end)
    }

    /// Where the next record written will start (the quote before its ID), given where the
    /// bytes written so far end (`written`, the buffer's included): after what waits to be
    /// copied, a comma, a line break and four spaces.
    func nextRecordStart(after written: Int) -> Int {
        let comma = wroteAny ? 1 : 0
        guard let run else { return written + comma + 5 }
        // Copied on in the same piece, or written after it: a comma before it either way.
        return written + comma + source.layout.bytes(of: run).count + 1 + 5
    }

    /// Writes records the file holds but cannot be copied here (a page the change left as read,
    /// met where the file's records are not): anew, from their values.
    mutating func writeAnew<Failure: Error>(
        _ records: some Sequence<Record>, into out: inout ByteBuffer, emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        try flush(into: &out, emit: emit)
        for record in records {
            Record.schema.write(record, first: !wroteAny, into: &out)
            wroteAny = true
            try emitFull(&out, emit)
        }
    }

    /// Writes a record the file does not hold as it is (`records[index]`, written where it lies).
    private mutating func writeAnew<Failure: Error>(
        _ records: LentElements<Record>, at index: Int, into out: inout ByteBuffer,
        emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        Record.schema.write(records[index], first: !wroteAny, into: &out)
        wroteAny = true
        try emitFull(&out, emit)
    }

    /// Hands the buffer on once it holds a piece.
    private func emitFull<Failure: Error>(
        _ out: inout ByteBuffer, _ emit: (ByteView) throws(Failure) -> Void
    ) throws(Failure) {
        guard out.count >= FastDocumentCodec.pieceSize else { return }
        try out.withBytes(emit)
        out.removeAll()
    }
}

/// The bytes of the file a document was read from, lent for one write, with the document as
/// read from them (`FastDocumentCodec.encode(_:reusing:emitting:)`).
struct WrittenBytes {
    /// The document as read.
    let original: BudgetDocument
    /// Where its tables lie.
    let tables: WrittenTables
    /// The file's bytes.
    let bytes: ByteView

    /// One table of the document as read, with where its records lie in `bytes`.
    struct Table<Record: BaseModel> {
        /// The records, in the table's order.
        let records: RecordList<Record>
        let layout: WrittenTable
        let bytes: ByteView
        /// The file `bytes` are (`FileContents.release(_:)`).
        let contents: FileContents
    }

    /// The table of one kind, when it is laid out as written.
    func source<Record: BaseModel>(_ type: Record.Type) -> Table<Record>? {
        guard let layout = tables[Record.self] else { return nil }
        let records = original[Record.self].paged
        guard records.count == layout.count, layout.places.map({ $0.count == records.count }) ?? true else {
            return nil
        }
        return Table(records: records, layout: layout, bytes: bytes, contents: tables.contents)
    }
}
