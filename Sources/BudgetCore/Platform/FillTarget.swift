#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Room for values filled one after another in memory someone else owns: an array being made
/// (`array(capacity:_:)`), whose room can be shared with another thread (`cede(from:)`) and
/// joined again (`join(_:)`). Appending past the room is refused, never done.
struct FillTarget<Element>: @unchecked Sendable {  // its memory is handed over with it
    private let start: UnsafeMutablePointer<Element>
    /// How many values fit.
    private(set) var capacity: Int
    /// How many values are there, from the start.
    private(set) var count = 0
    /// Whether room after `capacity` is ceded and not yet joined.
    private var isCeded = false
    /// Where the room starts (for tests).
    var roomStart: UnsafeRawPointer { UnsafeRawPointer(start) }
    /// How many values' room, from the start, is known to be mapped already.
    private var prefaulted = 0

    private init(start: UnsafeMutablePointer<Element>, capacity: Int) {
        self.start = start
        self.capacity = capacity
    }

    /// Puts a value after the others; `false` when there is no room.
    mutating func append(_ element: consuming Element) -> Bool {
        guard count < capacity else { return false }
        if count == prefaulted { prefault() }
        (start + count).initialize(to: element)
        count += 1
        return true
    }

    /// Puts a value after the others and lets `fill` finish it where it lies; `false` (and no
    /// value kept) when there is no room or `fill` fails.
    mutating func append(_ element: consuming Element, filling fill: (inout Element) -> Bool) -> Bool {
        guard count < capacity else { return false }
        if count == prefaulted { prefault() }
        let slot = start + count
        slot.initialize(to: element)
        guard fill(&slot.pointee) else {
            slot.deinitialize(count: 1)
            return false
        }
        count += 1
        return true
    }

    /// Gives up the room from `offset` on (counted from this target's start) to a target of its
    /// own, which another thread may fill while this one fills the room before it; `nil` when
    /// values are there already or `offset` is not within the room.
    mutating func cede(from offset: Int) -> FillTarget? {
        guard !isCeded, count == 0, offset >= 0, offset < capacity else { return nil }
        let tail = FillTarget(start: start + offset, capacity: capacity - offset)
        capacity = offset
        isCeded = true
        return tail
    }

    /// Takes back the room `cede(from:)` gave `tail` (filled, its filling thread ended), its
    /// values moved to follow these: no move at all when these filled the room up to it.
    mutating func join(_ tail: FillTarget) -> Bool {
        guard isCeded, tail.start == start + capacity else { return false }
        if count < capacity { (start + count).moveInitialize(from: tail.start, count: tail.count) }
        count += tail.count
        capacity += tail.capacity
        prefaulted = count
        isCeded = false
        return true
    }

    /// Maps the room of the next `prefaultSize` bytes of values in one call, when that much
    /// room is left: a fault for each 4 KiB page as it is first written costs more (measured
    /// on `summary --all` of 100,000 records: 3,842 page faults and 13 ms of system time
    /// before, 757 and 9 ms after). Advice only: where the system does not take it (before
    /// Linux 5.14, or elsewhere) the pages fault in as before. At most one stretch is mapped
    /// and never written (the room is reserved by an upper bound); the last, shorter than a
    /// stretch, faults in as written.
    private mutating func prefault() {
        let stride = max(MemoryLayout<Element>.stride, 1)
        let chunk = max(1, Self.prefaultSize / stride)
        guard count + chunk <= capacity else {
            prefaulted = capacity
            return
        }
        #if os(Linux)
        let page = 4096
        let first = Int(bitPattern: start + count) / page * page
        let end = Int(bitPattern: start + count) + chunk * stride
        if let region = UnsafeMutableRawPointer(bitPattern: first) {
            _ = madvise(region, end - first, Self.populateWrite)
        }
        #endif
        prefaulted = count + chunk
    }

    /// How much room `prefault()` maps at a time: 256 KiB, 64 pages a call, so that the room
    /// mapped and never written stays small (a delete of 100,000 records peaked 1.6 MB higher
    /// with 1 MiB).
    static var prefaultSize: Int { 1 << 18 }

    /// `MADV_POPULATE_WRITE`, which older C headers lack.
    private static var populateWrite: Int32 { 23 }

    /// Releases the values of room that is given up (a ceded tail that is not joined).
    consuming func discard() {
        start.deinitialize(count: count)
    }

    /// An array of up to `capacity` values, those `fill` appends. Room that is not filled
    /// costs address space only (pages never touched are never mapped).
    static func array(capacity: Int, _ fill: (inout FillTarget<Element>) -> Void) -> [Element] {
        [Element](unsafeUninitializedCapacity: max(capacity, 1)) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            var target = FillTarget(start: base, capacity: buffer.count)
            fill(&target)
            initialized = target.count
        }
    }
}
