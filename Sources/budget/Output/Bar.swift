/// Horizontal bars of Unicode blocks at eighth-of-a-cell resolution.
enum Bar {
    private static let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar for `value` out of `maximum`, at most `width` cells (capped at
    /// `Terminal.maximumWidth`); empty for zero or less.
    static func render(_ value: Int, of maximum: Int, width: Int) -> String {
        eighths(value, of: maximum, width: width).map(drawing) ?? ""
    }

    /// The bar's length in eighths of a cell; `nil` when there is no bar.
    private static func eighths(_ value: Int, of maximum: Int, width: Int) -> Int? {
        guard value > 0, maximum > 0, width > 0 else { return nil }
        let cells = Int128(min(width, Terminal.maximumWidth))
        // value ≤ maximum, so the exact quotient is at most cells × 8: no overflow, no rounding of Doubles.
        let scaled = Int128(min(value, maximum)) * cells * 16 / Int128(maximum)
        return Int((scaled + 1) / 2)
    }

    /// A bar `eighths` long; the thinnest when that rounds to nothing.
    private static func drawing(_ eighths: Int) -> String {
        let bar = String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
        return bar.isEmpty ? "▏" : bar
    }

    /// Bars for many values against one largest, each length drawn once: a summary of 40,000
    /// categories has far fewer lengths than rows.
    struct Drawer {
        let largest: Int
        let width: Int
        private var drawn: [Int: String] = [:]

        init(largest: Int, width: Int) {
            self.largest = largest
            self.width = width
        }

        /// What `Bar.render(value, of: largest, width: width)` draws.
        mutating func bar(_ value: Int) -> String {
            guard let eighths = Bar.eighths(value, of: largest, width: width) else { return "" }
            if let bar = drawn[eighths] { return bar }
            let bar = Bar.drawing(eighths)
            drawn[eighths] = bar
            return bar
        }
    }
}
