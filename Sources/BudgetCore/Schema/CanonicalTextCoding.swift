/// An optional field whose text has exactly one stored form (a split, a receipt's parts):
/// the reader takes only that form, so a file never holds two spellings of one value.
protocol CanonicalTextCoding: FieldCoding where Value == String? {
    /// Whether the text is in the stored form.
    static func isCanonical(_ text: String) -> Bool
    /// What values look like, for messages.
    static var expected: String { get }
}

extension CanonicalTextCoding {
    static var absent: String?? { .some(nil) }

    static func read(_ cursor: inout ByteCursor, key: Int) -> String?? {
        guard let text = cursor.string(), isCanonical(text) else { return nil }
        return .some(text)
    }

    static func decode(_ node: JSONNode, _ context: FieldContext) throws(DataFileProblem) -> String? {
        let text = try JSONObjectReader.string(node, key: context.field, context: context.record)
        try FieldCoders.refuse(node, context) { () throws(ValueError) in try check(text, field: context.field) }
        return text
    }

    static func check(_ value: String?, field: String) throws(ValueError) {
        if let value, !isCanonical(value) { throw .invalidSetting(value, expected: expected) }
    }

    static func json(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    static func bound(_ value: String?) -> Int { ByteSpace.jsonStringBound(value?.utf8.count ?? 0) }
    static func put(_ value: String?, into space: inout ByteSpace) { space.putJSONString(value ?? "") }
    static func output(_ value: String?) -> FieldValue { .optionalText(value) }
}
