extension BudgetDocument {
    /// The record an ID names now. A record that a fold made one with another (the same
    /// statement row, schedule occurrence, settlement or adjustment recorded on two devices)
    /// names the one kept; any other reference is itself.
    public func following(_ reference: RecordReference) -> RecordReference {
        var current = reference
        // A chain of merges ends at a record kept; a loop (a hand-edited file) ends where it closes.
        var seen: Set<String> = []
        while let kept = sync?.merged[RegisterKey.record(current.kind, current.id)], seen.insert(kept).inserted {
            guard let next = RegisterKey.reference(ofRecord: kept) else { break }
            current = next
        }
        return current
    }

    /// `references` with each one a fold made one with another replaced by the one kept, and
    /// what was replaced: the ID that went away and the one kept.
    public func following(
        _ references: [RecordReference]
    ) -> (references: [RecordReference], replaced: [(gone: RecordReference, kept: RecordReference)]) {
        guard let merged = sync?.merged, !merged.isEmpty else { return (references, []) }
        var result: [RecordReference] = [], replaced: [(RecordReference, RecordReference)] = []
        for reference in references {
            let kept = following(reference)
            if kept != reference { replaced.append((reference, kept)) }
            if !result.contains(kept) { result.append(kept) }
        }
        return (result, replaced)
    }
}
