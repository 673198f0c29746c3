#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work that runs on a thread of its own while the caller goes on, and is waited for with
/// `result()`: the reader skims a large undo history this way while it reads the tables.
///
/// When no thread can be started, the work runs in `result()` instead. The thread is always
/// waited for, at the latest when the value goes away, so the work never outlives what it
/// reads.
final class BackgroundWork<Result: Sendable>: @unchecked Sendable {
    private let body: ThreadBody<Result>
    private var thread: PlatformThread?

    init(_ work: @escaping @Sendable () -> Result) {
        body = ThreadBody(work)
        thread = PlatformThread.start(body)
    }

    /// Waits for the work to end and gives its result.
    func result() -> Result {
        thread?.join()
        thread = nil
        if let output = body.output { return output }
        let made = body.work()
        body.output = made
        return made
    }

    deinit {
        thread?.join()
    }
}

/// What a thread runs, in a form the C trampoline can call without generics.
private class ThreadRunnable: @unchecked Sendable {
    func run() {}
}

private final class ThreadBody<Result: Sendable>: ThreadRunnable, @unchecked Sendable {
    let work: @Sendable () -> Result
    // Written by the thread before it ends; read after `pthread_join`, which orders the two.
    var output: Result?

    init(_ work: @escaping @Sendable () -> Result) {
        self.work = work
    }

    override func run() {
        output = work()
    }
}

/// A started thread, to be joined once.
private struct PlatformThread {
    private let thread: pthread_t

    /// Starts `body` on a new thread; `nil` when none can be started.
    static func start(_ body: ThreadRunnable) -> PlatformThread? {
        let context = Unmanaged.passRetained(body).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<ThreadRunnable>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard started == 0, let thread else {
            Unmanaged<ThreadRunnable>.fromOpaque(context).release()
            return nil
        }
        return PlatformThread(thread: thread)
        #else
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<ThreadRunnable>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<ThreadRunnable>.fromOpaque(context).release()
            return nil
        }
        return PlatformThread(thread: thread)
        #endif
    }

    func join() {
        pthread_join(thread, nil)
    }
}
