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
