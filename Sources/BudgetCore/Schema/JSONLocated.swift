/// A JSON value with its place in the document: what `JSONObjectReader` hands out.
protocol JSONLocated {
    /// Where the value begins.
    var offset: Int { get }
    /// A short name of the value's JSON type, for error messages.
    var typeName: String { get }
}

extension JSONNode: JSONLocated {}

extension JSONSpan: JSONLocated {}
