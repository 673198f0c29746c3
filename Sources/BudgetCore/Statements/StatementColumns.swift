/// Which columns of a statement give each field, resolved against its header (or by position):
/// each mapped field's column indices in order of preference, the first not empty being read.
/// Looked up by the field's place (`StatementField.ordinal`), several times a row.
struct StatementColumns: Sendable {
    /// Each field's indices by its place in `StatementField.allCases`; `nil` when not mapped.
    private var indices: [[Int]?] = Array(repeating: nil, count: StatementField.allCases.count)
    /// The mapped fields, in the order they were mapped.
    private(set) var mapped: [StatementField] = []
    /// The mapped fields a record's declaration reads (`StatementField.declared`), by name.
    private(set) var declared: [(field: StatementField, setting: SettableField)] = []

    /// No field mapped.
    init() {}

    /// The columns of `field`, `nil` when it is not mapped.
    subscript(field: StatementField) -> [Int]? {
        get { indices[field.ordinal] }
        set {
            if indices[field.ordinal] == nil { mapped.append(field) }
            indices[field.ordinal] = newValue
            if newValue == nil { mapped.removeAll { $0 == field } }
            declared = mapped.sorted { $0.rawValue < $1.rawValue }.compactMap { field in
                field.declared.map { (field, $0) }
            }
        }
    }

    /// The columns of every mapped field, or of those `included` takes.
    func columns(where included: (StatementField) -> Bool = { _ in true }) -> [Int] {
        mapped.filter(included).flatMap { indices[$0.ordinal] ?? [] }
    }
}
