/// A Japanese bank, card or household-app export that `import` reads without options: how it is
/// laid out, how its header is recognised, and which of its rows are not spending.
/// (`../shared/reference/statements-jp.md` has the formats.)
public struct StatementPreset: Sendable {
    /// The name `--profile` takes (`rakuten-card`).
    public let name: String
    /// What the confirmation calls such a file (`a Rakuten Card statement`).
    public let title: String
    /// The header cells (folded) that together identify the export; an export that has been
    /// written with other headers (SBI Shinsei's English one) has one such list for each.
    let signatures: [[String]]
    /// How its rows are read.
    public let layout: StatementLayout
    /// Rows that are not spending or income (transfers, rows left out of totals): a column,
    /// the (folded) values that mark them, and what they are.
    let exclusions: [Exclusion]
    /// For exports without a header (SMBC's Vpass): the number of fields of a purchase row
    /// (surplus fields are unquoted commas, joined back: `StatementReader.rejoined`), the
    /// shape of a purchase, and how a section's first line (the card holder) is recognised.
    let headerless: Headerless?
    /// Whether money that comes in is a charge, not an income or a refund: a transit card's
    /// or an e-money card's history, where only a top-up brings money in.
    let moneyInIsTransfer: Bool
    /// Whether a row with no date but an amount belongs to the row above and takes its date
    /// (AEON's 会員値引, a discount on the purchase before it); otherwise it is skipped.
    let undatedRowsFollow: Bool
    /// The titles of tables that follow the statement's rows in the same file, with columns
    /// of their own (AEON's `分割・ボーナス払い明細`): a row starting one ends the rows read; the
    /// rest are left out, and counted.
    let endMarks: [String]

    /// Rows a column marks as no spending or income: MoneyForward's `振替` 1 (a transfer),
    /// `計算対象` 0 (left out of its totals).
    struct Exclusion: Sendable {
        /// The column's header, folded.
        var column: String
        /// The values (folded, lower-cased) that mark such a row.
        var values: [String]
        /// What such a row is: a transfer, or a row left out (`skip`).
        var meaning: RowMeaning
        /// Whether a value marks the row wherever it is in the cell (a name such as
        /// `板橋駅　オートチャージ`), not only as the whole cell.
        var withinText = false

        /// Whether a cell (folded, lower-cased) holds one of the values.
        func marks(_ folded: String) -> Bool {
            withinText ? values.contains { folded.contains($0) } : values.contains(folded)
        }
    }

    /// How an export without a header is read and recognised.
    struct Headerless: Sendable {
        /// The fields of a purchase row (more are unquoted commas, joined back).
        var fieldCount: Int
        /// Whether a row starts a card's section (its holder's line).
        var isSectionLine: @Sendable ([String]) -> Bool
        /// Whether the file's first row shows it is this export.
        var startsFile: @Sendable ([String]) -> Bool
        /// Whether a row of `fieldCount` fields has the shape of a purchase.
        var isPurchase: @Sendable (_ cells: [String], _ amount: (String) -> Int?) -> Bool
        /// The fields besides the mapped amount that hold amounts (the payment).
        var amountFields: [Int]
        /// A purchase's fields in a few words, for the message about a row that is none.
        var shape = "date, shop, amount, two counts, the payment, a note"

        /// Whether a row of `fieldCount` fields has the shape of a purchase.
        func isPurchase(_ cells: [String], decimalMark: DecimalMark, minorDigits: Int) -> Bool {
            guard cells.count == fieldCount else { return false }
            return isPurchase(cells) { text in
                if case .success(let value?) = StatementAmount.parse(
                    text, decimalMark: decimalMark, minorDigits: minorDigits) { return value }
                return nil
            }
        }
    }

    /// Every built-in preset: household apps, banks, cards, then wallets and payment apps.
    /// A statement is the first whose header (or, without one, first row) it has.
    public static let all: [StatementPreset] = households + banks + cards + wallets

    /// The preset with this name.
    public static func named(_ name: String) -> StatementPreset? {
        all.first { $0.name == name }
    }

    init(
        name: String, title: String, signature: [String], alternatives: [[String]] = [], layout: StatementLayout,
        exclusions: [Exclusion] = [], headerless: Headerless? = nil, moneyInIsTransfer: Bool = false,
        undatedRowsFollow: Bool = false, endMarks: [String] = []
    ) {
        self.name = name
        self.title = title
        self.signatures = [signature] + alternatives
        self.layout = layout
        self.exclusions = exclusions
        self.headerless = headerless
        self.moneyInIsTransfer = moneyInIsTransfer
        self.undatedRowsFollow = undatedRowsFollow
        self.endMarks = endMarks
    }

    /// Whether a row is this export's header: it holds every cell of one of the signatures.
    func matchesHeader(_ cells: [String]) -> Bool {
        matchesHeader(folded: Set(cells.map(ColumnReference.folded)))
    }

    /// `matchesHeader` of a header's cells folded (`ColumnReference.folded`) once for every preset.
    func matchesHeader(folded: Set<String>) -> Bool {
        guard headerless == nil else { return false }
        return signatures.contains { $0.allSatisfy(folded.contains) }
    }

    /// A layout reading these columns (names or positions from 1), the first non-empty of a
    /// field's columns winning.
    static func layout(
        _ columns: [StatementField: [String]], sign: StatementSign = .expenseNegative, hasHeader: Bool = true,
        kindValues: [KindValue] = []
    ) -> StatementLayout {
        var layout = StatementLayout()
        layout.hasHeader = hasHeader
        layout.sign = sign
        layout.kindValues = kindValues
        for (field, names) in columns { layout[field] = names.compactMap(ColumnReference.init(text:)) }
        return layout
    }

    /// `0000-00**-****-****`: digits and asterisks in four groups.
    static func isMaskedCardNumber(_ text: String) -> Bool {
        let groups = FieldRules.trimmed(HalfWidth.plain(text)).split(separator: "-", omittingEmptySubsequences: false)
        return groups.count == 4 && groups.allSatisfy { group in
            group.count == 4 && group.allSatisfy { $0 == "*" || $0.isASCII && $0.isNumber }
        } && groups.contains { $0.contains("*") }
    }
}

extension StatementPreset {
    /// How many lines from the top a header is looked for on: a preamble (an account's
    /// details, a card's, a title) comes first.
    static let preambleLines = 20

    /// The built-in export a statement is, by its header (a row starting on one of its first
    /// lines, each tried on its own, so that a preamble that is no CSV does not hide it) or,
    /// for exports without one, its first line; `nil` when it is none of them.
    ///
    /// A header anywhere in the first lines wins over a headerless export's first line (View
    /// Card's first line, `会員番号,****-****-****-1234,…`, has a masked card number as Vpass's
    /// holder line has).
    ///
    /// - Parameter start: the lines before it are not looked at (`--skip`).
    public static func detect(in text: String, delimiter: Unicode.Scalar = ",", from start: Int = 0)
        -> StatementPreset? {
        let found = rows(startingOnLines: start..<(start + preambleLines), of: text, delimiter: delimiter)
        for (_, cells) in found {
            let folded = Set(cells.map(ColumnReference.folded))
            if let preset = all.first(where: { $0.matchesHeader(folded: folded) }) { return preset }
        }
        guard let first = found.first, first.index == start else { return nil }
        return all.first { $0.headerless?.startsFile(first.cells) == true }
    }

    /// The index of the line that is this preset's header, among the first lines from `start`.
    func headerLine(in text: String, delimiter: Unicode.Scalar, from start: Int) -> Int? {
        Self.rows(startingOnLines: start..<(start + Self.preambleLines), of: text, delimiter: delimiter)
            .first { matchesHeader($0.cells) }?.index
    }

    /// The row that starts on each of these lines (counted from 0) and reads as CSV, however
    /// long (a quoted field may hold line breaks); blank lines and lines that start no valid
    /// row are left out.
    static func rows(
        startingOnLines lines: Range<Int>, of text: String, delimiter: Unicode.Scalar
    ) -> [(index: Int, cells: [String])] {
        var found: [(index: Int, cells: [String])] = []
        guard var rest = StatementText.dropping(lines: lines.lowerBound, of: text) else { return [] }
        for index in lines {
            let startsBlank = rest.unicodeScalars.first.map { $0 == "\n" || $0 == "\r" } ?? true
            if !startsBlank, let row = DelimitedReader.firstRow(rest, by: delimiter) {
                found.append((index, row.fields))
            }
            guard let next = StatementText.dropping(lines: 1, of: rest) else { break }
            rest = next
        }
        return found
    }

    /// The preset whose header shares the most cells with this one (at least half of its
    /// signature), for a message about a statement that matches none.
    public static func closest(toHeader cells: [String]) -> StatementPreset? {
        let folded = Set(cells.map(ColumnReference.folded))
        // A preset that could read the header: each of its date, name and amount fields (or out
        // and in) has a column there; suggesting another leads nowhere.
        func canRead(_ preset: StatementPreset) -> Bool {
            func has(_ field: StatementField) -> Bool {
                preset.layout[field].contains { reference in
                    if case .name(let name) = reference { return folded.contains(ColumnReference.folded(name)) }
                    return true
                }
            }
            return has(.date) && has(.name) && (has(.amount) || has(.out) || has(.in))
        }
        // Each signature's share of cells found; the best, when at least half of it is there.
        let scored = all.filter(canRead).flatMap { preset in
            preset.signatures.filter { !$0.isEmpty }.map { signature in
                (preset: preset, found: signature.filter(folded.contains).count, size: signature.count)
            }
        }
        guard let best = scored.max(by: { $0.found * $1.size < $1.found * $0.size }),
              best.found * 2 >= best.size, best.found > 0 else { return nil }
        return best.preset
    }
}
