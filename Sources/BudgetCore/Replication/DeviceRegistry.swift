/// This machine's devices, one per budget it keeps as a replica: a small JSON file outside any
/// synced folder (`$XDG_STATE_HOME/budget/devices.json`), keyed by the data file's absolute
/// path. A replica whose device this file does not name (a copied folder, another machine's
/// file) is not this machine's to write.
public struct DeviceRegistry: Sendable {
    /// The registry file.
    public let path: String

    /// The registry at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The standard place: `<stateHome>/budget/devices.json` when `stateHome` is an absolute
    /// path, else `<home>/.local/state/budget/devices.json`; `nil` when neither is known.
    public static func standardPath(stateHome: String?, home: String?) -> String? {
        if let stateHome, stateHome.hasPrefix("/") { return FilePath.join(stateHome, "budget/devices.json") }
        if let home, !home.isEmpty { return FilePath.join(home, ".local/state/budget/devices.json") }
        return nil
    }

    /// The data file a path names: where a link leads (a budget kept as a link into a synced
    /// folder has its replicas there), as an absolute path; the path as given when it is not there.
    /// A path through an open descriptor (`/dev/stdin`) is never a budget's replica: as given.
    public static func resolvedDataFile(_ path: String) -> String {
        guard !FileSystem.isInProcessFileSystem(path),
              let resolved = FileSystem.realPath(path) ?? FileSystem.absolutePath(path),
              !FileSystem.isInProcessFileSystem(resolved) else { return path }
        return resolved
    }

    /// The data file's absolute path, as the registry keys it; the path as given when its
    /// directory does not exist.
    public static func key(for dataFile: String) -> String {
        resolvedDataFile(dataFile)
    }

    /// This machine's device for the data file, if it is one.
    ///
    /// - Throws: `SyncError.registry` when the registry cannot be read.
    public func identity(for dataFile: String) throws(SyncError) -> DeviceIdentity? {
        try entries()[Self.key(for: dataFile)]
    }

    /// Records (or replaces) this machine's device for the data file.
    ///
    /// - Throws: `SyncError.registry` when the registry cannot be read or written.
    public func record(_ identity: DeviceIdentity, for dataFile: String) throws(SyncError) {
        var all = try entries()
        all[Self.key(for: dataFile)] = identity
        try write(all)
    }

    /// Forgets this machine's device for the data file (its replica stays where it is).
    ///
    /// - Returns: the device forgotten, if this machine was one.
    /// - Throws: `SyncError.registry` when the registry cannot be read or written.
    @discardableResult
    public func forget(_ dataFile: String) throws(SyncError) -> DeviceIdentity? {
        var all = try entries()
        guard let identity = all.removeValue(forKey: Self.key(for: dataFile)) else { return nil }
        try write(all)
        return identity
    }

    private func write(_ all: [String: DeviceIdentity]) throws(SyncError) {
        let value = JSONValue.object([("budgets", .object(all.sorted { $0.key < $1.key }.map { key, identity in
            (key, .object([
                ("device", .string(identity.device)), ("key", .string(identity.key)),
                ("replica", .string(identity.replica)),
            ]))
        }))])
        var bytes = JSONSerializer(style: .encoderCompatible).serialize(value)
        bytes.append(UInt8(ascii: "\n"))
        do throws(SystemError) {
            try FileSystem.createDirectories(FilePath.directory(of: path))
            _ = try AtomicFile.write(bytes, to: path, mode: 0o600)
        } catch {
            throw .registryUnreachable(path: path, reason: error.message)
        }
    }

    /// Every budget's device.
    private func entries() throws(SyncError) -> [String: DeviceIdentity] {
        let bytes: [UInt8]
        do throws(SystemError) {
            // (A path through a file is an error, not a machine without devices: `kind`.)
            guard try FileSystem.kind(at: path, followLinks: true) != .missing else { return [:] }
            bytes = try FileSystem.readAll(path)
        } catch {
            throw .registryUnreachable(path: path, reason: error.message)
        }
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes)
        } catch {
            throw .registry(path: path, reason: "not JSON: \(error.message)")
        }
        guard case .object(let top) = root.value, let budgets = top.first(where: { $0.key == "budgets" }),
              case .object(let members) = budgets.node.value else {
            throw .registry(path: path, reason: "no \"budgets\" object")
        }
        var result: [String: DeviceIdentity] = [:]
        for member in members {
            guard case .object(let fields) = member.node.value else {
                throw .registry(path: path, reason: "the entry of \(member.key) is not an object")
            }
            func text(_ key: String) -> String? {
                guard case .string(let value)? = fields.first(where: { $0.key == key })?.node.value else { return nil }
                return value
            }
            guard let device = text("device"), let key = text("key"), let replica = text("replica") else {
                throw .registry(path: path, reason: "the entry of \(member.key) lacks a device, key or replica")
            }
            result[member.key] = DeviceIdentity(device: device, key: key, replica: replica)
        }
        return result
    }
}
