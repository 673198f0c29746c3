import BudgetCore

/// The rows of `config list` (`BudgetDocument.settingEntries`), in an output format.
struct ConfigListing {
    let entries: [SettingEntry]
    let format: OutputFormat
    let includeHeader: Bool

    func render(painter: Painter) -> String {
        switch format {
        case .json:
            let value = JSONValue.array(entries.map { entry in
                .object([("key", .string(entry.key.storedKey)), ("value", .string(entry.value)),
                         ("default", .string(entry.defaultValue)),
                         ("set", .bool(entry.isSet)), ("description", .string(entry.key.summary))])
            })
            return value.outputText
        case .tsv, .csv:
            let lines = (includeHeader ? [["key", "value", "default", "description"]] : [])
                + entries.map { [$0.key.storedKey, $0.value, $0.defaultValue, $0.key.summary] }
            return DelimitedText.text(lines, as: format)
        default:
            var table = TextTable(columns: ["KEY", "VALUE", "DEFAULT", "DESCRIPTION"].map {
                TextTable.Column(title: $0, alignment: .left)
            })
            table.rows = entries.map { [$0.key.storedKey, $0.isSet ? $0.value : "", $0.defaultValue, $0.key.summary] }
            return table.render(painter: painter)
        }
    }
}
