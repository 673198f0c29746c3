import BudgetCore

extension JSONValue {
    /// The value as `--format json` prints it: the standard layout and a final newline.
    var outputText: String {
        String(decoding: JSONSerializer(style: .standard).serialize(self), as: UTF8.self) + "\n"
    }
}
