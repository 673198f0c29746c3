import BudgetCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text after `budget: error: ` for an error that reached the command line: the core's
/// own words, except where the command line can name the option that fixes it (the core
/// names no options). Built in this one place; the runner escapes it.
enum ErrorText {
    /// The lines after `budget: error: `: one for most errors, one per bad row of a refused
    /// statement (each its own line, so a script can count them).
    static func lines(_ error: any Error) -> [String] {
        guard let statement = error as? StatementProblems else { return [describe(error)] }
        var lines = statement.problems.map { describe($0) }
        let nothing = "; nothing was imported"
        for index in lines.indices where lines[index].hasSuffix(nothing) { lines[index].removeLast(nothing.count) }
        if let remainder = statement.remainder { lines.append(remainder) }
        if !lines.isEmpty { lines[lines.count - 1] += nothing }
        return lines
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case SyncError.notThisDevice:
            let message = (error as? SyncError)?.errorDescription ?? "\(error)"
            return message + "; 'budget device join <name>' makes this machine a new device of the budget"
        case SyncError.staleReplica, SyncError.missingReplica:
            let message = (error as? SyncError)?.errorDescription ?? "\(error)"
            return message + "; 'budget device forget', then 'budget device join <name>', make this machine a new "
                + "device of the budget from the replicas in the folder"
        case let BudgetError.dateBeforeLedgerCalendar(reference, day):
            return """
                \(reference) is dated \(day.iso), before \(LedgerJournal.earliestYear), the first year ledger reads; \
                correct its date or leave it out with --from; nothing was exported
                """
        case let BudgetError.repairableDataFile(path, position, reason):
            let place = position.map { ":\($0.line):\($0.column)" } ?? ""
            return """
                invalid data file \(path)\(place): \(reason); 'budget check --repair' fixes it, keeping a backup of \
                the original
                """
        case let SettingsError.currencyChangeNeedsRescale(from, to):
            return """
                changing the currency from \(from) to \(to) would change what every stored amount means, because they \
                have a different number of decimals; add --rescale to convert the amounts so each shows the same \
                number as before
                """
        case var error as ImportError:
            switch error.reason {
            case .tabSeparatedAsCSV:
                error.message = """
                    the header holds tabs, so the file looks tab-separated, not comma-separated; import it as TSV \
                    (--format tsv, or name the file .tsv)
                    """
            case .amountNotInMinorUnits:
                error.message =
                    "\"amount\" must be a whole number of the currency's smallest unit, as list --format json writes it"
            case .notAnExport:
                error.message = """
                    not a budget export: restore takes the JSON document 'budget export --format json' writes (to add \
                    the records of a CSV or TSV file, use 'budget import')
                    """
            case .statementColumn:
                error.message += "; name the column with --map <field>=<column> (a header name or a position from 1)"
            case .statementDate:
                error.message += " (give the format with --date-format, such as %Y/%m/%d)"
            case .statementAmount:
                error.message += " (check --decimal-mark, and the columns --map names)"
            case .statementUnmapped:
                error.message += """
                    ; map its columns with --map <field>=<column> (date, name and amount, or out and in), skip lines \
                    before its header with --skip <n>, or name a preset with --profile
                    """
            case .statementHeaderless(let date, let name, let amount):
                error.message += "; name its columns by position: --no-header-row --map date=\(date)"
                    + (name.map { " --map name=\($0)" } ?? "") + " --map amount=\(amount) (or out and in)"
            case .statementTabs:
                error.message += "; read it with --delimiter '\\t'"
            case .statementSkip:
                error.message += "; import it without --skip (the header is found by itself)"
            case .statementKindColumn:
                error.message += "; map the column with --map kind=<column>, or leave out --kind-value"
            case .statementKind:
                error.message += "; give it one with --kind-value <text>=income|expense|transfer|skip"
            case .statementNegative:
                error.message +=
                    " (a statement that writes spending as negative amounts is read with --sign expense-negative)"
            case .other:
                break
            }
            return error.errorDescription ?? error.message
        case let error as TextEncodingError:
            return encoding(error)
        case let error as any LocalizedError:
            return error.errorDescription ?? "\(error)"
        default:
            return "\(error)"
        }
    }

    /// A statement that does not decode (only `import` decodes) names `--encoding` and its
    /// choices; a character an export's encoding cannot hold, the record to change.
    private static func encoding(_ error: TextEncodingError) -> String {
        let message = error.errorDescription ?? "\(error)"
        let choices = TextEncoding.allCases.map(\.rawValue).joined(separator: ", ")
        switch error {
        case .invalid, .invalidUTF16:
            return message + "; choose another --encoding (\(choices)); nothing was imported"
        case .undetected:
            return message + "; name its encoding with --encoding (\(choices)); nothing was imported"
        case let .unencodable(_, encoding, _):
            return message + """
                ; change it, or export without --encoding \(encoding.rawValue) (UTF-8 holds every character); nothing \
                was exported
                """
        case .unavailable:
            return message + "; nothing was done"
        }
    }
}
