extension BudgetExport {
    /// Checks that `encoding` can write every text (name, category, note, tags) of the records
    /// `query` selects, after its substitutions (`TextEncoding.cp932Substitutes`), before an
    /// export in it writes anything.
    ///
    /// - Throws: `TextEncodingError.unencodable` naming the first record that holds a
    ///   character the encoding has no code for (incomes, then expenses, each in their order)
    ///   and the character; `.unavailable`.
    /// - Returns: the characters the export will write as their substitutes, each with how
    ///   often and where first, in the order first met (nothing is substituted silently).
    @discardableResult
    public static func checkEncodable(
        _ document: BudgetDocument, query: RecordQuery, as encoding: TextEncoding
    ) throws(TextEncodingError) -> [Substitution] {
        guard encoding != .utf8 else { return [] }
        var check = EncodableCheck(
            encoding: encoding, converter: try encoding.converter(from: "UTF-8", to: encoding.iconvName))
        for income in query.incomes(in: document) { try check.record(income) }
        for expense in query.expenses(in: document) { try check.record(expense) }
        for transfer in query.transfers(in: document) { try check.record(transfer) }
        return check.substitutions
    }

    /// A character an encoding has no code for, written as another it holds (`〜` as `～` in
    /// CP932), and how often an export does so.
    public struct Substitution: Equatable, Sendable {
        /// The character in the records.
        public var original: Unicode.Scalar
        /// What is written instead.
        public var replacement: Unicode.Scalar
        /// How many times it is written instead.
        public var count: Int
        /// The first record that holds it.
        public var firstRecord: RecordReference
    }
}

/// Whether an encoding holds each character of records, asking iconv once per distinct
/// character beyond ASCII.
private struct EncodableCheck {
    let encoding: TextEncoding
    let converter: Iconv
    private var known: [Unicode.Scalar: Bool] = [:]
    /// The substitutions met so far, in order, and each one's index there.
    private(set) var substitutions: [BudgetExport.Substitution] = []
    private var substitutionIndex: [Unicode.Scalar: Int] = [:]

    init(encoding: TextEncoding, converter: Iconv) {
        self.encoding = encoding
        self.converter = converter
    }

    mutating func record<Record: BaseModel>(_ record: Record) throws(TextEncodingError) {
        for field in Record.schema.fields {
            let texts: [String]
            switch field.value(record) {
            case .text(let text), .optionalText(let text?): texts = [text]
            case .tags(let tags): texts = tags.sorted
            case .optionalText(nil), .number, .amount, .day: continue
            }
            for text in texts {
                for scalar in text.unicodeScalars where !scalar.isASCII {
                    guard holds(scalar) else {
                        throw .unencodable(scalar, encoding, record: RecordReference(kind: Record.kind, id: record.id))
                    }
                    guard let replacement = encoding.substitute(for: scalar) else { continue }
                    if let index = substitutionIndex[scalar] {
                        substitutions[index].count += 1
                    } else {
                        substitutionIndex[scalar] = substitutions.count
                        substitutions.append(
                            .init(original: scalar, replacement: replacement, count: 1,
                                  firstRecord: RecordReference(kind: Record.kind, id: record.id)))
                    }
                }
            }
        }
    }

    private mutating func holds(_ scalar: Unicode.Scalar) -> Bool {
        if let answer = known[scalar] { return answer }
        let answer = (try? converter.convert(Array(encoding.substituted(String(scalar)).utf8))) != nil
        known[scalar] = answer
        return answer
    }
}
