#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The process's environment variables.
enum ProcessEnvironment {
    /// Every variable by name; of two entries with one name, the first (as `getenv` sees it).
    static func current() -> [String: String] {
        #if canImport(Glibc)
        // Straight from `environ`: Foundation's `ProcessInfo` takes a sixth of the start-up
        // time to build the same dictionary.
        var result: [String: String] = [:]
        // `environ` is imported as never null, but C lets it be: check its bits.
        guard var entry = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>(bitPattern: Int(bitPattern: environ)) else { return result }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            // The first `=` ends the name; of two entries with one name, getenv sees the first.
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
        #else
        return ProcessInfo.processInfo.environment
        #endif
    }
}
