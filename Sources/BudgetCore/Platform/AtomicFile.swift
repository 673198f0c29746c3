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
            try bytes.withUnsafeBufferPointer { buffer throws(SystemError) in try emit(buffer) }
        }
    }

    /// `write(_:to:mode:)` for bytes that `produce` hands over in pieces (the encoder's reused buffer).
    static func write(
        to path: String, mode: mode_t,
        _ produce: (_ emit: (UnsafeBufferPointer<UInt8>) throws(SystemError) -> Void) throws(SystemError) -> Void
    ) throws(SystemError) -> SystemError? {
        let directory = FilePath.directory(of: path)
        let temporary = FilePath.join(directory, temporaryPrefix(for: path) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let descriptor = try FileSystem.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600, operation: "create")
        do throws(SystemError) {
            if fchmod(descriptor, mode) != 0 { throw SystemError(operation: "set the mode of", path: temporary, code: errno) }
            try produce { bytes throws(SystemError) in try FileSystem.writeAll(descriptor, bytes, path: path) }
            try FileSystem.sync(descriptor, path: path)
        } catch {
            close(descriptor)
            FileSystem.remove(temporary)
            throw error
        }
        if close(descriptor) != 0 {
            let failure = SystemError(operation: "write", path: path, code: errno)
            FileSystem.remove(temporary)
            throw failure
        }
        do throws(SystemError) {
            try FileSystem.rename(temporary, to: path)
        } catch {
            FileSystem.remove(temporary)
            throw error
        }
        do {
            try FileSystem.syncDirectory(directory)
        } catch {
            return error
        }
        return nil
    }

    /// Removes temporary files left by writers that died; call only while holding the lock.
    static func removeStaleTemporaries(of path: String) throws(SystemError) {
        let directory = FilePath.directory(of: path)
        let prefix = temporaryPrefix(for: path)
        for name in try FileSystem.contents(ofDirectory: directory) where name.hasPrefix(prefix) {
            FileSystem.remove(FilePath.join(directory, name))
        }
    }
}
