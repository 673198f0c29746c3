#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BudgetCore

/// The process's standard input.
enum StandardInput {
    /// All of it, byte for byte (CRLF stays CRLF).
    ///
    /// - Throws: `BudgetError.fileSystem` when reading fails (stdin is a directory, say): a
    ///   command must not act on half of its input.
    static func readAll() throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                let code = errno
                let message = strerror(code).map { String(cString: $0) } ?? "error \(code)"
                throw BudgetError.fileSystem(operation: "read", path: "standard input", errno: code, message: message)
            }
        }
    }
}
