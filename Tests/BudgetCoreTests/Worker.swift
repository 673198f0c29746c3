import Foundation

/// A body running on a thread of its own, so a test can wait for it with a timeout and fail
/// (rather than hang) when it deadlocks.
final class Worker<Value: Sendable>: @unchecked Sendable {
    // Written by the thread before it signals `done`, read only after waiting for it.
    private var result: Result<Value, any Error>?
    private let done = DispatchSemaphore(value: 0)

    private init() {}

    /// Starts `body` on a new thread.
    static func start(_ body: @escaping @Sendable () throws -> Value) -> Worker {
        let worker = Worker()
        Thread {
            worker.result = Result(catching: body)
            worker.done.signal()
        }.start()
        return worker
    }

    /// What the body returned or threw, or `nil` when it is still running after `seconds`.
    func wait(seconds: Double = 10) -> Result<Value, any Error>? {
        done.wait(timeout: .now() + seconds) == .success ? result : nil
    }
}
