/// Horizontal bars of Unicode blocks at eighth-of-a-cell resolution.
enum Bar {
    private static let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar for `value` out of `maximum`, at most `width` cells; empty for zero or less.
    static func render(_ value: Int, of maximum: Int, width: Int) -> String {
        guard value > 0, maximum > 0, width > 0 else { return "" }
        let eighths = Int((Double(min(value, maximum)) / Double(maximum) * Double(width * 8)).rounded())
        let bar = String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
        return bar.isEmpty ? "▏" : bar
    }
}
