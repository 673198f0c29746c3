/// A device's name, as `device init <name>` and `device join <name>` take it: it names the
/// device's replica file (`budget.laptop.json`) and ends every stamp the device makes
/// (`Stamp`), so it is one word of letters (any script), digits, `-` and `_`, 1 to 32 of them.
public enum DeviceName {
    /// Why a device name was refused.
    public enum Problem: Error, Equatable, Sendable {
        /// Empty, or longer than 32 characters.
        case length(String)
        /// A character other than a letter, a digit, `-` or `_`.
        case character(String, Character)
    }

    /// The longest name.
    public static let maximumLength = 32

    /// The name, checked.
    ///
    /// - Throws: `Problem` naming what is wrong.
    public static func validated(_ text: String) throws(Problem) -> String {
        guard (1...maximumLength).contains(text.count) else { throw .length(text) }
        if let bad = text.first(where: { !isAllowed($0) }) { throw .character(text, bad) }
        return text
    }

    /// Whether a character may be in a name: a letter or a digit of any script (no mark that
    /// changes direction, no space, no `.`, which ends a stamp's counter), `-` or `_`.
    static func isAllowed(_ character: Character) -> Bool {
        if character == "-" || character == "_" { return true }
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else {
            // A letter with a combining mark is allowed when each of its scalars is a letter or a mark.
            return character.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || $0.properties.generalCategory == .nonspacingMark
            }
        }
        return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || scalar.properties.numericType == .decimal
    }
}

extension DeviceName.Problem: CustomStringConvertible {
    /// What is wrong, lower-case.
    public var description: String {
        switch self {
        case .length(let text):
            return "a device name is 1 to \(DeviceName.maximumLength) characters; '\(text)' has \(text.count)"
        case .character(let text, let character):
            return "a device name is one word of letters, digits, '-' and '_'; '\(text)' has '\(character)'"
        }
    }
}
