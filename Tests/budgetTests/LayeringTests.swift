import Foundation
import XCTest

/// The executable's folders are layers: a file may use the types of its own folder and of the
/// folders before it in `layers`, never those after it (ARCHITECTURE.md), and `Commands/`
/// holds commands and what defines them, not helpers. Only the `Platform/` folders call the C
/// library.
final class LayeringTests: XCTestCase {
    private static let layers = ["Platform", "Utilities", "Parsing", "Output", "Usage", "Commands", "Running"]

    private var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/budget")
    }

    /// Every Swift file by folder, with its text (comments removed).
    private func files() throws -> [(folder: String, name: String, text: String)] {
        var result: [(String, String, String)] = []
        for folder in Self.layers {
            let directory = sources.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }.joined(separator: "\n")
                result.append((folder, name, code))
            }
        }
        return result
    }

    func testFolders_UseOnlyTheLayersBeforeThem() throws {
        let files = try files()
        let declaration = try NSRegularExpression(pattern: #"^(?:\s*(?:private |fileprivate |final )*)(?:struct|enum|class|protocol)\s+(\w+)"#, options: .anchorsMatchLines)
        var owner: [String: String] = [:]
        for file in files {
            let range = NSRange(file.text.startIndex..., in: file.text)
            for match in declaration.matches(in: file.text, range: range) {
                if let name = Range(match.range(at: 1), in: file.text) { owner[String(file.text[name])] = file.folder }
            }
        }
        XCTAssertEqual(owner["TextOutput"], "Utilities", "the scan finds declarations")
        for file in files {
            let level = try XCTUnwrap(Self.layers.firstIndex(of: file.folder))
            for (type, folder) in owner where Self.layers.firstIndex(of: folder)! > level {
                let uses = file.text.range(of: #"\b\#(type)\b"#, options: .regularExpression) != nil
                XCTAssertFalse(uses, "\(file.folder)/\(file.name) uses \(type) of \(folder)/, a later layer")
            }
        }
    }

    func testCLibrary_IsImportedOnlyByPlatformAndTheCodec() throws {
        let root = sources.deletingLastPathComponent()
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: root.path)).filter { $0.hasSuffix(".swift") }
        XCTAssertTrue(files.contains("budget/Platform/Signals.swift"), "the scan finds the sources")
        let libraryImport = try NSRegularExpression(pattern: #"^\s*(?:@preconcurrency\s+)?import\s+(?:Glibc|Darwin|Musl)\b"#, options: .anchorsMatchLines)
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            guard libraryImport.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else { continue }
            // The codec's byte view and buffers (memcmp, memcpy) are the one audited exception (ARCHITECTURE.md).
            let allowed = file.hasPrefix("BudgetCore/Platform/") || file.hasPrefix("budget/Platform/") || file == Self.audited
            XCTAssertTrue(allowed, "\(file) imports the C library: wrap the call in Platform/")
        }
    }

    /// The file of BudgetCore's codec that may work with pointers.
    private static let audited = "BudgetCore/Codec/RawBytes.swift"

    func testPointers_AreUsedOnlyByPlatformAndTheAuditedCodecFile() throws {
        let root = sources.deletingLastPathComponent()
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: root.path)).filter { $0.hasSuffix(".swift") }
        XCTAssertTrue(files.contains(Self.audited), "the scan finds the sources")
        // What pointer arithmetic and raw memory access look like in Swift.
        let pointerWork = try NSRegularExpression(pattern: #"\b(?:baseAddress|memcmp|memcpy|memchr|memmove|loadUnaligned|pointee|UnsafeMutablePointer|UnsafeRawPointer|UnsafeMutableRawPointer|OpaquePointer)\b|rebasing:|\.allocate\("#)
        var found = 0
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }.joined(separator: "\n")
            let matches = pointerWork.numberOfMatches(in: code, range: NSRange(code.startIndex..., in: code))
            if file == Self.audited || file.hasPrefix("BudgetCore/Platform/") || file.hasPrefix("budget/Platform/") {
                found += matches
                continue
            }
            XCTAssertEqual(matches, 0, "\(file) works with pointers: do it through \(Self.audited)'s checked types, or in Platform/")
        }
        XCTAssertGreaterThan(found, 10, "the pattern finds pointer work where it is allowed")
    }

    func testCommands_HoldsCommandsAndWhatDefinesThem() throws {
        let names = try files().filter { $0.folder == "Commands" }.map(\.name)
        let helpers = names.filter { !$0.hasSuffix("Command.swift") && !["CommandContext.swift", "CommandTree.swift"].contains($0) }
        XCTAssertEqual(helpers, [], "helpers belong in Parsing/, Output/ or Utilities/")
    }
}
