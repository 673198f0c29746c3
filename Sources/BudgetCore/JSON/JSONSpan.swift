/// A value in a document that `JSONReader.validate` accepted: located, not parsed.
///
/// The strict reader walks a large document through spans (an object member by member, an
/// array element by element) and parses one small value at a time with `node()`, at its place
/// in the whole document: the offsets in its nodes are the document's, and no tree of the whole
/// file is ever built.
struct JSONSpan<Bytes: JSONBytes> {
    /// One member of an object, its value not parsed.
    struct KeyedValue {
        /// The key, unescaped.
        var key: String
        /// Where the key's opening quote is.
        var keyOffset: Int
        /// The value.
        var value: JSONSpan
    }

    /// The whole document's bytes.
    let bytes: Bytes
    /// Where the value begins.
    let offset: Int

    /// A span of `bytes`, which `JSONReader.validate` accepted, at the start of a value.
    init(validated bytes: Bytes, at offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    /// A short name of the value's JSON type, for error messages (as `JSONNode.typeName`).
    var typeName: String {
        switch first {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        default: return "a number"
        }
    }

    var isObject: Bool { first == UInt8(ascii: "{") }
    var isArray: Bool { first == UInt8(ascii: "[") }
    var isString: Bool { first == UInt8(ascii: "\"") }

    private var first: UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    /// The value parsed: a tree of this value alone, its offsets the document's.
    ///
    /// - Throws: a syntax error, which validation has ruled out.
    func node() throws(JSONSyntaxError) -> JSONNode {
        try JSONReader.parse(bytes, at: offset)
    }

    /// An object's members, read one at a time.
    func members() -> Members {
        Members(span: self)
    }

    /// An array's elements, read one at a time.
    func elements() -> Elements {
        Elements(span: self)
    }

    // MARK: Walking

    /// The members of an object in document order, each located by reading its key and
    /// skipping its value (by `end(_:ofValueAt:)`: quick, and a second pass over every byte).
    struct Members {
        private let bytes: Bytes
        private var index: Int
        private var isFirst = true
        private var isDone = false

        fileprivate init(span: JSONSpan) {
            bytes = span.bytes
            index = span.offset
        }

        /// The next member, or `nil` after the last.
        ///
        /// - Throws: a syntax error (a span that is not an object), which validation rules out.
        mutating func next() throws(JSONSyntaxError) -> KeyedValue? {
            guard !isDone else { return nil }
            guard try JSONSpan.advance(
                bytes, &index, opening: UInt8(ascii: "{"), closing: UInt8(ascii: "}"), isFirst: &isFirst)
            else {
                isDone = true
                return nil
            }
            let keyOffset = index
            let (key, keyEnd) = try JSONReader.string(bytes, at: keyOffset)
            index = JSONSpan.skippingWhitespace(bytes, from: keyEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw JSONSyntaxError(offset: index, message: "expected ':'")
            }
            let value = JSONSpan.skippingWhitespace(bytes, from: index + 1)
            index = JSONSpan.end(bytes, ofValueAt: value)
            return KeyedValue(key: key, keyOffset: keyOffset, value: JSONSpan(validated: bytes, at: value))
        }
    }

    /// The elements of an array in document order, each located by skipping the one before.
    struct Elements {
        private let bytes: Bytes
        private var index: Int
        private var isFirst = true
        private var isDone = false

        fileprivate init(span: JSONSpan) {
            bytes = span.bytes
            index = span.offset
        }

        /// The next element, or `nil` after the last.
        ///
        /// - Throws: a syntax error (a span that is not an array), which validation rules out.
        mutating func next() throws(JSONSyntaxError) -> JSONSpan? {
            guard !isDone else { return nil }
            guard try JSONSpan.advance(
                bytes, &index, opening: UInt8(ascii: "["), closing: UInt8(ascii: "]"), isFirst: &isFirst)
            else {
                isDone = true
                return nil
            }
            let value = index
            index = JSONSpan.end(bytes, ofValueAt: value)
            return JSONSpan(validated: bytes, at: value)
        }
    }

    /// Moves `index` from the container's opening (or the end of its last item) to the start
    /// of the next item.
    ///
    /// - Returns: `false` at the end of the container.
    private static func advance(
        _ bytes: Bytes, _ index: inout Int, opening: UInt8, closing: UInt8, isFirst: inout Bool
    ) throws(JSONSyntaxError) -> Bool {
        let expected = isFirst ? opening : UInt8(ascii: ",")
        index = skippingWhitespace(bytes, from: index)
        guard index < bytes.count else {
            throw JSONSyntaxError(offset: index, message: "unexpected end of a container")
        }
        if !isFirst && bytes[index] == closing { return false }
        guard bytes[index] == expected else {
            throw JSONSyntaxError(offset: index, message: "expected '\(Character(Unicode.Scalar(expected)))'")
        }
        index = skippingWhitespace(bytes, from: index + 1)
        if isFirst && index < bytes.count && bytes[index] == closing { return false }
        isFirst = false
        return true
    }

    /// Where the value at `start` ends, found by its quotes and brackets alone: the document
    /// is valid, so nothing else needs checking, and skipping a large value costs one quick scan.
    /// (On bytes that were not valid it stops somewhere wrong, never outside them.)
    private static func end(_ bytes: Bytes, ofValueAt start: Int) -> Int {
        let quote = UInt8(ascii: "\"")
        var index = max(start, 0)
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case quote:
                index += 1
                while index < bytes.count && bytes[index] != quote {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return index }  // after a number or a literal, its container closes
                depth -= 1
                index += 1
            case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                if depth == 0 { return index }  // after a number or a literal
                index += 1
            default:
                index += 1
            }
            if depth == 0 && (byte == quote || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")) { return index }
        }
        return min(index, bytes.count)
    }

    private static func skippingWhitespace(_ bytes: Bytes, from start: Int) -> Int {
        var index = max(start, 0)
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return index
            }
        }
        return index
    }
}
