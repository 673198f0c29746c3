import Foundation
import XCTest

/// No line of a Swift file under Sources/ or Tests/ is longer than the 120 characters `.swift-format` sets
/// (`lineLength`). `make lint` runs swift-format with its pretty printer off (the layout is by hand), so
/// swift-format does not enforce the limit: this test does. Like swift-format, it counts Characters.
final class LineLengthTests: XCTestCase {
    private static let limit = 120

    /// Files that still have lines over the limit, relative to the repository root: none since every
    /// file was reflowed by hand. Never add a file to it; the second test says when one can come off.
    private static let notYetReflowed: Set<String> = []

    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Every Swift file under Sources/ and Tests/, relative to the repository root.
    private func swiftFiles() throws -> [String] {
        var result: [String] = []
        for folder in ["Sources", "Tests"] {
            let paths = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            result += paths.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }
        }
        return result.sorted()
    }

    /// The lines of the file at `path` that are over the limit: their numbers (from 1) and lengths.
    private func longLines(of path: String) throws -> [(number: Int, length: Int)] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        return lines.enumerated().filter { $0.element.count > Self.limit }.map { ($0.offset + 1, $0.element.count) }
    }

    func testSwiftFiles_HaveNoLineOverTheLimit() throws {
        let files = try swiftFiles()
        XCTAssertTrue(files.contains("Sources/budget/Budget.swift"), "the scan finds the sources")
        XCTAssertTrue(files.contains("Tests/budgetTests/LineLengthTests.swift"), "the scan finds the tests")
        for path in files where !Self.notYetReflowed.contains(path) {
            for line in try longLines(of: path) {
                XCTFail("\(path):\(line.number): \(line.length) characters, over the limit of \(Self.limit)")
            }
        }
    }

    func testNotYetReflowed_ListsOnlyFilesThatStillHaveLongLines() throws {
        let files = Set(try swiftFiles())
        for path in Self.notYetReflowed.sorted() {
            guard files.contains(path) else {
                XCTFail("\(path) no longer exists: take it off notYetReflowed")
                continue
            }
            let long = try longLines(of: path)
            XCTAssertFalse(
                long.isEmpty, "\(path) has no line over \(Self.limit) characters: take it off notYetReflowed")
        }
    }
}
