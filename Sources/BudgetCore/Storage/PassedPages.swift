/// The pages of a mapped file that one reading thread has read past, given back a piece at a
/// time (`FileContents.release(_:)`): the records read from them are in memory, and the file's
/// bytes need not be as well. A reader that looks back (the strict path, an error's position)
/// maps them again from the file, unchanged.
struct PassedPages: Sendable {
    private let contents: FileContents
    /// Where the bytes not yet given back start.
    private var from: Int

    /// Pages are given back once this many bytes were passed.
    static let step = 1 << 20

    /// Pages from `start` on, in `contents`, given back as they are passed.
    init(_ contents: FileContents, from start: Int) {
        self.contents = contents
        from = start
    }

    /// The same file's pages from `start` on (for a reader of a later part).
    func moved(to start: Int) -> PassedPages {
        PassedPages(contents, from: start)
    }

    /// The reader is at `index`: what it passed is given back when it is a step or more.
    mutating func passed(_ index: Int) {
        guard index - from >= Self.step else { return }
        contents.release(from..<index)
        from = index
    }
}
