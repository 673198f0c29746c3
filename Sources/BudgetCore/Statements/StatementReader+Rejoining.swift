/// A row with more fields than the statement's rows have: unquoted commas in a shop's name
/// (`GITHUB, INC.`) or in an amount (`95,000`). Every way of joining neighbouring fields back is
/// tried; the row is read only when exactly one of them reads as a transaction.
extension StatementReader {
    /// What joining a row's surplus fields back gave.
    enum Rejoining: Equatable {
        /// Exactly one way reads as a transaction: its fields.
        case one([String])
        /// No way reads as a transaction, and some read as a line that is none (a total), for this
        /// reason.
        case noTransaction(SkippedLine.Reason)
        /// No way reads at all.
        case none
        /// Ways read as different transactions.
        case many
        /// More ways than are tried, or more surplus fields than are joined back.
        case tooMany
    }

    /// The most steps spent looking for ways of joining a row's fields.
    static let joiningLimit = 2_000
    /// The most surplus fields joined back: a row with more is refused at once, so that
    /// every row is read in time bounded by its size times a small constant.
    static let surplusLimit = 8

    /// The one reading of a row with more than `width` fields, if exactly one way of joining
    /// neighbouring fields back gives a transaction. A field joined into an amount column
    /// (mapped, or a preset's payment column) must read as a grouped number (`95` + `000`,
    /// `1` + `234.50`); in the last field, empty fields joined at its end are dropped (but a
    /// preset's note still joins no value with them: Saison's `…,1,705,` is ¥1,705).
    ///
    /// A field read as text (a name, a note) joins no cell that reads as a value of its own
    /// (a date, a month such as `'22/08`, a number, `3回払い`, `1回目`, `ご本人`): a shop's
    /// name does not swallow the columns after it, nor start with one before it. A field
    /// nothing reads (a card's 利用者, a balance) joins either a grouped number or cells none
    /// of which reads as a value. Ways that give the same entry are one reading.
    ///
    /// - Parameters:
    ///   - lastRead: the last field anything reads (a mapped column, an exclusion's); how the
    ///     fields after it are joined changes nothing, so the surplus left when it is reached
    ///     goes into the last field, one way only.
    ///   - read: the fields something reads.
    func rejoined(
        _ cells: [String], width: Int, lastRead: Int, read: Set<Int>, line: Int, columns: StatementColumns,
        occurrences: RowOccurrences
    ) -> Rejoining {
        guard width > 0 else { return .none }
        guard cells.count - width <= Self.surplusLimit else { return .tooMany }
        let amountColumns = Set(
            (columns[.amount] ?? []) + (columns[.out] ?? []) + (columns[.in] ?? []) + (columns[.balance] ?? [])
                + (preset?.headerless?.amountFields ?? []))
        let separator = String(Character(layout.delimiter))
        // A field that alone gives the date or an amount and cannot be read as one makes
        // every way through it fail: it is not followed further.
        let sole = { (field: StatementField) -> Int? in columns[field].flatMap { $0.count == 1 ? $0[0] : nil } }
        let dateColumn = sole(.date)
        let amountFields: [StatementField] = columns[.out] == nil && columns[.in] == nil ? [.amount] : [.out, .in]
        let numberColumns = Set(amountFields.compactMap(sole))
        func cannotRead(_ text: String, at index: Int) -> Bool {
            if index == dateColumn {
                let plain = FieldRules.trimmed(text)
                return !plain.isEmpty && plain != "-" && plain != "－"
                    && StatementDate.read(plain, pattern: layout.dateFormat, asOf: today) == nil
            }
            if numberColumns.contains(index),
               case .failure = StatementAmount.parse(
                text, decimalMark: layout.decimalMark, minorDigits: minorDigits, currencySymbols: currencySymbols) {
                return true
            }
            return false
        }
        // Whether a cell joined after another into a field that is no amount reads as a
        // value of its own; computed once per cell.
        var valueLike: [Int: Bool] = [:]
        func readsAsValue(_ index: Int) -> Bool {
            if let known = valueLike[index] { return known }
            let known = Self.readsAsValue(
                cells[index], layout: layout, minorDigits: minorDigits, currencySymbols: currencySymbols, today: today)
            valueLike[index] = known
            return known
        }
        // Whether cells `start...end` may be joined into field `index`. Once they may not,
        // no longer run from `start` may either.
        func joinable(_ index: Int, _ start: Int, _ end: Int) -> Bool {
            if amountColumns.contains(index) { return isGroupedNumber(Array(cells[start...end])) }
            if index == dateColumn { return true }
            let anyValue = (start...end).contains(where: readsAsValue)
            if read.contains(index) { return !anyValue }
            return !anyValue || isGroupedNumber(Array(cells[start...end]))
        }
        var candidates: [[String]] = []
        var visited = 0
        var current: [String] = []
        // Fields from `start` into `groups` fields; `false` once too many ways were visited.
        func place(from start: Int, groups: Int) -> Bool {
            visited += 1
            if visited > Self.joiningLimit { return false }
            let index = current.count
            if index > lastRead && groups > 1 {
                // Nothing reads the fields left: one cell each, the surplus in the last.
                let last = start + groups - 1
                candidates.append(current + cells[start..<last] + [cells[last...].joined(separator: separator)])
                return true
            }
            if groups == 1 {
                var pieces = Array(cells[start...])
                while pieces.count > 1, pieces.last.map({ FieldRules.trimmed($0).isEmpty }) == true {
                    pieces.removeLast()
                }
                // A preset's text field (Saison's 備考, a note whose layout is known) that would
                // take a value and the empty fields after it (`…,1,705,` with an empty note)
                // takes them all, and so joins no value. Columns mapped by hand stay ambiguous.
                let readText = preset != nil && read.contains(index) && !amountColumns.contains(index)
                    && index != dateColumn
                let end = readText ? cells.count - 1 : start + pieces.count - 1
                if end > start && !joinable(index, start, end) { return true }
                let text = pieces.joined(separator: separator)
                if !cannotRead(text, at: index) { candidates.append(current + [text]) }
                return true
            }
            // Each later field needs a cell of its own.
            var text = ""
            for end in start...(cells.count - groups) {
                visited += 1
                if visited > Self.joiningLimit { return false }
                text += end == start ? cells[end] : separator + cells[end]
                // A number's groups that do not read cannot read with more after them, nor
                // does a name that swallowed a value read with more.
                if end > start && !joinable(index, start, end) { break }
                if cannotRead(text, at: index) { continue }
                current.append(text)
                defer { current.removeLast() }
                if !place(from: end + 1, groups: groups - 1) { return false }
            }
            return true
        }
        guard place(from: 0, groups: width) else { return .tooMany }
        var reading: (cells: [String], entry: StatementEntry)?
        var noTransaction: SkippedLine.Reason?
        for candidate in candidates {
            if let headerless = preset?.headerless,
               !headerless.isPurchase(candidate, decimalMark: layout.decimalMark, minorDigits: minorDigits) { continue }
            let entry: StatementEntry
            do {
                // Read, not counted: the row is counted once, as the way that reads.
                switch try self.entry(candidate, line: line, columns: columns, occurrences: occurrences.peek) {
                case .entry(let read): entry = read
                case .skipped(let reason):
                    noTransaction = noTransaction ?? reason
                    continue
                }
            } catch { continue }
            if let reading {
                // A second reading: no need to look further.
                if reading.entry != entry { return .many }
            } else {
                reading = (candidate, entry)
            }
        }
        guard let reading else { return noTransaction.map(Rejoining.noTransaction) ?? .none }
        return .one(reading.cells)
    }

    /// Whether a cell reads as a value of its own, which no name swallows: a date, a month
    /// (`'22/08`, `2022/08`), a number, an instalment (`3回払い`, `1回目`, `1回`) or a card's user
    /// (`本人`, `ご家族`).
    static func readsAsValue(
        _ cell: String, layout: StatementLayout, minorDigits: Int, currencySymbols: [String] = [], today: Day
    ) -> Bool {
        let plain = FieldRules.trimmed(HalfWidth.plain(cell))
        guard !plain.isEmpty, plain != "-" else { return false }
        if ["本人", "ご本人", "家族", "ご家族"].contains(plain) { return true }
        if plain.hasSuffix("回払い") || plain.hasSuffix("回目") || plain.hasSuffix("回払") { return true }
        // Saison's and JCB's payment: `1回`.
        if plain.hasSuffix("回"), plain.count > 1, plain.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }) {
            return true
        }
        let month = plain.hasPrefix("'") ? plain.dropFirst() : Substring(plain)
        let parts = month.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 && parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) {
            return true
        }
        if StatementDate.read(plain, pattern: nil, asOf: today) != nil { return true }
        if let pattern = layout.dateFormat, StatementDate.read(plain, pattern: pattern, asOf: today) != nil {
            return true
        }
        if case .success(_?) = StatementAmount.parse(
            plain, decimalMark: layout.decimalMark, minorDigits: max(minorDigits, 9), currencySymbols: currencySymbols
        ) { return true }
        return false
    }

    /// Whether fields joined back into an amount read as one grouped number: digits (at most
    /// three at the end of the first), then groups of three digits, the last one perhaps with
    /// decimals or a unit after it; with a decimal comma, whole digits and their decimals.
    private func isGroupedNumber(_ pieces: [String]) -> Bool {
        let plain = pieces.map { Array(FieldRules.trimmed(HalfWidth.plain($0)).unicodeScalars) }
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        guard let first = plain.first, let last = first.last, isDigit(last) else { return false }
        if layout.decimalMark == .comma {
            return plain.count == 2 && !plain[1].isEmpty && plain[1].allSatisfy(isDigit)
        }
        guard first.reversed().prefix(while: isDigit).count <= 3 else { return false }
        for (index, piece) in plain.enumerated().dropFirst() {
            guard piece.prefix(while: isDigit).count == 3 else { return false }
            // Only the last group may have decimals or a unit after its digits.
            if index < plain.count - 1 && piece.count != 3 { return false }
        }
        return true
    }
}
