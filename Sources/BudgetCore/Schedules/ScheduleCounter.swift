/// The highest schedule ID ever given (`recur.last-id`): the next schedule gets the one after,
/// so an ID is never reused, even after its schedule is deleted.
public struct ScheduleCounter: PlainSettingValue, Hashable {
    /// The highest ID given, 0 to `RecordID.maximum`.
    public var value: Int

    /// A counter at `value`.
    public init(_ value: Int) {
        self.value = value
    }

    /// What values look like.
    public static let valueDescription = "a number from 0 to \(RecordID.maximum)"

    /// Reads a number within the IDs' range.
    public init(settingText text: String) throws(ValueError) {
        guard let value = Int(text), (0...RecordID.maximum).contains(value) else {
            throw .invalidSetting(text, expected: Self.valueDescription)
        }
        self.value = value
    }

    /// Reads a stored whole number within the IDs' range.
    public init?(stored: StoredSetting) {
        guard case .int(let value) = stored, (0...RecordID.maximum).contains(value) else { return nil }
        self.value = value
    }

    /// The number.
    public var settingText: String { String(value) }
    /// The number, as a JSON number (absent at 0).
    public var stored: StoredSetting? { value == 0 ? nil : .int(value) }
}
