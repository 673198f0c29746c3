/// Why a data file's bytes are not a valid budget, located by byte offset when possible.
struct DataFileProblem: Error, Sendable {
    var offset: Int?
    var reason: String
    /// Set when the file declares a format newer than this build reads.
    var newerFormat: Int?
    /// `JSONFileStore.repair()` can fix it without guessing (orders, counters).
    var isRepairable = false

    init(offset: Int?, _ reason: String, newerFormat: Int? = nil, isRepairable: Bool = false) {
        self.offset = offset
        self.reason = reason
        self.newerFormat = newerFormat
        self.isRepairable = isRepairable
    }

    /// A JSON syntax error, at its place.
    init(_ error: JSONSyntaxError) {
        self.init(offset: error.offset, error.message)
    }
}
