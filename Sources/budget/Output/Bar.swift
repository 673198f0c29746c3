/// Horizontal bars of Unicode blocks at eighth-of-a-cell resolution.
enum Bar {
    private static let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar for `value` out of `maximum`, at most `width` cells (capped at
    /// `Terminal.maximumWidth`); empty for zero or less.
    static func render(_ value: Int, of maximum: Int, width: Int) -> String {
        guard value > 0, maximum > 0, width > 0 else { return "" }
        let cells = Int128(min(width, Terminal.maximumWidth))
        // value ≤ maximum, so the exact quotient is at most cells × 8: no overflow, no rounding of Doubles.
        let scaled = Int128(min(value, maximum)) * cells * 16 / Int128(maximum)
        let eighths = Int((scaled + 1) / 2)
        let bar = String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
        return bar.isEmpty ? "▏" : bar
    }
}
