#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The default store: one JSON file, read whole and replaced atomically.
///
/// Every change follows one protocol: resolve the path (following a symbolic link to its
/// target), take an exclusive lock on `<file>.lock`, remove stale temporary files, read and
/// validate the file, apply the change, write a temporary file with the old file's mode (0600
/// for a new one), flush it, rename it over the file and flush the directory. Readers take no
/// lock: the rename shows them the old or the new file whole.
public struct JSONFileStore: DataProtocol {
    /// The data file's path as given (it may be a symbolic link).
    public let path: String
    /// How long a change waits for another process's lock, in seconds.
    public let lockTimeout: Double
    /// Receives warnings about saved changes that may not be durable (a failed directory flush).
    public var warn: @Sendable (String) -> Void = { _ in }
    /// Whether large files are read by mapping them into memory (much faster at 100,000
    /// records). A file that another program truncates while it is mapped raises `SIGBUS`, so
    /// this is for processes that handle that signal, as the `budget` executable does.
    public var mapsLargeFiles = false

    /// The default `lockTimeout`.
    public static let defaultLockTimeout = 10.0

    public init(path: String, lockTimeout: Double = JSONFileStore.defaultLockTimeout) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    public func load() throws -> BudgetDocument {
        let target = try resolvedPath()
        guard let contents = try readIfPresent(target) else { return BudgetDocument() }
        return try decode(contents)
    }

    public func transaction<Result>(_ change: (inout BudgetDocument) throws -> Result) throws -> Result {
        try locked { target, existing in
            let original = try existing.map(decode) ?? BudgetDocument()
            var document = original
            let result = try change(&document)
            document.recordChange(since: original)
            if document.differs(from: original) {
                try document.checkTotals()
                try write(document, to: target, since: original)
            }
            return result
        }
    }

    // MARK: Checking and repairing

    /// Validates the file without changing it, collecting every problem.
    public func check() throws -> DataFileCheck {
        let target = try resolvedPath()
        guard let contents = try readIfPresent(target) else { return DataFileCheck(path: path, exists: false, problems: []) }
        // What the fast reader accepts has no problems (tests hold it to that): for a valid file,
        // no parse tree and no records in memory, only the bytes.
        if contents.withBytes(FastDocumentCodec.accepts) { return DataFileCheck(path: path, exists: true, problems: []) }
        return inspect(contents.bytes).check
    }

    /// Fixes what can be fixed without guessing (orders re-compacted, counters raised), after
    /// saving the original bytes as `<file>.bak-<time>`. Other problems make it refuse.
    ///
    /// - Returns: what was found, and the backup's path when something was repaired.
    /// - Throws: `BudgetError.cannotRepair` when any problem needs fixing by hand; nothing changes then.
    public func repair() throws -> (check: DataFileCheck, backup: String?) {
        try locked { target, existing in
            guard let existing = existing?.bytes else { return (DataFileCheck(path: path, exists: false, problems: []), nil) }
            let (check, document) = inspect(existing)
            if check.problems.isEmpty { return (check, nil) }
            let manual = check.problems.filter { !$0.isRepairable }.count
            guard manual == 0, let document else { throw BudgetError.cannotRepair(path: path, count: manual) }
            let backup = target + ".bak-" + BudgetDocument.now().filter { $0.isNumber || $0 == "T" }
            let mode = try permissions(of: target)
            do throws(SystemError) {
                if let failure = try AtomicFile.write(existing, to: backup, mode: mode) { throw failure }
            } catch {
                throw error.budgetError
            }
            try write(document, to: target)
            return (check, backup)
        }
    }

    private func inspect(_ bytes: [UInt8]) -> (check: DataFileCheck, repaired: BudgetDocument?) {
        // Problems come in file order: their positions take one pass over the bytes in all.
        var positions = TextPositions(bytes)
        func problem(_ problem: DataFileProblem) -> DataFileCheck.Problem {
            let reason = problem.newerFormat.map { "written by a newer budget (format \($0)); this budget reads format \(BudgetDocument.formatVersion)" }
            return DataFileCheck.Problem(
                position: problem.offset.map { positions.position(of: $0) },
                message: reason ?? problem.reason, isRepairable: problem.isRepairable)
        }
        do {
            let report = try DocumentCodec.inspect(bytes)
            return (DataFileCheck(path: path, exists: true, problems: report.problems.map(problem)), report.document)
        } catch {
            return (DataFileCheck(path: path, exists: true, problems: [problem(error)]), nil)
        }
    }

    // MARK: The write protocol

    /// Runs `body` with the lock held, the stale temporaries gone and the file's bytes read.
    private func locked<Result>(_ body: (String, FileContents?) throws -> Result) throws -> Result {
        let target = try resolvedPath()
        do {
            try FileSystem.createDirectories(FilePath.directory(of: target))
        } catch {
            throw error.budgetError
        }
        let lock = try FileLock(path: target + ".lock", timeout: lockTimeout)
        defer { lock.unlock() }
        do {
            try AtomicFile.removeStaleTemporaries(of: target)
        } catch {
            throw error.budgetError
        }
        return try body(target, try readIfPresent(target))
    }

    /// Encodes the document into the file piece by piece, through the encoder's one buffer,
    /// after checking that the reader will accept it (`original`: the document as read, whose
    /// unchanged records need not be checked again).
    ///
    /// - Throws: `BudgetError.invalidResult` when it would not; the file is untouched then.
    private func write(_ document: BudgetDocument, to target: String, since original: BudgetDocument? = nil) throws {
        do {
            try document.validate(since: original)
        } catch {
            throw BudgetError.invalidResult(path: path, reason: error.reason)
        }
        let mode = try permissions(of: target)
        let unflushed: SystemError?
        do throws(SystemError) {
            unflushed = try AtomicFile.write(to: target, mode: mode) { emit throws(SystemError) in
                try FastDocumentCodec.encode(document, emitting: emit)
            }
        } catch {
            throw error.budgetError
        }
        if let unflushed {
            warn("the change is saved, but \(unflushed.path) could not be flushed to disk (\(unflushed.message)); it may be lost if the system crashes now")
        }
    }

    /// The mode for the new file: the old file's, or 0600. A file without write permission is
    /// refused: replacing it by rename would ignore the owner's wish to protect it.
    private func permissions(of target: String) throws -> mode_t {
        let mode: mode_t?
        do {
            mode = try FileSystem.permissions(at: target)
        } catch {
            throw error.budgetError
        }
        guard let mode else { return 0o600 }
        if mode & 0o200 == 0 {
            throw BudgetError.fileSystem(operation: "write", path: path, errno: EACCES, message: "the file is read-only")
        }
        return mode
    }

    // MARK: Reading

    private func readIfPresent(_ target: String) throws -> FileContents? {
        do {
            switch try FileSystem.kind(at: target, followLinks: true) {
            case .missing: return nil
            case .regular: return try FileContents(path: target, mapping: mapsLargeFiles)
            case .directory: throw BudgetError.notARegularFile(path: path, kind: "a directory")
            case .symbolicLink: throw BudgetError.notARegularFile(path: path, kind: "a symbolic link loop")
            case .other(let kind): throw BudgetError.notARegularFile(path: path, kind: kind)
            }
        } catch let error as SystemError {
            throw error.budgetError
        }
    }

    private func decode(_ contents: FileContents) throws -> BudgetDocument {
        if let document = contents.withBytes(FastDocumentCodec.decode) { return document }
        // The fast reader declined: the strict path decides, and words any error.
        let bytes = contents.bytes
        do {
            return try DocumentCodec.decodeStrictly(bytes)
        } catch {
            if let version = error.newerFormat {
                throw BudgetError.newerFormat(path: path, version: version)
            }
            var positions = TextPositions(bytes)
            let position = error.offset.map { positions.position(of: $0) }
            throw BudgetError.invalidDataFile(path: path, position: position, reason: error.reason)
        }
    }

    // MARK: Paths

    /// Follows symbolic links so the lock, the temporary file and the rename act on the target,
    /// and the link itself survives.
    func resolvedPath() throws -> String {
        var current = path
        for _ in 0..<40 {
            let kind: FileSystem.Kind
            do {
                kind = try FileSystem.kind(at: current, followLinks: false)
            } catch {
                throw error.budgetError
            }
            guard kind == .symbolicLink else { return current }
            let destination: String
            do {
                destination = try FileSystem.readLink(current)
            } catch {
                throw error.budgetError
            }
            current = destination.hasPrefix("/") ? destination : FilePath.join(FilePath.directory(of: current), destination)
        }
        throw BudgetError.notARegularFile(path: path, kind: "a symbolic link loop")
    }
}
