import BudgetCore

/// The records a command such as `delete` or `edit` names: `[<kind>] <id>…` on the command
/// line, or `[<kind>] -` to read the IDs from stdin, one per line. Without a kind, every ID
/// must carry its own (`expense-00000002`, as `list all --format ids` writes them); an ID of
/// another kind than the one given is a usage error.
struct RecordTargets {
    /// The kind given on the command line, if any.
    let kind: RecordKind?
    /// `nil` means: read the IDs from stdin.
    private let listed: [RecordReference]?
    private let parsed: ParsedCommand

    init(_ parsed: ParsedCommand) throws(UsageError) {
        self.parsed = parsed
        let (kind, words) = try parsed.leadingKind()
        self.kind = kind
        if Array(words) == ["-"] {
            listed = nil
        } else {
            if words.contains("-") { throw parsed.usageError("'-' (read IDs from stdin) cannot be mixed with IDs") }
            listed = try words.map { text throws(UsageError) in try parsed.recordReference(text, kind: kind) }
        }
    }

    /// Whether the IDs come from stdin.
    var readsStandardInput: Bool { listed == nil }

    /// The records named, each once, in the order first named.
    ///
    /// - Parameter input: reads all of stdin (called only for `-`).
    /// - Throws: `UsageError` for a line of stdin that is not an ID of the kind (it names the
    ///   line), or what `input` throws.
    func references(input: () throws -> [UInt8]) throws -> [RecordReference] {
        var seen = Set<RecordReference>()
        return try (listed ?? read(input())).filter { seen.insert($0).inserted }
    }

    /// The IDs of stdin: blank lines are skipped, CRLF and surrounding white space are fine.
    private func read(_ bytes: [UInt8]) throws(UsageError) -> [RecordReference] {
        var references: [RecordReference] = []
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, line) in lines.enumerated() {
            let word = Self.trimmingWhitespace(line)
            if word.isEmpty { continue }
            references.append(try parsed.recordReference(word, kind: kind, source: " on line \(index + 1) of stdin"))
        }
        return references
    }

    /// The text without leading and trailing white space (including `\r`).
    private static func trimmingWhitespace(_ text: Substring) -> String {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }
}
