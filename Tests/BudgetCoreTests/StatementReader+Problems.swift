@testable import BudgetCore

extension StatementReader {
    /// Each problem reading `text` reports, as `line: message` (none when it reads; the error
    /// itself when it is no list of bad rows), for tests.
    func problems(_ text: String) -> [String] {
        do {
            _ = try read(text)
            return []
        } catch {
            return (error as? StatementProblems)?.problems.map { "\($0.line ?? 0): \($0.message)" } ?? ["\(error)"]
        }
    }
}
