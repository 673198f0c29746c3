extension RecordSchema {
    /// The field a person sets with this key (`RecordField.setting`), if the kind has it.
    func settable(_ key: String) -> RecordField<Record>? {
        fields.first { $0.key == key && $0.setter != nil }
    }

    /// Checks that the kind has every field `values` gives.
    ///
    /// - Throws: `ValueError.notApplicable` for the first field (by key) it does not have.
    func checkApplicable(_ values: RecordValues) throws(ValueError) {
        for key in values.keys where settable(key) == nil { throw .notApplicable(field: key, kind: Record.kind) }
    }

    /// Sets the fields `values` gives on the record; the others stay as they are.
    func apply(_ values: RecordValues, to record: inout Record) {
        for key in values.keys {
            guard let field = settable(key), let setter = field.setter, let value = values[key] else { continue }
            _ = setter.set(value, &record)
        }
    }

    /// A new record with `id`: the values given, and for every other field a person sets what
    /// stands in for it (the default category, today, no note), as an import fills a row.
    ///
    /// - Throws: `ValueError.missing` for a field nothing stands in for (a name, an amount).
    func make(id: String, _ values: RecordValues, _ context: InputContext) throws(ValueError) -> Record {
        var record = blank(id)
        for field in fields {
            guard let input = field.input else { continue }
            if let value = values[field.key], let setter = field.setter, setter.set(value, &record) { continue }
            try input.read(nil, &record, context)
        }
        return record
    }
}
