/// How setting values are stored in JSON, and why a reader refuses one: the rules the data
/// file's settings and the undo history's former values share.
extension SettingsCatalog {
    /// Why the reader would refuse a stored setting (by the rules of `DocumentCodec.decodeSettings`),
    /// or `nil`.
    static func settingRefusal(key: String, value: StoredSetting) -> String? {
        // A category's limit, a file's most numerous setting, taken without building its key
        // (`BudgetKeys.dynamicKey`, which would take it the same way).
        if BudgetKeys.category(in: key, after: BudgetKeys.storedLimitPrefix) != nil,
           SpendingLimit(stored: value) != nil {
            return nil
        }
        guard let setting = SettingsCatalog.key(stored: key) else { return unknownSetting(key) }
        return settingRefusal(key: key, value: value, setting: setting)
    }

    /// `settingRefusal(key:value:)` for a key already looked up.
    static func settingRefusal(key: String, value: StoredSetting, setting: AnySettingKey) -> String? {
        setting.accepts(value) ? nil : wrongSetting(key, setting)
    }

    /// Why the reader would refuse a setting's key whatever its value (an unknown key), or `nil`.
    static func keyRefusal(_ key: String) -> String? {
        SettingsCatalog.key(stored: key) == nil ? unknownSetting(key) : nil
    }

    static func unknownSetting(_ key: String) -> String {
        "unknown setting \"\(key)\" (was it written by a newer budget?)"
    }

    static func wrongSetting(_ key: String, _ setting: AnySettingKey) -> String {
        "setting \"\(key)\" must be \(setting.valueDescription)"
    }

    /// A setting value node, or `nil` when it is not a string, whole number or boolean.
    static func decodeSetting(_ node: JSONNode) -> StoredSetting? {
        switch node.value {
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .number(let text): return Int(text).map(StoredSetting.int)
        default: return nil
        }
    }

    /// A setting value as JSON.
    static func encodeSetting(_ value: StoredSetting) -> JSONValue {
        switch value {
        case .string(let text): return .string(text)
        case .int(let number): return .int(number)
        case .bool(let flag): return .bool(flag)
        }
    }
}
