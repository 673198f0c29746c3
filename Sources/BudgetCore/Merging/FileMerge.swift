/// Merges another copy of a budget into one: the fold when both are replicas of devices, the
/// three-way merge against their common ancestor when neither has devices (`ThreeWayMerge`; the
/// ancestor given, as git gives its merge driver one, or found in the two undo histories).
public enum FileMerge {
    /// What a merge did, for people.
    public struct Outcome: Sendable {
        /// The merged budget.
        public var document: BudgetDocument
        /// Lines that say what changed an ID, joined two records or kept one value of two.
        public var notes: [String]
        /// How many conflicts are left (kept ours, or listed by `ReplicaConflicts`).
        public var conflicts: Int
    }

    /// `theirs` merged into `ours`.
    ///
    /// - Parameter ancestor: their common ancestor, when known; else found in the histories.
    /// - Throws: `MergeError.mixed` when one has devices and the other not, `noAncestor` when
    ///   two files without devices share no state; what the merge throws.
    public static func merge(
        _ ours: BudgetDocument, with theirs: BudgetDocument, ancestor: BudgetDocument? = nil
    ) throws -> Outcome {
        switch (ours.sync, theirs.sync) {
        case let (.some(mine), .some(copy)) where mine.device == copy.device:
            // Two versions of one device's replica (a restored or copied file written as the
            // device): the same IDs may name different records, which a fold would take as one.
            throw MergeError.sameDevice(mine.device)
        case (.some, .some):
            let folded = try ReplicaFold.fold(ours, with: theirs)
            let conflicts = ReplicaConflicts.list(in: folded).count
            return Outcome(
                document: folded, notes: DerivedSource.newTwinsMessages(in: folded, since: ours), conflicts: conflicts)
        case (nil, nil):
            guard let base = ancestor ?? DocumentAncestor.find(ours, theirs) else { throw MergeError.noAncestor }
            let result = try ThreeWayMerge.merge(ancestor: base, ours: ours, theirs: theirs)
            var notes: [String] = []
            for renumbering in result.renumbered {
                notes.append("their \(renumbering.kind.singular) \(renumbering.from) is now \(renumbering.to)")
            }
            for match in result.matched {
                notes.append(
                    "their \(match.kind.singular) \(match.from) is our \(match.to), as an earlier merge numbered it")
            }
            for schedule in result.renumberedSchedules {
                notes.append("their schedule \(schedule.from) is now \(schedule.to)")
            }
            for join in result.joined {
                notes.append("\(join.kind.singular) \(join.from) (theirs) and \(join.to) hold the same \(join.field): "
                    + "kept as \(join.to)")
            }
            for conflict in result.conflicts {
                let what = conflict.recordKind.map { "\($0.singular) \(conflict.id)" } ?? conflict.id
                let field = conflict.field.map { " \($0)" } ?? ""
                if conflict.kind == .deletedAndEdited {
                    // The edited record is kept, whichever side deleted it.
                    let (deleter, editor) = conflict.ours == nil ? ("ours", "theirs") : ("theirs", "ours")
                    notes.append("conflict: \(what): deleted on \(deleter), edited on \(editor): kept as \(editor) "
                        + "edited it (\(conflict.ours ?? conflict.theirs ?? ""))")
                    continue
                }
                notes.append("conflict: \(what)\(field): kept ours (\(conflict.ours ?? "deleted")), "
                    + "not theirs (\(conflict.theirs ?? "deleted"))")
            }
            notes += DerivedSource.newTwinsMessages(in: result.document, since: ours)
            return Outcome(document: result.document, notes: notes, conflicts: result.conflicts.count)
        default:
            throw MergeError.mixed
        }
    }
}
