#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why an import (or a restore) was refused, located by line and column where possible.
/// Nothing is imported.
public struct ImportError: LocalizedError, Equatable, Sendable {
    /// Refusals that a front end may explain in its own terms (which option or command fixes
    /// them); the message says it without naming any.
    public enum Reason: Equatable, Sendable {
        /// Any other refusal: the message says it all.
        case other
        /// A CSV file whose header holds tabs: it is TSV.
        case tabSeparatedAsCSV
        /// A JSON amount that is not a whole number of minor units.
        case amountNotInMinorUnits
        /// A restore of JSON that is not a budget export.
        case notAnExport
        /// A statement's column that is not there (the layout maps another).
        case statementColumn
        /// A statement's date that its date format does not read.
        case statementDate
        /// A statement's amount that is no number.
        case statementAmount
        /// A negative amount where one kind was asked for and no sign convention given.
        case statementNegative
        /// A statement no preset or mapping reads (no column gives a date, name or amount).
        case statementUnmapped
        /// A statement no preset reads whose first line is data, not a header: where its date,
        /// a name and an amount are (positions from 1).
        case statementHeaderless(date: Int, name: Int?, amount: Int)
        /// A statement whose first line is one column holding tabs.
        case statementTabs
        /// A statement a preset reads, whose header is not where the lines skipped end.
        case statementSkip
        /// Kind values given without a kind column.
        case statementKindColumn
        /// A value of a statement's kind column that has no meaning.
        case statementKind
    }

    /// The line, counted from 1.
    public var line: Int?
    /// The column's name (`amount`) or, for JSON, its number.
    public var column: String?
    /// What is wrong, lower-case.
    public var message: String
    /// What did not happen: `imported` or `restored` ("nothing was restored").
    public var refused: String
    /// Which refusal this is, where a front end may say more.
    public var reason: Reason

    /// A refusal at a line (and column), saying what was not done.
    public init(
        line: Int?, column: String? = nil, _ message: String, refused: String = "imported", reason: Reason = .other
    ) {
        self.line = line
        self.column = column
        self.message = message
        self.refused = refused
        self.reason = reason
    }

    /// `line 3, column 'amount': <message>; nothing was imported`.
    public var errorDescription: String? {
        var place: [String] = []
        if let line { place.append("line \(line)") }
        if let column { place.append(column.allSatisfy(\.isNumber) ? "column \(column)" : "column '\(column)'") }
        return (place.isEmpty ? "" : place.joined(separator: ", ") + ": ") + message + "; nothing was " + refused
    }
}
