extension RecordSchema {
    /// `record` with another ID, every other field as it is.
    func copy(of record: Record, id: String) -> Record {
        var copy = record
        copy[keyPath: identity] = id
        return copy
    }
}
