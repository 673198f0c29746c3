/// The categorisation rules (`Rule`), one key per rule, numbered in the order they are tried:
/// `rule.1`, `rule.2`, … Each value is the rule's text (`Rule.settingText`), which the reader
/// checks like any setting: a value that is not exactly a valid rule's text is refused.
///
/// Rules are tried in the order of their numbers. The operations that change rules
/// (`BudgetDocument.addRule`, `deleteRule`, `moveRule`) renumber them 1…n; a file edited by
/// hand with gaps (`rule.1`, `rule.5`) still reads, its rules numbered by position.
public enum RuleKeys: SettingsDomain {
    /// The prefix of the domain's keys.
    public static let name = "rule"

    /// The key of the rule with a number (1 for the first).
    public static func rule(_ number: Int) -> SettingKey<RuleKeys, Rule?> {
        SettingKey(String(number), default: nil, "Rule \(number): how records matching its pattern are categorised.")
    }

    /// No fixed keys: one per rule (`dynamicKey`).
    public static let keys: [AnySettingKey] = []

    /// The key of a rule (`3`, for `rule.3`): a number from 1, written without a sign or
    /// leading zeros, so each rule has one key.
    public static func dynamicKey(named name: String) -> AnySettingKey? {
        number(name).map { rule($0).erased }
    }

    /// The number of a key's name within the domain, or `nil` when it is not one.
    static func number(_ name: String) -> Int? {
        guard let number = Int(name), number >= 1, String(number) == name else { return nil }
        return number
    }
}

extension Settings where Domain == RuleKeys {
    /// The rules, in the order of their numbers (a stored value that is not a rule, which the
    /// reader refuses, is left out).
    public var orderedRules: [Rule] {
        let prefix = RuleKeys.name + "."
        var numbered: [(number: Int, rule: Rule)] = []
        for key in storage.storedKeys(prefixed: prefix) {
            guard let number = StoredKeyName.rest(of: key, after: prefix).flatMap(RuleKeys.number),
                  let rule = storage.value(forKey: key).flatMap(Rule.init(stored:)) else { continue }
            numbered.append((number, rule))
        }
        return numbered.sorted { $0.number < $1.number }.map(\.rule)
    }

    /// Replaces every rule: `rules` become `rule.1`…`rule.n`, and no other rule key stays.
    public mutating func replaceRules(_ rules: [Rule]) {
        let prefix = RuleKeys.name + "."
        for key in storage.storedKeys(prefixed: prefix) where key.hasPrefix(prefix) {
            storage.setValue(nil, forKey: key)
        }
        for (index, rule) in rules.enumerated() { self[RuleKeys.rule(index + 1)] = rule }
    }
}
