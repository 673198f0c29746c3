import Foundation
import XCTest

/// The test helper itself: a child that fills both output pipes, and one that never reads its
/// input, must neither deadlock the test nor kill it.
final class ProcessPipesTests: XCTestCase {
    func testBothStreamsBeyondAPipeBufferAndUnreadInput() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "head -c 300000 /dev/zero >&2; head -c 300000 /dev/zero; exit 3"]
        let pipes = ProcessPipes(for: process, withInput: true)
        try process.run()
        let output = pipes.collect(from: process, stdin: Data(count: 1 << 20))
        XCTAssertEqual(process.terminationStatus, 3)
        XCTAssertEqual(output.stdout.count, 300_000)
        XCTAssertEqual(output.stderr.count, 300_000)
    }

    func testChildrenDoNotInheritAnIgnoredSIGPIPE() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "yes | head -n 1"]
        let pipes = ProcessPipes(for: process, withInput: true)
        try process.run()
        let output = pipes.collect(from: process, stdin: Data("unread".utf8))
        XCTAssertEqual(String(decoding: output.stdout, as: UTF8.self), "y\n")
        XCTAssertEqual(String(decoding: output.stderr, as: UTF8.self), "", "yes stops quietly on SIGPIPE")
    }
}
