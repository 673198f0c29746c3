/// Writes `JSONValue`s as indented UTF-8 text.
public struct JSONSerializer: Sendable {
    /// How the text is laid out.
    public enum Style: Sendable {
        /// Exactly what `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`:
        /// `"key" : value`, keys sorted, empty containers on three lines. The data file uses it.
        case encoderCompatible
        /// The common layout (`"key": value`, members in the order given, `{}` and `[]`),
        /// for output that people and `jq` read.
        case standard
    }

    /// How the output is laid out.
    public var style: Style

    /// A serializer writing in a style.
    public init(style: Style) {
        self.style = style
    }

    /// Serializes a value, followed by nothing (no trailing newline).
    public func serialize(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, indent: 0, into: &output)
        return output
    }

    /// Writes a value as if nested `indent` spaces deep (the first line is not indented): for
    /// output written an element at a time.
    public func write(_ value: JSONValue, indent: Int, into output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): output.append(contentsOf: String(number).utf8)
        case .string(let text): Self.writeString(text, into: &output)
        case .compact(let value): writeCompact(value, into: &output)
        case .array(let elements):
            writeContainer(
                open: "[", close: "]", count: elements.count, indent: indent, into: &output
            ) { index, output in
                write(elements[index], indent: indent + 2, into: &output)
            }
        case .object(let members):
            let ordered = style == .encoderCompatible ? members.sorted { $0.0 < $1.0 } : members
            let separator = style == .encoderCompatible ? " : " : ": "
            writeContainer(
                open: "{", close: "}", count: ordered.count, indent: indent, into: &output
            ) { index, output in
                Self.writeString(ordered[index].0, into: &output)
                output.append(contentsOf: separator.utf8)
                write(ordered[index].1, indent: indent + 2, into: &output)
            }
        }
    }

    /// A value on one line: no line breaks, no spaces between tokens (`{"a":1,"b":[2,3]}`).
    private func writeCompact(_ value: JSONValue, into output: inout [UInt8]) {
        switch value {
        case .null, .bool, .int, .string: write(value, indent: 0, into: &output)
        case .compact(let inner): writeCompact(inner, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeCompact(element, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            let ordered = style == .encoderCompatible ? members.sorted { $0.0 < $1.0 } : members
            output.append(UInt8(ascii: "{"))
            for (index, member) in ordered.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(member.0, into: &output)
                output.append(UInt8(ascii: ":"))
                writeCompact(member.1, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private func writeContainer(
        open: Unicode.Scalar, close: Unicode.Scalar, count: Int, indent: Int,
        into output: inout [UInt8], element: (Int, inout [UInt8]) -> Void
    ) {
        output.append(UInt8(ascii: open))
        if count == 0 {
            if style == .encoderCompatible {
                output.append(contentsOf: [UInt8(ascii: "\n"), UInt8(ascii: "\n")])
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
            }
            output.append(UInt8(ascii: close))
            return
        }
        for index in 0..<count {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
            element(index, &output)
        }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        output.append(UInt8(ascii: close))
    }

    /// Writes a quoted JSON string: `"` and `\` escaped, control characters as short escapes
    /// or `\u00xx`, everything else (slashes, non-ASCII) as is.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let plain = ByteView.withBytes(utf8Of: text) { bytes -> Bool in
            // Most strings need no escapes: copy them whole.
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return false
            }
            output.append(contentsOf: bytes)
            return true
        }
        if plain {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
