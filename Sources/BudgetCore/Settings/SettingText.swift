/// The text of a setting that holds a structured value (a rule, a schedule): `key=value`
/// parts joined by `;`, where `%` in a value is written `%25` and `;` is written `%3B`.
///
/// The value types decide the parts and their order; this only splits, escapes and reads
/// escapes back, so that every such text escapes the same way.
enum SettingText {
    /// One part: a key and its value (`nil` for a bare word such as `skip`).
    struct Part: Equatable {
        var key: String
        var value: String?
    }

    /// The parts of a text, values unescaped; `nil` when a value holds a `%` that is not
    /// `%25` or `%3B`.
    static func parts(of text: String) -> [Part]? {
        var parts: [Part] = []
        for piece in text.unicodeScalars.split(separator: ";", omittingEmptySubsequences: false) {
            let scalars = String.UnicodeScalarView(piece)
            guard let equals = scalars.firstIndex(of: "=") else {
                parts.append(Part(key: String(scalars), value: nil))
                continue
            }
            guard let value = unescaped(String(scalars[scalars.index(after: equals)...])) else { return nil }
            parts.append(Part(key: String(scalars[..<equals]), value: value))
        }
        return parts
    }

    /// `key=value`, the value escaped.
    static func part(_ key: String, _ value: String) -> String {
        key + "=" + escaped(value)
    }

    /// `%` as `%25` and `;` as `%3B`.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "%" || $0 == ";" }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case ";": result += "%3B"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The text with `%25` and `%3B` read back; `nil` for any other `%`.
    static func unescaped(_ text: String) -> String? {
        guard text.unicodeScalars.contains("%") else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else {
                result.append(scalar)
                continue
            }
            let code = String(String.UnicodeScalarView(scalars.prefix(2)))
            switch code {
            case "25": result.append("%")
            case "3B": result.append(";")
            default: return nil
            }
            scalars = scalars.dropFirst(2)
        }
        return String(result)
    }
}
