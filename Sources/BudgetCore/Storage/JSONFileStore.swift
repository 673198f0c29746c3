/// The default store: one JSON file, read whole and replaced atomically.
///
/// Every change follows one protocol: resolve the path (following a symbolic link to its
/// target), take an exclusive lock on `<file>.lock`, remove stale temporary files, read and
/// validate the file, apply the change, write a temporary file with the old file's mode (0600
/// for a new one), flush it, rename it over the file and flush the directory. Readers take no
/// lock: the rename shows them the old or the new file whole.
///
/// A change to a file that does not exist yet first runs on an empty budget without the lock:
/// only when it changes something are the directory, the lock file and the file created, so a
/// failed or empty change (an unknown ID, a mistyped path) leaves no trace.
///
/// A path that leads through an open file descriptor (`/dev/stdin`, `/dev/fd/N`,
/// `/proc/self/fd/N`) is read when it is a regular file, but never changed: the store would
/// replace whatever file the descriptor's link text names.
///
/// `transaction`, `load` and `repair` called from inside a transaction's change on the same
/// store (or a copy of it) throw `BudgetError.nestedTransaction` rather than wait for the lock
/// the transaction holds; on other threads they behave as ever.
public struct JSONFileStore: DataProtocol {
    /// The data file's path as given (it may be a symbolic link).
    public let path: String
    /// How long a change waits for another process's lock, in seconds.
    public let lockTimeout: Double
    /// Receives warnings about saved changes that may not be durable (a failed directory flush).
    public var warn: @Sendable (String) -> Void = { _ in }
    /// Receives a description of each change once it is in place on disk
    /// (`add expense 00000002 (Lunch)`), so a caller that fails afterwards can say what was saved.
    public var saved: @Sendable (_ change: String) -> Void = { _ in }
    /// Whether large files are read by mapping them into memory (much faster at 100,000
    /// records). A file that another program truncates while it is mapped raises `SIGBUS`, so
    /// this is for processes that handle that signal, as the `budget` executable does.
    public var mapsLargeFiles = false
    /// Takes the documents each change is done with (the one read, the one written), for a
    /// process that lets the last change's go only by exiting: freeing 100,000 records one text
    /// at a time costs more than the exit that frees them at once. By default they go as usual.
    public var keepUntilExit: @Sendable (_ documents: [BudgetDocument]) -> Void = { _ in }
    /// The wall clock that stamps a replica's changes, in milliseconds since 1970.
    public var clock: @Sendable () -> Int64 = { CalendarTime.millisecondsNow() }
    /// What is done with a device's replica when it is read (the identity check, the fold of the
    /// other devices' replicas); without it, a replica is read as it is.
    public var replicas: (any ReplicaOpening)?
    /// The threads inside a transaction on this store (shared by its copies).
    private let transactions = TransactionGuard()

    /// The most a lock file holding a stamp holds (a stamp of a million records takes 12 KiB).
    static let stampLimit = 1 << 22

    /// The file did not match the stamp it was read by (`BudgetDocument.brokeItsStamp`), or an
    /// error found in a file read by a stamp is to be confirmed: the change is made again, from
    /// the file scanned (`scanNext`: the stamp in the lock file was another file's) or read whole.
    private struct UnreadPage: Error {
        var scanNext = false
    }

    /// How a change reads the file: by the stamp in its lock file (or, when none fits the file,
    /// by its scan: `TableScan`), by its scan, or whole.
    private enum Reading {
        case byStamp, byScan, whole
    }

    /// The default `lockTimeout`.
    public static let defaultLockTimeout = 10.0

    /// A store of the file at `path`, which need not exist yet; changes wait up to
    /// `lockTimeout` seconds for another process's lock.
    public init(path: String, lockTimeout: Double = JSONFileStore.defaultLockTimeout) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    /// The document in the file, validated, without taking the lock; an empty budget when the
    /// file does not exist.
    ///
    /// - Throws: `BudgetError` when the file cannot be read or is not a valid data file, or
    ///   `BudgetError.nestedTransaction` when called from inside a transaction on this store.
    public func load() throws -> BudgetDocument {
        try transactions.checkOutside()
        let target = try resolvedPath()
        let before = replicas == nil ? nil : try? FileSystem.signature(at: target.path)
        guard let contents = try readIfPresent(target) else { return BudgetDocument() }
        let found = try decode(contents)
        let document = try opened(found, at: target.path)
        // A replica that folded in news keeps it, so that the next command need not fold it again.
        if document.sync != found.sync, !target.isOpenDescriptor, let before {
            do {
                try keep(document, foldedFrom: found, ifStill: before)
            } catch {
                let reason = (error as? BudgetError)?.errorDescription ?? "\(error)"
                warn("what the other devices changed was read but not saved: \(reason)")
            }
        }
        return document
    }

    /// The current document with the record fields in `fields` left blank (checked as they are
    /// read, not kept) and the undo history passed over unread: for a command that only reads
    /// and never shows or uses them (its time then does not grow with the history). A budget
    /// kept on several devices folds whole records, so it is read whole; so is a file the fast
    /// reader declines (the strict path judges it as `load()` does).
    public func load(skipping fields: Set<String>) throws -> BudgetDocument {
        try transactions.checkOutside()
        let target = try resolvedPath()
        guard let contents = try readIfPresent(target) else { return BudgetDocument() }
        // A budget on several devices is read whole: seen before its records are read, when the
        // file is laid out as the writer lays it out.
        guard FastDocumentCodec.writtenSyncSection(contents) != true,
              let found = FastDocumentCodec.decode(contents, skipping: fields, readingHistory: false),
              found.sync == nil else {
            return try load()
        }
        // Without devices there is nothing to fold: the replicas only note conflict copies.
        return try opened(found, at: target.path)
    }

    /// `load(skipping:)`, except that the records `whole` names, given the document read, are
    /// read again whole from the same bytes. A budget read whole is shown to `whole` as it is
    /// (after the fields-skipping read, when that turns out not to serve: `whole` is then
    /// called twice).
    public func load(
        skipping fields: Set<String>, readingWhole whole: (BudgetDocument) throws -> [RecordReference]
    ) throws -> BudgetDocument {
        func readWhole() throws -> BudgetDocument {
            let document = try load()
            _ = try whole(document)
            return document
        }
        guard !fields.isEmpty else { return try readWhole() }
        try transactions.checkOutside()
        let target = try resolvedPath()
        guard let contents = try readIfPresent(target), FastDocumentCodec.writtenSyncSection(contents) != true else {
            return try readWhole()
        }
        // A file with devices, or one the fast reader declines, is read whole; so is one in
        // which a record `whole` names cannot be found where it was read (never, for a file
        // that is as it was read).
        var declined = false
        let found = try FastDocumentCodec.decode(contents, skipping: fields) { document in
            guard document.sync == nil else {
                declined = true
                return []
            }
            return try whole(document)
        }
        guard let found, !declined else { return try readWhole() }
        // Without devices there is nothing to fold: the replicas only note conflict copies.
        return try opened(found, at: target.path)
    }

    /// Writes a replica with other replicas folded in, under the lock, unless the file changed
    /// since it was read (`signature`): then the next command folds again.
    private func keep(
        _ document: BudgetDocument, foldedFrom found: BudgetDocument, ifStill signature: FileSystem.Signature?
    ) throws {
        try transactions.transaction {
            let target = try writableTarget()
            try locked(target, reading: false) { _ in
                let now: FileSystem.Signature?
                do throws(SystemError) {
                    now = try FileSystem.signature(at: target)
                } catch {
                    throw error.budgetError
                }
                guard let now, now == signature else { return }
                try document.checkTotals(since: found)
                try write(document, describedAs: "a fold of another replica", to: target, since: found)
            }
        }
    }

    /// The document as `replicas` opens it, if set.
    private func opened(_ document: BudgetDocument, at path: String) throws -> BudgetDocument {
        guard let replicas else { return document }
        return try replicas.open(document, at: path)
    }

    /// Runs `change` on the current document under the lock and saves the result.
    ///
    /// When the file does not exist yet, or has no lock file beside it, `change` first runs
    /// without the lock, and runs again under the lock only if another process created or
    /// changed the file meanwhile: it must not act outside the document.
    ///
    /// - Throws: `BudgetError.nestedTransaction` when called from inside a transaction on this store.
    public func transaction<Result>(_ change: (inout BudgetDocument) throws -> Result) throws -> Result {
        try transactions.transaction { try unguardedTransaction(change) }
    }

    private func unguardedTransaction<Result>(_ change: (inout BudgetDocument) throws -> Result) throws -> Result {
        let target = try writableTarget()
        if try !exists(Target(path: target, isOpenDescriptor: false)) {
            let empty = BudgetDocument()
            var draft = empty
            let result = try change(&draft)
            draft.finishChange(since: empty, now: clock())
            guard draft.differs(from: empty) else { return result }
            try draft.checkTotals()
            return try locked(target) { existing in
                guard let existing else {
                    try write(draft, replacing: empty, to: target)
                    return result
                }
                return try apply(change, to: existing, at: target)
            }
        }
        let readOnly = try isReadOnly(target)
        if try readOnly || !hasLockFile(target) {
            // Judged on the file as it is, without a lock, which would leave a lock file beside
            // a file it cannot change (read-only), or make one for a change that is refused.
            guard let contents = try readIfPresent(Target(path: target, isOpenDescriptor: false)) else {
                return try locked(target) { existing in try apply(change, to: existing, at: target) }
            }
            let found = try decodeForChange(contents)
            let original = try opened(found, at: target)
            var document = original
            defer { keepUntilExit([found, original, document]) }
            let result = try change(&document)
            document.finishChange(since: original, now: clock())
            guard document.differs(from: found) else { return result }
            try document.checkTotals(since: found)
            if readOnly { _ = try permissions(of: target) }  // Throws: the file is read-only.
            // Under the lock the change is written as made, when the file is still the one it
            // was made on (the same file, size and time of change); a file another process
            // replaced or changed meanwhile is read again and the change made again on it.
            return try locked(target) { existing in
                guard let existing, existing.signature == contents.signature else {
                    return try apply(change, to: existing, at: target)
                }
                try write(document, replacing: found, to: target)
                return result
            }
        }
        return try locked(target) { existing in try apply(change, to: existing, at: target) }
    }

    /// Runs `change` on the file's document (an empty one when there is none) and writes the
    /// result when it differs.
    private func apply<Result>(
        _ change: (inout BudgetDocument) throws -> Result, to existing: FileContents?, at target: String
    ) throws -> Result {
        do {
            return try apply(change, to: existing, at: target, reading: .byStamp)
        } catch let unread as UnreadPage where unread.scanNext {
            // The file did not match the stamp in its lock file (nothing was written): it is
            // scanned, and the change made again from it; an error then is confirmed below.
            do {
                return try apply(change, to: existing, at: target, reading: .byScan)
            } catch is UnreadPage {}
        } catch is UnreadPage {}
        // Nothing was written: the file is read whole, and the change made again from it.
        return try apply(change, to: existing, at: target, reading: .whole)
    }

    /// `apply`, reading the file as `reading` says.
    private func apply<Result>(
        _ change: (inout BudgetDocument) throws -> Result, to existing: FileContents?, at target: String,
        reading: Reading
    ) throws -> Result {
        let found = try existing.map { try decodeForChange($0, reading: reading) } ?? BudgetDocument()
        // A stamp from the lock file that turns out to be another file's: the scan comes next.
        let broken = UnreadPage(scanNext: reading == .byStamp && found.writtenTables?.stampCheck?.hashes == true)
        let result: Result
        do {
            result = try apply(change, to: found, at: target)
        } catch {
            // An error found in a file read by a stamp (its own, or its scan's) is confirmed on
            // the file read whole: a stamp that hashes to its file but says the wrong things of
            // a page (forged) must not word an error the file does not have.
            if found.brokeItsStamp { throw broken }
            if reading != .whole, found.wasReadByStamp, !Self.isFileSystemError(error) { throw UnreadPage() }
            throw error
        }
        // A change that wrote nothing reports what it found only from a file that matched.
        if found.brokeItsStamp { throw broken }
        return result
    }

    /// `apply` on the document read from the file.
    private func apply<Result>(
        _ change: (inout BudgetDocument) throws -> Result, to found: BudgetDocument, at target: String
    ) throws -> Result {
        let original = try opened(found, at: target)
        var document = original
        defer { keepUntilExit([found, original, document]) }
        let result = try change(&document)
        document.finishChange(since: original, now: clock())
        if document.differs(from: found) {
            try document.checkTotals(since: found)
            try write(document, replacing: found, to: target)
        }
        return result
    }

    /// Writes `document` as a new file, under the lock, exactly as it is (no history entry):
    /// a device's first replica.
    ///
    /// - Throws: `BudgetError.fileSystem` when the file exists already; `invalidResult` when
    ///   the reader would refuse the document.
    public func create(_ document: BudgetDocument, describedAs description: String) throws {
        try transactions.transaction {
            let target = try writableTarget()
            try locked(target) { existing in
                guard existing == nil else {
                    throw BudgetError.fileSystem(
                        operation: "create", path: path, errno: SystemError.fileExists,
                        message: "the file exists already")
                }
                try document.checkTotals()
                try write(document, describedAs: description, to: target)
            }
        }
    }

    /// Replaces the document, under the lock, by what `fold` makes of it (opened as every read
    /// opens a replica), recorded neither in the history nor as this device's change: for
    /// folding in another device's replica or a copy of it, whose changes are theirs.
    ///
    /// - Returns: the document written (or left as it was, when the fold changed nothing).
    @discardableResult
    public func rewrite(_ fold: (BudgetDocument) throws -> BudgetDocument) throws -> BudgetDocument {
        try transactions.transaction {
            let target = try writableTarget()
            return try locked(target) { existing in
                let found = try existing.map { try decodeForChange($0) } ?? BudgetDocument()
                let document = try fold(try opened(found, at: target))
                guard document != found else { return document }
                try document.checkTotals(since: found)
                try write(document, describedAs: "a fold of another replica", to: target, since: found)
                return document
            }
        }
    }

    /// Replaces the file at `path` by `document`, atomically, without a lock or a lock file: for
    /// a file only this process writes (the one git hands its merge driver).
    ///
    /// - Throws: `BudgetError.invalidResult` when the reader would refuse the document; the
    ///   file is untouched then.
    public static func replaceFile(at path: String, with document: BudgetDocument) throws {
        do {
            try document.validate()
        } catch {
            throw BudgetError.invalidResult(path: path, reason: error.reason)
        }
        try document.checkTotals()
        do throws(SystemError) {
            let mode = try FileSystem.permissions(at: path) ?? 0o600
            _ = try AtomicFile.write(to: path, mode: mode) { emit throws(SystemError) in
                try FastDocumentCodec.encode(document, emitting: emit)
            }
        } catch {
            throw error.budgetError
        }
    }

    // MARK: Checking and repairing

    /// Validates the file without changing it, collecting every problem.
    public func check() throws -> DataFileCheck {
        let target = try resolvedPath()
        guard let contents = try readIfPresent(target) else {
            return DataFileCheck(path: path, exists: false, problems: [])
        }
        // What the fast reader accepts is well formed (tests hold it to that): then only its
        // totals can be wrong.
        if let document = FastDocumentCodec.decode(contents) {
            return DataFileCheck(path: path, exists: true, problems: document.uncomputableTotals.map { [$0] } ?? [])
        }
        // Otherwise the strict path reads the same bytes in place: no copy, and no tree.
        return contents.withBytes { inspect($0).check }
    }

    /// Fixes what can be fixed without guessing (orders re-compacted, counters raised), after
    /// saving the original bytes as `<file>.bak-<time>` (`<file>.bak-<time>-2` and so on when
    /// that name is taken: a backup never replaces another). Other problems make it refuse.
    ///
    /// - Returns: what was found, and the backup's path when something was repaired.
    /// - Throws: `BudgetError.cannotRepair` when any problem needs fixing by hand; nothing changes then.
    public func repair() throws -> (check: DataFileCheck, backup: String?) {
        try transactions.transaction(unguardedRepair)
    }

    private func unguardedRepair() throws -> (check: DataFileCheck, backup: String?) {
        let target = try writableTarget()
        let missing = DataFileCheck(path: path, exists: false, problems: [])
        if try !exists(Target(path: target, isOpenDescriptor: false)) { return (missing, nil) }
        if try isReadOnly(target) {
            // Checked without a lock, which would leave a lock file beside a file it cannot change.
            let found = try check()
            let manual = found.problems.filter { !$0.isRepairable }.count
            if manual > 0 { throw BudgetError.cannotRepair(path: path, count: manual) }
            if !found.problems.isEmpty { _ = try permissions(of: target) }  // Throws: the file is read-only.
            return (found, nil)
        }
        return try locked(target) { existing in
            guard let existing else { return (missing, nil) }
            return try existing.withBytes { bytes in try repair(bytes, at: target) }
        }
    }

    /// Repairs the file at `target` whose bytes are `existing` (read in place), the lock held.
    private func repair(_ existing: ByteView, at target: String) throws -> (check: DataFileCheck, backup: String?) {
        let (check, document) = inspect(existing)
        if check.problems.isEmpty { return (check, nil) }
        let manual = check.problems.filter { !$0.isRepairable }.count
        guard manual == 0, let document else { throw BudgetError.cannotRepair(path: path, count: manual) }
        // Judged before the backup, so a refused repair leaves no backup behind either.
        try validate(document, since: nil)
        let stamp = target + ".bak-" + BudgetDocument.now().filter { $0.isNumber || $0 == "T" }
        let mode = try permissions(of: target)
        let backup: String
        do throws(SystemError) {
            let created = try AtomicFile.create(existing, besides: target, mode: mode) { attempt in
                attempt == 1 ? stamp : "\(stamp)-\(attempt)"
            }
            if let failure = created.unflushed { throw failure }
            backup = created.path
        } catch {
            throw error.budgetError
        }
        try write(document, describedAs: "repair, the original saved as \(backup)", to: target)
        return (check, backup)
    }

    private func inspect<Bytes: JSONBytes>(_ bytes: Bytes) -> (check: DataFileCheck, repaired: BudgetDocument?) {
        // Problems come in file order: their positions take one pass over the bytes in all.
        var positions = TextPositions(bytes)
        func problem(_ problem: DataFileProblem) -> DataFileCheck.Problem {
            let reason = problem.newerFormat.map {
                "written by a newer budget (format \($0)); this budget reads format \(BudgetDocument.formatVersion)"
            }
            return DataFileCheck.Problem(
                position: problem.offset.map { positions.position(of: $0) },
                message: reason ?? problem.reason, isRepairable: problem.isRepairable)
        }
        do {
            let report = try DocumentCodec.inspect(bytes)
            let check = DataFileCheck(
                path: path, exists: true,
                problems: report.problems.map(problem) + (report.document.uncomputableTotals.map { [$0] } ?? []),
                droppedHistoryEntries: report.droppedHistoryEntries)
            return (check, report.document)
        } catch {
            return (DataFileCheck(path: path, exists: true, problems: [problem(error)]), nil)
        }
    }

    // MARK: The write protocol

    /// Runs `body` with the lock held (the directory created if need be), the stale
    /// temporaries gone and the file's bytes read.
    private func locked<Result>(
        _ target: String, reading: Bool = true, _ body: (FileContents?) throws -> Result
    ) throws -> Result {
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
        let contents = reading ? try readIfPresent(Target(path: target, isOpenDescriptor: false)) : nil
        // The stamp of the file as budget last wrote it, for the change about to read it.
        contents?.lockFileBytes = lock.contents(limit: Self.stampLimit)
        return try body(contents)
    }

    /// Writes a changed document, described for `saved` by the history entry it added or removed.
    private func write(_ document: BudgetDocument, replacing original: BudgetDocument, to target: String) throws {
        let description: String
        if document.history.isEmpty, !original.history.isEmpty,
           ChangeRecord(from: original, to: document, time: "") == nil {
            description =
                "clear the history of \(original.history.count) \(original.history.count == 1 ? "change" : "changes")"
        } else if let undone = original.history.indices.last, document.history.isWithoutLast(of: original.history) {
            description = "undo of '\(original.history.summary(at: undone))'"
        } else if let added = document.history.indices.last, !document.history.hasSameEntries(as: original.history) {
            description = document.history.summary(at: added)
        } else {
            description = "a change to \(path)"
        }
        try write(document, describedAs: description, to: target, since: original)
    }

    /// Refuses a document the reader would refuse (`BudgetDocument.validate`).
    private func validate(_ document: BudgetDocument, since original: BudgetDocument?) throws {
        guard !document.isReadingCopy else {
            throw BudgetError.invalidResult(
                path: path, reason: "the document was read only for reading (fields left blank, or no history)")
        }
        do {
            try document.validate(since: original)
        } catch {
            throw BudgetError.invalidResult(path: path, reason: error.reason)
        }
    }

    /// Encodes the document into the file piece by piece, through the encoder's one buffer,
    /// after checking that the reader will accept it (`original`: the document as read, whose
    /// unchanged records need not be checked again).
    ///
    /// - Throws: `BudgetError.invalidResult` when it would not; the file is untouched then.
    private func write(
        _ document: BudgetDocument, describedAs description: String, to target: String,
        since original: BudgetDocument? = nil
    ) throws {
        try validate(document, since: original)
        let mode = try permissions(of: target)
        let unflushed: SystemError?
        var stamp: WriteStamp?
        /// Whether the change was made from a file that turned out not to match its stamp.
        func brokeAStamp() -> Bool { document.brokeItsStamp || original?.brokeItsStamp == true }
        do throws(SystemError) {
            unflushed = try AtomicFile.write(to: target, mode: mode) { emit throws(SystemError) in
                stamp = try FastDocumentCodec.encode(document, reusing: original, stamping: true, emitting: emit)
                // Bytes copied from the file read were checked when read: it must not have been
                // changed in place since (by another program; budget never does).
                try original?.writtenTables?.contents.stillAsRead(at: target)
                // Nothing made from a file that did not match its stamp is written.
                if brokeAStamp() {
                    throw SystemError(operation: "write", path: target, code: SystemError.changedSinceRead)
                }
            }
        } catch {
            if brokeAStamp() { throw UnreadPage() }
            throw Self.writeError(error, path: path)
        }
        if let stamp { FileLock.replaceContents(ofLockAt: target + ".lock", with: stamp.bytes) }
        saved(description)
        if let unflushed {
            warn("the change is saved, but \(unflushed.path) could not be flushed to disk (\(unflushed.message)); "
                + "it may be lost if the system crashes now")
        }
    }

    /// Whether an error came from the file system (a write that failed), not from the document.
    private static func isFileSystemError(_ error: any Error) -> Bool {
        if case .fileSystem = error as? BudgetError { return true }
        return false
    }

    /// The error of a write, worded for the two ways another program can break into it: by
    /// changing the file in place, or cutting it short, while the file read was being copied.
    private static func writeError(_ error: SystemError, path: String) -> BudgetError {
        switch error.code {
        case SystemError.changedSinceRead where error.operation == "write":
            return .fileSystem(
                operation: "write", path: path, errno: error.code,
                message: "another program changed it while budget was writing its new contents; nothing was saved")
        case SystemError.badAddress:
            return .fileSystem(
                operation: "write", path: path, errno: error.code,
                message: "another program cut it short while budget was copying it; nothing was saved")
        default:
            return error.budgetError
        }
    }

    /// Whether the lock file beside the data file exists (every write leaves one).
    private func hasLockFile(_ target: String) throws -> Bool {
        do {
            return try FileSystem.kind(at: target + ".lock", followLinks: true) != .missing
        } catch {
            throw error.budgetError
        }
    }

    /// Whether the data file exists without write permission, which `permissions(of:)` refuses.
    private func isReadOnly(_ target: String) throws -> Bool {
        do {
            guard let mode = try FileSystem.permissions(at: target) else { return false }
            return mode & 0o200 == 0
        } catch {
            throw error.budgetError
        }
    }

    /// The mode for the new file: the old file's, or 0600. A file without write permission is
    /// refused: replacing it by rename would ignore the owner's wish to protect it.
    private func permissions(of target: String) throws -> FileMode {
        let mode: FileMode?
        do {
            mode = try FileSystem.permissions(at: target)
        } catch {
            throw error.budgetError
        }
        guard let mode else { return 0o600 }
        if mode & 0o200 == 0 {
            throw BudgetError.fileSystem(
                operation: "write", path: path, errno: SystemError.permissionDenied, message: "the file is read-only")
        }
        return mode
    }

    // MARK: Reading

    /// Whether the data file exists: `false` when it is missing, `true` when it is a regular file.
    ///
    /// - Throws: `BudgetError.notARegularFile` for anything else (a pipe behind `/dev/stdin`
    ///   included), before a lock file is made beside it; an error for a missing descriptor,
    ///   which names nothing that a change could create.
    private func exists(_ target: Target) throws -> Bool {
        do {
            switch try FileSystem.kind(at: target.path, followLinks: true) {
            case .missing:
                if target.isOpenDescriptor {
                    throw SystemError(operation: "read", path: path, code: SystemError.noSuchFile)
                }
                return false
            case .regular: return true
            case .directory: throw BudgetError.notARegularFile(path: path, kind: "a directory")
            case .symbolicLink: throw BudgetError.notARegularFile(path: path, kind: "a symbolic link loop")
            case .other(let kind):
                throw BudgetError.notARegularFile(
                    path: path, kind: target.isOpenDescriptor && kind == "a FIFO" ? "a pipe" : kind)
            }
        } catch let error as SystemError {
            throw error.budgetError
        }
    }

    private func readIfPresent(_ target: Target) throws -> FileContents? {
        guard try exists(target) else { return nil }
        do {
            return try FileContents(path: target.path, mapping: mapsLargeFiles)
        } catch {
            throw error.budgetError
        }
    }

    private func decode(_ contents: FileContents) throws -> BudgetDocument {
        if let document = FastDocumentCodec.decode(contents) { return document }
        // The fast reader declined: the strict path decides, and words any error, reading the
        // same bytes in place.
        return try contents.withBytes { bytes in try decodeStrictly(bytes) }
    }

    /// The document of a file about to be changed, which keeps where its records lie in
    /// `contents` when they are laid out as written: its changed copy is written by copying the
    /// bytes of those that did not change.
    private func decodeForChange(_ contents: FileContents, reading: Reading = .whole) throws -> BudgetDocument {
        let stamp = reading == .byStamp ? WriteStamp(bytes: contents.lockFileBytes) : nil
        if let document = FastDocumentCodec.decodeForChange(contents, stamp: stamp, scanning: reading != .whole) {
            return document
        }
        return try contents.withBytes { bytes in try decodeStrictly(bytes) }
    }

    private func decodeStrictly(_ bytes: ByteView) throws -> BudgetDocument {
        let problem: DataFileProblem
        var repairable = false
        do {
            let report = try DocumentCodec.inspect(bytes)
            guard let first = report.problems.first else { return report.document }
            problem = first
            repairable = report.problems.allSatisfy(\.isRepairable)
        } catch {
            if let version = error.newerFormat {
                throw BudgetError.newerFormat(path: path, version: version)
            }
            problem = error
        }
        var positions = TextPositions(bytes)
        let position = problem.offset.map { positions.position(of: $0) }
        if repairable { throw BudgetError.repairableDataFile(path: path, position: position, reason: problem.reason) }
        throw BudgetError.invalidDataFile(path: path, position: position, reason: problem.reason)
    }

    // MARK: Paths

    /// Where the data file really is.
    struct Target {
        /// The path to open: the end of the chain of symbolic links, or the descriptor's own link.
        var path: String
        /// The path leads into `/proc`, most likely through a link that stands for an open
        /// descriptor (`/dev/stdin`).
        var isOpenDescriptor: Bool
    }

    /// Follows symbolic links so the lock, the temporary file and the rename act on the target,
    /// and the link itself survives. A link of `/proc` (where `/dev/stdin` and `/dev/fd/N` lead)
    /// is not followed by its text, which may be `pipe:[…]` or a path replaced since: it is
    /// opened as it is, and the kernel follows it to the descriptor's file. Nothing in `/proc`
    /// is ever changed, and a missing entry there is an error, not an empty budget.
    func resolvedPath() throws -> Target {
        var current = path
        for _ in 0..<40 {
            let kind: FileSystem.Kind
            do {
                kind = try FileSystem.kind(at: current, followLinks: false)
            } catch {
                throw error.budgetError
            }
            guard kind == .symbolicLink else {
                return Target(path: current, isOpenDescriptor: FileSystem.isInProcessFileSystem(current))
            }
            if FileSystem.isInProcessFileSystem(current) {
                return Target(path: current, isOpenDescriptor: true)
            }
            let destination: String
            do {
                destination = try FileSystem.readLink(current)
            } catch {
                throw error.budgetError
            }
            current = destination.hasPrefix("/")
                ? destination : FilePath.join(FilePath.directory(of: current), destination)
        }
        throw BudgetError.notARegularFile(path: path, kind: "a symbolic link loop")
    }

    /// The resolved path of a file about to be changed.
    ///
    /// - Throws: `BudgetError.openDescriptorDataFile` when it leads through an open descriptor
    ///   to a regular file; what `exists` throws when it leads to anything else (a pipe).
    private func writableTarget() throws -> String {
        // `new.json/` names a directory: refused before any directory or lock is made for it.
        if path.hasSuffix("/") { throw BudgetError.notARegularFile(path: path, kind: "a directory") }
        let target = try resolvedPath()
        if target.isOpenDescriptor {
            _ = try exists(target)
            throw BudgetError.openDescriptorDataFile(path: path)
        }
        return target.path
    }
}
