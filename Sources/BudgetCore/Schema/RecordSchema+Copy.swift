extension RecordSchema {
    /// `record` with another ID: every field copied onto a blank record with `id`.
    func copy(of record: Record, id: String) -> Record {
        var copy = blank(id)
        for field in fields { field.copy(record, &copy) }
        return copy
    }
}
