import Foundation
import XCTest

/// Runs the built `budget` executable in a scratch directory, as a shell script would.
final class BudgetProcess {
    struct Result {
        var code: Int32
        var stdout: String
        var stderr: String
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

    let directory: URL
    var dataFile: URL { directory.appendingPathComponent("budget.json") }
    var environment: [String: String]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("budget-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        environment = ["HOME": directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"]
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
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "budget \(arguments) died by a signal")
        return Result(code: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    func run(_ arguments: String..., stdin: String? = nil) throws -> Result {
        try run(arguments, stdin: stdin)
    }

    /// Runs a `/bin/sh` script in the scratch directory with `$BUDGET` set to the release binary.
    @discardableResult
    func shell(_ script: String, environment extra: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = directory
        process.environment = environment.merging(["BUDGET": Self.releaseBinary.path]) { $1 }.merging(extra) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(code: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
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
