import TestSupport
import XCTest
@testable import BudgetCore

/// The pieces of the two-device fold (issue #28): stamps, the hybrid logical clock, version
/// vectors and one field's register, whose fold must be commutative, associative and
/// idempotent, and must never drop a concurrent change silently.
final class FieldRegisterTests: XCTestCase {
    private func stamp(_ wall: Int64, _ device: String, _ counter: Int = 0) -> Stamp {
        Stamp(wall: wall, counter: counter, device: device)
    }

    func testStamps_OrderByTimeCounterDeviceAndRoundTripTheirText() {
        XCTAssertLessThan(stamp(1, "b"), stamp(2, "a"))
        XCTAssertLessThan(stamp(1, "b", 0), stamp(1, "a", 1))
        XCTAssertLessThan(stamp(1, "a"), stamp(1, "b"))
        let text = "1795737600000.3.laptop"
        XCTAssertEqual(Stamp(text: text)?.description, text)
        XCTAssertEqual(Stamp(text: "1.0.my.phone")?.device, "my.phone")
        for bad in ["", "1.0.", "x.0.a", "1.-1.a", "01.0.a", "1.0", "-1.0.a"] { XCTAssertNil(Stamp(text: bad), bad) }
    }

    /// The clock never goes back, and stamps after anything it saw, however far ahead the
    /// other device's clock runs.
    func testClock_NeverGoesBackAndComesAfterWhatItSaw() {
        var clock = HybridClock(device: "a")
        XCTAssertEqual(clock.stamp(now: 100), stamp(100, "a"))
        XCTAssertEqual(clock.stamp(now: 100), stamp(100, "a", 1), "within one millisecond: the counter")
        XCTAssertEqual(clock.stamp(now: 90), stamp(100, "a", 2), "the wall clock went back: the stamp does not")
        clock.observe(stamp(5_000, "b", 7))
        XCTAssertEqual(clock.stamp(now: 200), stamp(5_000, "a", 8), "after a stamp seen from a clock ahead")
        XCTAssertEqual(clock.stamp(now: 6_000), stamp(6_000, "a"))
        clock.observe(stamp(1, "b"))
        XCTAssertEqual(clock.stamp(now: 6_000), stamp(6_000, "a", 1), "an older stamp seen changes nothing")
    }

    /// Both change the rent offline: one amount wins on both devices and the other is listed;
    /// a change made after seeing the other's wins with no conflict; settling a conflict on one
    /// device settles it everywhere.
    func testRegister_ConcurrentChangesAreKeptAsConflictsAndSettledEverywhere() {
        let base = FieldRegister(80_000, stamp: stamp(1, "a"))
        var a = base, b = base
        a.write(82_000, stamp: stamp(10, "a"))
        b.write(81_000, stamp: stamp(12, "b"))
        let onA = a.merged(with: b), onB = b.merged(with: a)
        XCTAssertEqual(onA, onB)
        XCTAssertEqual(onA.value, 81_000, "the later change wins")
        XCTAssertEqual(onA.conflicts.map(\.value), [82_000], "and the other is listed")
        XCTAssertEqual(onA.conflicts.map(\.stamp), [stamp(10, "a")], "with the change (its device) that wrote it")

        var settled = onA
        settled.write(82_000, stamp: stamp(20, "a"))
        XCTAssertEqual(settled.merged(with: onB), settled.merged(with: onB).merged(with: onB))
        XCTAssertEqual(settled.merged(with: onB).conflicts, [], "settled on a, settled on b once folded")
        XCTAssertEqual(onB.merged(with: settled).value, 82_000)

        var after = onA
        after.write(83_000, stamp: stamp(5, "b"))  // b's clock behind, but it saw a's change
        XCTAssertEqual(after.merged(with: a).conflicts, [], "a change that knew the other is no conflict")
        var same = base
        same.write(81_000, stamp: stamp(11, "a"))
        XCTAssertEqual(same.merged(with: b).conflicts, [], "the same value written twice is no conflict")
    }

    /// Three replicas write and fold in random orders: folding is commutative, associative and
    /// idempotent; once every replica has folded in the others they agree; a concurrent loser
    /// is either listed or was written over by a change that knew it.
    func testRegister_FoldIsACommutativeAssociativeIdempotentMerge() {
        let rounds = PropertyDepth.rounds(deep: 2_000, fast: 300)
        var generator = SeededGenerator(seed: 28)
        for round in 0..<rounds {
            let devices = ["a", "b", "c"]
            // Every replica starts from one file, its first change seen by every device's clock.
            let first = stamp(0, "a")
            var clocks = devices.map { HybridClock(device: $0, latest: first) }
            var replicas = [FieldRegister](repeating: FieldRegister(0, stamp: first), count: 3)
            var now: Int64 = 1
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let index = Int.random(in: 0..<3, using: &generator)
                now += Int64.random(in: -3...5, using: &generator)  // clocks drift and go back
                if Bool.random(using: &generator) {
                    let value = Int.random(in: 0...3, using: &generator)
                    replicas[index].write(value, stamp: clocks[index].stamp(now: now))
                } else {
                    let other = (index + Int.random(in: 1...2, using: &generator)) % 3
                    replicas[index] = replicas[index].merged(with: replicas[other])
                    clocks[index].observe(replicas[other].stamp)
                }
            }
            let (x, y, z) = (replicas[0], replicas[1], replicas[2])
            XCTAssertEqual(x.merged(with: y), y.merged(with: x), "commutative, round \(round)")
            XCTAssertEqual(
                x.merged(with: y).merged(with: z), x.merged(with: y.merged(with: z)), "associative, round \(round)")
            XCTAssertEqual(x.merged(with: x), x, "idempotent, round \(round)")
            let all = x.merged(with: y).merged(with: z)
            XCTAssertEqual(all.merged(with: x), all, "folding a replica in again changes nothing, round \(round)")
            // Every replica's value is the final one, or listed, or was replaced by a change that
            // knew it: no version is dropped unless the fold knows of its change.
            for replica in replicas {
                for version in replica.versions where !all.versions.contains(version) {
                    XCTAssertTrue(all.knows.contains(version.stamp), "round \(round): \(version.value) lost silently")
                }
            }
            for index in 0..<3 {
                // Every replica that folds in the others ends with the same register.
                XCTAssertEqual(replicas[index].merged(with: replicas[(index + 1) % 3]).merged(
                    with: replicas[(index + 2) % 3]), all, "round \(round)")
            }
        }
    }
}
