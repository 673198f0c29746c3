import BudgetCore

/// `budget import [incomes|expenses] <file|->`: adds records from budget's own CSV, TSV or
/// JSON, or from a bank, card or household-app statement (a built-in preset, a saved profile
/// or columns mapped with `--map`), all or nothing, as one undo step.
struct ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import", abstract: "Add records from a statement or from CSV, TSV or JSON, all or nothing.",
        discussion: """
            A statement (a bank, card or household-app CSV) is recognised by its header or, without one, its shape: \
            \(StatementPreset.all.map(\.name).joined(separator: ", ")); other statements need --map (or a saved \
            --profile). Each row's kind comes from its columns (out/in, a kind column, or the sign of the amount); \
            with a kind argument only that kind is imported. Every imported record remembers its row, so importing an \
            overlapping statement adds only new rows, and a deleted imported record's row is not imported again \
            (--include-deleted imports such rows again, --allow-duplicates every row). A row of the kind and amount of \
            a record that no row accounts for yet (a scheduled occurrence or a record typed in), dated within \
            \(StatementImport.matchWindow) days, is linked to that record instead of added (--no-match adds it); the \
            confirmation lists each match. budget's own CSV and TSV need a header row naming the columns \
            (\(RecordImporter.columns.joined(separator: ", ")), in any order; id and order are ignored: records get \
            new IDs and go last, in file order); JSON is what 'budget list --format json' or 'budget export' writes. \
            One bad row means nothing is imported; every bad row is reported with its line and column. The new IDs are \
            printed on stdout; the import is one undo step.
            """,
        arguments: [
            ArgumentSpec(
                name: "kind", help: "incomes or expenses: import only that kind (optional).", isOptional: true,
                choices: ["incomes", "expenses"]),
            ArgumentSpec(name: "file", help: "The file to read, or - for stdin.", completion: .files),
        ],
        options: [
            OptionSpec(long: "format", valueName: "format",
                       help: "csv, tsv or json for budget's own files "
                           + "(default: from the file name, else from the content).",
                       choices: ["csv", "tsv", "json"]),
        ] + ImportOptions.specs + [
            OptionSpec(long: "as-of", valueName: "day",
                       help: "The statement's day (when it was downloaded): a date without a year (4月30日, 05/11) "
                           + "is the latest such day on or before it (default: today)."),
            OptionSpec(
                long: "dry-run",
                help: "Check the file and show what would be added, and the lines that would become no record "
                    + "(with why), without adding anything."),
            OptionSpec(long: "skip-duplicates",
                       help: "For budget's own files: skip rows equal (date, name, amount, category) to a record, "
                           + "as many times as such records exist."),
            OptionSpec(long: "encoding", valueName: "encoding",
                       help: "auto, utf-8, cp932, euc-jp, windows-1252 (cp1252) or latin-1 (iso-8859-1) "
                           + "(default: auto: a byte-order mark, else UTF-8, else CP932, else EUC-JP; windows-1252 "
                           + "and latin-1 must be named).",
                       choices: encodings),
        ])

    /// What `--encoding` accepts.
    static let encodings = ["auto"] + TextEncoding.allCases.map(\.rawValue)

    let kind: RecordKind?
    let path: String
    let format: ImportFormat?
    let profileName: String?
    let given: ImportProfile
    let saveAs: String?
    let isStatement: Bool
    let dryRun: Bool
    /// The statement's day, for dates without a year (`nil`: today).
    let asOf: Day?
    let skipDuplicates: Bool
    let allowDuplicates: Bool
    let noMatch: Bool
    let noBalanceCheck: Bool
    let includeDeleted: Bool
    /// The file's encoding as given (`nil`: not given, a saved profile's or auto).
    let encodingText: String?

    init(_ parsed: ParsedCommand) throws(UsageError) {
        if parsed.positionals.count == 2 {
            kind = try parsed.kind(parsed.positionals[0])
            path = parsed.positionals[1]
        } else {
            kind = nil
            path = parsed.positionals[0]
        }
        if let text = parsed.value("format") {
            guard let format = ImportFormat(rawValue: text) else {
                throw parsed.usageError("invalid value '\(text)' for '--format <format>': expected csv, tsv or json")
            }
            self.format = format
        } else {
            format = nil
        }
        profileName = parsed.value("profile")
        var given = try ImportOptions.profile(parsed)
        if let encoding = parsed.value("encoding") { given.encoding = encoding.lowercased() }
        self.given = given
        saveAs = parsed.value("save-profile")
        dryRun = parsed.flag("dry-run")
        asOf = try parsed.value("as-of").map { text throws(UsageError) in try parsed.day(text) }
        skipDuplicates = parsed.flag("skip-duplicates")
        allowDuplicates = parsed.flag("allow-duplicates")
        noMatch = parsed.flag("no-match")
        noBalanceCheck = parsed.flag("no-balance-check")
        includeDeleted = parsed.flag("include-deleted")
        _ = try parsed.textEncoding(choices: Self.encodings, default: "auto")
        encodingText = parsed.value("encoding")?.lowercased()
        isStatement = profileName != nil || saveAs != nil
            || ImportOptions.statementOptionNames.contains { parsed.flag($0) || parsed.value($0) != nil }
        if format != nil && isStatement {
            throw parsed.usageError("'--format' is for budget's own files; a statement is read by --profile and --map")
        }
        if dryRun && saveAs != nil { throw parsed.usageError("'--save-profile' saves nothing with '--dry-run'") }
        if let saveAs, !ImportProfile.isValidName(saveAs) {
            throw parsed.usageError(
                "invalid value '\(saveAs)' for '--save-profile <name>': expected a name without spaces or commas "
                    + "that is not a preset's")
        }
    }

    func run(in context: CommandContext) throws {
        var encoding = encodingText
        if encoding == nil, let profileName, StatementPreset.named(profileName) == nil {
            // A saved profile remembers its statements' encoding.
            encoding = try context.store().load().importProfile(named: profileName)?.encoding
        }
        let text = try InputText.decoded(
            path, decoder: TextDecoder(encoding: TextEncoding(rawValue: encoding ?? "auto")),
            readAllInput: context.readAllInput)
        if text.unicodeScalars.allSatisfy({ $0 == "\n" || $0 == "\r" || $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }) {
            throw ImportError(line: nil, "the file is empty")
        }
        let ownFormat = format ?? ImportFormat(fileName: path) ?? ImportFormat(sniffing: text)
        if isStatement || (format == nil && ownFormat != .json && isStatementText(text, ownFormat: ownFormat)) {
            try importStatement(text, in: context)
        } else {
            try importOwn(text, format: ownFormat, in: context)
        }
    }

    /// Whether a file given without statement options is a statement rather than budget's own
    /// CSV or TSV: any header that is not all budget's columns (a CSV header holding tabs
    /// aside: that is a TSV file, and budget's own reader says so).
    private func isStatementText(_ text: String, ownFormat: ImportFormat) -> Bool {
        let header = RecordImporter.headerCells(text, format: ownFormat) ?? []
        if RecordImporter.readsHeader(header) { return false }
        return !(header.count == 1 && header[0].contains("\t"))
    }

    // MARK: Statements

    private func importStatement(_ text: String, in context: CommandContext) throws {
        if skipDuplicates {
            throw UsageError(
                "'--skip-duplicates' is for budget's own files; a statement's rows imported before are left out "
                    + "by themselves (--allow-duplicates imports them again)",
                commandPath: ["import"])
        }
        if let asOf, Day.today() < asOf {
            throw UsageError(
                "'--as-of' \(asOf.iso) is after today (\(Day.today().iso)): "
                    + "a statement is not downloaded in the future",
                commandPath: ["import"])
        }
        let store = try context.store()
        let (plan, mismatch) = try statementPlan(for: text, in: store)
        var unsupportedRules: [String] = []  // rules that never match, said after the import
        if let mismatch { context.warn(mismatch) }
        let asOf = self.asOf ?? Day.today()
        let work = { (document: inout BudgetDocument) throws -> (StatementReading, StatementImportResult, [String]) in
            unsupportedRules = RuleListing.unsupportedWarnings(document.rules)
            let before = document
            var reading = try plan.reader(for: document, today: asOf).read(text)
            var settings = plan.importSettings(rules: document.rules, allowDuplicates: allowDuplicates)
            settings.matchRecords = !noMatch
            settings.includeDeleted = includeDeleted
            settings.checksBalances = !noBalanceCheck
            // The entries are handed over: made into records, their memory goes as they are.
            let entries = reading.entries
            reading.entries = []
            let result = try document.importStatement(consume entries, settings)
            if let saveAs { try document.saveImportProfile(plan.profile, as: saveAs) }
            let money = document.moneyFormat
            var warnings: [String] = []
            // Read against today, rows like a year-old import's may be that import again; with
            // --as-of, the statement's day is known and they are new.
            if result.importedLikeAYearApart > 0 && self.asOf == nil {
                let rows = result.importedLikeAYearApart
                warnings.append(
                    "\(rows) row\(rows == 1 ? "" : "s") dated without a year "
                        + (rows == 1 ? "is like a row" : "are like rows")
                        + " imported before with the date a year apart; if this statement was imported then, "
                        + "'budget undo' takes this import back; --as-of <day> says when a statement was downloaded")
            }
            return (
                reading, result,
                warnings + document.limitWarnings(since: before).map { $0.message(money) }
                    + document.cardWithdrawalWarnings(since: before).map { $0.message(money) })
        }
        if dryRun {
            var document = try store.load()
            let (reading, result, warnings) = try work(&document)
            for warning in unsupportedRules { context.warn(warning) }
            context.output.write(preview(result.added, in: document))
            context.confirm(
                "Would import " + confirmation(reading, result, title: plan.title, money: document.moneyFormat)
                    + "; nothing was changed (--dry-run)." + deletedNote(result) + yearless(reading, asOf: asOf))
            for line in matchLines(result, verb: "Would link") { context.confirm(line) }
            for line in skippedLines(reading) { context.confirm(line) }
            for warning in warnings { context.warn("once imported, " + warning) }
            return
        }
        var money = MoneyFormat(currency: nil)
        let (reading, result, warnings) = try store.transaction { document in
            money = document.moneyFormat
            return try work(&document)
        }
        for warning in unsupportedRules { context.warn(warning) }
        writeIDs(result.added, in: context)
        var message = "Imported " + confirmation(reading, result, title: plan.title, money: money) + "."
        if let saveAs {
            message += " Saved the options as the profile '\(saveAs)'"
            if let account = plan.profile.account {
                // Not silent: a second account must not be saved from the first one's profile.
                message += ", which reads the account of '\(account)' (rows imported through either are the same rows; "
                    + "another account's profile is saved from the preset or without --profile)"
            }
            message += "."
        }
        message += deletedNote(result) + yearless(reading, asOf: asOf)
        context.confirm(message)
        for line in matchLines(result, verb: "Linked") { context.confirm(line) }
        for warning in warnings { context.warn(warning) }
    }

    /// The plan of a statement's import, and what to say when it goes into an account of
    /// another type: from the file's settings, read without the records' texts or the history
    /// (the import reads the file again, whole, under its lock; the two are never held at once).
    private func statementPlan(for text: String, in store: any DataProtocol) throws -> (StatementPlan, String?) {
        let found = try store.load(skipping: AccountsCommand.unusedFields)
        let plan: StatementPlan
        do {
            plan = try StatementPlan(
                for: text, profileName: profileName, options: given, savingAs: saveAs, kind: kind, in: found)
        } catch let error as ImportProfileError {
            throw UsageError(
                error.errorDescription.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "Unknown profile",
                commandPath: ["import"])
        } catch let error as ImportError where error.reason == .statementUnmapped
            && RecordImporter.readsHeader(RecordImporter.headerCells(text, format: .csv) ?? []) {
            // budget's own file with options that are for statements.
            throw UsageError(
                "the file has budget's own columns: import it without the statement options (--profile, "
                    + "--save-profile, --map, --kind-value, --delimiter, --skip, --no-header-row, --date-format, "
                    + "--decimal-mark, --sign)",
                commandPath: ["import"])
        }
        // A statement imported into an account of another type (a card's into a bank) is said.
        let mismatch = plan.profile.into.flatMap { found.account(named: $0) }.flatMap(plan.mismatch(with:))
        return (plan, mismatch)
    }

    /// How many of the lines that become no record a dry run lists; a line says how many more.
    static let listedSkippedLines = 100

    /// The lines that become no record, each with why, after a heading (for `--dry-run`):
    /// `  line 7: no date (…): ****-****-****-1234 山田 太郎`; the first `listedSkippedLines`,
    /// then `  … and 99900 more`.
    private func skippedLines(_ reading: StatementReading) -> [String] {
        guard !reading.skipped.isEmpty else { return [] }
        let count = reading.skipped.count
        var lines = ["\(count) line\(count == 1 ? "" : "s") would become no record:"]
        for skipped in reading.skipped.prefix(Self.listedSkippedLines) {
            var text = skipped.cells.map(FieldRules.trimmed).filter { !$0.isEmpty }.joined(separator: " | ")
            if text.count > 100 { text = String(text.prefix(99)) + "…" }
            lines.append("  line \(skipped.line): \(skipped.reason.description): \(text)")
        }
        if count > Self.listedSkippedLines { lines.append("  … and \(count - Self.listedSkippedLines) more") }
        return lines
    }

    /// What brings back the rows of deleted records, when some were left out.
    private func deletedNote(_ result: StatementImportResult) -> String {
        result.deletedBefore == 0
            ? ""
            : " Deleting an imported record keeps its row out of imports; "
                + "--include-deleted imports such rows again."
    }

    /// The matches, one line each after a heading: `line 3 (2026-11-25 ｷﾕｳﾖ) → income 00000001 (Salary)`.
    private func matchLines(_ result: StatementImportResult, verb: String) -> [String] {
        guard !result.matched.isEmpty else { return [] }
        let count = result.matched.count
        let records = count == 1
            ? "a record already there, which keeps its name, category and date"
            : "records already there, which keep their names, categories and dates"
        var lines = ["\(verb) \(count) row\(count == 1 ? "" : "s") to \(records) (--no-match adds such rows instead):"]
        for match in result.matched {
            var line = "  line \(match.line) (\(match.date.iso) \(match.name)) → "
                + "\(match.record.kind.singular) \(match.record.id) (\(match.recordName))"
            if match.wasChosen {
                line += ": one of \(match.rivals) that could pair, chosen by the nearest date, then the lowest ID"
            }
            lines.append(line)
        }
        return lines
    }

    /// How dates without a year were read, when the statement has any: ` Read 3 dates without
    /// a year as on or before 2026-11-25 (today); give --as-of <day> for an older statement.`
    private func yearless(_ reading: StatementReading, asOf: Day) -> String {
        guard reading.yearlessDates > 0 else { return "" }
        let dates = reading.yearlessDates == 1 ? "1 date" : "\(reading.yearlessDates) dates"
        return " Read \(dates) without a year as on or before \(asOf.iso)"
            + (self.asOf == nil ? " (today); give --as-of <day> for an older statement." : " (--as-of).")
    }

    /// `42 expenses and 1 income from a Rakuten Card statement (3 rows already there, …)`.
    private func confirmation(
        _ reading: StatementReading, _ result: StatementImportResult, title: String,
        money: MoneyFormat = MoneyFormat(currency: nil)
    ) -> String {
        // The kind asked for, even when none was added; without one, the kinds that were.
        var counts: [String] = []
        if kind == .income || (kind == nil && result.incomes > 0) {
            counts.append(RecordKind.income.counted(result.incomes))
        }
        if kind == .expense || (kind == nil && result.expenses > 0) {
            let refunds = result.refunds == 0
                ? "" : " (\(result.refunds) of them \(result.refunds == 1 ? "a refund" : "refunds"))"
            counts.append(RecordKind.expense.counted(result.expenses) + refunds)
        }
        var notes: [String] = []
        func rows(_ count: Int, _ what: String) {
            if count > 0 { notes.append("\(count) row\(count == 1 ? "" : "s") \(what)") }
        }
        rows(result.alreadyThere, "already there")
        rows(result.deletedBefore, "of deleted records left out")
        if !result.thereThrough.isEmpty {
            // Rows of the same account imported under another name: said, never silent.
            let through = result.thereThrough.sorted { $0.key < $1.key }.map { "\($0.value) through \($0.key)" }
                .joined(separator: ", ")
            notes.append("of those, \(through)")
        }
        rows(result.matched.count, "matched to records already there")
        if result.transfers > 0 {
            notes.append(
                "\(RecordKind.transfer.counted(result.transfers)) between accounts recorded")
        }
        rows(result.transfersLinked, "linked to transfers already there")
        if result.transfersWithoutCounterpart > 0 {
            let count = result.transfersWithoutCounterpart
            notes.append(
                "\(count) transfer\(count == 1 ? "" : "s") (a charge) left out: the account they come from is "
                    + "unknown (account edit <account> --from <account>, or a rule's --transfer-to)")
        }
        if result.transfersWithoutAccount > 0 {
            notes.append(
                "\(result.transfersWithoutAccount) row\(result.transfersWithoutAccount == 1 ? "" : "s") a rule makes "
                    + "transfers left out: import with --account <name> to record them")
        }
        if let opening = result.openingTaken {
            notes.append(
                "the account's opening balance taken from the statement: \(money.display(opening.balance)) on "
                    + opening.day.iso)
        }
        if reading.transfers > 0 {
            // Charges, top-ups and card payments move money between one's own accounts.
            notes.append("\(reading.transfers) transfer\(reading.transfers == 1 ? "" : "s") skipped")
        }
        // Left out by the statement's own marks or by a kind value meaning skip.
        rows(reading.excluded, "left out")
        if reading.nonTransactions > 0 {
            // Why, line by line, is the dry run's to say: no parentheses inside these.
            notes.append(
                "\(reading.nonTransactions) line\(reading.nonTransactions == 1 ? "" : "s") without a transaction "
                    + "skipped")
        }
        rows(result.skippedByRule, "skipped by rules")
        rows(result.changedByRule, "renamed or tagged by rules")
        rows(reading.otherKind, "of the other kind left out")
        var filed: [String] = []
        if result.categorizedByRule > 0 { filed.append("\(result.categorizedByRule) by rules") }
        if result.categorizedByStatement > 0 { filed.append("\(result.categorizedByStatement) by the statement") }
        if result.categorizedByDefault > 0 { filed.append("\(result.categorizedByDefault) under the default category") }
        if !filed.isEmpty { notes.append("expenses filed " + filed.joined(separator: ", ")) }
        let what = counts.isEmpty ? "nothing" : counts.joined(separator: " and ")
        return what + " from " + title + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")
    }

    // MARK: budget's own files

    private func importOwn(_ text: String, format: ImportFormat, in context: CommandContext) throws {
        if allowDuplicates {
            throw UsageError(
                "'--allow-duplicates' is for statements; budget's own files are imported whole "
                    + "unless --skip-duplicates",
                commandPath: ["import"])
        }
        if includeDeleted {
            throw UsageError(
                "'--include-deleted' is for statements; budget's own files are imported whole unless --skip-duplicates",
                commandPath: ["import"])
        }
        if noMatch {
            throw UsageError(
                "'--no-match' is for statements; budget's own files are imported whole unless --skip-duplicates",
                commandPath: ["import"])
        }
        if asOf != nil {
            throw UsageError(
                "'--as-of' is for statements' dates without a year; budget's own files have whole dates",
                commandPath: ["import"])
        }
        if given.foldNames {
            throw UsageError(
                "'--normalize-names' is for statements; budget's own files keep their names as written",
                commandPath: ["import"])
        }
        let kinds: [RecordKind]
        if let kind {
            kinds = [kind]
        } else if format == .json, let said = RecordImporter.jsonKinds(text) {
            kinds = said
        } else if format != .json && (RecordImporter.headerCells(text, format: format) ?? []).contains(where: {
                FieldRules.trimmed($0).lowercased() == "kind"
            }) {
            // Transfers only from a file that has their accounts (an export of a budget with transfers).
            let header = (RecordImporter.headerCells(text, format: format) ?? []).map {
                FieldRules.trimmed($0).lowercased()
            }
            kinds = header.contains("from") ? RecordKind.allCases : [.income, .expense]
        } else {
            throw UsageError(
                "missing expected argument '<kind>': the file's records do not say their kind, so name the kind "
                    + "to import (incomes or expenses)",
                commandPath: ["import"])
        }
        let store = try context.store()
        let work = {
            (document: inout BudgetDocument) throws -> (added: [(kind: RecordKind, ids: [String])], skipped: Int,
                                                        otherKind: Int) in
            // Each kind's IDs as the import gave them: a large import's are not copied again.
            var added: [(kind: RecordKind, ids: [String])] = []
            var skipped = 0
            var otherKind = 0
            // Every kind's bad rows are reported together.
            let importers = kinds.map {
                // `--category` stands in for a row's missing category, as a statement's does.
                RecordImporter(
                    kind: $0, money: document.moneyFormat, today: Day.today(),
                    defaultCategory: given.category ?? document.defaultExpenseCategory)
            }
            let imported = try document.importRecords(
                text, format: format, by: importers, skipDuplicates: skipDuplicates, into: given.into,
                tags: Tags(given.tags))
            if kinds.count == 1 { otherKind = imported[0].otherKind }
            for (kind, result) in zip(kinds, imported) {
                added.append((kind, result.ids))
                skipped += result.skipped
            }
            return (added, skipped, otherKind)
        }
        let noun: (Int) -> String = { count in
            kinds.count == 1 ? kinds[0].counted(count) : "\(count) record\(count == 1 ? "" : "s")"
        }
        if dryRun {
            var document = try store.load()
            let result = try work(&document)
            context.output.write(preview(Self.references(result.added), in: document))
            context.confirm(
                "Would import \(noun(Self.references(result.added).count))\(notes(result.skipped, result.otherKind)); "
                    + "nothing was changed (--dry-run).")
            return
        }
        let result = try store.transaction { try work(&$0) }
        let added = Self.references(result.added)
        writeIDs(added, in: context)
        context.confirm("Imported \(noun(added.count))\(notes(result.skipped, result.otherKind)).")
    }

    /// The records of each kind's IDs, in order, made as they are read.
    private static func references(
        _ added: [(kind: RecordKind, ids: [String])]
    ) -> some Collection<RecordReference> {
        added.lazy.flatMap { group in group.ids.lazy.map { RecordReference(kind: group.kind, id: $0) } }
    }

    private func notes(_ skipped: Int, _ otherKind: Int) -> String {
        var parts: [String] = []
        if skipped > 0 { parts.append("skipped \(skipped) duplicate\(skipped == 1 ? "" : "s")") }
        if otherKind > 0 { parts.append("left out \(otherKind) row\(otherKind == 1 ? "" : "s") of the other kind") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    /// Prints the added records' IDs, one a line (`expense-00000042` when no kind was asked
    /// for), a few thousand lines at a time: a large import's listing is never held whole.
    private func writeIDs(_ added: some Collection<RecordReference>, in context: CommandContext) {
        var listing: [UInt8] = []
        listing.reserveCapacity(min(added.count, Self.linesAtOnce) * 18)
        for (offset, reference) in added.enumerated() {
            // Bytes appended: no text made for each line.
            if kind == nil {
                listing.append(contentsOf: reference.kind.singular.utf8)
                listing.append(UInt8(ascii: "-"))
            }
            listing.append(contentsOf: reference.id.utf8)
            listing.append(UInt8(ascii: "\n"))
            if (offset + 1) % Self.linesAtOnce == 0 {
                ByteView.withBytes(of: listing) { context.output.write(bytes: $0) }
                listing.removeAll(keepingCapacity: true)
            }
        }
        if !listing.isEmpty { ByteView.withBytes(of: listing) { context.output.write(bytes: $0) } }
    }

    /// How many IDs `writeIDs` writes at once.
    private static let linesAtOnce = 4_096

    /// The records an import would add, as a table without IDs.
    private func preview(_ added: some Collection<RecordReference>, in document: BudgetDocument) -> String {
        // The added records are the last of their tables, in the order they were added.
        var incomes = document.incomes.records.suffix(added.count { $0.kind == .income }).makeIterator()
        var expenses = document.expenses.records.suffix(added.count { $0.kind == .expense }).makeIterator()
        var transfers = document.transfers.records.suffix(added.count { $0.kind == .transfer }).makeIterator()
        let rows: [RecordRow] = added.compactMap { reference in
            switch reference.kind {
            case .income: return incomes.next().map(RecordRow.init)
            case .expense: return expenses.next().map(RecordRow.init)
            case .transfer: return transfers.next().map(RecordRow.init)
            }
        }
        guard !rows.isEmpty else { return "" }
        let kinds = Set(rows.map(\.kind))
        // Days as display.date-format shows them, like every table for people.
        let printer = RecordPrinter(
            selection: kinds.count == 1 ? .only(rows[0].kind) : kinds.contains(.transfer) ? .everything : .all,
            format: .table, includeHeader: true,
            document: document, painter: .plain)
        return printer.preview(rows)
    }
}
