/// Exports people take for statements that are none: what they are and why they cannot be
/// imported, so that the refusal says so in one line instead of listing columns.
struct NotAStatement: Sendable {
    /// The header cells (folded) that together identify the export.
    let signature: [String]
    /// Why it is refused, a clause (`an Amazon order history, not a statement: …`).
    let why: String

    /// The known exports that are no statements.
    static let all = [
        NotAStatement(
            signature: ["注文日", "注文番号", "商品名", "注文合計"],
            why: "an Amazon order history, not a statement: one order spans item, shipping, discount, points and "
                + "card-charge rows, so it would count the money twice; import the statement of the card it was "
                + "charged to"),
    ]

    /// The known non-statement whose header is one of the statement's first lines (the first
    /// `StatementPreset.preambleLines`, as presets are looked for, so a title line before it
    /// hides nothing), if any.
    static func found(in text: String, delimiter: Unicode.Scalar) -> NotAStatement? {
        for (_, cells) in StatementPreset.rows(
            startingOnLines: 0..<StatementPreset.preambleLines, of: text, delimiter: delimiter) {
            let folded = Set(cells.map(ColumnReference.folded))
            if let known = all.first(where: { $0.signature.allSatisfy(folded.contains) }) { return known }
        }
        return nil
    }
}
