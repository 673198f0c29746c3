#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line as the bytes the process was given, before `CommandLine.arguments` turns
/// bytes that are not UTF-8 into U+FFFD.
enum CommandLineBytes {
    /// How many arguments there are, the program's name included (`argc`).
    static var count: Int { Int(CommandLine.argc) }

    /// The bytes of argument `index` (0 is the program's name), without the final NUL; `nil`
    /// when `argv` holds a null pointer there. Valid for the life of the process.
    static func argument(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let pointer = CommandLine.unsafeArgv[index] else { return nil }
        return UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
    }
}
