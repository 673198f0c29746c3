/// The pages of a mapped file that one reading thread has read past, given back a piece at a
/// time (`FileContents.release(_:)`): the records read from them are in memory, and the file's
/// bytes need not be as well. A reader that looks back (the strict path, an error's position)
/// maps them again from the file, unchanged.
struct PassedPages: Sendable {
    private let contents: FileContents
    /// Where the bytes not yet given back start.
    private var from: Int
    /// How many whole blocks before the one at the reader stay: one for a reader (its next
    /// steps may map them again), none for a copy, which never looks back.
    private let lag: Int

    /// Pages are given back in blocks of this many bytes of the file, whole, once the reader
    /// is past the block after them: the largest piece of a file the page cache keeps in one
    /// (a large folio, 2 MiB on x86-64 and arm64), which the kernel maps whole on a read of
    /// any of its pages. Pages given back near the reader were mapped again by its next steps,
    /// and a million records' reader held most of the file after all (345 MB for 188).
    static let step = 1 << 21

    /// Pages from `start` on, in `contents`, given back as they are passed; with `lookingBack`
    /// false, up to the block at the reader (a copy: measured, a delete in the middle of
    /// 100,000 records then peaks 2 MB lower).
    init(_ contents: FileContents, from start: Int, lookingBack: Bool = true) {
        self.contents = contents
        from = start
        lag = lookingBack ? 1 : 0
    }

    /// The same file's pages from `start` on (for a reader of a later part).
    func moved(to start: Int) -> PassedPages {
        PassedPages(contents, from: start, lookingBack: lag > 0)
    }

    /// The reader is at `index`: the whole blocks it passed, but the one before the block it
    /// reads (when it looks back), are given back.
    mutating func passed(_ index: Int) {
        let end = (index / Self.step - lag) * Self.step
        guard end > from else { return }
        contents.release(from..<end)
        from = end
    }

    /// The reader stopped at `index` and reads no further: all it passed is given back.
    mutating func finished(at index: Int) {
        guard index > from else { return }
        contents.release(from..<index)
        from = index
    }
}
