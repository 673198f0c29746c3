#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole file's bytes: mapped read-only when the file is large (no copy and no fresh memory
/// to fault in, about 1 ms instead of 10 for 18 MB), read into memory otherwise.
///
/// budget's own writers never change a file in place: they rename a new one over it, and a
/// mapping keeps the old contents. A file that another program truncates while it is mapped
/// raises `SIGBUS` on the next read of a lost page; the `budget` executable turns that signal
/// into an error message. Library users who cannot rule that out read with `mapping: false`.
final class FileContents: @unchecked Sendable {
    private let mapped: UnsafeRawBufferPointer?
    private let read: [UInt8]
    /// The file as it was when opened: a writer that copies these bytes checks that it has
    /// not been changed in place since (`stillAsRead(at:)`).
    let signature: FileSystem.Signature
    /// What the lock file held when these bytes were read under the lock (the stamp of the
    /// file budget last wrote, `WriteStamp`); set once, before the contents are shared.
    var lockFileBytes: [UInt8] = []

    /// Files at least this large are mapped.
    static let mappingThreshold = 1 << 16

    /// Reads or maps the regular file at `path`.
    init(path: String, mapping: Bool) throws(SystemError) {
        let descriptor = try FileSystem.openForReading(path)
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemError(operation: "read", path: path, code: errno) }
        let size = Int(info.st_size)
        signature = FileSystem.Signature(
            size: size, modified: Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec),
            inode: UInt64(info.st_ino))
        if mapping, info.st_mode & S_IFMT == S_IFREG, size >= Self.mappingThreshold,
           let region = Self.map(descriptor, size: size) {
            mapped = UnsafeRawBufferPointer(start: region, count: size)
            read = []
        } else {
            mapped = nil
            read = try FileSystem.readAll(descriptor, sizeHint: size, path: path)
        }
    }

    /// Bytes made in memory, read as a file's would be (`StampedTable` over what an import
    /// wrote before it is in any file): never mapped, never changed.
    init(bytes: [UInt8]) {
        mapped = nil
        read = bytes
        signature = FileSystem.Signature(size: bytes.count, modified: 0, inode: 0)
    }

    deinit {
        if let mapped, let start = mapped.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: start), mapped.count)
        }
    }

    /// Whether the file at `path` is still the one these bytes were read from, unchanged (its
    /// size, modification time and inode): another program may have written it in place, and
    /// a mapping shows such a change.
    ///
    /// - Throws: `SystemError` (`ESTALE`) when it is not.
    func stillAsRead(at path: String) throws(SystemError) {
        guard try FileSystem.signature(at: path) == signature else {
            throw SystemError(operation: "write", path: path, code: SystemError.changedSinceRead)
        }
    }

    /// Whether the bytes are a mapping of the file (for tests).
    var isMapped: Bool { mapped != nil }

    /// The size of a page of memory.
    private static let pageSize = max(4096, sysconf(Int32(_SC_PAGESIZE)))

    /// Gives back the memory of the mapped pages wholly inside `range`, once read: a page read
    /// again is mapped again from the file, holding the same bytes (the file is never written
    /// through this mapping), so nothing changes but the memory the process holds, which no
    /// longer counts the file's size on top of what was read from it. Pages only partly inside
    /// stay (another thread may be reading the rest). Nothing for bytes read into memory.
    func release(_ range: Range<Int>) {
        guard let mapped, let base = mapped.baseAddress, range.lowerBound >= 0, range.upperBound <= mapped.count else {
            return
        }
        let page = Self.pageSize
        // The mapping starts on a page (mmap's address), so offsets round as addresses do.
        let start = (range.lowerBound + page - 1) / page * page, end = range.upperBound / page * page
        guard end > start else { return }
        // Advice, not an operation that can fail the read: a refusal leaves the pages held.
        _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }

    /// Lends the bytes.
    func withBytes<Result, Failure: Error>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        if let mapped {
            return try body(ByteView(mapped.bindMemory(to: UInt8.self)))
        }
        return try ByteView.withBytes(of: read, body)
    }

    /// The bytes as an array (a copy when mapped): for the rare paths that need one.
    var bytes: [UInt8] {
        mapped.map { Array($0) } ?? read
    }

    private static func map(_ descriptor: Int32, size: Int) -> UnsafeMutableRawPointer? {
        // Not populated up front (MAP_POPULATE): a page is mapped when it is first read, many
        // at a time, on the thread that reads it; the bytes a reader passes over (an undo
        // history, for a command that only reads) are never touched at all.
        guard let region = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), region != MAP_FAILED else {
            return nil
        }
        return region
    }
}
