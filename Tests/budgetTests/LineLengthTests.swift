import Foundation
import XCTest

/// No line of a Swift file under Sources/ or Tests/ is longer than the 120 characters `.swift-format` sets
/// (`lineLength`). `make lint` runs swift-format with its pretty printer off (the layout is by hand), so
/// swift-format does not enforce the limit: this test does. Like swift-format, it counts Characters.
final class LineLengthTests: XCTestCase {
    private static let limit = 120

    /// Files that still have lines over the limit, relative to the repository root. This list must only
    /// shrink: reflow a file's long lines by hand, then take it off the list (the second test says when);
    /// never add a file to it.
    private static let notYetReflowed: Set<String> = [
        "Sources/BudgetCore/BudgetError.swift",
        "Sources/BudgetCore/Codec/ByteCursor.swift",
        "Sources/BudgetCore/Codec/FastDocumentCodec+History.swift",
        "Sources/BudgetCore/Codec/FastDocumentCodec+StoredHistory.swift",
        "Sources/BudgetCore/Codec/FastDocumentCodec.swift",
        "Sources/BudgetCore/Codec/RawBytes.swift",
        "Sources/BudgetCore/JSON/JSONReader.swift",
        "Sources/BudgetCore/JSON/JSONSerializer.swift",
        "Sources/BudgetCore/JSON/JSONSpan.swift",
        "Sources/BudgetCore/Models/CharacterTest.swift",
        "Sources/BudgetCore/Models/Day.swift",
        "Sources/BudgetCore/Models/Expense.swift",
        "Sources/BudgetCore/Models/FieldRules.swift",
        "Sources/BudgetCore/Models/Income.swift",
        "Sources/BudgetCore/Models/RecordReference.swift",
        "Sources/BudgetCore/Models/RegexParser.swift",
        "Sources/BudgetCore/Models/RegexPattern.swift",
        "Sources/BudgetCore/Models/Rule.swift",
        "Sources/BudgetCore/Models/TextFolding.swift",
        "Sources/BudgetCore/Models/ValueError.swift",
        "Sources/BudgetCore/Models/Weekday.swift",
        "Sources/BudgetCore/Operations/BudgetDocument+Categories.swift",
        "Sources/BudgetCore/Operations/BudgetDocument+Editing.swift",
        "Sources/BudgetCore/Operations/BudgetDocument+RuleChanges.swift",
        "Sources/BudgetCore/Operations/BudgetDocument+Settings.swift",
        "Sources/BudgetCore/Operations/CategorySpellings.swift",
        "Sources/BudgetCore/Operations/LimitWarning.swift",
        "Sources/BudgetCore/Operations/RecordEdit.swift",
        "Sources/BudgetCore/Platform/AtomicFile.swift",
        "Sources/BudgetCore/Platform/FileContents.swift",
        "Sources/BudgetCore/Platform/FileLock.swift",
        "Sources/BudgetCore/Platform/Iconv.swift",
        "Sources/BudgetCore/Schedules/BudgetDocument+Schedules.swift",
        "Sources/BudgetCore/Schedules/Forecast.swift",
        "Sources/BudgetCore/Schedules/RecurKeys.swift",
        "Sources/BudgetCore/Schedules/Recurrence.swift",
        "Sources/BudgetCore/Schedules/Schedule+Setting.swift",
        "Sources/BudgetCore/Schedules/Schedule.swift",
        "Sources/BudgetCore/Schedules/ScheduleError.swift",
        "Sources/BudgetCore/Schema/FieldCoders.swift",
        "Sources/BudgetCore/Schema/RecordField+Input.swift",
        "Sources/BudgetCore/Schema/RecordField.swift",
        "Sources/BudgetCore/Schema/RecordSchema.swift",
        "Sources/BudgetCore/Statements/BudgetDocument+Deleting.swift",
        "Sources/BudgetCore/Statements/BudgetDocument+Statements.swift",
        "Sources/BudgetCore/Statements/DeletedRows.swift",
        "Sources/BudgetCore/Statements/ImportKeys.swift",
        "Sources/BudgetCore/Statements/ImportProfile.swift",
        "Sources/BudgetCore/Statements/ImportProfileError.swift",
        "Sources/BudgetCore/Statements/KnownRows.swift",
        "Sources/BudgetCore/Statements/StatementAmount.swift",
        "Sources/BudgetCore/Statements/StatementDate.swift",
        "Sources/BudgetCore/Statements/StatementImport.swift",
        "Sources/BudgetCore/Statements/StatementPlan.swift",
        "Sources/BudgetCore/Statements/StatementPreset.swift",
        "Sources/BudgetCore/Statements/StatementReader+Rejoining.swift",
        "Sources/BudgetCore/Statements/StatementReader.swift",
        "Sources/BudgetCore/Storage/BudgetDocument+Validation.swift",
        "Sources/BudgetCore/Storage/BudgetDocument.swift",
        "Sources/BudgetCore/Storage/DocumentCodec.swift",
        "Sources/BudgetCore/Storage/JSONFileStore.swift",
        "Sources/BudgetCore/Storage/JSONObjectReader.swift",
        "Sources/budget/Commands/AddCommand.swift",
        "Sources/budget/Commands/CommandContext.swift",
        "Sources/budget/Commands/EditCommand.swift",
        "Sources/budget/Commands/ExportCommand.swift",
        "Sources/budget/Commands/ImportCommand.swift",
        "Sources/budget/Commands/RecurAddCommand.swift",
        "Sources/budget/Commands/RecurCommand.swift",
        "Sources/budget/Commands/RecurRunCommand.swift",
        "Sources/budget/Parsing/CommandLineParser.swift",
        "Sources/budget/Parsing/CommonArguments.swift",
        "Sources/budget/Parsing/GlobalOptions.swift",
        "Sources/budget/Parsing/ImportOptions.swift",
        "Sources/budget/Parsing/ParsedCommand+Values.swift",
        "Sources/budget/Parsing/QueryOptions.swift",
        "Sources/budget/Parsing/RecordTargets.swift",
        "Sources/budget/Parsing/ScheduleOptions.swift",
        "Sources/budget/Platform/CommandLineBytes.swift",
        "Sources/budget/Platform/LocalTimeZone.swift",
        "Sources/budget/Platform/ProcessEnvironment.swift",
        "Tests/BudgetCoreTests/CodecPropertyTests+StrictReader.swift",
        "Tests/BudgetCoreTests/CodecPropertyTests.swift",
        "Tests/BudgetCoreTests/ImportTests.swift",
        "Tests/BudgetCoreTests/RegexPatternTests.swift",
        "Tests/BudgetCoreTests/RuleTests.swift",
        "Tests/BudgetCoreTests/SpendingLimitTests.swift",
        "Tests/BudgetCoreTests/TreeStrictReader.swift",
        "Tests/budgetTests/BulkEndToEndTests.swift",
        "Tests/budgetTests/EncodingEndToEndTests.swift",
        "Tests/budgetTests/EndToEndTests.swift",
        "Tests/budgetTests/InputEndToEndTests.swift",
        "Tests/budgetTests/LayeringTests.swift",
        "Tests/budgetTests/PeriodEndToEndTests.swift",
        "Tests/budgetTests/RecordIDEndToEndTests.swift",
        "Tests/budgetTests/RecurEndToEndTests.swift",
        "Tests/budgetTests/ReliabilityTests.swift",
        "Tests/budgetTests/ReportEndToEndTests.swift",
        "Tests/budgetTests/RuleEndToEndTests.swift",
        "Tests/budgetTests/SettingsEndToEndTests.swift",
        "Tests/budgetTests/StatementEndToEndTests.swift",
        "Tests/budgetTests/StatementIdentityEndToEndTests.swift",
        "Tests/budgetTests/TagsEndToEndTests.swift",
    ]

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
