import Foundation
import XCTest

/// What `--file` may name, what a change leaves behind, and the exit status when a change is
/// saved but its output is lost: run on the release binary through `/bin/sh`, as scripts do.
final class DataFileEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
    }

    /// The corpus file whose only problem is a gap in the orders (`check --repair` fixes it).
    private func repairableFile() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/invalid-data-files/17-orders-with-gap.json"))
    }

    // MARK: Paths through descriptors, pipes, devices and sockets

    func testPipe_AsTheDataFileIsRefusedLikeANamedFIFO() throws {
        try budget.shellSucceeds("\"$BUDGET\" add expense kept 1")
        for name in ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"] {
            // A change is refused for the same reason: a pipe holds no data file to read or replace.
            for command in ["list all", "check", "summary --all", "add expense x 1", "undo", "check --repair"] {
                let result = try budget.shell("cat budget.json 2>/dev/null | \"$BUDGET\" --file \(name) \(command)")
                XCTAssertEqual(result.code, 74, "\(name) \(command): \(result.stdout)")
                XCTAssertEqual(result.stdout, "", "\(name) \(command)")
                XCTAssertEqual(
                    result.stderr,
                    "budget: error: data file \(name) is a pipe, not a regular file\n",
                    "\(name) \(command)")
            }
        }
        let fifo = try budget.shell("mkfifo named && \"$BUDGET\" --file named list all")
        XCTAssertEqual(fifo.stderr, "budget: error: data file named is a FIFO, not a regular file\n")
    }

    func testStandardInputFile_IsReadButNeverChanged() throws {
        try budget.shellSucceeds("\"$BUDGET\" add expense kept 1 && cp budget.json backup.json")
        let backup = try Data(contentsOf: budget.directory.appendingPathComponent("backup.json"))
        let read = try budget.shell("\"$BUDGET\" --file /dev/stdin list expenses --format ids < backup.json")
        XCTAssertEqual(read.code, 0, read.stderr)
        XCTAssertEqual(read.stdout, "00000001\n")
        for command in [
            "add expense x 1", "delete expense 1", "undo", "config set display.currency JPY", "check --repair"
        ] {
            let result = try budget.shell("\"$BUDGET\" --file /dev/stdin \(command) < backup.json")
            XCTAssertEqual(result.code, 74, command)
            XCTAssertEqual(result.stdout, "", command)
            XCTAssertEqual(
                result.stderr,
                "budget: error: data file /dev/stdin is an open file descriptor (it leads into /proc): it can be read "
                    + "but not changed; name the file itself\n",
                command)
            XCTAssertEqual(
                try Data(contentsOf: budget.directory.appendingPathComponent("backup.json")), backup, command)
        }
        XCTAssertEqual(
            budget.files(),
            ["backup.json", "budget.json", "budget.json.lock"],
            "no lock or temporary file beside the descriptor's file")
    }

    func testClosedDescriptor_IsAnErrorNotAnEmptyBudget() throws {
        for command in ["list all", "check", "add expense x 1", "check --repair"] {
            let result = try budget.shell("\"$BUDGET\" --file /dev/fd/9 \(command)")
            XCTAssertEqual(result.code, 74, command)
            XCTAssertEqual(result.stdout, "", command)
            XCTAssertEqual(result.stderr, "budget: error: cannot read /dev/fd/9: No such file or directory\n", command)
        }
    }

    func testDeviceAndSocket_AreRefusedWithoutALockFileBesideThem() throws {
        let socketPath = budget.directory.appendingPathComponent("budget.sock").path
        let socket = try Self.listeningSocket(at: socketPath)
        defer { close(socket) }
        let nullLockExisted = FileManager.default.fileExists(atPath: "/dev/null.lock")
        for (name, kind) in [("/dev/null", "a device"), ("budget.sock", "a socket")] {
            for command in ["list all", "add expense x 1", "check --repair", "undo"] {
                let result = try budget.shell("\"$BUDGET\" --file \(name) \(command)")
                XCTAssertEqual(result.code, 74, "\(name) \(command)")
                XCTAssertEqual(
                    result.stderr,
                    "budget: error: data file \(name) is \(kind), not a regular file\n",
                    "\(name) \(command)")
            }
        }
        XCTAssertEqual(budget.files(), ["budget.sock"], "no budget.sock.lock")
        if !nullLockExisted { XCTAssertFalse(FileManager.default.fileExists(atPath: "/dev/null.lock")) }
    }

    func testReadOnlyDataFile_ARefusedChangeLeavesNoLockFileOrAnyOtherFile() throws {
        try budget.succeed("add", "expense", "lunch", "900", "--category", "food")
        try budget.succeed("limit", "set", "food", "1000")
        try FileManager.default.removeItem(atPath: budget.dataFile.path + ".lock")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: budget.dataFile.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: budget.dataFile.path) }
        let before = budget.dataBytes(), files = budget.files()
        for arguments in [
            ["add", "expense", "tea", "5"], ["edit", "expense", "1", "--name", "x"], ["delete", "expense", "1"],
            ["limit", "set", "food", "5"],
            ["config", "set", "display.color", "never"], ["recur", "add", "expense", "rent", "5", "--every", "month"],
            ["rule", "add", "x", "--category", "y"],
            ["undo"], ["categories", "rename", "food", "meals"], ["history", "clear"],
        ] {
            let result = try budget.run(arguments)
            XCTAssertEqual(result.code, 74, "\(arguments): \(result.stderr)")
            XCTAssertEqual(
                result.stderr,
                "budget: error: cannot write \(budget.dataFile.path): the file is read-only\n",
                "\(arguments)")
            XCTAssertEqual(budget.files(), files, "\(arguments) left a file behind")
        }
        // What would change nothing succeeds, still without a lock file.
        XCTAssertEqual(try budget.run("limit", "unset", "drinks").code, 0)
        XCTAssertEqual(try budget.run("check", "--repair").code, 0)
        let imported = try budget.run(["import", "expenses", "-"], stdin: "date,name,amount\n2026-11-01,tea,5\n")
        XCTAssertEqual(imported.code, 74, imported.stderr)
        XCTAssertEqual(budget.files(), files)
        XCTAssertEqual(budget.dataBytes(), before)

        // A repair it could make is refused the same way: no lock, no backup.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: budget.dataFile.path)
        try repairableFile().write(to: budget.dataFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: budget.dataFile.path)
        let repair = try budget.run("check", "--repair")
        XCTAssertEqual(repair.code, 74, repair.stderr)
        XCTAssertTrue(
            repair.stderr.hasSuffix("budget: error: cannot write \(budget.dataFile.path): the file is read-only\n"),
            repair.stderr)
        XCTAssertEqual(budget.files(), files)
    }

    func testWritableDataFileWithoutALockFile_ARefusedChangeMakesNone() throws {
        // A file copied from a backup has no lock file beside it: a change refused by the
        // budget's own rules makes none, one that goes ahead does.
        try budget.succeed("add", "expense", "big", "9223372036854775807")
        try FileManager.default.removeItem(atPath: budget.dataFile.path + ".lock")
        let before = budget.dataBytes(), files = budget.files()
        let refused = try budget.run("add", "expense", "one more", "1")
        XCTAssertEqual(refused.code, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.hasPrefix("budget: error: the expenses would add up to more than"), refused.stderr)
        XCTAssertEqual(try budget.run("limit", "unset", "nothing").code, 0)
        XCTAssertEqual(budget.files(), files)
        XCTAssertEqual(budget.dataBytes(), before)
        try budget.succeed("add", "expense", "free", "0")
        XCTAssertEqual(budget.files(), files + ["budget.json.lock"])
    }

    func testEmptyFileOption_IsAUsageErrorAndAnEmptyBUDGET_FILEIsUnset() throws {
        try budget.shellSucceeds("\"$BUDGET\" add expense kept 1")
        let result = try budget.shell("\"$BUDGET\" --file '' list all")
        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stderr, """
        budget: error: invalid value '' for '--file <path>': expected a path

        """)
        let fallback = try budget.shell("BUDGET_FILE= \"$BUDGET\" add expense elsewhere 1")
        XCTAssertEqual(fallback.code, 0, fallback.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: budget.directory.appendingPathComponent(".local/share/budget/budget.json").path),
            "an empty BUDGET_FILE counts as unset: the default file")
    }

    // MARK: A saved change whose output is lost

    func testSavedChangeWithLostOutput_ExitsThreeAndSaysWhatWasSaved() throws {
        try budget.shellSucceeds("mkfifo broken")
        let destinations = [
            ("full", ">/dev/full", "No space left on device"),
            ("closed", ">&-", "Bad file descriptor"),
            // The only reader of the FIFO is gone before budget writes: a broken pipe, every time.
            ("broken pipe", "3<>broken 4>broken 3<&- >&4", "Broken pipe"),
        ]
        for (label, redirection, reason) in destinations {
            try? FileManager.default.removeItem(at: budget.dataFile)
            let add = try budget.shell("\"$BUDGET\" add expense Lunch 900 \(redirection)")
            XCTAssertEqual(add.code, 3, "\(label): \(add.stderr)")
            XCTAssertEqual(
                add.stderr,
                "budget: error: the change was saved (add expense 00000001 (Lunch)), but its output could not be "
                    + "written to standard output (\(reason)); do not run the command again\n",
                label)
            XCTAssertEqual(
                try budget.shell("\"$BUDGET\" list expenses --format ids").stdout, "00000001\n", "\(label): saved once")

            let importing = try budget.shell(
                "printf 'name,amount\\nA,1\\nB,2\\n' | \"$BUDGET\" -q import expenses - --format csv \(redirection)")
            XCTAssertEqual(importing.code, 3, "\(label): \(importing.stderr)")
            XCTAssertEqual(
                importing.stderr,
                "budget: error: the change was saved (add 2 expenses), but its output could not be written to standard "
                    + "output (\(reason)); do not run the command again\n",
                label)

            try repairableFile().write(to: budget.dataFile)
            let repair = try budget.shell("\"$BUDGET\" -q check --repair \(redirection)")
            XCTAssertEqual(repair.code, 3, "\(label): \(repair.stderr)")
            let backup = try XCTUnwrap(budget.files().first { $0.hasPrefix("budget.json.bak-") })
            XCTAssertEqual(
                repair.stderr,
                "budget: error: the change was saved (repair, the original saved as "
                    + "\(budget.directory.path)/\(backup)), but its output could not be written to standard output "
                    + "(\(reason)); do not run the command again\n",
                label)
            XCTAssertEqual(try budget.shell("\"$BUDGET\" check").code, 0, label)
            try FileManager.default.removeItem(at: budget.directory.appendingPathComponent(backup))
        }
    }

    func testSavedChangeWithLostOutput_EveryChangingCommandSavesOnceAndNeverExits74() throws {
        try budget.shellSucceeds("""
        "$BUDGET" add income Salary 300 && "$BUDGET" add expense a 1 --category food && "$BUDGET" add expense b 2
        "$BUDGET" export > export.json
        """)
        let commands = [
            "add expense c 3", "add income Bonus 5", "edit expense 1 --amount 7", "move expense 2 1",
            "delete expense 2", "undo", "config set display.currency JPY", "config unset display.currency",
            "limit set food 100",
            "limit unset food", "restore export.json --force", "history clear",
        ]
        for command in commands {
            let before = try budget.shell("\"$BUDGET\" history --format tsv --no-header").stdout
            let printing = command.hasPrefix("add ")  // the others confirm on stderr only
            let result = try budget.shell("\"$BUDGET\" \(command) >/dev/full")
            XCTAssertEqual(result.code, printing ? 3 : 0, "\(command): \(result.stderr)")
            if printing {
                XCTAssertTrue(result.stderr.contains("the change was saved ("), "\(command): \(result.stderr)")
            }
            let after = try budget.shell("\"$BUDGET\" history --format tsv --no-header").stdout
            XCTAssertNotEqual(after, before, "\(command) was saved")
        }
    }

    // MARK: Backups and what a change leaves behind

    func testRepair_NeverOverwritesABackupTakenInTheSameSecond() throws {
        let original = try repairableFile()
        try original.write(to: budget.dataFile)
        // Backups that seem to come from this very second and the next few: repair must pick another name.
        var taken: [String: Data] = [:]
        let start = Date()
        for offset in 0..<5 {
            let stamp = Self.backupStamp(start.addingTimeInterval(Double(offset)))
            taken["budget.json.bak-" + stamp] = Data("earlier backup \(offset)\n".utf8)
        }
        for (name, bytes) in taken { try bytes.write(to: budget.directory.appendingPathComponent(name)) }
        let repair = try budget.shell("\"$BUDGET\" check --repair")
        XCTAssertEqual(repair.code, 0, repair.stderr)
        for (name, bytes) in taken {
            XCTAssertEqual(
                try Data(contentsOf: budget.directory.appendingPathComponent(name)), bytes, "\(name) was overwritten")
        }
        let new = budget.files().filter { $0.hasPrefix("budget.json.bak-") && taken[$0] == nil }
        XCTAssertEqual(new.count, 1, "\(budget.files())")
        XCTAssertTrue(new.first?.hasSuffix("-2") ?? false, "the first free name: \(new)")
        XCTAssertEqual(try Data(contentsOf: budget.directory.appendingPathComponent(new.first ?? "")), original)
        XCTAssertTrue(
            repair.stderr.contains("the original is saved as \(budget.directory.path)/\(new.first ?? "")."),
            repair.stderr)
        XCTAssertEqual(budget.files().filter { $0.contains(".tmp-") }, [])
    }

    func testStaleTemporaries_OfTheFileAndOfBackupsAreRemovedByTheNextChange() throws {
        try budget.shellSucceeds("\"$BUDGET\" add expense first 1")
        let stale = [".budget.json.tmp-4242-1", ".budget.json.bak-20261122T101010.tmp-4242-2",
                     ".budget.json.bak-20261122T101010-2.tmp-4242-3"]
        for name in stale {
            try Data(repeating: 0x7B, count: 4096).write(to: budget.directory.appendingPathComponent(name))
        }
        let unrelated = [".other.json.tmp-1-1", "budget.json.bak-20261122T101010"]
        for name in unrelated { try Data("keep".utf8).write(to: budget.directory.appendingPathComponent(name)) }
        XCTAssertEqual(try budget.shell("\"$BUDGET\" add expense second 1").code, 0)
        XCTAssertEqual(budget.files(), (unrelated + ["budget.json", "budget.json.lock"]).sorted())
    }

    func testFailedOrEmptyChangeOnAMissingFile_CreatesNoDirectoryLockOrFile() throws {
        try budget.shellSucceeds("printf 'date,name,amount\\n' > empty.csv && printf '{' > bad.json")
        let commands = [
            "undo", "delete expense 5", "edit expense 1 --name x", "move expense 1 1", "config unset display.currency",
            "limit unset food", "check --repair", "import expenses empty.csv", "restore bad.json",
            "add expense x 12abc",
        ]
        for file in ["typo/deeper/budget.json", "missing.json"] {
            for command in commands {
                try budget.shell("\"$BUDGET\" --file \(file) \(command)")
                XCTAssertEqual(budget.files(), ["bad.json", "empty.csv"], "\(file) \(command)")
            }
        }
        let first = try budget.shell("\"$BUDGET\" --file typo/deeper/budget.json add expense x 1")
        XCTAssertEqual(first.stdout, "00000001\n", "the first real change still creates the directory and the file")
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: budget.directory.appendingPathComponent("typo/deeper/budget.json").path))
    }

    /// A data file's path through a file (`budget.json/x.json`, a mistyped path) is an I/O error
    /// for every command: reads took it for a missing file, an empty budget, and exited 0.
    func testAPathThroughAFile_IsAnIOErrorForReadsAndChanges() throws {
        try budget.succeed("add", "expense", "x", "1")
        let before = budget.dataBytes()
        for command in ["list all", "summary", "add expense y 2", "check"] {
            let result = try budget.shell("\"$BUDGET\" --file budget.json/x.json \(command)")
            XCTAssertEqual(result.code, 74, command)
            XCTAssertTrue(result.stderr.hasSuffix(": Not a directory\n"), result.stderr)
        }
        XCTAssertEqual(budget.dataBytes(), before)
    }

    // MARK: Configuration from the environment

    func testLockTimeout_FromTheEnvironmentIsCheckedAsConfiguration() throws {
        for value in ["abc", "1e300", "inf", "-1", "nan", "1s", "1e3", "0x10", "+5"] {
            let result = try budget.shell("BUDGET_LOCK_TIMEOUT='\(value)' \"$BUDGET\" add expense x 1")
            XCTAssertEqual(result.code, 64, value)
            XCTAssertEqual(
                result.stderr,
                "budget: error: invalid BUDGET_LOCK_TIMEOUT '\(value)': "
                    + "expected a number of seconds from 0 to 1000000000\n",
                value)
        }
        let escaped = try budget.shell("BUDGET_LOCK_TIMEOUT=\"$(printf '\\033[31m')\" \"$BUDGET\" add expense x 1")
        XCTAssertEqual(
            escaped.stderr,
            "budget: error: invalid BUDGET_LOCK_TIMEOUT '\\u{1B}[31m': "
                + "expected a number of seconds from 0 to 1000000000\n")
        XCTAssertNil(budget.dataBytes(), "nothing was added")
        for value in ["", "0", "0.5", "1000000000"] {
            XCTAssertEqual(
                try budget.shell("BUDGET_LOCK_TIMEOUT='\(value)' \"$BUDGET\" add expense x 1").code, 0, value)
        }
    }

    // MARK: Helpers

    /// The `<time>` of a backup taken at `date`: UTC, `YYYYMMDDTHHMMSS`.
    private static func backupStamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d%02d%02dT%02d%02d%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    /// A Unix socket listening at `path`.
    private static func listeningSocket(at path: String) throws -> Int32 {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw XCTSkip("no Unix sockets here") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw XCTSkip("path too long for a socket")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(descriptor, 1) == 0 else {
            close(descriptor)
            throw XCTSkip("cannot bind a Unix socket in the scratch directory")
        }
        return descriptor
    }
}
