import BudgetCore

/// The process exit codes, as listed in the README (values from `sysexits.h`).
enum ExitCode: Int32 {
    case success = 0
    /// A runtime error: an unknown ID, a full ID space, a bad position.
    case failure = 1
    /// The command line is wrong (EX_USAGE).
    case usage = 64
    /// The data file is invalid (EX_DATAERR).
    case dataError = 65
    /// Reading or writing a file failed (EX_IOERR).
    case ioError = 74
    /// The data file is locked by another process (EX_TEMPFAIL).
    case busy = 75

    /// The code for a runtime error.
    init(for error: BudgetError) {
        switch error {
        case .recordNotFound, .idSpaceExhausted, .idNotAllocated, .positionOutOfRange, .totalOverflow, .totalTooLarge, .invalidLockTimeout,
             .nothingToUndo, .undoConflict:
            self = .failure
        case .invalidDataFile, .newerFormat, .cannotRepair:
            self = .dataError
        case .fileSystem, .notARegularFile, .inputNotARegularFile:
            self = .ioError
        case .busy:
            self = .busy
        }
    }
}
