/// The coders of the value types record fields have. Each is small: the rules of one type of
/// value, on both reading paths and both writers.
enum FieldCoders {
    /// A position (`order`): a whole number. Its range (exactly 1…n) is the table's rule.
    enum Position: FieldCoding {
        static func read(_ cursor: inout ByteCursor, key: Int) -> Int? { cursor.nonNegativeInteger() }
        static var skimKind: SkimKind { .integer }

        static func decode(_ node: JSONNode, _ context: FieldContext) throws(DataFileProblem) -> Int {
            try JSONObjectReader.integer(node, key: context.field, context: context.record)
        }

        static func json(_ value: Int) -> JSONValue { .int(value) }
        static func bound(_ value: Int) -> Int { 20 }
        static func put(_ value: Int, into space: inout ByteSpace) { space.put(value) }
        static func output(_ value: Int) -> FieldValue { .number(value) }
        static var isNumeric: Bool { true }
    }

    /// Money in minor units: a whole number, never negative.
    enum Amount: FieldCoding {
        static func read(_ cursor: inout ByteCursor, key: Int) -> Int? { cursor.nonNegativeInteger() }
        static var skimKind: SkimKind { .integer }

        static func decode(_ node: JSONNode, _ context: FieldContext) throws(DataFileProblem) -> Int {
            let value = try JSONObjectReader.integer(node, key: context.field, context: context.record)
            guard value >= 0 else {
                throw DataFileProblem(offset: node.offset, "\(context.record) has a negative \(context.field)")
            }
            return value
        }

        static func check(_ value: Int, field: String) throws(ValueError) {
            if value < 0 { throw .invalidAmount(String(value), reason: "amounts cannot be negative") }
        }

        static func json(_ value: Int) -> JSONValue { .int(value) }
        static func bound(_ value: Int) -> Int { 20 }
        static func put(_ value: Int, into space: inout ByteSpace) { space.put(value) }
        static func output(_ value: Int) -> FieldValue { .amount(value) }
        static var isNumeric: Bool { true }
    }

    /// An expense's money in minor units: a whole number, negative for a refund (money a
    /// purchase brought back, which takes from the category's spending). Never `Int.min`,
    /// whose size does not fit.
    enum SignedAmount: FieldCoding {
        static func read(_ cursor: inout ByteCursor, key: Int) -> Int? { cursor.signedInteger() }
        static var skimKind: SkimKind { .signedInteger }

        static func decode(_ node: JSONNode, _ context: FieldContext) throws(DataFileProblem) -> Int {
            let value = try JSONObjectReader.integer(node, key: context.field, context: context.record)
            guard value != Int.min else {
                throw DataFileProblem(
                    offset: node.offset, "\(context.record) has an \(context.field) too large to count")
            }
            return value
        }

        static func check(_ value: Int, field: String) throws(ValueError) {
            if value == Int.min { throw .invalidAmount(String(value), reason: "the amount is too large") }
        }

        static func json(_ value: Int) -> JSONValue { .int(value) }
        static func bound(_ value: Int) -> Int { 20 }
        static func put(_ value: Int, into space: inout ByteSpace) { space.put(value) }
        static func output(_ value: Int) -> FieldValue { .amount(value) }
        static var isNumeric: Bool { true }
    }

    /// A calendar day, `"YYYY-MM-DD"`.
    enum Date: FieldCoding {
        static func read(_ cursor: inout ByteCursor, key: Int) -> Day? { cursor.isoDay() }
        static var skimKind: SkimKind { .day }

        static func decode(_ node: JSONNode, _ context: FieldContext) throws(DataFileProblem) -> Day {
            let text = try JSONObjectReader.string(node, key: context.field, context: context.record)
            guard let day = Day(iso: text) else {
                throw DataFileProblem(
                    offset: node.offset, "\(context.record) has the \(context.field) \"\(text)\", not a YYYY-MM-DD day")
            }
            return day
        }

        static func json(_ value: Day) -> JSONValue { .string(value.iso) }
        static func bound(_ value: Day) -> Int { 12 }

        static func put(_ value: Day, into space: inout ByteSpace) {
            space.put("\"")
            space.put(value)
            space.put("\"")
        }

        static func output(_ value: Day) -> FieldValue { .day(value) }
    }

    /// A name or a category: text that is not blank and holds no control character
    /// (`FieldRules.checkLabel`).
    enum Label: FieldCoding {
        static func read(_ cursor: inout ByteCursor, key: Int) -> String? { cursor.label() }
        static var skimKind: SkimKind { .label }

        static func decode(_ node: JSONNode, _ context: FieldContext) throws(DataFileProblem) -> String {
            let text = try JSONObjectReader.string(node, key: context.field, context: context.record)
            try refuse(node, context) { () throws(ValueError) in try check(text, field: context.field) }
            return text
        }

        static func check(_ value: String, field: String) throws(ValueError) {
            try FieldRules.checkLabel(value, field: field)
        }

        static func json(_ value: String) -> JSONValue { .string(value) }
        static func bound(_ value: String) -> Int { ByteSpace.jsonStringBound(value.utf8.count) }
        static func put(_ value: String, into space: inout ByteSpace) { space.putJSONString(value) }
        static func output(_ value: String) -> FieldValue { .text(value) }
    }

    /// A note: optional free text (`FieldRules.checkNote`).
    enum Note: FieldCoding {
        static var absent: String?? { .some(nil) }

        static func read(_ cursor: inout ByteCursor, key: Int) -> String?? {
            guard let text = cursor.string(), (try? FieldRules.checkNote(text)) != nil else { return nil }
            return .some(text)
        }

        static var skimKind: SkimKind { .note }

        static func decode(_ node: JSONNode, _ context: FieldContext) throws(DataFileProblem) -> String? {
            let text = try JSONObjectReader.string(node, key: context.field, context: context.record)
            try refuse(node, context) { () throws(ValueError) in try FieldRules.checkNote(text, field: context.field) }
            return text
        }

        static func check(_ value: String?, field: String) throws(ValueError) {
            if let value { try FieldRules.checkNote(value, field: field) }
        }

        static func json(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        static func bound(_ value: String?) -> Int { ByteSpace.jsonStringBound(value?.utf8.count ?? 0) }
        static func put(_ value: String?, into space: inout ByteSpace) { space.putJSONString(value ?? "") }
        static func output(_ value: String?) -> FieldValue { .optionalText(value) }
    }

    /// An optional label (a record's account): text that is not blank and holds no control
    /// character (`FieldRules.checkLabel`); left out when there is none.
    enum OptionalLabel: FieldCoding {
        static var absent: String?? { .some(nil) }

        static func read(_ cursor: inout ByteCursor, key: Int) -> String?? {
            // As a label is read: checked on its bytes, `nil` when unsure (no Unicode tables per record).
            guard let text = cursor.label() else { return nil }
            return .some(text)
        }

        static func decode(_ node: JSONNode, _ context: FieldContext) throws(DataFileProblem) -> String? {
            let text = try JSONObjectReader.string(node, key: context.field, context: context.record)
            try refuse(node, context) { () throws(ValueError) in try FieldRules.checkLabel(text, field: context.field) }
            return text
        }

        static func check(_ value: String?, field: String) throws(ValueError) {
            if let value { try FieldRules.checkLabel(value, field: field) }
        }

        static func json(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        static func bound(_ value: String?) -> Int { ByteSpace.jsonStringBound(value?.utf8.count ?? 0) }
        static func put(_ value: String?, into space: inout ByteSpace) { space.putJSONString(value ?? "") }
        static func output(_ value: String?) -> FieldValue { .optionalText(value) }
    }

    /// A split (`Split`), optional: stored exactly in its one form; left out when there is none.
    enum SplitText: CanonicalTextCoding {
        static func isCanonical(_ text: String) -> Bool { Split(stored: text) != nil }
        static var expected: String { Split.valueDescription }
    }

    /// A receipt's parts (`Parts`), optional: stored exactly in their one form; left out when
    /// there are none.
    enum PartsText: CanonicalTextCoding {
        static func isCanonical(_ text: String) -> Bool { Parts(stored: text) != nil }
        static var expected: String { Parts.valueDescription }
    }

    /// Tags: an array of labels without white space or commas (`FieldRules.checkTag`), in any
    /// order (a set; written sorted); left out when there are none.
    enum TagList: FieldCoding {
        static var absent: Tags? { Tags() }

        static func read(_ cursor: inout ByteCursor, key: Int) -> Tags? {
            guard cursor.consume(UInt8(ascii: "[")) else { return nil }
            var tags: [String] = []
            if cursor.consume(UInt8(ascii: "]")) { return Tags() }
            repeat {
                guard let tag = cursor.label(), (try? FieldRules.checkTag(tag)) != nil else { return nil }
                tags.append(tag)
            } while cursor.consume(UInt8(ascii: ","))
            guard cursor.consume(UInt8(ascii: "]")) else { return nil }
            return Tags(alreadySorted: tags) ?? Tags(tags)
        }

        static func decode(_ node: JSONNode, _ context: FieldContext) throws(DataFileProblem) -> Tags {
            guard case .array(let elements) = node.value else {
                throw DataFileProblem(
                    offset: node.offset,
                    "\"\(context.field)\" of \(context.record) must be an array of tags, not \(node.typeName)")
            }
            var tags: [String] = []
            for element in elements {
                guard case .string(let tag) = element.value else {
                    throw DataFileProblem(
                        offset: element.offset,
                        "\"\(context.field)\" of \(context.record) must hold strings, not \(element.typeName)")
                }
                try refuse(element, context) { () throws(ValueError) in try FieldRules.checkTag(tag) }
                tags.append(tag)
            }
            return Tags(tags)
        }

        static func check(_ value: Tags, field: String) throws(ValueError) {
            for tag in value { try FieldRules.checkTag(tag) }
        }

        static func json(_ value: Tags) -> JSONValue { .array(value.sorted.map(JSONValue.string)) }

        static func bound(_ value: Tags) -> Int {
            value.sorted.reduce(16) { $0 + 12 + ByteSpace.jsonStringBound($1.utf8.count) }
        }

        /// As the encoder-compatible serializer lays out an array inside a record (indent 6).
        static func put(_ value: Tags, into space: inout ByteSpace) {
            space.put("[")
            for (index, tag) in value.sorted.enumerated() {
                space.put(index == 0 ? "\n        " : ",\n        ")
                space.putJSONString(tag)
            }
            space.put("\n      ]")
        }

        /// `["a","b"]`.
        static func putCompact(_ value: Tags, into space: inout ByteSpace) {
            space.put("[")
            for (index, tag) in value.sorted.enumerated() {
                if index > 0 { space.put(",") }
                space.putJSONString(tag)
            }
            space.put("]")
        }

        static func output(_ value: Tags) -> FieldValue { .tags(value) }
    }

    /// Turns a broken rule into the strict reader's problem at `node`.
    static func refuse(
        _ node: JSONNode, _ context: FieldContext, _ rule: () throws(ValueError) -> Void
    ) throws(DataFileProblem) {
        do {
            try rule()
        } catch {
            throw DataFileProblem(offset: node.offset, "\(context.record): \(error)")
        }
    }
}
