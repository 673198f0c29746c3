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

    /// The default `lockTimeout`.
    public static let defaultLockTimeout = 10.0

    public init(path: String, lockTimeout: Double = JSONFileStore.defaultLockTimeout) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    public func load() throws -> BudgetDocument {
        let target = try resolvedPath()
        guard let bytes = try readIfPresent(target) else { return BudgetDocument() }
        return try decode(bytes, path: target)
    }

    public func transaction<Result>(_ change: (inout BudgetDocument) throws -> Result) throws -> Result {
        let target = try resolvedPath()
        do {
            try FileSystem.createDirectories(FilePath.directory(of: target))
        } catch {
            throw error.budgetError
        }
        let lock = try FileLock(path: target + ".lock", timeout: lockTimeout)
        defer { lock.unlock() }
        AtomicFile.removeStaleTemporaries(of: target)
        let existing = try readIfPresent(target)
        let original = try existing.map { try decode($0, path: target) } ?? BudgetDocument()
        var document = original
        let result = try change(&document)
        if document != original || existing == nil && document != BudgetDocument() {
            do {
                let mode = try FileSystem.permissions(at: target) ?? 0o600
                try AtomicFile.write(DocumentCodec.encode(document), to: target, mode: mode)
            } catch {
                throw error.budgetError
            }
        }
        return result
    }

    // MARK: Reading

    private func readIfPresent(_ target: String) throws -> [UInt8]? {
        do {
            switch try FileSystem.kind(at: target, followLinks: true) {
            case .missing: return nil
            case .regular: return try FileSystem.readAll(target)
            case .directory: throw BudgetError.notARegularFile(path: path, kind: "a directory")
            case .symbolicLink: throw BudgetError.notARegularFile(path: path, kind: "a symbolic link loop")
            case .other(let kind): throw BudgetError.notARegularFile(path: path, kind: kind)
            }
        } catch let error as SystemError {
            throw error.budgetError
        }
    }

    private func decode(_ bytes: [UInt8], path target: String) throws -> BudgetDocument {
        do {
            return try DocumentCodec.decode(bytes)
        } catch {
            if let version = error.newerFormat {
                throw BudgetError.newerFormat(path: path, version: version)
            }
            let position = error.offset.map { TextPosition(offset: $0, in: bytes) }
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
