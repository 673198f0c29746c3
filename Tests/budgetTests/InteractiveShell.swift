#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import XCTest

/// A real interactive bash, zsh or fish in a detached tmux session (its own server, 200x50),
/// started with no rc files (a missing tmux or shell skips, or fails under CI),, with `budget` on `PATH`
/// and its completion script loaded. Keys are typed with `send-keys`; the screen is read with
/// `capture-pane`, polled until the expected text shows or a generous timeout passes.
final class InteractiveShell {
    enum Kind: String { case bash, zsh, fish }

    let kind: Kind
    private let socket = "budget-completion-\(UUID().uuidString.prefix(8))"
    private let directory: URL
    /// Where tmux writes what it prints (inside the shell's home, which the tests ignore).
    private let outputFile: URL
    private var step = 0

    /// Starts the shell in `directory`; skips the test when tmux or the shell is missing.
    init(_ kind: Kind, in directory: URL, environment: [String: String]) throws {
        self.kind = kind
        self.directory = directory
        let tmux = try Peer.require("tmux", for: "to drive the shells on a terminal")
        let shell = try Peer.require(kind.rawValue, for: "to complete in interactive \(kind.rawValue)")
        self.tmux = tmux
        let home = directory.appendingPathComponent("home-\(kind.rawValue)")
        outputFile = home.appendingPathComponent("tmux-output")
        let bin = home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent(".config"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("budget"), withDestinationURL: BudgetProcess.binary)
        let script = home.appendingPathComponent("completion.\(kind.rawValue)")
        var variables = environment.merging([
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
            "PATH": "\(bin.path):/usr/bin:/bin", "TERM": "xterm", "LANG": "C.UTF-8", "TZ": "UTC",
        ]) { $1 }
        variables["PS1"] = "$ "
        let options: String
        let setup: String
        switch kind {
        case .bash:
            options = "--norc --noprofile"
            setup = "source <(budget completion bash) && bind 'set bell-style none'"
        case .zsh:
            options = "-f"
            setup = "unsetopt beep; autoload -Uz compinit && compinit -u -D -d \(home.path)/.zcompdump "
                + "&& budget completion zsh > \(script.path) && source \(script.path)"
        case .fish:
            options = "--no-config"
            setup = "function fish_prompt; echo -n '$ '; end; budget completion fish | source"
        }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }
        try run(["new-session", "-d", "-x", "200", "-y", "50", "-c", directory.path,
                 "env -i \(assignments.joined(separator: " ")) \(shell) \(options)"])
        // Keys typed before the shell reads its terminal may be lost: wait for the prompt, then
        // for the setup to report success before anything else is typed.
        try waitForAnyText()
        type("\(setup) && echo SETUP\"\"DONE")
        press("Enter")
        _ = try waitForScreen("the completion script to load", sinceMarker: false) { screen in
            screen.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "SETUPDONE" }
        }
        try freshLine()
    }

    private let tmux: String

    /// Kills the tmux server of this shell.
    func close() {
        _ = try? run(["kill-server"])
    }

    /// Types text literally.
    func type(_ text: String) {
        _ = try? run(["send-keys", "-l", text])
    }

    /// Presses a key by its tmux name (`Tab`, `Enter`, `C-c`).
    func press(_ key: String) {
        _ = try? run(["send-keys", key])
    }

    /// Abandons the line being typed and waits for a new prompt after a marker line, so later
    /// reads see only what follows.
    func freshLine() throws {
        step += 1
        // Keys typed while bash or zsh is still handling C-c can land on the abandoned line
        // (`$ e`, then `cho STEP…` on a loaded machine): wait for the new prompt it draws first.
        // (fish clears its line in place and reads the keys itself.)
        let prompts = try pane().count { $0.hasPrefix("$") }
        press("C-c")
        if kind != .fish {
            _ = try waitForScreen("a prompt after C-c", sinceMarker: false) { _ in
                ((try? self.pane().count { $0.hasPrefix("$") }) ?? 0) > prompts
            }
        }
        // On a loaded machine a shell may still drop the keys typed right after C-c (fish
        // redraws its line in place, so there is no new prompt to wait for): type the marker
        // again, after another C-c, until it shows; the last try fails with what the screen shows.
        for _ in 1..<4 {
            type("echo STEP\"\"\(step)")
            press("Enter")
            if poll(seconds: 6, { (try? self.screen(sinceMarker: true)).flatMap { $0 }.map { !$0.isEmpty } ?? false }) {
                return
            }
            press("C-c")
        }
        type("echo STEP\"\"\(step)")
        press("Enter")
        _ = try waitForScreen("a prompt after the marker \(step)") { !$0.isEmpty }
    }

    /// Whether `condition` holds within `seconds`, polled as `waitForScreen` polls.
    private func poll(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(30_000)
        }
        return false
    }

    /// The whole pane with its history, lines trimmed at the right.
    private func pane() throws -> [String] {
        let text = try run(["capture-pane", "-p", "-J", "-S", "-1000"])
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// The screen since the last marker (all of it with `sinceMarker: false`), blank lines
    /// dropped; `nil` while the marker has not shown yet.
    private func screen(sinceMarker: Bool) throws -> String? {
        var lines = try pane()[...]
        if sinceMarker {
            guard let mark = lines.lastIndex(of: "STEP\(step)") else { return nil }
            lines = lines[(mark + 1)...]
        }
        return lines.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// Polls the screen (after the last marker) until `condition` holds; fails after 20 seconds.
    @discardableResult
    func waitForScreen(
        _ what: String, sinceMarker: Bool = true, file: StaticString = #filePath, line: UInt = #line,
        _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(20)
        var text = ""
        while Date() < deadline {
            if let screen = try screen(sinceMarker: sinceMarker) {
                text = screen
                if condition(text) { return text }
            }
            usleep(30_000)
        }
        XCTFail(
            "\(kind.rawValue): timed out waiting for \(what); the screen shows:\n"
                + "\(text.isEmpty ? ((try? pane().joined(separator: "\n")) ?? "") : text)",
            file: file,
            line: line)
        return text
    }

    /// Waits for the shell to draw anything (its first prompt).
    private func waitForAnyText() throws {
        _ = try waitForScreen("the shell to start", sinceMarker: false) { !$0.isEmpty }
    }

    // MARK: Running tmux

    /// Runs tmux with `posix_spawn` and reads what it printed from a file: `new-session` leaves
    /// a server behind, and neither a pipe nor `Process` must wait on that.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let outputPath = outputFile.path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([tmux, "-L", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tmux, &actions, nil, argv, environ)
        guard spawned == 0 else { throw XCTSkip("cannot start tmux: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
