/// Room for values filled one after another in memory someone else owns: an array being made
/// (`array(capacity:_:)`) or a `FillBuffer` filled on another thread. Appending past the room
/// is refused, never done.
struct FillTarget<Element>: @unchecked Sendable {  // its memory is handed over with it
    fileprivate let start: UnsafeMutablePointer<Element>
    /// How many values fit.
    let capacity: Int
    /// How many values are there, from the start.
    private(set) var count = 0

    fileprivate init(start: UnsafeMutablePointer<Element>, capacity: Int) {
        self.start = start
        self.capacity = capacity
    }

    /// Puts a value after the others; `false` when there is no room.
    mutating func append(_ element: consuming Element) -> Bool {
        guard count < capacity else { return false }
        (start + count).initialize(to: element)
        count += 1
        return true
    }

    /// Puts a value after the others and lets `fill` finish it where it lies; `false` (and no
    /// value kept) when there is no room or `fill` fails.
    mutating func append(_ element: consuming Element, filling fill: (inout Element) -> Bool) -> Bool {
        guard count < capacity else { return false }
        let slot = start + count
        slot.initialize(to: element)
        guard fill(&slot.pointee) else {
            slot.deinitialize(count: 1)
            return false
        }
        count += 1
        return true
    }

    /// Moves every value of `buffer` after these (the buffer is left empty); `false`, moving
    /// nothing, when they do not fit.
    mutating func take(_ buffer: FillBuffer<Element>) -> Bool {
        let taken = buffer.target.count
        guard taken <= capacity - count else { return false }
        (start + count).moveInitialize(from: buffer.target.start, count: taken)
        buffer.target.count = 0
        count += taken
        return true
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

/// Memory for values filled on another thread, owned until they are taken into an array
/// (`FillTarget.take`): whatever it still holds is released with it.
final class FillBuffer<Element>: @unchecked Sendable {  // filled by one thread, then handed over
    fileprivate var target: FillTarget<Element>

    /// Room for `capacity` values, none there yet.
    init(capacity: Int) {
        let room = max(capacity, 1)
        target = FillTarget(start: .allocate(capacity: room), capacity: room)
    }

    /// Fills the buffer.
    func fill<Result>(_ body: (inout FillTarget<Element>) -> Result) -> Result {
        body(&target)
    }

    deinit {
        target.start.deinitialize(count: target.count)
        target.start.deallocate()
    }
}
