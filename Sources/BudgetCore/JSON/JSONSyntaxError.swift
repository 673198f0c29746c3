/// A problem in a JSON document, located by byte offset.
struct JSONSyntaxError: Error, Sendable, Equatable {
    var offset: Int
    var message: String
}
