import BudgetCore

/// Adds ANSI colour to text when colour is on for a stream, and nothing when it is off.
struct Painter: Sendable {
    enum Style: String {
        case bold = "1", red = "31", green = "32", yellow = "33", dim = "2"
    }

    let isEnabled: Bool

    static let plain = Painter(isEnabled: false)

    func paint(_ text: String, _ style: Style) -> String {
        isEnabled && !text.isEmpty ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// Whether to colour a stream. `--color` beats `NO_COLOR` (set and non-empty means never),
    /// which beats the `display.color` setting; `auto` colours only a terminal whose `TERM` is
    /// set and not `dumb`.
    static func isColorEnabled(
        flag: ColorMode?, environment: [String: String], setting: ColorMode, isTerminal: Bool
    ) -> Bool {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let mode = flag ?? (noColor ? .never : setting)
        switch mode {
        case .always: return true
        case .never: return false
        case .auto:
            guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
            return isTerminal
        }
    }
}
