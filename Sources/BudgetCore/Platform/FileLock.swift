#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a lock file beside the data file, held until `unlock()`.
///
/// The lock lives on a separate file because the data file's inode is replaced by every
/// atomic write, and a lock on a replaced inode protects nothing. The lock file is never deleted.
final class FileLock {
    private var descriptor: Int32

    /// Waits for the lock up to `timeout` seconds, polling with a short backoff.
    ///
    /// - Throws: `BudgetError.busy` after the timeout, `BudgetError.fileSystem` when the lock file cannot be opened.
    init(path: String, timeout: Double) throws {
        let descriptor: Int32
        do {
            descriptor = try FileSystem.open(
                path, flags: O_RDWR | O_CREAT, mode: 0o600, operation: "create the lock file")
        } catch {
            throw error.budgetError
        }
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pause: useconds_t = 1_000
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            if failure == EINTR { continue }
            guard failure == EWOULDBLOCK else {
                close(descriptor)
                throw SystemError(operation: "lock", path: path, code: failure).budgetError
            }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let waited = Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
            if waited >= timeout {
                close(descriptor)
                throw BudgetError.busy(lockPath: path, seconds: timeout)
            }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
        self.descriptor = descriptor
    }

    /// What the lock file holds: nothing, or the stamp budget left of the file it last wrote
    /// (`WriteStamp`); empty when it holds more than `limit` bytes or cannot be read.
    func contents(limit: Int) -> [UInt8] {
        guard descriptor >= 0 else { return [] }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0, info.st_size <= limit else { return [] }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, size, 0) }
        return read == size ? bytes : []
    }

    /// Replaces what the lock file at `path` holds by `bytes` (the stamp of the file just
    /// written), through a descriptor of its own, only when that is the file whose lock this
    /// process holds: a regular file, not reached through a symbolic link, that cannot be
    /// locked again (a lock file swapped for a link to the data file, a FIFO or another file is
    /// left alone). Advice, not part of the write: a stamp that cannot be written, or is written
    /// torn, is one that does not match, and the next change reads the file whole.
    static func replaceContents(ofLockAt path: String, with bytes: [UInt8]) {
        let descriptor: Int32
        do {
            descriptor = try FileSystem.open(path, flags: O_WRONLY | O_NOFOLLOW | O_NONBLOCK, operation: "stamp")
        } catch {
            return  // No stamp: the next change reads the file whole.
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        // Locked already (by this process, through the lock's own descriptor): the same file.
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return
        }
        guard errno == EWOULDBLOCK else { return }
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, bytes.count, 0) }
        _ = ftruncate(descriptor, off_t(max(written, 0)))
    }

    /// Releases the lock (closing the descriptor releases a `flock`).
    func unlock() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit {
        unlock()
    }
}
