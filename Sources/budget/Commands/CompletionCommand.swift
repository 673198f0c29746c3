/// `budget completion bash|zsh|fish`: prints a completion script.
struct CompletionCommand: Command {
    static let spec = CommandSpec(
        name: "completion", abstract: "Print a shell completion script for bash, zsh or fish.",
        discussion: """
            bash: eval \"$(budget completion bash)\" in ~/.bashrc. zsh: eval \"$(budget completion zsh)\" in ~/.zshrc, \
            after compinit (or budget completion zsh > ~/.zfunc/_budget with fpath=(~/.zfunc $fpath) before compinit). \
            fish: budget completion fish > ~/.config/fish/completions/budget.fish.
            """,
        arguments: [ArgumentSpec(name: "shell", help: "bash, zsh or fish.", choices: ["bash", "zsh", "fish"])])

    let shell: String

    init(_ parsed: ParsedCommand) throws(UsageError) {
        shell = parsed.positionals[0]
        guard ["bash", "zsh", "fish"].contains(shell) else {
            throw parsed.usageError("invalid value '\(shell)' for '<shell>': expected bash, zsh or fish")
        }
    }

    func run(in context: CommandContext) throws {
        let generator = CompletionGenerator()
        switch shell {
        case "bash": context.output.write(generator.bash)
        case "zsh": context.output.write(generator.zsh)
        default: context.output.write(generator.fish)
        }
    }
}
