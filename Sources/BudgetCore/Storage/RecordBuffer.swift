/// Memory for records read on another thread, owned until they are moved into the table's
/// array: whatever it still holds is released with it.
final class RecordBuffer<Record: BaseModel>: @unchecked Sendable {
    /// The first record's place.
    let start: UnsafeMutablePointer<Record>
    /// How many records fit.
    let capacity: Int
    /// How many records are initialised, from the start (set by the one thread using it).
    var count = 0

    /// Room for `capacity` records, none there yet.
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        start = .allocate(capacity: self.capacity)
    }

    /// Moves every record to `destination`, which must have room and hold nothing there.
    func moveRecords(to destination: UnsafeMutablePointer<Record>) {
        destination.moveInitialize(from: start, count: count)
        count = 0
    }

    deinit {
        start.deinitialize(count: count)
        start.deallocate()
    }
}
