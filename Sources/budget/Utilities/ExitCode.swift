import BudgetCore

/// The process exit codes, as listed in the README (64 and up from `sysexits.h`).
enum ExitCode: Int32 {
    case success = 0
    /// A runtime error: an unknown ID, a full ID space, a bad position.
    case failure = 1
    /// The change was saved, but its output could not be written (stdout full, closed or a
    /// broken pipe): running the command again would repeat the change. 3, because sysexits
    /// takes 64 to 78, 2 is the customary usage status of many tools and shells take 126 and up.
    case savedButOutputLost = 3
    /// The command line is wrong (EX_USAGE).
    case usage = 64
    /// The data file is invalid (EX_DATAERR).
    case dataError = 65
    /// Reading or writing a file failed (EX_IOERR).
    case ioError = 74
    /// The data file is locked by another process (EX_TEMPFAIL).
    case busy = 75

    /// The code for an error a command threw (usage errors aside): 65 for a refused import
    /// (a statement that does not decode too), 64 for an unusable environment variable, else
    /// by `BudgetError` case, else 1 (a character an export's encoding cannot hold).
    init(for error: any Error) {
        switch error {
        case is ImportError, is StatementProblems: self = .dataError
        case let error as TextEncodingError:
            switch error {
            case .invalid, .invalidUTF16, .undetected: self = .dataError
            case .unencodable, .unavailable: self = .failure
            }
        case is EnvironmentError, is DeviceName.Problem: self = .usage
        case let error as SyncError: self.init(syncError: error)
        case is MergeError: self = .dataError
        case let error as BudgetError: self.init(budgetError: error)
        default: self = .failure
        }
    }

    /// The code for a device's or a replica's error: 65 for a replica or registry that cannot
    /// be used as it is, 74 for a registry the file system keeps from being read or written,
    /// 64 for a value that names nothing of the conflict, else 1 (what was asked cannot be
    /// done: a conflict that is not there, a device that is one already).
    init(syncError error: SyncError) {
        switch error {
        case .registryUnreachable: self = .ioError
        case .notThisDevice, .staleReplica, .registry, .sameBlock, .missingReplica, .notAReplica: self = .dataError
        case .noSuchVersion, .valueForDelete, .notTypable: self = .usage
        case .blockUsedUp, .alreadyReplica, .noReplicaToJoin, .alreadyDevice, .deviceNameTaken,
            .noFreeBlock, .noSuchConflict:
            self = .failure
        }
    }

    /// The code for a runtime error of the core.
    init(budgetError error: BudgetError) {
        switch error {
        case .recordNotFound, .categoryNotFound, .tagNotFound, .limitConflict, .idSpaceExhausted, .idNotAllocated,
             .positionOutOfRange, .totalOverflow, .nothingToUndo, .undoConflict, .undoJoined, .dateBeforeLedgerCalendar,
             .nestedTransaction,
             .totalTooLarge, .limitTooLarge, .limitsTooLarge, .refundsTooLarge:
            self = .failure
        case .invalidDataFile, .repairableDataFile, .newerFormat, .cannotRepair, .invalidResult:
            self = .dataError
        case .fileSystem, .notARegularFile, .inputNotARegularFile, .openDescriptorDataFile:
            self = .ioError
        case .busy:
            self = .busy
        }
    }
}
