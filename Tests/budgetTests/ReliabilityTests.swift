import Foundation
import TestSupport
import XCTest

/// The durability promises, tested on the release binary the way scripts and crashes hit it.
/// Numbers in the test names follow the reliability list of the durability issue.
final class ReliabilityTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
    }

    private var fileText: String {
        String(decoding: budget.dataBytes() ?? Data(), as: UTF8.self)
    }

    /// The records as `list all --format tsv` shows them, which also proves the file parses.
    private func listing(file: StaticString = #filePath, line: UInt = #line) throws -> [[String: String]] {
        let result = try budget.shell("\"$BUDGET\" list all --format tsv --no-header")
        XCTAssertEqual(result.code, 0, result.stderr, file: file, line: line)
        return Listing(tsv: result.stdout, header: ListingColumns.all, file: file, line: line).rows
    }

    private func assertValid(file: StaticString = #filePath, line: UInt = #line) throws {
        let check = try budget.shell("\"$BUDGET\" check")
        XCTAssertEqual(check.code, 0, check.stdout + check.stderr, file: file, line: line)
    }

    private func temporaryFiles() -> [String] {
        budget.files().filter { $0.contains(".tmp-") }
    }

    // MARK: 1-3 concurrency and locking

    func test01_ParallelAddsKeepEveryRecord() throws {
        let result = try budget.shell("""
        for p in $(seq 32); do
          ( for i in $(seq 25); do "$BUDGET" add expense "p$p-$i" 1 || echo "FAILED $p $i" >&2; done ) &
        done
        wait
        """)
        XCTAssertEqual(result.stderr, "")
        let printed = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            Set(printed), Set((1...800).map { String(format: "%08d", $0) }), "every add printed a distinct ID")
        let rows = try listing()
        XCTAssertEqual(rows.map { $0["id"] ?? "" }.sorted(), (1...800).map { String(format: "%08d", $0) })
        XCTAssertEqual(rows.map { $0["order"] }, (1...800).map(String.init))
        try assertValid()
    }

    func test02_ParallelAddsDeletesAndListsKeepInvariants() throws {
        try budget.shellSucceeds("for i in $(seq 40); do \"$BUDGET\" add expense seed 1 >/dev/null; done")
        let result = try budget.shell("""
        for w in 1 2 3; do ( for i in $(seq 20); do "$BUDGET" add expense "w$w" 1 >/dev/null \
        || echo "ADD FAILED" >&2; done ) & done
        for w in 1 2; do ( for i in $(seq 15); do
            id=$("$BUDGET" list expenses --format ids | tail -n 1)
            "$BUDGET" -q delete expense "$id" 2>/dev/null; c=$?; \
        [ $c -eq 0 ] || [ $c -eq 1 ] || echo "DELETE EXIT $c" >&2
          done ) & done
        for w in 1 2 3; do ( for i in $(seq 20); do
            "$BUDGET" list all --format tsv >/dev/null || echo "LIST FAILED" >&2
          done ) & done
        wait
        """)
        XCTAssertEqual(result.stderr, "", "lists never fail, deletes only ever miss a record another worker took")
        let rows = try listing()
        XCTAssertEqual(rows.map { $0["order"] }, (1...rows.count).map(String.init))
        XCTAssertGreaterThanOrEqual(rows.count, 40 + 60 - 30)
        try assertValid()
    }

    func test03_LockHeldElsewhereTimesOutAsBusyThenSucceeds() throws {
        let flock = try Peer.require("flock", for: "to hold the data file's lock from another process")
        try budget.shellSucceeds("\"$BUDGET\" add expense first 1")
        let before = budget.dataBytes()
        // The holder keeps the lock until the script removes `hold`, so the outcome never depends on
        // how fast anything runs: the impatient writer must give up, the patient one must wait.
        let result = try budget.shell("""
        touch hold
        '\(flock)' budget.json.lock sh -c 'touch held; while [ -e hold ]; do sleep 0.02; done' & holder=$!
        while [ ! -e held ]; do sleep 0.02; done
        BUDGET_LOCK_TIMEOUT=1 "$BUDGET" add expense blocked 1; echo "code=$?"
        BUDGET_LOCK_TIMEOUT=600 "$BUDGET" add expense patient 1 & patient=$!
        waiting() { ls -l /proc/$patient/fd 2>/dev/null | grep -q 'budget.json.lock$'; }
        while kill -0 $patient 2>/dev/null && ! waiting; do sleep 0.02; done
        kill -0 $patient 2>/dev/null && echo "patient waits"
        rm hold
        wait $patient; echo "code=$?"
        wait $holder
        """)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["code=75", "patient waits", "00000002", "code=0"], result.stderr)
        XCTAssertEqual(
            result.stderr,
            "budget: error: data file is busy: another process has held \(budget.dataFile.path).lock for 1 s\n")
        XCTAssertNotEqual(budget.dataBytes(), before)
        XCTAssertEqual(try listing().map { $0["name"] }, ["first", "patient"])
    }

    // MARK: 4-6 crashes and failing disks

    func test04_KillNineDuringAddsNeverLosesAcknowledgedRecords() throws {
        try writeLargeFile(records: 10_000)
        XCTAssertGreaterThan(budget.dataBytes()?.count ?? 0, 1_800_000)
        // Kill delays spread evenly from 0 to twice the time an add takes here, so about half the
        // adds finish and half die, many of them mid-write, whatever the speed of the machine.
        var addTimes: [UInt64] = []
        for index in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            XCTAssertEqual(try startAdd("timing \(index)").finish().code, 0)
            addTimes.append(DispatchTime.now().uptimeNanoseconds - start)
        }
        let addTime = addTimes.sorted()[1] / 1_000
        var acknowledged: [String] = [], killed = 0
        let rounds = 200
        for round in 0..<rounds {
            let add = try startAdd("round \(round)")
            usleep(UInt32(clamping: addTime * 2 * UInt64(round) / UInt64(rounds)))
            kill(add.process.processIdentifier, SIGKILL)
            let result = add.finish()
            if result.signalled {
                killed += 1
            } else if result.code == 0 {
                acknowledged.append(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if round % 40 == 39 { try assertValid() }
        }
        print(
            "kill -9: \(acknowledged.count) of \(rounds) adds completed, \(killed) were killed "
                + "(an add takes \(addTime / 1_000) ms)")
        XCTAssertGreaterThan(
            acknowledged.count, 0, "some adds finished before the kill, so there was something to lose")
        XCTAssertGreaterThan(killed, 0, "some adds were killed")
        let after = try budget.shell("\"$BUDGET\" add expense after 1")
        XCTAssertEqual(after.code, 0, after.stderr)
        let ids = Set(try listing().map { $0["id"] ?? "" })
        for id in acknowledged { XCTAssertTrue(ids.contains(id), "acknowledged add \(id) was lost") }
        XCTAssertEqual(temporaryFiles(), [], "no temporary files pile up")
        try assertValid()
    }

    /// Two devices' replicas (issue #28): `kill -9` at any moment of a command that folds the
    /// other device's changes in and writes its own replica leaves both replicas valid, never
    /// touches the other device's, and loses nothing: the next command folds it all.
    func test15_KillNineDuringAFoldLeavesEveryReplicaValid() throws {
        try writeLargeFile(records: 10_000)
        let laptop = ["XDG_STATE_HOME": budget.directory.appendingPathComponent("state-laptop").path]
        let desk = ["XDG_STATE_HOME": budget.directory.appendingPathComponent("state-desk").path]
        XCTAssertEqual(try budget.run(["-q", "device", "init", "laptop"], environment: laptop).code, 0)
        XCTAssertEqual(try budget.run(["-q", "device", "join", "desk"], environment: desk).code, 0)
        let ids = (1...3_000).map { String(format: "%08d", $0 * 3) }.joined(separator: "\n")
        let edit = try budget.run(["-q", "edit", "expenses", "-", "--note", "机で"], stdin: ids, environment: desk)
        XCTAssertEqual(edit.code, 0, edit.stderr)
        let deskFile = budget.directory.appendingPathComponent("budget.desk.json")
        let deskBytes = try Data(contentsOf: deskFile)
        let unfolded = try Data(contentsOf: budget.dataFile)
        // How long a fold takes here, so that kills land before, during and after its write.
        let start = DispatchTime.now().uptimeNanoseconds
        XCTAssertEqual(try budget.run(["-q", "summary", "--all"], environment: laptop).code, 0)
        let foldTime = (DispatchTime.now().uptimeNanoseconds - start) / 1_000
        var killed = 0, folded = 0
        let rounds = 60
        for round in 0..<rounds {
            try unfolded.write(to: budget.dataFile)
            let process = Process()
            process.executableURL = BudgetProcess.releaseBinary
            process.arguments = ["-q", "summary", "--all"]
            process.environment = budget.environment.merging(laptop) { $1 }
            let pipes = ProcessPipes(for: process, withInput: false)
            try process.run()
            usleep(UInt32(clamping: foldTime * 2 * UInt64(round) / UInt64(rounds)))
            kill(process.processIdentifier, SIGKILL)
            _ = pipes.collect(from: process)
            if process.terminationReason == .uncaughtSignal { killed += 1 }
            XCTAssertEqual(try Data(contentsOf: deskFile), deskBytes, "round \(round): the other replica is untouched")
            try assertValid()
            if try Data(contentsOf: budget.dataFile) != unfolded { folded += 1 }
        }
        print("kill -9 during folds: \(killed) of \(rounds) killed, \(folded) folds written (a fold takes "
            + "\(foldTime / 1_000) ms)")
        XCTAssertGreaterThan(killed, 0, "some folds were killed")
        let notes = try budget.run(["list", "expenses", "--format", "tsv"], environment: laptop)
        XCTAssertEqual(notes.code, 0, notes.stderr)
        XCTAssertEqual(Listing(tsv: notes.stdout).rows.filter { $0["note"] == "机で" }.count, 3_000, "nothing was lost")
        XCTAssertEqual(temporaryFiles(), [], "no temporary files pile up")
    }

    /// An `add` of the release binary, started and not yet waited for.
    private struct RunningAdd {
        let process: Process
        let pipes: ProcessPipes

        /// Waits for the add: its exit code or whether a signal ended it, and its stdout.
        func finish() -> (code: Int32, signalled: Bool, stdout: String) {
            let output = pipes.collect(from: process)
            return (
                process.terminationStatus, process.terminationReason == .uncaughtSignal,
                String(decoding: output.stdout, as: UTF8.self))
        }
    }

    private func startAdd(_ name: String) throws -> RunningAdd {
        let process = Process()
        process.executableURL = BudgetProcess.releaseBinary
        process.arguments = ["add", "expense", name, "1"]
        process.environment = budget.environment
        let pipes = ProcessPipes(for: process, withInput: false)
        try process.run()
        return RunningAdd(process: process, pipes: pipes)
    }

    private func writeLargeFile(records: Int) throws {
        var expenses: [String] = []
        for index in 1...records {
            let id = String(format: "%08d", index)
            expenses.append("""
                "\(id)" : {
                  "amount" : \(index * 7),
                  "category" : "\(["food", "住居", "transport"][index % 3])",
                  "date" : "2025-\(String(format: "%02d", index % 12 + 1))-\(String(format: "%02d", index % 28 + 1))",
                  "id" : "\(id)",
                  "name" : "食費 item \(index)",
                  "note" : "a note long enough to make the file about two megabytes",
                  "order" : \(index)
                }
            """)
        }
        let text = """
        {
          "expense_unique_id" : "\(String(format: "%08d", records))",
          "expenses" : {
        \(expenses.joined(separator: ",\n"))
          },
          "format" : 1,
          "income_unique_id" : "00000000",
          "incomes" : {

          }
        }

        """
        try Data(text.utf8).write(to: budget.dataFile)
        try assertValid()
    }

    func test05_InjectedWriteFsyncAndRenameFailuresLeaveTheFileUnchanged() throws {
        let shim = try buildFaultShim()
        try budget.shellSucceeds("\"$BUDGET\" add expense existing 1 >/dev/null")
        var failures = 0
        for operation in ["write", "fsync", "rename"] {
            for number in 1...3 {
                for code in ["EIO", "ENOSPC"] {
                    let before = budget.dataBytes()
                    let result = try budget.shell("\"$BUDGET\" add expense injected 1", environment: [
                        "LD_PRELOAD": shim.path, "FAULT_OP": operation, "FAULT_N": "\(number)", "FAULT_ERRNO": code,
                        "BUDGET": BudgetProcess.interposableBinary.path,
                    ])
                    let label = "\(operation) #\(number) \(code)"
                    XCTAssertEqual(temporaryFiles(), [], label)
                    if number == 1 {
                        XCTAssertNotEqual(result.code, 0, "\(label): the first \(operation) is always reached")
                    }
                    if operation == "fsync" && number == 2 {
                        XCTAssertEqual(result.code, 0, "\(label): the directory flush comes after the rename")
                        XCTAssertTrue(
                            result.stderr.hasPrefix("budget: warning: the change is saved, but "), result.stderr)
                    }
                    if result.code == 0 {
                        XCTAssertTrue(fileText.contains(result.stdout.trimmingCharacters(in: .newlines)), label)
                        XCTAssertEqual(try budget.shell("\"$BUDGET\" -q undo").code, 0)
                    } else {
                        failures += 1
                        XCTAssertEqual(result.code, 74, "\(label): \(result.stderr)")
                        XCTAssertEqual(result.stdout, "", label)
                        XCTAssertEqual(budget.dataBytes(), before, label)
                        XCTAssertTrue(result.stderr.hasPrefix("budget: error: cannot "), "\(label): \(result.stderr)")
                        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)")
                    }
                }
            }
        }
        XCTAssertEqual(failures, 6, "one write, one file fsync and one rename per change")
        try assertValid()
    }

    /// Fails the Nth call of FAULT_OP (write to a file, fsync, rename) with FAULT_ERRNO; with
    /// TRUNCATE_MAPPED, cuts a file short right after it is mapped.
    static let faultShim = """
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #include <errno.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include <unistd.h>
    #include <sys/mman.h>
    #include <sys/types.h>
    static int calls;
    static int hit(const char *op) {
        const char *want = getenv("FAULT_OP");
        if (!want || strcmp(want, op) != 0) return 0;
        const char *n = getenv("FAULT_N");
        if (++calls != (n ? atoi(n) : 1)) return 0;
        const char *e = getenv("FAULT_ERRNO");
        errno = (e && strcmp(e, "ENOSPC") == 0) ? ENOSPC : EIO;
        return 1;
    }
    ssize_t write(int fd, const void *buffer, size_t count) {
        static ssize_t (*real)(int, const void *, size_t);
        if (!real) real = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
        if (fd > 2 && hit("write")) return -1;
        return real(fd, buffer, count);
    }
    int fsync(int fd) {
        static int (*real)(int);
        if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
        if (hit("fsync")) return -1;
        return real(fd);
    }
    int rename(const char *from, const char *to) {
        static int (*real)(const char *, const char *);
        if (!real) real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
        if (hit("rename")) return -1;
        return real(from, to);
    }
    /* With TRUNCATE_MAPPED=suffix, plays the other program that cuts a file short: right after
       a file whose path ends with suffix is mapped, truncates it to nothing. */
    static void cut_short(void *region, int fd) {
        const char *suffix = getenv("TRUNCATE_MAPPED");
        if (!suffix || region == MAP_FAILED || fd < 0) return;
        char link[64], path[4096];
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t length = readlink(link, path, sizeof path - 1);
        if (length <= 0) return;
        path[length] = 0;
        size_t wanted = strlen(suffix);
        if ((size_t)length >= wanted && strcmp(path + length - wanted, suffix) == 0) truncate(path, 0);
    }
    void *mmap(void *address, size_t length, int protection, int flags, int fd, off_t offset) {
        static void *(*real)(void *, size_t, int, int, int, off_t);
        if (!real) real = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
        void *region = real(address, length, protection, flags, fd, offset);
        cut_short(region, fd);
        return region;
    }
    void *mmap64(void *address, size_t length, int protection, int flags, int fd, off_t offset) {
        return mmap(address, length, protection, flags, fd, offset);
    }
    """

    /// Builds `faultShim` into the scratch directory, for `LD_PRELOAD`.
    private func buildFaultShim() throws -> URL {
        let compiler = try Peer.require("cc", for: "to build the fault-injection shim")
        let shim = budget.directory.appendingPathComponent("fault.so")
        let source = budget.directory.appendingPathComponent("fault.c")
        try Data(Self.faultShim.utf8).write(to: source)
        let compile = try budget.shell("'\(compiler)' -shared -fPIC -o '\(shim.path)' '\(source.path)' -ldl")
        guard compile.code == 0 else { throw ShimError(message: compile.stderr) }
        return shim
    }

    private struct ShimError: Error {
        let message: String
    }

    func test06_DiskFullLeavesTheFileUnchanged() throws {
        try writeLargeFile(records: 300)
        let before = budget.dataBytes()
        let result = try budget.shell("ulimit -f 16; \"$BUDGET\" add expense huge 1")
        XCTAssertEqual(result.code, 74, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(
            result.stderr.hasPrefix("budget: error: cannot write \(budget.dataFile.path): File too large"),
            result.stderr)
        XCTAssertEqual(budget.dataBytes(), before)
        XCTAssertEqual(temporaryFiles(), [])
    }

    // MARK: 7-9 files

    func test07_InvalidFileCorpusIsRefusedAndLeftUnchanged() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/invalid-data-files")
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }
            .sorted()
        XCTAssertGreaterThanOrEqual(names.count, 20)
        for name in names {
            let original = try Data(contentsOf: corpus.appendingPathComponent(name))
            try original.write(to: budget.dataFile)
            for command in [
                "list all", "add expense x 1", "delete expense 1", "edit expense 1 --amount 5", "move expense 1 1",
                "undo", "check",
            ] {
                let result = try budget.shell("\"$BUDGET\" \(command)")
                if command == "list all" && Self.faultOnlyInHistory.contains(name) {
                    // Read past the history, unread: the records are shown, the file left as it is.
                    XCTAssertEqual(result.code, 0, "\(name): budget \(command): \(result.stderr)")
                    XCTAssertEqual(result.stderr, "", name)
                    XCTAssertFalse(result.stdout.isEmpty, name)
                    XCTAssertEqual(budget.dataBytes(), original, "\(name): budget \(command) changed the file")
                    continue
                }
                XCTAssertEqual(result.code, 65, "\(name): budget \(command): \(result.stderr)")
                XCTAssertEqual(budget.dataBytes(), original, "\(name): budget \(command) changed the file")
                if !command.hasPrefix("check") {
                    XCTAssertEqual(result.stdout, "", "\(name): \(command)")
                    XCTAssertTrue(
                        result.stderr.hasPrefix("budget: error: ") && result.stderr.contains(budget.dataFile.path),
                        "\(name): \(result.stderr)")
                    XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "\(name): one line: \(result.stderr)")
                }
            }
            let repair = try budget.shell("\"$BUDGET\" check --repair")
            let backups = budget.files().filter { $0.hasPrefix("budget.json.bak-") }
            if Self.repairable.contains(name) {
                XCTAssertEqual(repair.code, 0, "\(name): \(repair.stderr)")
                XCTAssertEqual(backups.count, 1, name)
                XCTAssertEqual(
                    try Data(contentsOf: budget.directory.appendingPathComponent(backups[0])),
                    original,
                    "\(name): the backup is the original")
                XCTAssertEqual(try budget.shell("\"$BUDGET\" check").code, 0, "\(name): repaired")
                try FileManager.default.removeItem(at: budget.directory.appendingPathComponent(backups[0]))
            } else {
                XCTAssertEqual(repair.code, 65, "\(name): \(repair.stderr)")
                XCTAssertEqual(budget.dataBytes(), original, "\(name): a refused repair changes nothing")
                XCTAssertEqual(backups, [], name)
            }
        }
    }

    /// The corpus files whose only fault is inside an undo history laid out as the writer lays
    /// it out: a command that only reads passes over the history unread (its time must not grow
    /// with the history) and shows the records; every change, `undo` and `check` refuse them.
    static let faultOnlyInHistory: Set<String> = [
        "35-history-restores-a-record-above-the-counter.json", "36-history-restores-an-invalid-setting.json",
        "37-history-restores-an-unknown-setting.json", "43-history-entry-with-an-invalid-record.json",
    ]

    /// The corpus files whose only problems are orders, counters and unusable history entries.
    static let repairable: Set<String> = [
        "15-counter-below-highest-id.json", "17-orders-with-gap.json", "18-orders-duplicated.json",
        "30-history-malformed.json", "35-history-restores-a-record-above-the-counter.json",
        "36-history-restores-an-invalid-setting.json",
        "37-history-restores-an-unknown-setting.json", "43-history-entry-with-an-invalid-record.json",
    ]

    func test08_PermissionsAreRespected() throws {
        try budget.shellSucceeds("umask 000; \"$BUDGET\" add expense first 1")
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: budget.dataFile.path)[.posixPermissions] as? Int,
            0o600,
            "a new file is 0600 even under umask 000")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: budget.dataFile.path)
        try budget.shellSucceeds("\"$BUDGET\" add expense second 1")
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: budget.dataFile.path)[.posixPermissions] as? Int,
            0o640,
            "an existing file keeps its mode")

        try FileManager.default.setAttributes([.posixPermissions: 0o440], ofItemAtPath: budget.dataFile.path)
        let before = budget.dataBytes()
        let readOnly = try budget.shell("\"$BUDGET\" add expense third 1")
        XCTAssertEqual(readOnly.code, 74)
        XCTAssertEqual(readOnly.stderr, "budget: error: cannot write \(budget.dataFile.path): the file is read-only\n")
        XCTAssertEqual(budget.dataBytes(), before)
        XCTAssertEqual(try budget.shell("\"$BUDGET\" list expenses --format ids").stdout, "00000001\n00000002\n")

        // Root ignores permissions: run as nobody to meet a read-only directory.
        let asUser = getuid() == 0
            ? "'\(try Peer.require("setpriv", for: "to leave root for the read-only directory case"))' "
                + "--reuid=65534 --regid=65534 --clear-groups "
            : ""
        let directory = budget.directory.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("budget.json").path
        try budget.shellSucceeds(
            "\"$BUDGET\" --file '\(file)' add expense inside 1 && chmod 0644 '\(file)' && chmod 0555 "
                + "'\(directory.path)'")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: budget.directory.path)
        let listed = try budget.shell("\(asUser)\"$BUDGET\" --file '\(file)' list expenses --format ids")
        XCTAssertEqual(listed.stdout, "00000001\n", "list works in a read-only directory: \(listed.stderr)")
        let denied = try budget.shell("\(asUser)\"$BUDGET\" --file '\(file)' add expense denied 1")
        XCTAssertEqual(denied.code, 74, denied.stderr)
        XCTAssertTrue(denied.stderr.hasPrefix("budget: error: cannot "), denied.stderr)
        XCTAssertTrue(denied.stderr.contains("Permission denied"), denied.stderr)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
    }

    func test09_SymlinkedDataFileStaysALink() throws {
        let target = budget.directory.appendingPathComponent("real/budget.json")
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: budget.dataFile.path, withDestinationPath: "real/budget.json")
        XCTAssertEqual(try budget.shell("\"$BUDGET\" add expense linked 1").stdout, "00000001\n")
        XCTAssertEqual(try budget.shell("\"$BUDGET\" add expense again 2").stdout, "00000002\n")
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: budget.dataFile.path), "real/budget.json")
        XCTAssertTrue(String(decoding: try Data(contentsOf: target), as: UTF8.self).contains("\"again\""))
        let fifo = budget.directory.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let refused = try budget.shell("\"$BUDGET\" --file fifo list all")
        XCTAssertEqual(refused.code, 74)
        XCTAssertEqual(refused.stderr, "budget: error: data file fifo is a FIFO, not a regular file\n")
    }

    // MARK: 10-12 arguments, IDs, undo

    func test10_RandomArgumentVectorsNeverCrash() throws {
        try budget.shellSucceeds("\"$BUDGET\" add expense seed 5 && \"$BUDGET\" add income seed 5")
        let words = [
            "add", "list", "show", "edit", "delete", "move", "undo", "history", "check", "help", "income", "expense",
            "incomes", "expenses", "all", "--category", "--format", "json", "tsv", "csv", "ids", "table", "--date",
            "--note", "--name", "--amount", "--no-header", "-q", "-h", "--help", "--version", "--file", "--repair", "-",
            "--", "1", "2", "00000001", "99999999", "0", "-5", "1,234", "1_0", "9223372036854775808",
            "99999999999999999999999", "today", "yesterday", "2026-02-29", "2024-02-29", "家賃", "食費", "🍣", "e\u{301}",
            "", " ", "\t", "\u{1b}[31m", "--category=", "--format=xml", "-qh", "last", "first", "=", "%s%n", "\\",
            "\"'",
        ]
        var generator = SeededGenerator(seed: 10)
        var generated: [[String]] = []
        for _ in 0..<5_000 {
            var vector: [String] = []
            for _ in 0..<Int.random(in: 0...7, using: &generator) {
                if Int.random(in: 0..<8, using: &generator) == 0 {
                    let scalars = (0..<Int.random(in: 1...6, using: &generator)).compactMap { _ in
                        Unicode.Scalar(
                            UInt32.random(
                                in: 1...0x2FFFF,
                                using: &generator)).flatMap { (0xD800...0xDFFF).contains($0.value) ? nil : $0 }
                    }
                    vector.append(String(String.UnicodeScalarView(scalars)))
                } else {
                    vector.append(words.randomElement(using: &generator)!)
                }
            }
            generated.append(vector)
        }
        let allowed: Set<Int32> = [0, 1, 64, 65, 74, 75]
        let problems = ProblemList()
        let environment = budget.environment.merging(["BUDGET_LOCK_TIMEOUT": "60"]) { $1 }
        let vectors = generated
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for vector in vectors[(worker * 1_250)..<((worker + 1) * 1_250)] {
                guard let status = QuickSpawn.run(
                    BudgetProcess.releaseBinary.path, vector, environment: environment)
                else {
                    problems.append("\(vector): could not start")
                    continue
                }
                switch status {
                case .exited(let code) where allowed.contains(code): break
                case .exited(let code): problems.append("\(vector): exit \(code)")
                case .signalled(let signal): problems.append("\(vector): killed by signal \(signal)")
                }
            }
        }
        XCTAssertEqual(problems.items, [])
        try assertValid()
    }

    func test10_StderrOnAFullDeviceDoesNotCrash() throws {
        for command in ["lsit", "show expense 42", "add expense x 12abc", "help", "add expense ok 1"] {
            let result = try budget.shell("\"$BUDGET\" \(command) 2>/dev/full; echo \"code=$?\"")
            XCTAssertTrue(
                ["code=0", "code=1", "code=64", "code=74"].contains(result.stdout.split(separator: "\n").last ?? ""),
                "\(command): \(result.stdout)")
        }
    }

    func test11_IDsAreNeverReusedAfterDeleteAndUndo() throws {
        XCTAssertEqual(
            try budget.shell("\"$BUDGET\" add expense a 1; \"$BUDGET\" add expense b 1").stdout, "00000001\n00000002\n")
        try budget.shellSucceeds("\"$BUDGET\" delete expense 2 && \"$BUDGET\" undo && \"$BUDGET\" undo")
        XCTAssertEqual(try budget.shell("\"$BUDGET\" list expenses --format ids").stdout, "00000001\n")
        XCTAssertEqual(try budget.shell("\"$BUDGET\" add expense c 1").stdout, "00000003\n")
    }

    func test12_TwentyRandomChangesThenTwentyUndosRestoreTheRecords() throws {
        try budget.shellSucceeds("""
        "$BUDGET" add income Salary 300000 --date 2026-11-25 >/dev/null
        for i in 1 2 3 4 5; do "$BUDGET" add expense "start $i" $i --category food >/dev/null; done
        """)
        let start = try budget.shell("\"$BUDGET\" list all --format json").stdout
        var generator = SeededGenerator(seed: 12)
        var changes = 0
        while changes < 20 {
            let ids = try budget.shell("\"$BUDGET\" list expenses --format ids").stdout
                .split(separator: "\n").map(String.init)
            let id = ids.randomElement(using: &generator) ?? "1"
            let command: String
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: command = "add expense 食費\(changes) \(Int.random(in: 1...9_999, using: &generator)) --category 食費"
            case 1: command = "add income Bonus \(changes) --note 'n \(changes)'"
            case 2 where ids.count > 1: command = "delete expense \(id)"
            case 3: command = "edit expense \(id) --amount \(changes + 100) --note 'edited\tnote'"
            case 4 where ids.count > 1:
                command = "move expense \(id) \(Int.random(in: 1...ids.count, using: &generator))"
            default: command = "edit income 1 --name 'Salary \(changes)'"
            }
            let before = budget.dataBytes()
            let result = try budget.shell("\"$BUDGET\" -q \(command)")
            XCTAssertEqual(result.code, 0, "\(command): \(result.stderr)")
            if budget.dataBytes() != before && !result.stderr.contains("No change") { changes += 1 }
        }
        for step in 1...20 {
            let result = try budget.shell("\"$BUDGET\" undo")
            XCTAssertEqual(result.code, 0, "undo \(step): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("Undid: "), result.stderr)
        }
        XCTAssertEqual(try budget.shell("\"$BUDGET\" list all --format json").stdout, start)
        try assertValid()
    }

    // MARK: Beyond the list

    func test13_AFileRewrittenInPlaceWhileReadNeverCrashes() throws {
        // Large files are mapped, and a mapped file truncated under the reader raises SIGBUS.
        // Another program rewrites the file in place, over and over, while budget reads it:
        // every run must succeed, call the file invalid (65) or say it was cut short (74).
        try writeLargeFile(records: 10_000)
        let result = try budget.shell("""
        cp budget.json full.json
        ( while :; do : > budget.json; cat full.json > budget.json; done ) & churn=$!
        for i in $(seq 1 80); do
          "$BUDGET" list expenses --format tsv >/dev/null 2>err.txt
          echo "$? $(head -c 100 err.txt | tr '\n' ' ')"
        done
        kill $churn; wait $churn 2>/dev/null
        cp full.json budget.json
        """)
        var codes: [String: Int] = [:]
        for line in result.stdout.split(separator: "\n") {
            let code = String(line.prefix { $0 != " " })
            codes[code, default: 0] += 1
            XCTAssertTrue(["0", "65", "74"].contains(code), "budget died or failed unexpectedly: \(line)")
            if code == "74" {
                XCTAssertTrue(
                    line.contains("budget: error: the data file was cut short by another program"), String(line))
            }
        }
        XCTAssertEqual(codes.values.reduce(0, +), 80, result.stderr)
        print("outcomes of reading a file rewritten meanwhile (exit code: runs): \(codes)")
        try assertValid()
    }

    func test13_AFileCutShortWhileMappedStopsWithExit74AndChangesNothing() throws {
        // Deterministic: the shim truncates the data file right after budget maps it, so the
        // first read of a lost page raises SIGBUS every time, and the handler must report it.
        let shim = try buildFaultShim()
        try writeLargeFile(records: 1_000)
        let full = try XCTUnwrap(budget.dataBytes())
        XCTAssertGreaterThan(full.count, 1 << 16, "large enough to be mapped")
        for command in [
            "list expenses --format tsv", "summary --all", "add expense x 1", "edit expense 5 --amount 9",
            "delete expense 7", "check",
        ] {
            try full.write(to: budget.dataFile)
            let result = try budget.shell(
                "\"$BUDGET\" \(command)",
                environment: [
                    "LD_PRELOAD": shim.path, "TRUNCATE_MAPPED": "/budget.json",
                    "BUDGET": BudgetProcess.interposableBinary.path,
                ])
            XCTAssertEqual(result.code, 74, "\(command): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", command)
            XCTAssertEqual(
                result.stderr,
                "budget: error: the data file was cut short by another program while it was being read; "
                    + "nothing was changed\n",
                command)
            XCTAssertEqual(
                budget.dataBytes(), Data(), "\(command): budget wrote nothing after the other program's truncation")
            XCTAssertEqual(temporaryFiles(), [], command)
        }
        try full.write(to: budget.dataFile)
        try assertValid()
    }

    func test14_UnreadableStandardInputIsAnErrorNotAnEmptyInput() throws {
        try budget.shellSucceeds("\"$BUDGET\" add expense kept 1")
        let before = budget.dataBytes()
        for command in ["delete expense -", "import expenses -"] {
            let result = try budget.shell("\"$BUDGET\" \(command) < /")
            XCTAssertEqual(result.code, 74, command)
            XCTAssertEqual(result.stderr, "budget: error: cannot read standard input: Is a directory\n", command)
            XCTAssertEqual(budget.dataBytes(), before, command)
        }
    }
}

/// Problems found by concurrent workers.
private final class ProblemList: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    var items: [String] { lock.withLock { list } }

    func append(_ item: String) {
        lock.withLock { list.append(item) }
    }
}
