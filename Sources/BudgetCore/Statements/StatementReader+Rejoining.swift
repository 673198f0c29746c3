/// A row with more fields than the statement's rows have: unquoted commas in a shop's name
/// (`GITHUB, INC.`) or in an amount (`95,000`). Every way of joining neighbouring fields back is
/// tried; the row is read only when exactly one of them reads as a transaction.
extension StatementReader {
    /// What joining a row's surplus fields back gave.
    enum Rejoining: Equatable {
        /// Exactly one way reads as a transaction: its fields.
        case one([String])
        /// No way reads as a transaction, and some read as a line that is none (a total).
        case noTransaction
        /// No way reads at all.
        case none
        /// Ways read as different transactions.
        case many
        /// More ways than are tried.
        case tooMany
    }

    /// The most steps spent looking for ways of joining a row's fields.
    static let joiningLimit = 2_000

    /// The one reading of a row with more than `width` fields, if exactly one way of joining
    /// neighbouring fields back gives a transaction. A field joined into an amount column
    /// (mapped, or a preset's payment column) must read as a grouped number (`95` + `000`,
    /// `1` + `234.50`); in the last field, empty fields joined at its end are dropped.
    ///
    /// - Parameter lastRead: the last field anything reads (a mapped column, an exclusion's);
    ///   how the fields after it are joined changes nothing, so the surplus left when it is
    ///   reached goes into the last field, one way only.
    func rejoined(_ cells: [String], width: Int, lastRead: Int, line: Int, columns: [StatementField: [Int]], occurrences: [ExactText: Int]) -> Rejoining {
        guard width > 0 else { return .none }
        let amountColumns = Set((columns[.amount] ?? []) + (columns[.out] ?? []) + (columns[.in] ?? []) + (preset?.headerless?.amountFields ?? []))
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
                return !plain.isEmpty && plain != "-" && plain != "－" && StatementDate.read(plain, pattern: layout.dateFormat, asOf: today) == nil
            }
            if numberColumns.contains(index), case .failure = StatementAmount.parse(text, decimalMark: layout.decimalMark, minorDigits: minorDigits) { return true }
            return false
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
                while pieces.count > 1, pieces.last.map({ FieldRules.trimmed($0).isEmpty }) == true { pieces.removeLast() }
                if pieces.count > 1 && amountColumns.contains(index) && !isGroupedNumber(pieces) { return true }
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
                // A number's groups that do not read cannot read with more after them.
                if end > start && amountColumns.contains(index) && !isGroupedNumber(Array(cells[start...end])) { break }
                if cannotRead(text, at: index) { continue }
                current.append(text)
                defer { current.removeLast() }
                if !place(from: end + 1, groups: groups - 1) { return false }
            }
            return true
        }
        guard place(from: 0, groups: width) else { return .tooMany }
        var reading: (cells: [String], entry: StatementEntry)?
        var noTransaction = false
        for candidate in candidates {
            if let headerless = preset?.headerless, !headerless.isPurchase(candidate, decimalMark: layout.decimalMark, minorDigits: minorDigits) { continue }
            var scratch = occurrences
            let read: StatementEntry?
            do { read = try entry(candidate, line: line, columns: columns, occurrences: &scratch) } catch { continue }
            guard let entry = read else {
                noTransaction = true
                continue
            }
            if let reading {
                // A second reading: no need to look further.
                if reading.entry != entry { return .many }
            } else {
                reading = (candidate, entry)
            }
        }
        guard let reading else { return noTransaction ? .noTransaction : .none }
        return .one(reading.cells)
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
