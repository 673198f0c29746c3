import BudgetCore

/// What to offer at the cursor, decided by the binary itself from the command specs, so that
/// bash, zsh and fish offer exactly the same words at every position.
///
/// The shells' scripts (`CompletionGenerator`) pass the command line up to the cursor to
/// `budget __complete <shell> <line>`, which answers with one candidate per line. Candidates
/// are data, never code: the scripts add them as literal words (bash gets them escaped), so a
/// category named `$(rm -rf ~)` is offered, and inserted, as exactly that text.
struct CompletionEngine {
    /// What the shell should do at the cursor.
    enum Answer: Equatable {
        /// Offer these words (already matched against what was typed).
        case words([String])
        /// Offer these words, each the start of a value the user goes on typing: no space is
        /// added after one (`date=` for `--map`).
        case openWords([String])
        /// Complete a file name; `prefix` comes before it in the same word (`--file=`),
        /// `partial` is the part of the path typed so far; `words` are offered beside the
        /// files (`incomes` and `expenses` where `import` takes an optional kind first).
        case files(prefix: String, partial: String, words: [String] = [])
    }

    let root: CommandSpec
    /// The data file a `--file` value names (`nil`: the default file), when it can be read:
    /// its categories and tags are offered.
    let document: (_ file: String?) -> BudgetDocument?

    private func categories(_ file: String?) -> [String] { document(file)?.categoryNames ?? [] }
    private func limitedCategories(_ file: String?) -> [String] {
        document(file)?[settings: BudgetKeys.self].limitedCategories ?? []
    }
    private func tags(_ file: String?) -> [String] { document(file)?.tagNames ?? [] }
    private func accounts(_ file: String?) -> [String] { document(file)?.accounts.map(\.name) ?? [] }
    private func members(_ file: String?) -> [String] { document(file)?.members.map(\.name) ?? [] }
    private func profiles(_ file: String?) -> [String] { document(file)?[settings: ImportKeys.self].profileNames ?? [] }
    private func schedules(_ file: String?) -> [String] { document(file)?.schedules.map(\.id) ?? [] }

    // MARK: The line

    /// Splits a command line as a POSIX shell would, without expanding anything: quotes and
    /// backslashes are removed. The last word is the one being completed (empty after a space).
    static func words(of line: String) -> (before: [String], current: String) {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                word.append(character)
            case ("\"", "\\"), (nil, "\\"):
                escaped = true
                inWord = true
            case ("\"", _):
                word.append(character)
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case (nil, " "), (nil, "\t"), (nil, "\n"):
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                word.append(character)
                inWord = true
            }
        }
        // The first word is the program's name.
        return (Array(words.dropFirst()), word)
    }

    // MARK: Deciding

    /// What to offer for `current`, after the words `before` (the program's name left out).
    func complete(before: [String], current: String) -> Answer {
        var spec = root
        var path: [String] = []
        var positionals: [String] = []
        var file: String?
        var optionsEnded = false
        var pending: OptionSpec?
        // The options given (`per`) and their values (`by=month`), for what conflicts with them.
        var given: Set<String> = []
        for word in before {
            if let option = pending {
                if option.long == "file" { file = word }
                given.insert(option.long + "=" + word)
                pending = nil
                continue
            }
            if !optionsEnded && word == "--" {
                optionsEnded = true
            } else if !optionsEnded && word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name = body.prefix { $0 != "=" }
                guard let option = options(spec, path).first(where: { $0.long == name }) else { continue }
                given.insert(option.long)
                guard !option.isFlag else { continue }
                if body.contains("=") {
                    let value = String(body.drop { $0 != "=" }.dropFirst())
                    if option.long == "file" { file = value }
                    given.insert(option.long + "=" + value)
                } else {
                    pending = option
                }
            } else if !optionsEnded && word.hasPrefix("-") && word.count > 1 && !CommandLineParser.looksNumeric(word) {
                continue
            } else if spec.hasSubcommands && positionals.isEmpty, let subcommand = spec.subcommand(named: word) {
                spec = subcommand
                path.append(word)
            } else {
                positionals.append(word)
            }
        }
        let context = Context(file: file.map(expandingTilde), path: path, positionals: positionals)
        let all = options(spec, path)
        if let option = pending {
            return allowedValues(for: option, all, given, context).matching(current)
        }
        if !optionsEnded && current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
            let name = current[current.index(current.startIndex, offsetBy: 2)..<equals]
            guard let option = all.first(where: { $0.long == name && !$0.isFlag }) else { return .words([]) }
            let prefix = String(current[...equals])
            let typed = String(current[current.index(after: equals)...])
            switch allowedValues(for: option, all, given, context).matching(typed) {
            case .words(let words): return .words(words.map { prefix + $0 })
            case .openWords(let words): return .openWords(words.map { prefix + $0 })
            case .files(_, let partial, _): return .files(prefix: prefix, partial: partial)
            }
        }
        if !optionsEnded && current.hasPrefix("-") {
            // Options that cannot join those given are not offered.
            let names = all.filter { !Self.conflicts($0, value: nil, all, given) }.flatMap { option in
                ["--" + option.long] + (option.short.map { ["-\($0)"] } ?? [])
            }
            return Answer.words(names).matching(current)
        }
        if path == ["help"] {
            let named = root.descendant(at: positionals)
            return Answer.words(named?.subcommandNames ?? []).matching(current)
        }
        if spec.hasSubcommands && positionals.isEmpty {
            return Answer.words(spec.subcommandNames).matching(current)
        }
        guard let argument = argument(of: spec, after: positionals, given: given) else { return .words([]) }
        var answer = values(for: argument, context)
        // An optional argument may be left out: what the next one takes is offered too
        // (`import <TAB>`: incomes, expenses and the files).
        if argument.isOptional, let index = spec.arguments.firstIndex(where: { $0.name == argument.name }),
           index + 1 < spec.arguments.count {
            answer = answer.adding(values(for: spec.arguments[index + 1], context))
        }
        return answer.matching(current)
    }

    /// The values of `option` that the options `given` allow: none when it conflicts with one
    /// of them, else its candidates without those that do (`--per` after `--by month`: none).
    private func allowedValues(
        for option: OptionSpec, _ all: [OptionSpec], _ given: Set<String>, _ context: Context
    ) -> Answer {
        if Self.conflicts(option, value: nil, all, given) { return .words([]) }
        switch values(for: option, context) {
        case .words(let words): return .words(words.filter { !Self.conflicts(option, value: $0, all, given) })
        case let other: return other
        }
    }

    /// Whether `option` (with `value`, when one is meant) conflicts with what was `given`,
    /// by its own declaration or by that of an option given.
    private static func conflicts(
        _ option: OptionSpec, value: String?, _ all: [OptionSpec], _ given: Set<String>
    ) -> Bool {
        if option.conflicts.contains(where: given.contains) { return true }
        let names = Set([option.long] + (value.map { [option.long + "=" + $0] } ?? []))
        return all.contains { other in
            other.long != option.long && given.contains(other.long) && other.conflicts.contains(where: names.contains)
        }
    }

    /// What the words before the cursor say about the data and the command.
    private struct Context {
        var file: String?
        var path: [String]
        var positionals: [String]
    }

    private func options(_ spec: CommandSpec, _ path: [String]) -> [OptionSpec] {
        spec.options + GlobalOptions.all + (path.isEmpty ? [GlobalOptions.version] : [])
    }

    /// The argument the next positional fills. `[<kind>] <id>` takes the kind only first, and
    /// an ID that carries its kind (`expense-00000002`) fills both.
    /// An optional argument that conflicts with an option given is left out (`limit set
    /// --total <amount>`).
    private func argument(of spec: CommandSpec, after positionals: [String], given: Set<String>) -> ArgumentSpec? {
        var index = positionals.count
        if let first = spec.arguments.first, first.isOptional, first.conflicts.contains(where: given.contains) {
            index += 1
        }
        if let first = spec.arguments.first, first.isOptional, first.name == "kind", let given = positionals.first,
           RecordKind(argument: given) == nil {
            index += 1
        }
        if index < spec.arguments.count { return spec.arguments[index] }
        return spec.arguments.last.flatMap { $0.isRepeating ? $0 : nil }
    }

    private func values(for option: OptionSpec, _ context: Context) -> Answer {
        if !option.choices.isEmpty { return .words(option.choices) }
        switch option.long {
        case "category": return .words(categories(context.file))
        case "map": return .openWords(StatementField.allCases.map { $0.rawValue + "=" })
        case "tag", "untag": return .words(tags(context.file))
        case "account": return .words(accounts(context.file))
        case "paid-by", "for", "owner": return .words(members(context.file))
        // A card's account it is paid from (`account add --from`); elsewhere a day.
        case "from" where context.path.first == "account": return .words(accounts(context.file))
        case "transfer-to": return .words(accounts(context.file))
        case "from" where context.path.first == "edit", "to" where context.path.first == "edit":
            return .words(accounts(context.file))
        case "profile": return .words(profiles(context.file) + StatementPreset.all.map(\.name))
        case "file": return .files(prefix: "", partial: "")
        case "date", "from", "to", "through": return .words(["today", "yesterday"])
        case "every": return .words(Recurrence.Unit.allCases.map(\.rawValue))
        case "on": return .words(["last"] + Weekday.allCases.map { String($0.name.prefix(3)) })
        case "until", "count": return .words(["none"])
        case "month": return .words(["this", "last"])
        default: return .words([])
        }
    }

    private func values(for argument: ArgumentSpec, _ context: Context) -> Answer {
        if !argument.choices.isEmpty { return .words(argument.choices) }
        switch argument.completion {
        case .categories: return .words(categories(context.file))
        case .limitedCategories: return .words(limitedCategories(context.file))
        case .tags: return .words(tags(context.file))
        case .accounts: return .words(accounts(context.file))
        case .members: return .words(members(context.file))
        case .files: return .files(prefix: "", partial: "")
        case .none: break
        }
        switch (context.path.first, argument.name) {
        case ("profile", "name"): return .words(profiles(context.file))
        case ("recur", "id"): return .words(schedules(context.file))
        case ("config", "key"):
            let entries = document(context.file)?.settingEntries
            switch context.path.last {
            case "get":
                // Keys that exist: the fixed ones, and the limits and profiles the budget has.
                return .words(entries?.map(\.key.storedKey) ?? SettingsCatalog.fixedKeys.map(\.storedKey))
            case "unset":
                // Only keys that are set: unsetting another changes nothing.
                return .words(entries?.filter(\.isSet).map(\.key.storedKey) ?? [])
            default:
                return .words(
                    SettingsCatalog.fixedKeys.map(\.storedKey) + categories(context.file).map { "budget.limit." + $0 })
            }
        case ("config", "value"): return .words(settingValues(key: context.positionals.first ?? "", context))
        default: return .words([])
        }
    }

    /// The values `config set <key>` takes, where they are a known set.
    private func settingValues(key: String, _ context: Context) -> [String] {
        switch key {
        case DisplayKeys.color.storedKey: return ColorMode.allCases.map(\.rawValue)
        case DisplayKeys.dateFormat.storedKey: return DateFormat.allCases.map(\.rawValue)
        case DisplayKeys.currency.storedKey: return Currency.known.map(\.code) + ["none"]
        case ExpenseKeys.defaultCategory.storedKey: return categories(context.file)
        case ExpenseKeys.defaultAccount.storedKey: return accounts(context.file) + ["none"]
        case RecurKeys.auto.storedKey: return Switch.allCases.map(\.rawValue)
        case PeriodKeys.weekend.storedKey: return WeekendRule.allCases.map(\.rawValue)
        default: return []
        }
    }

    /// `~/x` as the shell would have expanded it had the word been run.
    private func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = ProcessEnvironment.current()["HOME"], !home.isEmpty else {
            return path
        }
        return home + path.dropFirst()
    }
}

extension CompletionEngine.Answer {
    /// The words that begin with what was typed; for files, what was typed.
    func matching(_ typed: String) -> Self {
        switch self {
        case .words(let words): return .words(words.filter { $0.hasPrefix(typed) })
        case .openWords(let words): return .openWords(words.filter { $0.hasPrefix(typed) })
        case let .files(prefix, _, words):
            return .files(prefix: prefix, partial: typed, words: words.filter { $0.hasPrefix(typed) })
        }
    }

    /// This answer and `other` together: files with the words of both, or the words of both.
    func adding(_ other: Self) -> Self {
        switch (self, other) {
        case let (.files(prefix, partial, words), .words(more)), let (.files(prefix, partial, words), .openWords(more)),
             let (.words(more), .files(prefix, partial, words)), let (.openWords(more), .files(prefix, partial, words)):
            return .files(prefix: prefix, partial: partial, words: more + words)
        case let (.files(prefix, partial, words), .files(_, _, more)):
            return .files(prefix: prefix, partial: partial, words: words + more)
        case let (.words(words), .words(more)), let (.words(words), .openWords(more)),
             let (.openWords(words), .words(more)):
            return .words(words + more)
        case let (.openWords(words), .openWords(more)):
            return .openWords(words + more)
        }
    }
}
