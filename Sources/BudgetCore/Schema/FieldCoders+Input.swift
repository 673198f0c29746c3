// The input rules of each type of value, as imports read them.

extension FieldCoders.Amount: FieldInputCoding {
    static var inputForm: FieldInput.Form { .minorUnits }

    /// Text as the command line reads it, in the budget's currency (`1,234.50`); a JSON number
    /// as minor units, never negative.
    static func input(_ given: FieldInput, field: String, _ context: InputContext) throws(ValueError) -> Int? {
        if case .minorUnits(let value) = given {
            guard value >= 0 else { throw .negativeAmount(value) }
            return value
        }
        return try context.money.parse(given.text.trimmingSpacesAndTabs)
    }

    static func value(_ shown: FieldValue) -> Int? {
        if case .amount(let value) = shown { value } else { nil }
    }
}

extension FieldCoders.SignedAmount: FieldInputCoding {
    static var inputForm: FieldInput.Form { .minorUnits }

    /// As `Amount` reads it, or its negative, a refund: text with a leading minus (`-1,200`,
    /// `−1,200`, `－1,200`), or a negative JSON number of minor units.
    static func input(_ given: FieldInput, field: String, _ context: InputContext) throws(ValueError) -> Int? {
        if case .minorUnits(let value) = given {
            guard value != Int.min else { throw .invalidAmount(String(value), reason: "the amount is too large") }
            return value
        }
        let text = given.text.trimmingSpacesAndTabs
        guard let first = text.unicodeScalars.first, first == "-" || first == "\u{2212}" || first == "\u{FF0D}" else {
            return try context.money.parse(text)
        }
        do {
            return -(try context.money.parse(String(text.unicodeScalars.dropFirst())))
        } catch .invalidAmount(_, let reason) {
            // The message quotes the text as given, minus included.
            throw .invalidAmount(text, reason: reason)
        }
    }

    static func value(_ shown: FieldValue) -> Int? {
        if case .amount(let value) = shown { value } else { nil }
    }
}

extension FieldCoders.Date: FieldInputCoding {
    /// A day as a file writes it (`FieldRules.writtenDay`: `2026-11-05`, `2026/11/5`); empty
    /// text is blank.
    static func input(_ given: FieldInput, field: String, _ context: InputContext) throws(ValueError) -> Day? {
        let text = given.text
        return text.isEmpty ? nil : try FieldRules.writtenDay(text)
    }

    /// A row without a date is dated today.
    static var fallback: ((InputContext) -> Day)? { { $0.today } }

    /// A day as typed: `YYYY-MM-DD`, `today` or `yesterday` (`FieldRules.parseDay`).
    static func typed(_ text: String, field: String, _ context: InputContext) throws(ValueError) -> Day? {
        try FieldRules.parseDay(text)
    }

    static func value(_ shown: FieldValue) -> Day? {
        if case .day(let day) = shown { day } else { nil }
    }
}

extension FieldCoders.Label: FieldInputCoding {
    /// A label (`FieldRules.label`), trimmed; text that trims to nothing is blank.
    static func input(_ given: FieldInput, field: String, _ context: InputContext) throws(ValueError) -> String? {
        try FieldRules.labelOrBlank(given.text, field: field)
    }

    static func value(_ shown: FieldValue) -> String? {
        if case .text(let text) = shown { text } else { nil }
    }
}

extension FieldCoders.Note: FieldInputCoding {
    /// A note as `FieldRules.note` reads it (a CRLF or CR is a line break); empty text is no
    /// note.
    static func input(_ given: FieldInput, field: String, _ context: InputContext) throws(ValueError) -> String?? {
        let text = given.text
        guard !text.isEmpty else { return nil }
        return .some(try FieldRules.note(text, field: field))
    }

    static func value(_ shown: FieldValue) -> String?? {
        if case .optionalText(let text) = shown { .some(text) } else { nil }
    }
}

extension FieldCoders.OptionalLabel: FieldInputCoding {
    /// A label as `FieldRules.label` reads it, trimmed; text that trims to nothing is none.
    static func input(_ given: FieldInput, field: String, _ context: InputContext) throws(ValueError) -> String?? {
        try FieldRules.labelOrBlank(given.text, field: field).map { .some($0) }
    }

    static func value(_ shown: FieldValue) -> String?? {
        if case .optionalText(let text) = shown { .some(text) } else { nil }
    }
}

extension FieldCoders.TagList: FieldInputCoding {
    static var inputForm: FieldInput.Form { .list }

    /// Tags (`FieldRules.tag`) from a JSON array, or from comma-separated text (`a,b`; empty
    /// items are skipped).
    static func input(_ given: FieldInput, field: String, _ context: InputContext) throws(ValueError) -> Tags? {
        let texts: [String]
        if case .list(let items) = given {
            texts = items
        } else if given.text.isEmpty {
            return Tags()
        } else {
            texts = given.text.split(separator: ",").map(String.init)
        }
        var tags: [String] = []
        for text in texts { tags.append(try FieldRules.tag(text)) }
        return Tags(tags)
    }

    static func value(_ shown: FieldValue) -> Tags? {
        if case .tags(let tags) = shown { tags } else { nil }
    }
}

extension FieldCoders.SplitText: FieldInputCoding {
    /// A split as typed (`夫=2, 妻=1`, `personal`, `income`), in its stored form; text that trims
    /// to nothing is none. The members are checked by the document (`checkMembers`).
    static func input(_ given: FieldInput, field: String, _ context: InputContext) throws(ValueError) -> String?? {
        let text = given.text
        guard !FieldRules.isBlank(text) else { return nil }
        guard let split = Split(typed: text) else { throw .invalidSetting(text, expected: Split.valueDescription) }
        return .some(split.text)
    }

    static func value(_ shown: FieldValue) -> String?? {
        if case .optionalText(let text) = shown { .some(text) } else { nil }
    }
}

extension FieldCoders.PartsText: FieldInputCoding {
    /// Parts as typed (`2,000=妻`), amounts in the budget's currency, in their stored form;
    /// text that trims to nothing is none.
    static func input(_ given: FieldInput, field: String, _ context: InputContext) throws(ValueError) -> String?? {
        let text = given.text
        guard !FieldRules.isBlank(text) else { return nil }
        let money = context.money
        return .some(try Parts(typed: text) { amount throws(ValueError) in try money.parse(amount) }.text)
    }

    static func value(_ shown: FieldValue) -> String?? {
        if case .optionalText(let text) = shown { .some(text) } else { nil }
    }
}
