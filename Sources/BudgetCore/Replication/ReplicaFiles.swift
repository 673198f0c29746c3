import FoundationEssentials

/// A budget's replicas in the folder its data file is in: the data file itself (the replica of
/// the device that made it one) and `<stem>.<device>.json` beside it, one per device, each
/// written by its device only. Opening this device's replica checks that this machine is the
/// device, then folds in every other replica that changed since it was last folded in (a stat
/// tells: a replica whose size and time are as they were is not read).
public struct ReplicaFiles: ReplicaOpening {
    /// The data file, as everyone names it.
    public let dataFile: String
    /// Where the data file is: its path with links resolved (a budget kept as a link into a
    /// synced folder has its replicas beside the target).
    let place: String
    /// The data file's name (`budget.json`), that name without `.json` (`budget`), and the
    /// ending a replica's name takes (`.json`, or nothing for a data file named otherwise).
    private let dataName: String, stem: String, ending: String
    /// This machine's device for it (`DeviceRegistry`), if any.
    public let identity: DeviceIdentity?
    /// The wall clock, milliseconds since 1970.
    public var clock: @Sendable () -> Int64 = { CalendarTime.millisecondsNow() }
    /// Receives what could not be folded in (a replica that is not valid), which is skipped.
    public var warn: @Sendable (String) -> Void = { _ in }
    /// Receives every document opened (a replica or a file without devices), folded: to say
    /// what needs attention (conflicts, a sync tool's conflict copies beside the data file).
    public var opened: @Sendable (_ document: BudgetDocument, _ conflictCopies: [String]) -> Void = { _, _ in }

    /// The replicas of the budget whose data file is `dataFile`, opened as `identity`.
    public init(dataFile: String, identity: DeviceIdentity?) {
        self.dataFile = dataFile
        place = DeviceRegistry.resolvedDataFile(dataFile)
        dataName = FilePath.name(of: place)
        ending = dataName.hasSuffix(".json") ? ".json" : ""
        stem = String(dataName.dropLast(ending.count))
        self.identity = identity
    }

    /// The folder.
    public var directory: String { FilePath.directory(of: place) }

    /// This device's replica: the file its store reads and writes.
    public var ownFile: String {
        guard let identity else { return dataFile }
        return FilePath.join(directory, identity.replica)
    }

    /// A device's replica's file name: `budget.laptop.json` for `budget.json`.
    public func replicaName(for device: String) -> String {
        stem + "." + device + ending
    }

    /// Checks that this device's replica is there, when this machine is a device of the budget.
    ///
    /// - Throws: `SyncError.missingReplica` when it is not (a new file would start a second budget).
    public func checkOwnReplica() throws {
        guard let identity else { return }
        let exists: Bool
        do {
            exists = try FileSystem.signature(at: ownFile) != nil
        } catch {
            throw error.budgetError
        }
        if !exists { throw SyncError.missingReplica(file: identity.replica, device: identity.device) }
    }

    /// Every replica's path in the folder (the data file first, when it is there).
    public func replicaPaths() throws -> [String] {
        replicaPaths(among: try listing())
    }

    /// The replicas' paths among the names of the folder's files.
    private func replicaPaths(among names: [String]) -> [String] {
        var result: [String] = names.contains(dataName) ? [place] : []
        for name in names.sorted() where name != dataName && device(inReplicaName: name) != nil {
            result.append(FilePath.join(directory, name))
        }
        return result
    }

    /// The device a replica's file name names (`laptop` in `budget.laptop.json`), if it is one.
    func device(inReplicaName name: String) -> String? {
        let prefix = stem + "."
        guard name.hasPrefix(prefix), name.hasSuffix(ending), name.count > prefix.count + ending.count else {
            return nil
        }
        let middle = String(name.dropFirst(prefix.count).dropLast(ending.count))
        guard !middle.hasPrefix("sync-conflict"), (try? DeviceName.validated(middle)) != nil else { return nil }
        return middle
    }

    /// Copies a sync tool made when two devices changed one file (Syncthing's
    /// `budget.sync-conflict-….json`, Dropbox's `budget (… conflicted copy …).json`).
    public func conflictCopies() throws -> [String] {
        conflictCopies(among: try listing())
    }

    /// The conflict copies' paths among the names of the folder's files.
    private func conflictCopies(among names: [String]) -> [String] {
        names.filter(isConflictCopy(named:)).sorted().map { FilePath.join(directory, $0) }
    }

    /// Whether a file name is one of the data file's conflict copies (not one set aside, nor a
    /// copy of its lock file: `budget.json.sync-conflict-….lock` keeps the lock's extension).
    func isConflictCopy(named name: String) -> Bool {
        // Most names in a folder are not the budget's at all: the first comparison settles those.
        name.hasPrefix(stem) && (name.contains(".sync-conflict-") || name.contains("conflicted copy"))
            && !name.hasPrefix(".") && !name.hasSuffix(Self.setAsideSuffix) && name.hasSuffix(ending)
            && !name.hasPrefix(dataName + ".sync-conflict-")
    }

    /// What a conflict copy merged is renamed with.
    public static let setAsideSuffix = ".merged"

    /// Renames a conflict copy once merged (`<copy>.merged`), so that no command warns of it
    /// again; any other file stays as it is.
    ///
    /// - Returns: the new path, or `nil` when the file is not one of the data file's conflict copies.
    public func setAsideIfConflictCopy(_ path: String) throws -> String? {
        guard FilePath.directory(of: FileSystem.absolutePath(path) ?? path) == directory,
              isConflictCopy(named: FilePath.name(of: path)) else { return nil }
        let target = path + Self.setAsideSuffix
        do {
            try FileSystem.rename(path, to: target)
        } catch {
            throw error.budgetError
        }
        return target
    }

    private func listing() throws -> [String] {
        do {
            return try FileSystem.contents(ofDirectory: directory)
        } catch {
            if error.code == SystemError.noSuchFile { return [] }
            throw error.budgetError
        }
    }

    /// Reads a replica (or any data file) by the readers' rules.
    ///
    /// - Throws: `BudgetError.invalidDataFile` and the like.
    public static func read(_ path: String) throws -> BudgetDocument {
        let exists: Bool
        do {
            exists = try FileSystem.signature(at: path) != nil
        } catch {
            throw error.budgetError
        }
        guard exists else {
            throw BudgetError.fileSystem(
                operation: "read", path: path, errno: SystemError.noSuchFile, message: "no such file")
        }
        return try JSONFileStore(path: path).load()
    }

    // MARK: Opening

    /// This device's replica, checked and with the others' news folded in.
    ///
    /// - Throws: `SyncError.notThisDevice` when this machine is not the replica's device (or
    ///   the replica holds another key), `SyncError.staleReplica` when another replica has seen
    ///   later changes of this device than its own replica holds (a restored backup).
    public func open(_ document: BudgetDocument, at path: String) throws -> BudgetDocument {
        // One listing of the folder tells the replicas and the conflict copies.
        guard let state = document.sync else {
            // For a file without devices the copies are only a notice: a folder that cannot be
            // listed (no read permission) leaves it out rather than refuse a readable file.
            opened(document, conflictCopies(among: (try? listing()) ?? []))
            return document
        }
        guard let identity, identity.device == state.device, identity.key == state.key else {
            throw SyncError.notThisDevice(file: FilePath.name(of: path), device: state.device)
        }
        let names = try listing()
        var result = document
        let own = FilePath.name(of: path)
        for other in replicaPaths(among: names) where FilePath.name(of: other) != own {
            result = try foldIn(other, into: result)
        }
        for message in DerivedSource.newTwinsMessages(in: result, since: document) { warn(message) }
        opened(result, conflictCopies(among: names))
        return result
    }

    /// `document` with the replica at `path` folded in, unless it holds nothing new.
    func foldIn(_ path: String, into document: BudgetDocument) throws -> BudgetDocument {
        guard let state = document.sync else { return document }
        let name = FilePath.name(of: path)
        let signature: FileSystem.Signature?
        do {
            signature = try FileSystem.signature(at: path)
        } catch {
            warn("\(name) was not folded in: \(error.message)")
            return document
        }
        guard let signature else { return document }
        if state.replicas.values.contains(where: {
            $0.file == name && $0.size == signature.size && $0.modified == signature.modified
        }) {
            return document
        }
        /// A file passed over: said once, and remembered by its signature so that it is not
        /// read again until it changes.
        func passOver(_ reason: String) -> BudgetDocument {
            warn("\(name) was not folded in: \(reason)")
            var result = document
            result.sync?.replicas[Self.passedOverPrefix + name] = ReplicaSeen(
                file: name, size: signature.size, modified: signature.modified, folded: BudgetDocument.now(),
                clock: nil, localWall: clock(), block: 0, drift: 0)
            return result
        }
        let other: BudgetDocument
        do {
            other = try Self.read(path)
        } catch {
            return passOver(Self.reason(error))
        }
        if let reason = notFoldable(other, named: name, into: state) { return passOver(reason) }
        guard let theirs = other.sync else { return document }
        if theirs.block == state.block {
            throw SyncError.sameBlock(device: state.device, other: theirs.device)
        }
        if let seen = theirs.knows.latest[state.device], state.clock.map({ seen > $0 }) ?? true {
            throw SyncError.staleReplica(device: state.device, seenBy: theirs.device)
        }
        var result = try ReplicaFold.fold(document, with: other)
        let now = clock()
        var drift: Int64 = 0
        if let latest = theirs.clock, latest.wall > now { drift = latest.wall - now }
        if let seen = theirs.replicas[state.device], let mine = seen.clock, mine.wall > seen.localWall {
            drift = min(drift, seen.localWall - mine.wall)
        }
        result.sync?.replicas[Self.passedOverPrefix + name] = nil
        result.sync?.replicas[theirs.device] = ReplicaSeen(
            file: name, size: signature.size, modified: signature.modified, folded: BudgetDocument.now(),
            clock: theirs.clock, localWall: now, block: theirs.block.index, drift: drift)
        return result
    }

    /// Why a replica read from the file `name` is not one to fold into `state`'s: it is no other
    /// device's, or another budget's, or a copy under another device's name; `nil` when it is.
    func notFoldable(_ other: BudgetDocument, named name: String, into state: SyncState) -> String? {
        guard let theirs = other.sync, theirs.device != state.device else {
            return "it is not another device's replica"
        }
        if let named = device(inReplicaName: name), named != theirs.device {
            return "it holds the replica of device '\(theirs.device)', not of '\(named)' (a copy?)"
        }
        if !theirs.budget.isEmpty, !state.budget.isEmpty, theirs.budget != state.budget {
            return "it is the replica of another budget"
        }
        return nil
    }

    /// An error's message, for a warning.
    static func reason(_ error: any Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }

    /// How a file passed over is kept among the replicas folded in (`?budget.old.json`): no
    /// device name starts so.
    public static let passedOverPrefix = "?"
}

extension ReplicaFiles {
    // MARK: Devices

    /// Makes the data file (or a new, empty budget) the replica of the first device, `name`,
    /// in place: every ID, order and history entry stays; the device hands out IDs of block 0,
    /// going on from the counters. This machine records itself as the device first.
    ///
    /// - Throws: `SyncError.alreadyReplica`; `DeviceName.Problem`; the store's errors.
    public func makeFirstDevice(named name: String, key: String, registry: DeviceRegistry) throws {
        let name = try DeviceName.validated(name)
        let store = JSONFileStore(path: dataFile)
        if let state = try store.load().sync { throw SyncError.alreadyReplica(device: state.device) }
        try registry.record(DeviceIdentity(device: name, key: key, replica: FilePath.name(of: place)), for: dataFile)
        try store.transaction { document in
            if let state = document.sync { throw SyncError.alreadyReplica(device: state.device) }
            try document.becomeReplica(device: name, key: key, block: .first)
        }
    }

    /// Starts this machine's replica as device `name` from every replica of the budget in the
    /// folder, folded (the data file's first; files another budget's, or copies, are passed
    /// over as every command passes them over): a new file, `<stem>.<name>.json`, with a block
    /// of IDs no device has, picked by the name, and no history (what the other devices did is
    /// theirs to undo).
    ///
    /// - Returns: the new replica's path.
    /// - Throws: `SyncError.alreadyDevice`, `noReplicaToJoin`, `deviceNameTaken`, `noFreeBlock`;
    ///   `DeviceName.Problem`; the store's errors.
    public func joinAsDevice(named name: String, key: String, registry: DeviceRegistry) throws -> String {
        let name = try DeviceName.validated(name)
        if let existing = try registry.identity(for: dataFile) { throw SyncError.alreadyDevice(existing.device) }
        var replicas: [BudgetDocument] = []
        for path in try replicaPaths() {
            let name = FilePath.name(of: path)
            do {
                let document = try Self.read(path)
                guard document.sync != nil else { continue }
                if let first = replicas.first?.sync, let reason = notFoldable(document, named: name, into: first) {
                    warn("\(name) was not folded in: \(reason)")
                    continue
                }
                replicas.append(document)
            } catch {
                warn("\(name) was not folded in: \(Self.reason(error))")
            }
        }
        guard var joined = replicas.first else { throw SyncError.noReplicaToJoin(file: FilePath.name(of: place)) }
        var names = Set<String>(), blocks = Set<IDBlock>()
        for replica in replicas {
            guard let state = replica.sync else { continue }
            names.insert(state.device)
            names.formUnion(state.knows.latest.keys)
            let seen = state.replicas.filter { !$0.key.hasPrefix(Self.passedOverPrefix) }
            names.formUnion(seen.keys)
            blocks.insert(state.block)
            blocks.formUnion(seen.values.compactMap { IDBlock(index: $0.block) })
        }
        guard !names.contains(name) else { throw SyncError.deviceNameTaken(name) }
        // Among the free blocks, one the name picks: two machines joining before either sees the
        // other's replica most likely take different blocks (and a fold refuses two devices
        // that share one, rather than take their records for one).
        let free = (0..<IDBlock.count).compactMap(IDBlock.init(index:)).filter { !blocks.contains($0) }
        guard !free.isEmpty else { throw SyncError.noFreeBlock }
        let pick = name.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
        let block = free[Int(pick % UInt32(free.count))]
        for other in replicas.dropFirst() { joined = try ReplicaFold.fold(joined, with: other) }
        try joined.becomeReplica(device: name, key: key, block: block)
        joined.clearHistory()
        joined.sync?.replicas = [:]
        let path = FilePath.join(directory, replicaName(for: name))
        // The replica first, then this machine's record of it: a join that fails leaves this
        // machine as it was, free to join again (a record without its replica would refuse every
        // command, and the join itself).
        try JSONFileStore(path: path).create(joined, describedAs: "join as device \(name)")
        do {
            try registry.record(DeviceIdentity(device: name, key: key, replica: replicaName(for: name)), for: dataFile)
        } catch {
            FileSystem.remove(path)
            FileSystem.remove(path + ".lock")
            throw error
        }
        return path
    }
}
