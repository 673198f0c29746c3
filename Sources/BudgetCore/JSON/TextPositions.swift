import Synchronization

/// Turns byte offsets in UTF-8 text into lines and columns, for messages that point at a place.
///
/// Each lookup goes on from where the last one stopped, so lookups in ascending order (problems
/// in file order, rows of an import) scan the text once in all: O(size + lookups), where a
/// fresh scan from byte 0 per lookup would be O(size × lookups). Only a lookup behind the last
/// one starts over. Nothing is computed until a position is asked for.
struct TextPositions<Bytes: JSONBytes> {
    private let bytes: Bytes
    /// Where the last lookup stopped, and the line and column there.
    private var offset = 0
    private var line = 1
    private var column = 1

    init(_ bytes: Bytes) {
        self.bytes = bytes
    }

    /// The line and column (both 1-based, columns counted in Unicode scalars) of a byte offset;
    /// an offset past the end is the position just after the last byte.
    mutating func position(of target: Int) -> TextPosition {
        let end = min(max(target, 0), bytes.count)
        if end < offset {
            offset = 0
            line = 1
            column = 1
        }
        let start = offset
        while offset < end {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            offset += 1
        }
        TextPositionsCounter.bytesScanned.add(end - start, ordering: .relaxed)
        return TextPosition(line: line, column: column)
    }
}

/// Bytes scanned by all `TextPositions` lookups in this process. Tests hold it to the size of
/// the text, which no timing could check reliably. (A generic type cannot hold it.)
enum TextPositionsCounter {
    static let bytesScanned = Atomic<Int>(0)
}
