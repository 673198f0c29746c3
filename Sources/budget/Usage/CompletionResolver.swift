import BudgetCore

/// The words a shell may offer at the cursor, worked out from the command specs and the words
/// typed so far. The completion scripts call it as `budget __complete -- <word>… <current>`
/// with every word already unquoted, and insert the answer as literal text: the shells never
/// evaluate a category or any other value.
///
/// The answer is one line `words` or `files` (the shell completes file names itself), then the
/// candidates that start with the current word, one a line. Reading categories only loads the
/// data file: completing never writes anything.
struct CompletionResolver {
    /// The hidden command word the scripts run.
    static let commandName = "__complete"

    /// What the shell should offer.
    enum Answer: Equatable {
        case words([String])
        case files

        /// The lines printed for the scripts.
        var text: String {
            switch self {
            case .files: return "files\n"
            case .words(let words): return (["words"] + words).map { $0 + "\n" }.joined()
            }
        }
    }

    let root: CommandSpec
    /// The categories of the data file named by a `--file` value (`nil`: the default file).
    let categories: (_ file: String?) -> [String]

    /// The answer for the words before the cursor (unquoted) and the word being completed.
    func complete(_ typed: [String], current: String) -> Answer {
        var spec = root, path: [String] = [], positionals: [String] = []
        var file: String?, pending: OptionSpec?, optionsEnded = false
        for word in typed {
            if let option = pending {
                if option.long == GlobalOptions.file.long { file = word }
                pending = nil
            } else if !optionsEnded && word == "--" {
                optionsEnded = true
            } else if !optionsEnded && word.hasPrefix("-") && word != "-" {
                let (name, value) = Self.split(word)
                guard let option = option(named: name, in: spec, path: path) else { continue }
                if option.long == GlobalOptions.file.long, let value { file = value }
                if !option.isFlag && value == nil { pending = option }
            } else if positionals.isEmpty, let sub = spec.subcommand(named: word) {
                spec = sub
                path.append(word)
            } else {
                positionals.append(word)
            }
        }
        let candidates: [String]
        if let option = pending {
            guard let values = optionValues(option, file: file) else { return .files }
            candidates = values
        } else if !optionsEnded && current.hasPrefix("--") && current.contains("=") {
            let name = Self.split(current).name
            guard let option = option(named: name, in: spec, path: path), !option.isFlag else { return .words([]) }
            guard let values = optionValues(option, file: file) else { return .files }
            candidates = values.map { name + "=" + $0 }
        } else if !optionsEnded && current.hasPrefix("-") {
            candidates = options(of: spec, path: path).flatMap { option in
                ["--" + option.long] + (option.short.map { ["-" + String($0)] } ?? [])
            }
        } else {
            var values = positionals.isEmpty ? spec.subcommands.map(\.name) : []
            guard let argumentValues = positionalValues(spec, path: path, positionals: positionals, file: file) else { return .files }
            values += argumentValues
            candidates = values
        }
        var seen = Set<String>()
        return .words(candidates.filter { $0.hasPrefix(current) && Self.isOfferable($0) && seen.insert($0).inserted })
    }

    // MARK: Options

    private func options(of spec: CommandSpec, path: [String]) -> [OptionSpec] {
        spec.options + GlobalOptions.all + (path.isEmpty ? [GlobalOptions.version] : [])
    }

    /// The option a typed `--name` or `-n` names, if the command has it.
    private func option(named name: String, in spec: CommandSpec, path: [String]) -> OptionSpec? {
        options(of: spec, path: path).first { option in
            name == "--" + option.long || option.short.map { name == "-" + String($0) } == true
        }
    }

    /// The values an option takes; `nil` means file names.
    private func optionValues(_ option: OptionSpec, file: String?) -> [String]? {
        if !option.choices.isEmpty { return option.choices }
        switch option.valueName {
        case "path": return nil
        case "day": return ["today", "yesterday"]
        case "month": return ["this", "last"]
        default: return option.long == "category" ? categories(file) : []
        }
    }

    // MARK: Positional arguments

    /// The values of the argument the next positional word fills; `nil` means file names.
    private func positionalValues(_ spec: CommandSpec, path: [String], positionals: [String], file: String?) -> [String]? {
        if path == ["help"] {
            return CommandTree.spec(for: positionals)?.subcommands.map(\.name) ?? []
        }
        guard let slot = argument(of: spec, after: positionals) else { return [] }
        var later: [String] = []
        if slot.isOptional, !slot.choices.isEmpty, let next = argument(of: spec, after: positionals, skippingOptional: true) {
            // An optional choice (`[<kind>] <id>`) may be left out: the next argument's values count too.
            later = values(of: next, path: path, file: file) ?? []
        }
        guard let own = values(of: slot, path: path, file: file) else { return nil }
        return own + later
    }

    private func values(of argument: ArgumentSpec, path: [String], file: String?) -> [String]? {
        if !argument.choices.isEmpty { return argument.choices }
        switch (path.first, argument.name) {
        case ("limit", "category"): return categories(file)
        case ("config", "key"):
            return SettingsCatalog.fixedKeys.map(\.storedKey) + categories(file).map { BudgetKeys.limit($0).erased.storedKey }
        case (_, "file"): return nil
        default: return []
        }
    }

    /// The argument the next positional word fills, given the words already placed. An optional
    /// argument with choices is skipped when the word placed there is not one of them.
    private func argument(of spec: CommandSpec, after positionals: [String], skippingOptional: Bool = false) -> ArgumentSpec? {
        var index = 0
        for word in positionals {
            guard index < spec.arguments.count else { break }
            let argument = spec.arguments[index]
            if argument.isRepeating { return argument }
            if argument.isOptional && !argument.choices.isEmpty && !argument.choices.contains(word) {
                index += 1
                guard index < spec.arguments.count else { return nil }
                if spec.arguments[index].isRepeating { return spec.arguments[index] }
            }
            index += 1
        }
        guard index < spec.arguments.count else { return spec.arguments.last.flatMap { $0.isRepeating ? $0 : nil } }
        if skippingOptional {
            return index + 1 < spec.arguments.count ? spec.arguments[index + 1] : nil
        }
        return spec.arguments[index]
    }

    // MARK: Words

    /// `--name=value` as its name and value; `--name` alone has no value.
    private static func split(_ word: String) -> (name: String, value: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// A word fits on one line of the answer: no control characters (no valid category has any).
    private static func isOfferable(_ word: String) -> Bool {
        !word.isEmpty && !word.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
