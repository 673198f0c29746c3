/// Builds an HTML document in which every text and attribute value is escaped: what comes
/// from the data file or a statement is always text on the page, never markup.
struct HTMLWriter {
    private(set) var html = ""

    /// `text` with `&`, `<`, `>`, `"` and `'` written as references, so that it is text in
    /// an element and in a quoted attribute value alike.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { Self.escaped.contains($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    private static let escaped: Set<UInt8> = Set("&<>\"'".utf8)

    /// Opens `tag` with a class and attributes (names are ours; values are escaped).
    mutating func open(_ tag: String, class className: String? = nil, _ attributes: [(String, String)] = []) {
        html += "<" + tag
        if let className, !className.isEmpty { html += " class=\"" + Self.escape(className) + "\"" }
        for (name, value) in attributes { html += " " + name + "=\"" + Self.escape(value) + "\"" }
        html += ">"
    }

    /// Closes `tag`.
    mutating func close(_ tag: String) {
        html += "</" + tag + ">"
    }

    /// An element holding `text`, escaped.
    mutating func element(
        _ tag: String, class className: String? = nil, _ attributes: [(String, String)] = [], text: String
    ) {
        open(tag, class: className, attributes)
        self.text(text)
        close(tag)
    }

    /// An element with no content (`<rect …/>` in SVG).
    mutating func empty(_ tag: String, class className: String? = nil, _ attributes: [(String, String)]) {
        open(tag, class: className, attributes)
        close(tag)
    }

    /// An element whose content `body` writes.
    mutating func element(
        _ tag: String, class className: String? = nil, _ attributes: [(String, String)] = [],
        _ body: (inout HTMLWriter) -> Void
    ) {
        open(tag, class: className, attributes)
        body(&self)
        close(tag)
    }

    /// Text, escaped.
    mutating func text(_ text: String) {
        html += Self.escape(text)
    }

    /// Markup written as it is: only for the page's own constant markup (the style sheet, the
    /// doctype), never for anything that came from data.
    mutating func markup(_ constant: StaticString) {
        html += constant.description
    }
}
