import Foundation
import XCTest

/// A program some tests run beside `budget`: ledger and hledger read its journal, bash, zsh and
/// fish its completion scripts, tmux drives it on a terminal, cc builds the fault-injection shim.
///
/// Locally a missing peer skips the test with a message. Under CI (`CI` set and not empty) it
/// fails the test instead: a green CI run must mean that every test really ran.
enum Peer {
    /// Whether the tests run under CI, where nothing may be skipped for want of a peer.
    static var isCI: Bool {
        !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
    }

    /// The peer's full path, searched where the test's processes search (`BudgetProcess.searchPath`),
    /// or `nil`.
    static func path(_ name: String) -> String? {
        BudgetProcess.searchPath.split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The peer's path. When it is missing, throws `XCTSkip` locally, or an error that fails the
    /// test under CI.
    static func require(_ name: String, for purpose: String) throws -> String {
        if let path = path(name) { return path }
        if isCI { throw Missing(name: name, purpose: purpose) }
        throw XCTSkip("\(name) is not installed, needed \(purpose)")
    }

    /// Whether the peer is installed, for a test that checks several peers and goes on without
    /// some. A missing peer prints a message locally and fails the test under CI.
    static func isAvailable(
        _ name: String, for purpose: String, file: StaticString = #filePath, line: UInt = #line
    ) -> Bool {
        if path(name) != nil { return true }
        if isCI {
            XCTFail(Missing(name: name, purpose: purpose).description, file: file, line: line)
        } else {
            print("skipping the check \(purpose): \(name) is not installed")
        }
        return false
    }

    /// A peer that CI promised (`.ci/run` installs it) and did not deliver.
    struct Missing: Error, CustomStringConvertible {
        let name: String
        let purpose: String

        var description: String {
            "\(name) is not installed, needed \(purpose); under CI a missing peer is a failure, not a skip"
        }
    }
}
