/// Consecutive records of one table as the fast reader reads them (`"00000001" : {…}`, separated
/// by commas) into memory its caller owns, with what the table's checks need: the highest ID,
/// in each block too, and whether the IDs came in ascending order. A large table is read as
/// two runs at once, the second from a record start past its middle into the room the first
/// cedes to it, and the two joined.
struct RecordRun<Record: BaseModel>: Sendable {
    /// How reading a run ended.
    enum Outcome {
        /// At the table's closing brace (not consumed).
        case ended
        /// At the position asked to stop at, the start of a record.
        case stopped
        /// At something the fast reader does not read, more records than room for them, or
        /// asked to stop by a signal.
        case failed
    }

    /// Where the records go (`nil`: they are not kept).
    private(set) var target: FillTarget<Record>?
    /// How many records were read.
    private(set) var count = 0
    /// Each record's order and ID number, when the records are not kept.
    private(set) var orders: [Int] = [], numbers: [Int] = []
    /// The lowest and highest ID numbers read.
    private(set) var lowest = Int.max, highest = 0
    /// The highest ID number in each block.
    private(set) var highestByBlock = [Int](repeating: 0, count: IDBlock.count)
    /// Whether each ID was above the one before (files we write list them so).
    private(set) var ascending = true
    /// The order of the first kept record, and whether each one after it came next in order:
    /// a table read so from order 1 is in display order as it lies (files we write without
    /// moves), and needs no placing by order.
    private(set) var firstOrder = 0, ordersFollow = true
    /// Where each kept record starts in the bytes, when asked: for reading a few of them whole
    /// after a read that skipped fields (`FastDocumentCodec.decode(_:skipping:readingWhole:)`).
    private(set) var starts: [Int] = []
    /// Whether `starts` is kept.
    let keepsStarts: Bool
    /// Whether every kept record so far was laid out exactly as the writer lays out a table's
    /// record, the line break and indentation before it included (`RecordSchema.read(…laidOut:)`);
    /// only seen when `starts` is kept.
    private(set) var laidOut = true

    /// The fields each record is only checked for, left blank (`RecordSchema.mask(skipping:)`).
    let skipping: UInt64
    /// The file's pages this run has read past, given back as it reads (`nil`: none are).
    var passedPages: PassedPages?

    /// A run that keeps its records in `target`, the fields in `skipping` left blank, and with
    /// `keepingStarts` where each starts.
    init(into target: FillTarget<Record>, skipping: UInt64 = 0, keepingStarts: Bool = false) {
        self.target = target
        self.skipping = skipping
        keepsStarts = keepingStarts
        if keepingStarts { starts.reserveCapacity(target.capacity) }
    }

    /// A run that checks its records' orders and IDs and keeps no record.
    init() {
        target = nil
        skipping = 0
        keepsStarts = false
    }

    /// Reads records from the cursor until the table's end, or `stop` when a record starts
    /// exactly there; with a `signal`, gives up once it is raised.
    mutating func read(_ cursor: inout ByteCursor, stoppingAt stop: Int = .max, signal: StopSignal? = nil) -> Outcome {
        let schema = Record.schema
        repeat {
            cursor.skipWhitespace()
            if cursor.index == stop {
                passedPages?.finished(at: stop)
                return .stopped
            }
            if keepsStarts {
                starts.append(cursor.index)
                if laidOut { laidOut = Self.isIndented(cursor.bytes, before: cursor.index) }
            }
            guard let key = cursor.storedID(), cursor.consume(UInt8(ascii: ":")),
                  readRecord(&cursor, key: key, schema) else { return .failed }
            if count % 4096 == 0, let signal, signal.isRaised { return .failed }
            passedPages?.passed(cursor.index)
        } while cursor.consume(UInt8(ascii: ","))
        passedPages?.finished(at: cursor.index)
        return .ended
    }

    /// Gives up the room for records from `offset` on to a run of its own, which another thread
    /// reads the records that follow in the file into (`join(_:)` takes them back).
    mutating func cede(from offset: Int) -> RecordRun? {
        guard let tail = target?.cede(from: offset) else { return nil }
        return RecordRun(into: tail, skipping: skipping, keepingStarts: keepsStarts)
    }

    /// Takes over the records of the run that follows this one in the file, read into the room
    /// this one ceded to it, after its own.
    mutating func join(_ next: RecordRun) -> Bool {
        guard let tail = next.target, target?.join(tail) == true else { return false }
        if next.lowest <= highest { ascending = false }
        if next.count > 0 {
            ordersFollow = ordersFollow && next.ordersFollow && (count == 0 || next.firstOrder == firstOrder + count)
            if count == 0 { firstOrder = next.firstOrder }
        }
        ascending = ascending && next.ascending
        lowest = min(lowest, next.lowest)
        highest = max(highest, next.highest)
        for block in highestByBlock.indices {
            highestByBlock[block] = max(highestByBlock[block], next.highestByBlock[block])
        }
        count += next.count
        starts += next.starts
        laidOut = laidOut && next.laidOut
        return true
    }

    /// Whether the record starting at `start` follows a comma or the table's opening brace by
    /// exactly a line break and four spaces, as the writer puts it.
    static func isIndented(_ bytes: ByteView, before start: Int) -> Bool {
        guard start >= 6 else { return false }
        let before = bytes[start - 6]
        return (before == UInt8(ascii: ",") || before == UInt8(ascii: "{")) && bytes.matches("\n    ", at: start - 5)
    }

    /// Releases the records of a run whose room was ceded and will not be joined.
    consuming func discard() {
        target?.discard()
    }

    /// Reads the record at the cursor, into the target's memory when it has one; `false` when
    /// it does not read or there is no room for it.
    private mutating func readRecord(
        _ cursor: inout ByteCursor, key: (text: String, number: Int), _ schema: RecordSchema<Record>
    ) -> Bool {
        let number = key.number
        if target != nil {
            let skipping = skipping
            var order = 0
            var recordLaidOut = false
            let added = target?.append(schema.blank(key.text)) { record in
                let read = schema.read(&cursor, key: key, into: &record, skipping: skipping, laidOut: &recordLaidOut)
                order = record.order
                return read
            }
            guard added == true else { return false }
            if !recordLaidOut { laidOut = false }
            if count == 0 {
                firstOrder = order
            } else if order != firstOrder &+ count {
                ordersFollow = false
            }
        } else {
            guard let record = schema.read(&cursor, key: key) else { return false }
            orders.append(record.order)
            numbers.append(number)
        }
        if number <= highest { ascending = false }
        highest = max(highest, number)
        lowest = min(lowest, number)
        let block = number / IDBlock.size
        if block < highestByBlock.count, number > highestByBlock[block] { highestByBlock[block] = number }
        count += 1
        return true
    }
}
