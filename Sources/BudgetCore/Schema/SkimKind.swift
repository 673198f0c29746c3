/// How the canonical reader (`RecordSchema.skim`) checks a field's value: the common kinds
/// straight from the cursor, in the schema's loop, without calling the field (the undo history
/// holds as many records as a table, and this keeps skimming them a fraction of reading them);
/// anything else through the field's coder (`FieldCoding.skim`).
enum SkimKind {
    /// A whole number from 0, written without a sign or leading zero (`ByteCursor.skimInteger`).
    case integer
    /// A whole number written as `integer` is, or its negative (`-12`, never `-0`)
    /// (`ByteCursor.skimSignedInteger`).
    case signedInteger
    /// A quoted `YYYY-MM-DD` day.
    case day
    /// A name or category without escapes (`ByteCursor.skimLabel`).
    case label
    /// A note without escapes (`FieldRules.checkNote`).
    case note
    /// The record's `id`, which sets its ID number.
    case identifier
    /// The coder's own `skim`.
    case general
}
