#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents all at once: readers see the old bytes or the new, never a mix,
/// and a crash at any moment leaves one of the two on disk.
enum AtomicFile {
    /// The prefix of this file's temporary siblings (`.budget.json.tmp-`).
    static func temporaryPrefix(for path: String) -> String {
        "." + FilePath.name(of: path) + ".tmp-"
    }

    /// Writes a temporary file in the same directory (created exclusively, with `mode`), flushes
    /// it, renames it over `path` and flushes the directory. On failure the temporary file is
    /// removed and `path` is untouched.
    ///
    /// - Returns: the error of the final directory flush, which comes after the rename: the new
    ///   contents are in place then, but may not survive a crash.
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws(SystemError) -> SystemError? {
        try write(to: path, mode: mode) { emit throws(SystemError) in
            try ByteView.withBytes(of: bytes) { view throws(SystemError) in try emit(view) }
        }
    }

    /// `write(_:to:mode:)` for bytes that `produce` hands over in pieces (the encoder's reused buffer).
    static func write(
        to path: String, mode: mode_t,
        _ produce: (_ emit: (ByteView) throws(SystemError) -> Void) throws(SystemError) -> Void
    ) throws(SystemError) -> SystemError? {
        let temporary = try writeTemporary(besides: path, mode: mode, reportedAs: path, produce)
        do throws(SystemError) {
            try FileSystem.rename(temporary, to: path)
        } catch {
            FileSystem.remove(temporary)
            throw error
        }
        return syncDirectory(of: path)
    }

    /// Writes `bytes` to a new file that never replaces an existing one: the first name of
    /// `name(1)`, `name(2)`, … that is free. The bytes go to one of `sibling`'s temporary files
    /// first (so a crash leaves only what `removeStaleTemporaries(of: sibling)` removes), are
    /// flushed, and only then appear under the new name, whole.
    ///
    /// - Returns: the new file's path, and the error of the final directory flush, if any.
    static func create(
        _ bytes: ByteView, besides sibling: String, mode: mode_t, name: (Int) -> String
    ) throws(SystemError) -> (path: String, unflushed: SystemError?) {
        let temporary = try writeTemporary(besides: sibling, mode: mode, reportedAs: name(1)) {
            emit throws(SystemError) in try emit(bytes)
        }
        defer { FileSystem.remove(temporary) }
        for attempt in 1...1_000 {
            let path = name(attempt)
            do throws(SystemError) {
                try FileSystem.link(temporary, to: path)
                return (path, syncDirectory(of: path))
            } catch where error.code == EEXIST {
                continue
            } catch where [EPERM, EOPNOTSUPP, EMLINK, ENOSYS].contains(error.code) {
                // No hard links here (FAT, some network file systems): claim the name with
                // O_EXCL, then rename the whole file over the empty claim.
                let claim: Int32
                do throws(SystemError) {
                    claim = try FileSystem.open(
                        path, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600, operation: "create")
                } catch where error.code == EEXIST {
                    continue
                }
                close(claim)
                do throws(SystemError) {
                    try FileSystem.rename(temporary, to: path)
                } catch {
                    FileSystem.remove(path)
                    throw error
                }
                return (path, syncDirectory(of: path))
            }
        }
        throw SystemError(operation: "create", path: name(1), code: EEXIST)
    }

    /// Creates a temporary file beside `path` (exclusively, then given `mode`), fills it with
    /// what `produce` emits and flushes it. On failure it is removed.
    ///
    /// - Returns: the temporary file's path.
    private static func writeTemporary(
        besides path: String, mode: mode_t, reportedAs shownPath: String,
        _ produce: (_ emit: (ByteView) throws(SystemError) -> Void) throws(SystemError) -> Void
    ) throws(SystemError) -> String {
        let directory = FilePath.directory(of: path)
        let temporary = FilePath.join(
            directory, temporaryPrefix(for: path) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let descriptor = try FileSystem.open(
            temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600, operation: "create")
        do throws(SystemError) {
            if fchmod(descriptor, mode) != 0 {
                throw SystemError(operation: "set the mode of", path: temporary, code: errno)
            }
            try produce { bytes throws(SystemError) in
                try bytes.withUnsafeBytes { buffer throws(SystemError) in
                    try FileSystem.writeAll(descriptor, buffer, path: shownPath)
                }
            }
            try FileSystem.sync(descriptor, path: shownPath)
        } catch {
            close(descriptor)
            FileSystem.remove(temporary)
            throw error
        }
        if close(descriptor) != 0 {
            let failure = SystemError(operation: "write", path: shownPath, code: errno)
            FileSystem.remove(temporary)
            throw failure
        }
        return temporary
    }

    /// Flushes the directory of `path` after a new name appeared in it.
    ///
    /// - Returns: the error, which comes after the change: the new contents are in place then,
    ///   but may not survive a crash.
    private static func syncDirectory(of path: String) -> SystemError? {
        do {
            try FileSystem.syncDirectory(FilePath.directory(of: path))
        } catch {
            return error
        }
        return nil
    }

    /// Removes temporary files left by writers that died; call only while holding the lock.
    ///
    /// That is every `.<name>.tmp-*`, and the `.<name>.bak-*.tmp-*` of backups that earlier
    /// versions wrote through a temporary file of their own.
    static func removeStaleTemporaries(of path: String) throws(SystemError) {
        let directory = FilePath.directory(of: path)
        let prefix = temporaryPrefix(for: path)
        let oldBackupPrefix = "." + FilePath.name(of: path) + ".bak-"
        for name in try FileSystem.contents(ofDirectory: directory)
        where name.hasPrefix(prefix) || (name.hasPrefix(oldBackupPrefix) && name.contains(".tmp-")) {
            FileSystem.remove(FilePath.join(directory, name))
        }
    }
}
