extension FastDocumentCodec {
    /// The settings object read straight from the bytes, each limit parsed once
    /// (`SettingsValues.categoryLimits`), when it is as budget writes it: keys without escapes,
    /// plain (`TextOrder.isPlain`) and in ascending order of their bytes (so no two are one key
    /// to `String`'s `==`), values strings, `true`, `false` or whole numbers (`-0` aside), each
    /// one the strict reader takes. `nil`, the cursor where it was, for anything else: the
    /// strict reader then reads the object and says what is wrong with it. A file's settings are
    /// few but for its limits, which may be thousands (one per category).
    static func writtenSettings(_ cursor: inout ByteCursor) -> SettingsValues? {
        let start = cursor.index
        guard let settings = readSettings(&cursor) else {
            cursor.index = start
            return nil
        }
        return settings
    }

    private static func readSettings(_ cursor: inout ByteCursor) -> SettingsValues? {
        guard cursor.consume(UInt8(ascii: "{")) else { return nil }
        // Kept in order, as bytes (`SettingsValues` finds a key by a binary search over them).
        var keys = SettingsValues.SortedKeys()
        var limits: [(category: String, limit: SpendingLimit)] = []
        if cursor.consume(UInt8(ascii: "}")) { return SettingsValues(sortedKeys: keys, categoryLimits: limits) }
        let limitPrefix: StaticString = "budget.limit."
        assert(limitPrefix.description == BudgetKeys.storedLimitPrefix)
        var previous: Range<Int>?
        while true {
            // No escape, plain UTF-8 (checked in one pass, then made a text unchecked), after the
            // previous key.
            guard cursor.consume(UInt8(ascii: "\"")) else { return nil }
            let keyStart = cursor.index
            guard let scan = cursor.bytes.scanText(from: keyStart, refusingDelete: false),
                  scan.end < cursor.bytes.count, cursor.bytes[scan.end] == UInt8(ascii: "\"") else { return nil }
            let keyBytes = keyStart..<scan.end
            // A limit's category that is a plain label and plain text (most are) is checked in
            // one pass after the prefix's ASCII; any other key is checked whole.
            let isLimit = cursor.bytes.matches(limitPrefix, at: keyStart)
            let categoryBytes = isLimit ? (keyStart + limitPrefix.utf8CodeUnitCount)..<scan.end : keyBytes
            let plainCategory = isLimit && FieldRules.isPlainTextLabel(cursor.bytes.part(categoryBytes))
            guard plainCategory || TextOrder.isPlainUTF8(cursor.bytes.part(keyBytes)),
                  previous.map({ cursor.bytes.precedes($0, keyBytes) }) ?? true else { return nil }
            cursor.index = scan.end + 1
            previous = keyBytes
            guard cursor.consume(UInt8(ascii: ":")), let value = settingValue(&cursor) else { return nil }
            if isLimit {
                // What `SettingsCatalog.settingRefusal` takes for a limit's key, parsed once.
                let category = plainCategory
                    ? cursor.bytes.validString(categoryBytes, isASCII: scan.combined < 0x80)
                    : BudgetKeys.category(plain: cursor.bytes.part(keyBytes), after: limitPrefix)
                guard let category, let limit = SpendingLimit(stored: value) else { return nil }
                limits.append((category, limit))
            } else if SettingsCatalog.settingRefusal(
                key: cursor.bytes.validString(keyBytes, isASCII: scan.combined < 0x80), value: value) != nil {
                return nil
            }
            keys.append(key: cursor.bytes.part(keyBytes), value: value)
            if cursor.consume(UInt8(ascii: ",")) { continue }
            guard cursor.consume(UInt8(ascii: "}")) else { return nil }
            return SettingsValues(sortedKeys: keys, categoryLimits: limits)
        }
    }

    /// A setting's value as `SettingsCatalog.decodeSetting` takes it from the strict reader's
    /// node, for the JSON it reads alike; `nil` for any other.
    private static func settingValue(_ cursor: inout ByteCursor) -> StoredSetting? {
        switch cursor.peek() {
        case UInt8(ascii: "\""): return cursor.string().map(StoredSetting.string)
        case UInt8(ascii: "t"): return cursor.skip("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return cursor.skip("false") ? .bool(false) : nil
        default: return cursor.signedInteger().map(StoredSetting.int)
        }
    }
}
