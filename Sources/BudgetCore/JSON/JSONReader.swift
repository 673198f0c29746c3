/// A strict JSON reader (RFC 8259) over UTF-8 bytes.
///
/// Stricter than `JSONDecoder` where a data file needs it: duplicate keys, invalid UTF-8,
/// lone surrogates and trailing content are errors, and every error carries an offset.
///
/// A large document is checked without a tree: `validate` runs the same parser keeping no
/// values, and `JSONSpan` then walks the valid document, parsing one small value at a time
/// (`parse(_:at:)`) at its offset in the whole document.
struct JSONReader<Bytes: JSONBytes> {
    /// Nesting deeper than this is refused, so hostile input cannot exhaust the stack.
    static var maximumDepth: Int { 64 }

    private let bytes: Bytes
    private var index: Int
    private var depth = 0
    /// `false` for the syntax pass: objects and arrays come back empty, their contents checked
    /// exactly as when kept (keys still compared), and dropped.
    private let keepsValues: Bool

    /// Parses one complete JSON document.
    ///
    /// - Throws: `JSONSyntaxError` for anything that is not exactly one valid JSON value.
    static func parse(_ bytes: Bytes) throws(JSONSyntaxError) -> JSONNode {
        var reader = JSONReader(bytes: bytes, at: 0, keepingValues: true)
        return try reader.parseDocument()
    }

    /// Checks one complete JSON document as `parse` does, with the same error for the same
    /// bytes, but builds nothing: its memory does not grow with the document.
    ///
    /// - Returns: the document's top-level value, to walk without a tree.
    /// - Throws: the `JSONSyntaxError` that `parse` would throw.
    static func validate(_ bytes: Bytes) throws(JSONSyntaxError) -> JSONSpan<Bytes> {
        var reader = JSONReader(bytes: bytes, at: 0, keepingValues: false)
        let root = try reader.parseDocument()
        return JSONSpan(validated: bytes, at: root.offset)
    }

    /// Parses the one value that begins at `offset`, ignoring what follows: its nodes' offsets
    /// are those of `bytes`.
    static func parse(_ bytes: Bytes, at offset: Int) throws(JSONSyntaxError) -> JSONNode {
        var reader = JSONReader(bytes: bytes, at: offset, keepingValues: true)
        return try reader.parseValue()
    }

    /// The string that begins at `offset` (its opening quote), unescaped, and where it ends.
    static func string(_ bytes: Bytes, at offset: Int) throws(JSONSyntaxError) -> (text: String, end: Int) {
        var reader = JSONReader(bytes: bytes, at: offset, keepingValues: true)
        guard reader.peek() == UInt8(ascii: "\"") else { throw reader.unexpectedByte("a string") }
        let text = try reader.parseString()
        return (text, reader.index)
    }

    private init(bytes: Bytes, at offset: Int, keepingValues: Bool) {
        self.bytes = bytes
        self.index = offset
        self.keepsValues = keepingValues
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw JSONSyntaxError(
                offset: 0, message: "the file starts with a byte order mark; a data file is UTF-8 without one")
        }
        skipWhitespace()
        if index == bytes.count {
            throw JSONSyntaxError(offset: 0, message: "the file is empty")
        }
        let node = try parseValue()
        skipWhitespace()
        if index != bytes.count {
            throw JSONSyntaxError(offset: index, message: "unexpected content after the end of the document")
        }
        return node
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        guard index < bytes.count else { throw endOfInput() }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(value: try parseObject(), offset: start)
        case UInt8(ascii: "["): return JSONNode(value: try parseArray(), offset: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"): try expectLiteral("true"); return JSONNode(value: .bool(true), offset: start)
        case UInt8(ascii: "f"): try expectLiteral("false"); return JSONNode(value: .bool(false), offset: start)
        case UInt8(ascii: "n"): try expectLiteral("null"); return JSONNode(value: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), offset: start)
        default:
            throw unexpectedByte("a value")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONNode.Value {
        try enterContainer()
        index += 1
        var members: [JSONMember] = []
        var seen = KeysSeen()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw unexpectedByte("a string key") }
            let keyOffset = index
            let key = try parseString()
            if !seen.insert(key) {
                throw JSONSyntaxError(offset: keyOffset, message: "duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw unexpectedByte("':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            if keepsValues { members.append(JSONMember(key: key, keyOffset: keyOffset, node: value)) }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; depth -= 1; return .object(members)
            default: throw unexpectedByte("',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode.Value {
        try enterContainer()
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            let element = try parseValue()
            if keepsValues { elements.append(element) }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; depth -= 1; return .array(elements)
            default: throw unexpectedByte("',' or ']'")
            }
        }
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw JSONSyntaxError(offset: index, message: "nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    // MARK: Scalars

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw unexpectedByte("a digit") }
        index += 1
        if first != UInt8(ascii: "0") {
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let byte = peek(), isDigit(byte) else { throw unexpectedByte("a digit") }
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let byte = peek(), isDigit(byte) else { throw unexpectedByte("a digit") }
            while let byte = peek(), isDigit(byte) { index += 1 }
        }
        return bytes.string(start..<index)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var segmentStart = index
        var result = ""
        var hasEscapes = false
        while true {
            guard index < bytes.count else {
                throw JSONSyntaxError(offset: start, message: "unterminated string")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let segment = try decodeUTF8(segmentStart..<index)
                index += 1
                if !hasEscapes { return segment }
                result += segment
                return result
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                result += try decodeUTF8(segmentStart..<index)
                result.unicodeScalars.append(try parseEscape())
                segmentStart = index
                continue
            }
            if byte < 0x20 {
                throw JSONSyntaxError(offset: index, message: "unescaped control character in a string")
            }
            index += 1
        }
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let escapeStart = index
        index += 1
        guard let byte = peek() else { throw endOfInput() }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800...0xDBFF).contains(high) {
                guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count,
                      bytes[index + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(offset: escapeStart, message: "unpaired surrogate in \\u escape")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONSyntaxError(offset: escapeStart, message: "unpaired surrogate in \\u escape")
                }
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                guard let scalar = Unicode.Scalar(value) else {
                    throw JSONSyntaxError(offset: escapeStart, message: "invalid \\u escape")
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw JSONSyntaxError(offset: escapeStart, message: "unpaired surrogate in \\u escape")
            }
            return scalar
        default:
            throw JSONSyntaxError(offset: escapeStart, message: "invalid escape sequence in a string")
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw endOfInput() }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw unexpectedByte("a hexadecimal digit")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func decodeUTF8(_ range: Range<Int>) throws(JSONSyntaxError) -> String {
        if range.isEmpty { return "" }
        guard let text = bytes.validatedString(range) else {
            throw JSONSyntaxError(offset: range.lowerBound, message: "invalid UTF-8 in a string")
        }
        return text
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        let matched = ByteView.withBytes(of: literal) { expected in
            for byte in expected {
                guard peek() == byte else { return false }
                index += 1
            }
            return true
        }
        guard matched else { throw JSONSyntaxError(offset: start, message: "invalid literal, expected '\(literal)'") }
    }

    // MARK: Helpers

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    private func endOfInput() -> JSONSyntaxError {
        JSONSyntaxError(offset: bytes.count, message: "unexpected end of file (the file looks truncated)")
    }

    private func unexpectedByte(_ expected: String) -> JSONSyntaxError {
        guard index < bytes.count else { return endOfInput() }
        let byte = bytes[index]
        let found = byte >= 0x20 && byte < 0x7F
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return JSONSyntaxError(offset: index, message: "expected \(expected) but found \(found)")
    }
}

/// The keys of one object met so far: a short list searched in order (most objects are records
/// of a few fields), a set once the object has many.
private struct KeysSeen {
    private var few: [String] = []
    private var many: Set<TextKey> = []

    /// Adds `key`; `false` when it was there already.
    mutating func insert(_ key: String) -> Bool {
        if few.count < 16 {
            if few.contains(key) { return false }
            few.append(key)
            return true
        }
        if many.isEmpty { many = Set(few.map(TextKey.init)) }
        return many.insert(TextKey(text: key)).inserted
    }
}
