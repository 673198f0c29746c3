/// How one statement is read and where its rows come from: a built-in preset (named or found
/// from the header), a saved profile, and the options given on top of them.
public struct StatementPlan: Sendable {
    /// The options in force: what `--save-profile` stores (the preset used included).
    public let profile: ImportProfile
    /// The built-in export the statement is, if any.
    public let preset: StatementPreset?
    /// How its rows are read.
    public let layout: StatementLayout
    /// The first part of each record's `source`: the account of the saved profile used (its
    /// `account`, else its name), else the name of the profile being saved (a profile stands
    /// for one account, so two accounts at one bank are told apart), else the preset's, else
    /// `statement` (neither names an account: `StatementSource`). A profile saved from a
    /// saved profile keeps that profile's account.
    public let origin: String
    /// The only kind imported, if one was asked for.
    public let kind: RecordKind?

    /// What the confirmation calls the file (`a Rakuten Card statement`).
    public var title: String { preset?.title ?? "the statement" }

    /// The plan for a statement's text.
    ///
    /// - Parameters:
    ///   - profileName: a preset's or a saved profile's name, if one was named; without one a
    ///     preset is looked for in the text (unless `options` map columns of their own).
    ///   - options: options given for this import, which win over the profile's.
    ///   - saveAs: the name the options will be saved under, if any (it names the source).
    ///   - kind: the only kind to import, if one was asked for.
    /// - Throws: `ImportProfileError.unknown` for a name that is neither a preset nor a saved
    ///   profile; `ImportError` (`.statementUnmapped`) when no column gives a date, a name or
    ///   an amount, listing the header and the closest preset.
    public init(
        for text: String, profileName: String?, options given: ImportProfile, savingAs saveAs: String?,
        kind: RecordKind?, in document: BudgetDocument
    ) throws {
        var base = ImportProfile()
        var savedName: String?
        if let profileName {
            guard let found = document.importProfile(named: profileName) else {
                throw ImportProfileError.unknown(profileName, saved: document[settings: ImportKeys.self].profileNames)
            }
            base = found
            if StatementPreset.named(profileName) == nil { savedName = profileName }
        } else if given.mappings.isEmpty,
                  let detected = StatementPreset.detect(
                    in: text, delimiter: given.delimiter ?? ",", from: given.skipLines ?? 0) {
            base.preset = detected.name
        }
        var profile = base.overridden(by: given)
        let account = savedName.map { base.account ?? $0 }
        // A profile saved under its account's name needs no `account` option.
        profile.account = account == saveAs ? nil : account
        self.profile = profile
        preset = profile.preset.flatMap(StatementPreset.named)
        layout = profile.layout(on: preset?.layout ?? StatementLayout())
        origin = account ?? saveAs ?? preset?.name ?? StatementImport.anyStatement
        self.kind = kind
        if !layout.kindValues.isEmpty && layout[.kind].isEmpty {
            throw ImportError(
                line: nil,
                "values of a kind column are given meanings, but no column is the kind: they would change nothing",
                reason: .statementKindColumn)
        }
        if let missing = layout.missingField {
            let cells = StatementReader.headerCells(text, layout: layout)
            let unmapped = preset == nil && profile.mappings.isEmpty
            if unmapped, let known = NotAStatement.found(in: text, delimiter: layout.delimiter) {
                throw ImportError(line: nil, "the file is " + known.why)
            }
            if unmapped, let detected = StatementPreset.detect(in: text, delimiter: layout.delimiter) {
                // The header is there, among the lines skipped.
                throw ImportError(
                    line: nil,
                    "the file is \(detected.title) (the preset \(detected.name)), whose header is among the "
                        + "\(layout.skipLines) lines skipped",
                    reason: .statementSkip)
            }
            if unmapped && layout.hasHeader, let positions = Self.dataPositions(cells, today: Day.today()) {
                let shown = cells.prefix(4).map { "'\($0)'" }.joined(separator: ", ")
                throw ImportError(
                    line: 1,
                    "the file matches no known statement, and its first line looks like a row of data "
                        + "(\(shown)\(cells.count > 4 ? ", …" : "")), not a header naming the columns",
                    reason: .statementHeaderless(date: positions.date, name: positions.name, amount: positions.amount))
            }
            if unmapped && cells.count == 1 && cells[0].contains("\t") && layout.delimiter != "\t" {
                throw ImportError(
                    line: 1, "the file matches no known statement, and its first line is one column holding tabs: "
                        + "it looks tab-separated",
                    reason: .statementTabs)
            }
            let columns = cells.isEmpty
                ? "its first line is no row of fields separated by '\(Character(layout.delimiter))'"
                : "its columns: \(cells.map { "'\($0)'" }.joined(separator: ", "))"
            var message = unmapped
                ? "the file matches no known statement (\(columns))"
                : "no column gives the \(missing.rawValue)"
            if preset == nil && !unmapped,
               let detected = StatementPreset.detect(in: text, delimiter: layout.delimiter, from: layout.skipLines) {
                // Columns of one's own on a statement a preset reads whole.
                message += "; the file is \(detected.title), which the preset \(detected.name) reads with no --map"
            } else if preset == nil, let closest = StatementPreset.closest(toHeader: cells) {
                message += "; it looks closest to \(closest.title) (the preset \(closest.name))"
            } else if preset == nil && profile.mappings.isEmpty
                && cells.contains(where: { RecordImporter.readsHeader([$0]) }) {
                message += "; budget's own files have the columns \(RecordImporter.columns.joined(separator: ", "))"
            }
            throw ImportError(line: nil, message, reason: .statementUnmapped)
        }
    }

    /// Where a first line that reads as a row of data rather than a header has its date, a
    /// name and an amount (positions from 1), when it does: a cell is a date and another an
    /// amount; the name is the first other cell with text in it.
    static func dataPositions(_ cells: [String], today: Day) -> (date: Int, name: Int?, amount: Int)? {
        let plain = cells.map { FieldRules.trimmed(HalfWidth.plain($0)) }
        guard let date = plain.firstIndex(where: { StatementDate.read($0, pattern: nil, asOf: today) != nil }) else {
            return nil
        }
        func isAmount(_ index: Int) -> Bool {
            guard index != date, !plain[index].isEmpty,
                  case .success(_?) = StatementAmount.parse(plain[index], decimalMark: .point, minorDigits: 9)
            else { return false }
            return true
        }
        guard let amount = plain.indices.first(where: isAmount) else { return nil }
        let name = plain.indices.first { $0 != date && !isAmount($0) && !plain[$0].isEmpty && plain[$0] != "-" }
        return (date + 1, name.map { $0 + 1 }, amount + 1)
    }

    /// The reader of the statement, for a budget's currency; dates without a year are read
    /// as the latest such day on or before `today`, the statement's day (the day it was
    /// downloaded, or today).
    public func reader(for document: BudgetDocument, today: Day) -> StatementReader {
        // A preset's or a given sign decides each row's kind; without either, a kind asked for
        // takes plain amounts (a negative one is refused).
        var reader = StatementReader(
            layout: layout, preset: preset, kind: kind,
            signDecidesKind: preset != nil || profile.sign != nil || kind == nil,
            minorDigits: document.moneyFormat.currency?.minorDigits ?? 0, today: today)
        reader.currencySymbols = document.moneyFormat.currency?.symbols ?? []
        reader.keepsTransfers = profile.into != nil
        return reader
    }

    /// How an import of this statement goes, under the budget's rules.
    public func importSettings(rules: RuleSet, allowDuplicates: Bool) -> StatementImport {
        var settings = StatementImport(origin: origin, rules: rules)
        settings.defaultCategory = profile.category
        settings.defaultTags = Tags(profile.tags)
        settings.foldNames = profile.foldNames
        settings.allowDuplicates = allowDuplicates
        settings.account = profile.into
        return settings
    }
}
