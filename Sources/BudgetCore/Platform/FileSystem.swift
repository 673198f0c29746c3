#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's permission bits (`mode_t`: 32 bits on Linux, 16 on Darwin).
typealias FileMode = mode_t

/// Thin wrappers over the POSIX file calls the store needs, retried on `EINTR`,
/// each failing with a `SystemError` that names the operation and path.
enum FileSystem {
    /// What is at a path, without following a final symbolic link.
    enum Kind: Equatable {
        case missing, regular, directory, symbolicLink, other(String)
    }

    /// A path through something that is not a directory (`budget.json/x.json`) is an error
    /// (`ENOTDIR`), not nothing: a mistyped path must not read as an empty budget.
    static func kind(at path: String, followLinks: Bool) throws(SystemError) -> Kind {
        var info = stat()
        let result = followLinks ? stat(path, &info) : lstat(path, &info)
        if result != 0 {
            if errno == ENOENT { return .missing }
            throw SystemError(operation: "inspect", path: path, code: errno)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        case S_IFIFO: return .other("a FIFO")
        case S_IFCHR, S_IFBLK: return .other("a device")
        case S_IFSOCK: return .other("a socket")
        default: return .other("not a regular file")
        }
    }

    /// The permission bits of an existing file, or `nil` when it does not exist.
    static func permissions(at path: String) throws(SystemError) -> mode_t? {
        var info = stat()
        if stat(path, &info) != 0 {
            if errno == ENOENT { return nil }
            throw SystemError(operation: "inspect", path: path, code: errno)
        }
        return info.st_mode & 0o7777
    }

    /// Whether `path` (or, when it does not exist, its directory) is on Linux's `/proc` file
    /// system, whose links (`/proc/self/fd/0`, where `/dev/stdin` and `/dev/fd/N` lead) stand for
    /// open descriptors: their text (`pipe:[…]`, a path that may since have been replaced) does
    /// not name what they lead to. (It is on the device of `/proc` itself.)
    static func isInProcessFileSystem(_ path: String) -> Bool {
        #if os(Linux)
        var entry = stat(), processes = stat()
        guard lstat(path, &entry) == 0 || stat(FilePath.directory(of: path), &entry) == 0,
              stat("/proc", &processes) == 0, processes.st_mode & S_IFMT == S_IFDIR else { return false }
        return entry.st_dev == processes.st_dev
        #else
        return false
        #endif
    }

    static func readLink(_ path: String) throws(SystemError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { throw SystemError(operation: "read the link", path: path, code: errno) }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func open(_ path: String, flags: Int32, mode: mode_t = 0, operation: String) throws(SystemError) -> Int32 {
        while true {
            let descriptor = CLibrary.open(path, flags | O_CLOEXEC, mode)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw SystemError(operation: operation, path: path, code: errno) }
        }
    }

    /// Opens a file to read it, then reads as a file is read: waiting for what a pipe's writer
    /// has not written yet (`budget import <(iconv …)`), not failing with `EAGAIN`. A FIFO is
    /// opened without waiting for a writer (one no one writes to reads as empty) unless
    /// `waitingForWriter` (a FIFO a person names to read from, as `cat` reads it).
    static func openForReading(_ path: String, waitingForWriter: Bool = false) throws(SystemError) -> Int32 {
        if waitingForWriter { return try open(path, flags: O_RDONLY, operation: "read") }
        let descriptor = try open(path, flags: O_RDONLY | O_NONBLOCK, operation: "read")
        let flags = fcntl(descriptor, F_GETFL)
        if flags == -1 || fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == -1 {
            let code = errno
            close(descriptor)
            throw SystemError(operation: "read", path: path, code: code)
        }
        return descriptor
    }

    /// Reads a whole file (a FIFO once a writer has opened it, when `waitingForWriter`).
    static func readAll(_ path: String, waitingForWriter: Bool = false) throws(SystemError) -> [UInt8] {
        let descriptor = try openForReading(path, waitingForWriter: waitingForWriter)
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemError(operation: "read", path: path, code: errno) }
        return try readAll(descriptor, sizeHint: Int(info.st_size), path: path)
    }

    /// Reads an open file to its end.
    static func readAll(_ descriptor: Int32, sizeHint: Int, path: String) throws(SystemError) -> [UInt8] {
        // Read straight into a buffer of the file's size (one allocation, no copies); a file that
        // grows meanwhile (a FIFO, say) continues in chunks.
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: max(sizeHint, 0)) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while initialized < buffer.count {
                let count = read(descriptor, base + initialized, buffer.count - initialized)
                if count > 0 {
                    initialized += count
                } else if count == 0 {
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        if failure != 0 { throw SystemError(operation: "read", path: path, code: failure) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError(operation: "read", path: path, code: errno)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes every byte, continuing after short writes.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>, path: String) throws(SystemError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, base + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError(operation: "write", path: path, code: errno)
            }
            offset += count
        }
    }

    /// Flushes an open file's data and metadata to disk, retrying on `EINTR`.
    ///
    /// On Darwin `fsync` only hands the data to the drive, whose cache can still lose it in a
    /// power cut: `fcntl(F_FULLFSYNC)` asks the drive to write its cache out too, and `fsync`
    /// is the fallback where that fails (a file system that does not support it). On Linux,
    /// `fsync` itself asks the drive to flush its cache.
    static func sync(_ descriptor: Int32, path: String) throws(SystemError) {
        #if canImport(Darwin)
        while true {
            if fcntl(descriptor, F_FULLFSYNC) != -1 { return }
            if errno != EINTR { break }
        }
        #endif
        while fsync(descriptor) != 0 {
            if errno != EINTR { throw SystemError(operation: "flush", path: path, code: errno) }
        }
    }

    /// Flushes a directory's entries (after a rename) to disk.
    static func syncDirectory(_ path: String) throws(SystemError) {
        let descriptor = try open(path, flags: O_RDONLY | O_DIRECTORY, operation: "open the directory")
        defer { close(descriptor) }
        try sync(descriptor, path: path)
    }

    static func rename(_ source: String, to destination: String) throws(SystemError) {
        if CLibrary.rename(source, destination) != 0 {
            throw SystemError(operation: "replace", path: destination, code: errno)
        }
    }

    /// Gives `source` a second name, failing with `EEXIST` rather than replacing a file.
    static func link(_ source: String, to destination: String) throws(SystemError) {
        if CLibrary.link(source, destination) != 0 {
            throw SystemError(operation: "create", path: destination, code: errno)
        }
    }

    static func remove(_ path: String) {
        _ = unlink(path)
    }

    /// Creates a directory and its missing parents with mode 0700.
    static func createDirectories(_ path: String) throws(SystemError) {
        if path.isEmpty || path == "/" { return }
        switch try kind(at: path, followLinks: true) {
        case .directory: return
        case .missing: break
        default: throw SystemError(operation: "create the directory", path: path, code: ENOTDIR)
        }
        try createDirectories(FilePath.directory(of: path))
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw SystemError(operation: "create the directory", path: path, code: errno)
        }
    }

    /// What tells one version of a file from another: its size, modification time
    /// (nanoseconds since 1970) and inode (a rename puts a new one in place).
    struct Signature: Equatable {
        var size: Int
        var modified: Int64
        var inode: UInt64
    }

    /// A file's `Signature`, following links; `nil` when nothing is there.
    static func signature(at path: String) throws(SystemError) -> Signature? {
        var info = stat()
        if stat(path, &info) != 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw SystemError(operation: "inspect", path: path, code: errno)
        }
        let modified = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
        return Signature(size: Int(info.st_size), modified: modified, inode: UInt64(info.st_ino))
    }

    /// The absolute path of `path` with its directory's links resolved (`realpath`), the last
    /// component as given; `nil` when the directory does not exist.
    static func absolutePath(_ path: String) -> String? {
        let directory = FilePath.directory(of: path)
        guard let resolved = realpath(directory.isEmpty ? "." : directory, nil) else { return nil }
        defer { free(resolved) }
        return FilePath.join(String(cString: resolved), FilePath.name(of: path))
    }

    /// The path with every link resolved (`realpath`), when it exists.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The names in a directory (without `.` and `..`).
    static func contents(ofDirectory path: String) throws(SystemError) -> [String] {
        guard let stream = opendir(path) else { throw SystemError(operation: "list", path: path, code: errno) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

/// The C library's own functions where `FileSystem` has members of the same names.
private enum CLibrary {
    #if canImport(Glibc)
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
    static func rename(_ source: String, _ destination: String) -> Int32 { Glibc.rename(source, destination) }
    static func link(_ source: String, _ destination: String) -> Int32 { Glibc.link(source, destination) }
    #elseif canImport(Darwin)
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Darwin.open(path, flags, mode) }
    static func rename(_ source: String, _ destination: String) -> Int32 { Darwin.rename(source, destination) }
    static func link(_ source: String, _ destination: String) -> Int32 { Darwin.link(source, destination) }
    #endif
}
