import BudgetCore

/// The rows of `config list`: every fixed key, then each limit that is set.
struct ConfigListing {
    let document: BudgetDocument
    let format: OutputFormat
    let includeHeader: Bool

    private var keys: [AnySettingKey] {
        let limits = document[settings: BudgetKeys.self].limitedCategories.map { BudgetKeys.limit($0).erased }
        return SettingsCatalog.fixedKeys + limits
    }

    func render(painter: Painter) -> String {
        let context = document.settingContext
        let rows = keys.map { key -> (key: AnySettingKey, value: String, isSet: Bool) in
            let stored = document.settingsValues.value(forKey: key.storedKey)
            return (key, stored.flatMap { key.describe($0, context) } ?? key.defaultText(context: context), stored != nil)
        }
        switch format {
        case .json:
            let value = JSONValue.array(rows.map { row in
                .object([("key", .string(row.key.storedKey)), ("value", .string(row.value)), ("default", .string(row.key.defaultText(context: context))),
                         ("set", .bool(row.isSet)), ("description", .string(row.key.summary))])
            })
            return value.outputText
        case .tsv, .csv:
            let lines = (includeHeader ? [["key", "value", "default", "description"]] : [])
                + rows.map { [$0.key.storedKey, $0.value, $0.key.defaultText(context: context), $0.key.summary] }
            return DelimitedText.text(lines, as: format)
        default:
            var table = TextTable(columns: ["KEY", "VALUE", "DEFAULT", "DESCRIPTION"].map { TextTable.Column(title: $0, alignment: .left) })
            table.rows = rows.map { [$0.key.storedKey, $0.isSet ? $0.value : "", $0.key.defaultText(context: context), $0.key.summary] }
            return table.render(painter: painter)
        }
    }
}
