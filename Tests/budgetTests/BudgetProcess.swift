import Foundation
import XCTest

/// Runs the built `budget` executable in a scratch directory, as a shell script would.
final class BudgetProcess {
    struct Result {
        var code: Int32
        var stdout: String
        var stderr: String
        /// stdout as it was written (an export in CP932, with a byte-order mark).
        var stdoutBytes: Data

        init(code: Int32, _ output: ProcessPipes.Output) {
            self.code = code
            stdout = String(decoding: output.stdout, as: UTF8.self)
            stdoutBytes = output.stdout
            stderr = String(decoding: output.stderr, as: UTF8.self)
        }
    }

    /// The `budget` binary beside the test bundle (`BUDGET_BINARY` overrides).
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["BUDGET_BINARY"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("budget")
    }()

    /// The optimised binary `make test` builds, for the heavy reliability cases; else the debug one.
    static let releaseBinary: URL = {
        if let path = ProcessInfo.processInfo.environment["BUDGET_RELEASE_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return binary
    }()

    /// The release binary's code linked dynamically, for the tests that interpose C library
    /// calls with `LD_PRELOAD` (a static executable, as `make release` builds, never reads it);
    /// `make test` links one (`BUDGET_INTERPOSABLE_BINARY`), else the release binary.
    static let interposableBinary: URL = {
        if let path = ProcessInfo.processInfo.environment["BUDGET_INTERPOSABLE_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return releaseBinary
    }()

    /// The `PATH` of every process a test starts; `Peer` looks for programs in the same places.
    static let searchPath = "/usr/local/bin:/usr/bin:/bin"

    let directory: URL
    var dataFile: URL { directory.appendingPathComponent("budget.json") }
    var environment: [String: String]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("budget-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        ScratchDirectories.shared.removeAtEnd(directory)
        environment = ["HOME": directory.path, "PATH": Self.searchPath, "LANG": "C.UTF-8", "TZ": "UTC"]
        environment["BUDGET_FILE"] = dataFile.path
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `budget` with arguments and optional stdin, and waits for it.
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment.merging(extra) { $1 }
        let pipes = ProcessPipes(for: process, withInput: true)
        try process.run()
        let output = pipes.collect(from: process, stdin: stdin.map { Data($0.utf8) })
        XCTAssertEqual(process.terminationReason, .exit, "budget \(arguments) died by a signal")
        return Result(code: process.terminationStatus, output)
    }

    /// Runs `budget` and returns what it printed; the result is worth reading, so it must be used.
    func run(_ arguments: String..., stdin: String? = nil) throws -> Result {
        try run(arguments, stdin: stdin)
    }

    /// Runs a step a test relies on (setting up a sample, say) and fails the test unless it exits 0.
    @discardableResult
    func succeed(
        _ arguments: String..., stdin: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Result {
        let result = try run(arguments, stdin: stdin)
        XCTAssertEqual(result.code, 0, "budget \(arguments): \(result.stderr)", file: file, line: line)
        return result
    }

    /// Runs a `/bin/sh` script in the scratch directory with `$BUDGET` set to the release binary.
    @discardableResult
    func shell(_ script: String, environment extra: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = directory
        process.environment = environment.merging(["BUDGET": Self.releaseBinary.path]) { $1 }.merging(extra) { $1 }
        let pipes = ProcessPipes(for: process, withInput: false)
        try process.run()
        let output = pipes.collect(from: process)
        return Result(code: process.terminationStatus, output)
    }

    /// Runs a setup script a test relies on, under `set -e`, and fails the test unless every
    /// step of it succeeds.
    @discardableResult
    func shellSucceeds(_ script: String, file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let result = try shell("set -e\n" + script)
        XCTAssertEqual(result.code, 0, "\(script): \(result.stderr)", file: file, line: line)
        return result
    }

    /// Names in the scratch directory.
    func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// The data file's bytes, or `nil` when it does not exist.
    func dataBytes() -> Data? {
        try? Data(contentsOf: dataFile)
    }
}

/// Removes every scratch directory when the test run ends. XCTest keeps each test case, and so
/// the `BudgetProcess` a test class holds, alive until the process ends: their `deinit` would
/// never run, and each run would leave its scratch directories behind.
private final class ScratchDirectories: NSObject, XCTestObservation, @unchecked Sendable {  // guarded by `lock`
    static let shared: ScratchDirectories = {
        let directories = ScratchDirectories()
        XCTestObservationCenter.shared.addTestObserver(directories)
        return directories
    }()
    private let lock = NSLock()
    private var directories: [URL] = []

    func removeAtEnd(_ directory: URL) {
        lock.withLock { directories.append(directory) }
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        for directory in lock.withLock({ directories }) {
            try? FileManager.default.removeItem(at: directory)
        }
    }
}
