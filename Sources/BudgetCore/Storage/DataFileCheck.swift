/// What `JSONFileStore.check()` found in a data file.
public struct DataFileCheck: Sendable, Equatable {
    /// One thing wrong with the file.
    public struct Problem: Sendable, Equatable {
        /// Where in the file, when it can be pointed at.
        public var position: TextPosition?
        /// What is wrong, in lower case.
        public var message: String
        /// `JSONFileStore.repair()` can fix it without guessing.
        public var isRepairable: Bool

        /// A problem found at `position`, if it can be pointed at.
        public init(position: TextPosition? = nil, message: String, isRepairable: Bool) {
            self.position = position
            self.message = message
            self.isRepairable = isRepairable
        }
    }

    /// The data file's path as given.
    public var path: String
    /// `false` when there is no file yet (which is not a problem).
    public var exists: Bool
    /// Every problem found, in file order within each part.
    public var problems: [Problem]
    /// How many undo-history entries are unusable or reachable only through one: what
    /// `JSONFileStore.repair()` drops.
    public var droppedHistoryEntries = 0
}
