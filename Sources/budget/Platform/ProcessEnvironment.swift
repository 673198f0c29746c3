#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The process's environment variables.
enum ProcessEnvironment {
    /// What the value of a variable whose bytes are not UTF-8 starts with (a NUL, which no
    /// C string holds), before its text with U+FFFD for each bad byte: read as it is, it would
    /// name another file.
    static let notUTF8Prefix = "\u{0}"

    /// Every variable by name; of two entries with one name, the first (as `getenv` sees it).
    static func current() -> [String: String] {
        #if canImport(Glibc)
        // Straight from `environ`: Foundation's `ProcessInfo` takes a sixth of the start-up
        // time to build the same dictionary.
        var result: [String: String] = [:]
        // `environ` is imported as never null, but C lets it be: check its bits.
        guard var entry = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>(
                bitPattern: Int(bitPattern: environ)) else {
            return result
        }
        while let pointer = entry.pointee {
            // Bytes that are not UTF-8 are marked (`notUTF8Prefix`) rather than quietly repaired.
            let text = String(validatingCString: pointer) ?? Self.markedNotUTF8(String(cString: pointer))
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

    /// `NAME=value` with its value marked as not UTF-8.
    private static func markedNotUTF8(_ entry: String) -> String {
        guard let equals = entry.firstIndex(of: "=") else { return entry }
        return String(entry[...equals]) + notUTF8Prefix + String(entry[entry.index(after: equals)...])
    }
}
