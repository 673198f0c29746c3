import Foundation
import XCTest

/// Programs some tests drive (tmux, the shells, ledger, hledger). Missing on a developer's
/// machine, a test that needs one is skipped with a message; under CI (`CI` set) it fails,
/// so that a green CI means the test ran.
enum PeerTool {
    /// The program's path on `PATH`-like standard places, or `nil`.
    static func path(_ name: String) -> String? {
        ["/usr/bin", "/bin", "/usr/local/bin"].map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Skips (or, under CI, fails) the calling test when the program is missing.
    static func require(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard path(name) == nil else { return }
        let message = "\(name) is not installed (apt-get install \(name))"
        if let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty {
            XCTFail("CI must have \(message)", file: file, line: line)
            throw MissingPeer()
        }
        throw XCTSkip(message)
    }

    private struct MissingPeer: Error {}
}
