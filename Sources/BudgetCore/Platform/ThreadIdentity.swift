#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which thread is running: equal for calls on the same thread, different for threads alive at
/// the same time (a finished thread's identity may be given to a new one).
struct ThreadIdentity: Hashable, Sendable {
    private let value: UInt

    /// The calling thread (`pthread_self`).
    static var current: ThreadIdentity {
        #if canImport(Darwin)
        ThreadIdentity(value: UInt(bitPattern: pthread_self()))
        #else
        ThreadIdentity(value: UInt(pthread_self()))
        #endif
    }
}
