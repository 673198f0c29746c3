import Foundation
import XCTest

/// Schedules through the built binary: adding with a catch-up, runs that never record twice
/// (repeated, parallel, after a delete, after an undo), automatic recording by changes as an
/// undo step of their own, edits, pauses, skips, the marks on records, usage errors that
/// change nothing.
final class RecurEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        budget.environment["BUDGET_TODAY"] = "2026-11-24"
    }

    private func today(_ day: String) {
        budget.environment["BUDGET_TODAY"] = day
    }

    private func tsv(_ which: String = "all") throws -> String {
        try budget.succeed("list", which, "--format", "tsv", "--no-header").stdout
    }

    /// The same listing read by the schemas' column names.
    private func listing(_ which: String = "all") throws -> Listing {
        Listing(tsv: try tsv(which), header: ListingColumns.of(which))
    }

    func testAdd_AFromMoreThanAYearBackMustBeConfirmed() throws {
        // A mistyped year (0026 for 2026) would record 24,000 occurrences at once.
        let typo = try budget.run(
            "recur", "add", "income", "Salary", "300000", "--every", "month", "--on", "25", "--from", "0026-11-25")
        XCTAssertEqual(typo.code, 64)
        XCTAssertTrue(typo.stderr.hasPrefix("""
            budget: error: '--from 0026-11-25' is more than a year before today (2026-11-24): \
            the schedule would record 24,000 occurrences at once. \
            Check the year, or add '--yes' to record them
            """), typo.stderr)
        let daily = try budget.run("recur", "add", "expense", "coffee", "300", "--every", "day", "--from", "1026-11-25")
        XCTAssertTrue(daily.stderr.contains("would record more than 100,000 occurrences at once"), daily.stderr)
        XCTAssertNil(budget.dataBytes(), "nothing was written")

        // Within a year it is a catch-up as before; further back, --yes records it.
        XCTAssertEqual(
            try budget.run(
                "recur", "add", "income", "Salary", "300000", "--every", "month", "--on", "25", "--from",
                "2025-11-25").code,
            0)
        XCTAssertEqual(try budget.run("list", "incomes", "--format", "ids").stdout.split(separator: "\n").count, 12)
        let confirmed = try budget.run(
            "recur", "add", "expense", "Insurance", "20000", "--every", "year", "--from", "2020-04-01", "--yes")
        XCTAssertEqual(confirmed.code, 0, confirmed.stderr)
        XCTAssertEqual(try budget.run("list", "expenses", "--format", "ids").stdout.split(separator: "\n").count, 7)

        // An edit that moves --from far back asks the same when it would record anything.
        XCTAssertEqual(
            try budget.run("recur", "add", "expense", "gym", "5000", "--every", "month", "--from", "2026-12-01").code,
            0)
        let edited = try budget.run("recur", "edit", "3", "--from", "1926-12-01")
        XCTAssertEqual(edited.code, 64, edited.stderr)
        XCTAssertTrue(
            edited.stderr.hasPrefix("budget: error: "
                + "'--from 1926-12-01' is more than a year before today"), edited.stderr)
        XCTAssertEqual(try budget.run("recur", "edit", "3", "--from", "1926-12-01", "--yes").code, 0)
    }

    func testAdd_CatchesUpWhatIsDueAndMarksTheRecords() throws {
        let added = try budget.succeed(
            "recur", "add", "expense", "家賃", "80000", "--category", "住居", "--every", "month", "--on", "25", "--from",
            "2026-08-25", "--weekend", "before")
        XCTAssertEqual(added.stdout, "00000001\n")
        XCTAssertEqual(added.stderr, """
        Added schedule 00000001: expense 家賃 80,000 (住居) every month on the 25th, Friday for a weekend; next 2026-11-25.
        Recorded 3 scheduled occurrences due through 2026-11-24: \
        expense-00000001 家賃 on 2026-08-25, expense-00000002 家賃 on 2026-09-25, expense-00000003 家賃 on 2026-10-23.

        """)
        // 2026-10-25 is a Sunday: recorded on the Friday before, identified by its due day.
        let rent = try listing("expenses")
        XCTAssertEqual(rent.rows, rent.blankFilled([
            ["id": "00000001", "order": "1", "date": "2026-08-25", "name": "家賃", "category": "住居", "amount": "80000",
             "schedule": "00000001@2026-08-25"],
            ["id": "00000002", "order": "2", "date": "2026-09-25", "name": "家賃", "category": "住居", "amount": "80000",
             "schedule": "00000001@2026-09-25"],
            ["id": "00000003", "order": "3", "date": "2026-10-23", "name": "家賃", "category": "住居", "amount": "80000",
             "schedule": "00000001@2026-10-25"],
        ]))
        XCTAssertEqual(try budget.run("list", "expenses").stdout, """
        ID        #  DATE        NAME  CATEGORY   AMOUNT  NOTE  SCHEDULE
        00000001  1  2026-08-25  家賃  住居       80,000        00000001@2026-08-25
        00000002  2  2026-09-25  家賃  住居       80,000        00000001@2026-09-25
        00000003  3  2026-10-23  家賃  住居       80,000        00000001@2026-10-25
        Total (3 expenses)                       240,000

        """)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(try budget.run("show", "expense", "3", "--format", "json").stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["schedule"] as? String, "00000001@2026-10-25")
        XCTAssertEqual(
            try budget.run("history").stdout.split(separator: "\n").dropFirst()
                .first.map(String.init)?.hasSuffix("add schedule 00000001 (家賃), record 3 scheduled occurrences (家賃)"),
            true)
    }

    func testRun_IsIdempotentAndDeletedOccurrencesStayDeleted() throws {
        budget.environment["BUDGET_TODAY"] = "2026-01-01"
        try budget.succeed(
            "recur", "add", "income", "Salary", "300000", "--every", "month", "--on", "last", "--from", "2026-01-01")
        try budget.succeed("config", "set", "recur.auto", "off")
        today("2026-04-15")
        let dry = try budget.succeed("recur", "run", "--dry-run", "--format", "tsv")
        XCTAssertEqual(dry.stdout, """
        date\tdue\tkind\tschedule\tname\tamount\tskipped
        2026-01-31\t2026-01-31\tincome\t00000001\tSalary\t300000\tfalse
        2026-02-28\t2026-02-28\tincome\t00000001\tSalary\t300000\tfalse
        2026-03-31\t2026-03-31\tincome\t00000001\tSalary\t300000\tfalse

        """)
        XCTAssertNil(
            budget.dataBytes().flatMap { String(data: $0, encoding: .utf8) }?.range(of: "\"incomes\" : {\n    \"0"),
            "a dry run records nothing")
        let first = try budget.succeed("recur", "run")
        XCTAssertEqual(first.stdout, "income-00000001\nincome-00000002\nincome-00000003\n")
        let again = try budget.succeed("recur", "run")
        XCTAssertEqual(again.stdout, "")
        XCTAssertEqual(again.stderr, "Nothing is due through 2026-04-15.\n")
        try budget.succeed("delete", "income", "2")
        XCTAssertEqual(try budget.succeed("recur", "run").stdout, "", "a deleted occurrence does not come back")
        XCTAssertEqual(
            try budget.succeed("recur", "run", "--through", "2026-05-31").stdout, "income-00000004\nincome-00000005\n")
        XCTAssertEqual(try listing("incomes").column("schedule"),
                       ["00000001@2026-01-31", "00000001@2026-03-31", "00000001@2026-04-30", "00000001@2026-05-31"])
    }

    func testRun_UndoMakesTheOccurrencesDueAgain() throws {
        try budget.succeed("config", "set", "recur.auto", "off")
        try budget.succeed("recur", "add", "expense", "Phone", "3000", "--every", "month", "--from", "2026-09-10")
        XCTAssertEqual(
            try budget.succeed("recur", "run").stdout, "expense-00000001\nexpense-00000002\nexpense-00000003\n")
        XCTAssertEqual(try budget.succeed("undo").stderr, "Undid: record 3 scheduled occurrences (Phone).\n")
        XCTAssertEqual(try tsv(), "")
        XCTAssertEqual(
            try budget.succeed("recur", "run").stdout, "expense-00000004\nexpense-00000005\nexpense-00000006\n")
    }

    func testAuto_AChangeRecordsWhatIsDueFirstAsItsOwnUndoStep() throws {
        try budget.succeed("recur", "add", "expense", "Rent", "80000", "--every", "month", "--on", "25")
        XCTAssertEqual(try tsv(), "", "nothing due yet")
        today("2026-11-26")
        let listed = try budget.succeed("list", "all")
        XCTAssertFalse(listed.stdout.contains("Rent"), "a read-only command never writes")
        XCTAssertEqual(listed.stderr, "No records.\n", "no note in a pipe")
        let added = try budget.succeed("add", "expense", "Coffee", "500")
        XCTAssertEqual(added.stdout, "00000002\n")
        XCTAssertEqual(
            added.stderr,
            "Recorded 1 scheduled occurrence due through 2026-11-26: expense-00000001 Rent on 2026-11-25.\n")
        XCTAssertEqual(try budget.succeed("undo").stderr, "Undid: add expense 00000002 (Coffee).\n")
        func rent(id: String) -> [[String: String]] {
            [["id": id, "order": "1", "date": "2026-11-25", "name": "Rent", "category": "uncategorized",
              "amount": "80000",
              "schedule": "00000001@2026-11-25"]]
        }
        XCTAssertEqual(try listing("expenses").rows, try listing("expenses").blankFilled(rent(id: "00000001")))
        // Undo itself records nothing: the undone rent stays undone until the next change.
        XCTAssertEqual(try budget.succeed("undo").stderr, "Undid: record 1 scheduled occurrence (Rent).\n")
        XCTAssertEqual(try tsv(), "")
        XCTAssertEqual(try budget.succeed("history", "clear").stdout, "")
        XCTAssertEqual(try tsv(), "", "history clear records nothing")
        try budget.succeed("add", "income", "Gift", "1000")
        XCTAssertEqual(try listing("expenses").rows, try listing("expenses").blankFilled(rent(id: "00000003")))
    }

    func testParallelRuns_RecordEachOccurrenceOnce() throws {
        try budget.succeed("config", "set", "recur.auto", "off")
        try budget.succeed("recur", "add", "expense", "Daily", "100", "--every", "day", "--from", "2026-10-01")
        try budget.succeed(
            "recur", "add", "income", "Weekly", "700", "--every", "week", "--on", "mon", "--from", "2026-10-01")
        let result = try budget.shellSucceeds("""
        for i in 1 2 3 4 5 6 7 8; do BUDGET_LOCK_TIMEOUT=60 "$BUDGET" -q recur run > "out$i" & done
        wait
        cat out1 out2 out3 out4 out5 out6 out7 out8 | sort | uniq -d | wc -l
        cat out1 out2 out3 out4 out5 out6 out7 out8 | wc -l
        """)
        // 2026-10-01 … 2026-11-24 is 55 days and 8 Mondays (10-05 … 11-23), each recorded once.
        XCTAssertEqual(
            result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }, ["0", "63"])
        let marks = try listing().column("schedule")
        XCTAssertEqual(marks.count, 63)
        XCTAssertEqual(Set(marks).count, 63)
    }

    func testEdit_ChangesOnlyWhatIsNotRecorded() throws {
        try budget.succeed(
            "recur", "add", "expense", "Rent", "80000", "--every", "month", "--on", "25", "--from", "2026-10-01")
        XCTAssertEqual(try tsv().split(separator: "\n").count, 1, "October's rent")
        today("2026-11-26")
        try budget.succeed("recur", "run")
        XCTAssertEqual(try tsv().split(separator: "\n").count, 2)
        // November is recorded (on the 25th): moving the day to the 27th must not record it again.
        let edited = try budget.succeed("recur", "edit", "1", "--on", "27", "--amount", "82000")
        XCTAssertEqual(
            edited.stderr,
            "Changed schedule 00000001: expense Rent 82,000 (uncategorized) every month on the 27th; "
                + "next 2026-12-27.\n")
        today("2026-12-31")
        XCTAssertEqual(try budget.succeed("recur", "run").stdout, "expense-00000003\n")
        let rents = try listing()
        XCTAssertEqual(rents.rows, rents.blankFilled([
            ["kind": "expense", "id": "00000001", "order": "1", "date": "2026-10-25", "name": "Rent",
             "category": "uncategorized", "amount": "80000",
             "schedule": "00000001@2026-10-25"],
            ["kind": "expense", "id": "00000002", "order": "2", "date": "2026-11-25", "name": "Rent",
             "category": "uncategorized", "amount": "80000",
             "schedule": "00000001@2026-11-25"],
            ["kind": "expense", "id": "00000003", "order": "3", "date": "2026-12-27", "name": "Rent",
             "category": "uncategorized", "amount": "82000",
             "schedule": "00000001@2026-12-27"],
        ]))
    }

    func testPauseResumeAndSkip() throws {
        try budget.succeed(
            "recur", "add", "expense", "Gym", "5000", "--every", "month", "--on", "1", "--from", "2026-12-01")
        XCTAssertEqual(
            try budget.succeed("recur", "skip", "1").stderr,
            "Schedule 00000001 will not record its occurrence due on 2026-12-01; next 2027-01-01.\n")
        let wrong = try budget.run("recur", "skip", "1", "--date", "2027-01-02")
        XCTAssertEqual(wrong.code, 1)
        XCTAssertEqual(
            wrong.stderr,
            "budget: error: schedule 00000001 has no occurrence due on 2027-01-02; "
                + "its next are 2027-01-01, 2027-02-01, 2027-03-01\n")
        try budget.succeed("recur", "skip", "1", "--date", "2027-02-01")
        XCTAssertEqual(
            try budget.run("recur", "skip", "1", "--date", "2027-02-01").stderr,
            "budget: error: the occurrence of schedule 00000001 due on 2027-02-01 was already recorded or skipped\n")
        today("2027-01-15")
        XCTAssertEqual(try budget.succeed("recur", "run").stdout, "expense-00000001\n")
        XCTAssertEqual(
            try budget.succeed("recur", "pause", "1").stderr,
            "Paused schedule 00000001: it records nothing until 'budget recur resume 00000001'.\n")
        today("2027-04-15")
        XCTAssertEqual(try budget.succeed("recur", "run").stdout, "", "paused")
        XCTAssertEqual(
            try budget.succeed("recur", "resume", "1").stderr,
            "Resumed schedule 00000001; next 2027-05-01. Skipped 2 occurrences due while it was paused "
                + "(2027-03-01, 2027-04-01).\n")
        // The schedule's own columns come first, in this order; a record field declared later
        // (`Schedule.otherFields`) adds its column after them, so the row is read by name.
        let schedules = Listing(tsv: try budget.succeed("recur", "list", "--format", "tsv").stdout)
        XCTAssertEqual(Array(schedules.header.prefix(16)), [
            "id", "kind", "name", "category", "amount", "every", "on", "from", "until", "count", "weekend",
            "paused", "recorded_through", "next", "tags", "note",
        ])
        XCTAssertEqual(schedules.rows, schedules.blankFilled([[
            "id": "00000001", "kind": "expense", "name": "Gym", "category": "uncategorized", "amount": "5000",
            "every": "1 month", "on": "1", "from": "2026-12-01", "weekend": "keep", "paused": "false",
            "recorded_through": "2027-04-01", "next": "2027-05-01",
        ]]))
    }

    func testMonthEndsLeapYearsAndWeekends() throws {
        try budget.succeed("config", "set", "recur.auto", "off")
        try budget.succeed(
            "recur", "add", "expense", "A", "1", "--every", "month", "--on", "31", "--from", "2027-12-01")
        try budget.succeed("recur", "add", "expense", "B", "1", "--every", "year", "--from", "2028-02-29")
        try budget.succeed(
            "recur", "add", "expense", "C", "1", "--every", "2", "week", "--on", "fri", "--from", "2028-01-01",
            "--count", "3")
        try budget.succeed(
            "recur", "add", "expense", "D", "1", "--every", "month", "--on", "last", "--from", "2028-01-01",
            "--weekend", "after", "--until", "2028-05-31")
        let dry = try budget.succeed(
            "recur", "run", "--dry-run", "--through", "2029-03-31", "--format", "tsv", "--no-header").stdout
        let rows = dry.split(separator: "\n").map { $0.split(separator: "\t").prefix(4).joined(separator: " ") }
        XCTAssertEqual(rows.filter { $0.hasSuffix("00000001") }.prefix(4), [
            "2027-12-31 2027-12-31 expense 00000001", "2028-01-31 2028-01-31 expense 00000001",
            "2028-02-29 2028-02-29 expense 00000001", "2028-03-31 2028-03-31 expense 00000001",
        ])
        XCTAssertEqual(
            rows.filter { $0.hasSuffix("00000002") },
            ["2028-02-29 2028-02-29 expense 00000002", "2029-02-28 2029-02-28 expense 00000002"])
        XCTAssertEqual(rows.filter { $0.hasSuffix("00000003") }, [
            "2028-01-07 2028-01-07 expense 00000003", "2028-01-21 2028-01-21 expense 00000003",
            "2028-02-04 2028-02-04 expense 00000003",
        ])
        // 2028-04-30 is a Sunday: the Monday after is in May, the 1st.
        XCTAssertEqual(rows.filter { $0.hasSuffix("00000004") }, [
            "2028-01-31 2028-01-31 expense 00000004", "2028-02-29 2028-02-29 expense 00000004",
            "2028-03-31 2028-03-31 expense 00000004", "2028-05-01 2028-04-30 expense 00000004",
            "2028-05-31 2028-05-31 expense 00000004",
        ])
    }

    func testImpossibleSchedules_AreUsageErrorsThatChangeNothing() throws {
        try budget.succeed("add", "expense", "x", "1")
        let before = budget.dataBytes()
        let cases: [([String], String)] = [
            (["--every", "year", "--on", "30"],
             "budget: error: '--on' does not apply to yearly schedules: they fall on the date of '--from' "
                 + "(--every year --from 2027-03-15)"),
            (["--every", "month", "--count", "0"],
             "budget: error: invalid value '0' for '--count <n>': expected 1 to 100000 occurrences"),
            (["--every", "month", "--from", "2026-12-01", "--until", "2026-11-01"],
             "budget: error: "
                 + "invalid value '2026-11-01' for '--until <day>': it is before the first day, 2026-12-01 (--from)"),
            (["--every", "0", "month"], "budget: error: invalid value '0' for '--every <n unit>': n must be 1 to 1000"),
            (["--every", "fortnight"],
             "budget: error: invalid value 'fortnight' for '--every <n unit>': "
                 + "expected a unit (day, week, month or year), after a number for every n: month, 2 week"),
            (["--every", "month", "--on", "fri"], "budget: error: "
                + "'--on <weekday>' is for weekly schedules (--every week)"),
            (["--every", "month", "--on", "32"],
             "budget: error: invalid value '32' for '--on <day>': a day of the month is 1 to 31"),
            (["--on", "1"],
             "budget: error: "
                 + "missing expected option '--every <n unit>': how often, such as --every month or --every 2 week"),
        ]
        for (options, message) in cases {
            let result = try budget.run(["recur", "add", "expense", "Rent", "1000"] + options)
            XCTAssertEqual(result.code, 64, "\(options)")
            XCTAssertEqual(result.stderr.split(separator: "\n").first.map(String.init), message, "\(options)")
            XCTAssertEqual(result.stdout, "")
        }
        for key in ["recur.00000001", "recur.last-id"] {
            let result = try budget.run("config", "set", key, "0")
            XCTAssertEqual(result.code, 64, key)
        }
        XCTAssertEqual(budget.dataBytes(), before)
        XCTAssertEqual(try budget.run("recur", "show", "7").stderr, "budget: error: no schedule with ID 00000007\n")
    }

    func testSchedules_AreExportedRestoredAndFollowRenames() throws {
        try budget.succeed(
            "recur", "add", "expense", "Netflix", "1490", "--category", "subs", "--tag", "tv", "--every", "month",
            "--on", "5", "--from", "2026-12-01")
        try budget.succeed("categories", "rename", "subs", "サブスク")
        try budget.succeed("tags", "rename", "tv", "video")
        let shown = try budget.succeed("recur", "show", "1", "--format", "json").stdout
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])
        XCTAssertEqual(json["category"] as? String, "サブスク")
        XCTAssertEqual(json["tags"] as? [String], ["video"])
        let export = try budget.succeed("export", "--format", "json").stdout
        XCTAssertTrue(export.contains("recur.00000001"), export)
        let other = try BudgetProcess()
        try other.succeed("restore", "-", stdin: export)
        XCTAssertEqual(
            try other.succeed("recur", "list", "--format", "tsv").stdout,
            try budget.succeed("recur", "list", "--format", "tsv").stdout)
        XCTAssertEqual(
            try budget.succeed("recur", "delete", "1").stderr,
            "Deleted schedule 00000001: expense Netflix 1,490 (サブスク) every month on the 5th. "
                + "The records it made stay.\n")
        XCTAssertEqual(
            try budget.succeed("recur", "add", "income", "Pay", "1", "--every", "month").stdout,
            "00000002\n",
            "IDs are never reused")
    }

    func testEdit_AChangeOfTimingLosesNothingAfterThePeriodRecorded() throws {
        today("2027-01-21")
        try budget.succeed(
            "recur", "add", "expense", "Rent", "1000", "--every", "month", "--on", "20", "--from", "2026-11-01")
        XCTAssertEqual(try tsv().split(separator: "\n").count, 3, "November, December, January")
        // A mistake and its correction: the months after January stay due.
        try budget.succeed("recur", "edit", "1", "--every", "year")
        XCTAssertTrue(try budget.succeed("recur", "show", "1").stdout.contains("recorded through  2027-01-20\n"))
        try budget.succeed("recur", "edit", "1", "--every", "month", "--on", "20")
        XCTAssertTrue(try budget.succeed("recur", "show", "1").stdout.contains("status            next 2027-02-20\n"))
        // Monthly to weekly on Mondays: the week of January 20 is done, the next starts on the 25th.
        try budget.succeed("recur", "edit", "1", "--every", "week", "--on", "mon")
        XCTAssertTrue(try budget.succeed("recur", "show", "1").stdout.contains("status            next 2027-01-25\n"))
        let nothing = try budget.run("recur", "edit", "1")
        XCTAssertEqual(nothing.code, 64)
        XCTAssertTrue(nothing.stderr.hasPrefix("budget: error: "
            + "nothing to change: give at least one of --name"), nothing.stderr)
    }

    func testAuto_WhatCannotBeRecordedDoesNotBlockTheChangeThatFixesIt() throws {
        try budget.succeed("add", "expense", "seed", "1")
        try budget.succeed(
            "recur", "add", "expense", "Big", "2000000000000000", "--every", "month", "--from", "2026-12-01")
        // A hand edit leaves the schedule's occurrences no room (budget refuses a change that
        // would: a schedule or a record too large to forecast beside the other).
        var file = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: budget.dataFile)) as? [String: Any])
        var expenses = try XCTUnwrap(file["expenses"] as? [String: [String: Any]])
        expenses["00000001"]?["amount"] = Int.max - 1 - 1_000_000_000_000_000
        file["expenses"] = expenses
        try JSONSerialization.data(withJSONObject: file).write(to: budget.dataFile)
        today("2027-01-24")
        let added = try budget.run("add", "expense", "x", "1")
        XCTAssertEqual(added.code, 0, added.stderr)
        XCTAssertEqual(added.stdout, "00000002\n")
        XCTAssertTrue(
            added.stderr.hasPrefix("budget: warning: what schedules have due was not recorded: "), added.stderr)
        let paused = try budget.run("recur", "pause", "1")
        XCTAssertEqual(
            paused.stderr,
            "Paused schedule 00000001: it records nothing until 'budget recur resume 00000001'.\n",
            "acting on a schedule records nothing first")
        XCTAssertEqual(try budget.succeed("add", "expense", "y", "1").stderr, "", "the paused schedule records nothing")
        XCTAssertEqual(try budget.run("recur", "run", "--through", "2027-01-24").stdout, "")
    }

    func testShow_EscapesANoteAndTakesTableOrJSONOnly() throws {
        try budget.succeed(
            "recur", "add", "expense", "Gym", "1", "--every", "month", "--on", "1", "--from", "2027-01-01", "--note",
            "line1\nstatus  paused\tx")
        let shown = try budget.succeed("recur", "show", "1").stdout
        XCTAssertTrue(shown.contains("note              line1\\nstatus  paused\\tx\n"), shown)
        XCTAssertEqual(shown.split(separator: "\n").filter { $0.hasPrefix("status") }.count, 1)
        XCTAssertEqual(try budget.run("recur", "show", "1", "--format", "tsv").code, 64)
        XCTAssertEqual(
            try budget.succeed("recur", "add", "income", "Pay", "1", "--every", "2week", "--from", "2027-01-01").stdout,
            "00000002\n")
        XCTAssertTrue(try budget.succeed("recur", "list").stdout.contains("every 2 weeks on Friday"))
    }

    func testForecast_PaydayMonthsAgainstAHandCalculation() throws {
        try budget.succeed("config", "set", "period.month-start", "25")
        try budget.succeed("add", "income", "Salary", "300000", "--date", "2026-10-25")
        try budget.succeed("add", "expense", "Lunch", "12000", "--category", "食費", "--date", "2026-11-10")
        try budget.succeed("limit", "set", "食費", "40000")
        try budget.succeed(
            "recur", "add", "expense", "家賃", "80000", "--category", "住居", "--every", "month", "--on", "25", "--from",
            "2026-11-25")
        try budget.succeed(
            "recur", "add", "income", "Salary", "300000", "--every", "month", "--on", "25", "--from", "2026-11-25",
            "--weekend", "before")
        // Months from the 25th: 2026-11 is 10-25 … 11-24 (today), 2026-12 is 11-25 … 12-24,
        // 2027-01 is 12-25 … 01-24. The salary of 2026-12-25 (a Friday) stays in 2027-01; the
        // one of 2027-01-25 (a Monday) is in 2027-02.
        // 2026-11: 300,000 − 12,000 − (40,000 − 12,000 unspent) = 260,000.
        // 2026-12: 300,000 − 80,000 − 40,000 = 180,000; 2027-01 the same.
        XCTAssertEqual(try budget.succeed("forecast", "--format", "tsv", "--no-header").stdout, """
        2026-11\t2026-10-25\t2026-11-24\ttrue\t0\t300000\t12000\t0\t0\t28000\t300000\t40000\t260000\t260000
        2026-12\t2026-11-25\t2026-12-24\tfalse\t260000\t0\t0\t300000\t80000\t40000\t300000\t120000\t180000\t440000
        2027-01\t2026-12-25\t2027-01-24\tfalse\t440000\t0\t0\t300000\t80000\t40000\t300000\t120000\t180000\t620000

        """)
        let table = try budget.succeed("forecast", "--months", "1").stdout
        XCTAssertEqual(table, """
        Forecast from 2026-11-24, 1 budget month; \
        opening balance 0: income 0 less expenses 0 recorded before 2026-10-25.

        2026-11 (2026-10-25 to 2026-11-24): recorded so far, then scheduled
        No scheduled records.
                  RECORDED  SCHEDULED  PLANNED    TOTAL
        Income     300,000          0           300,000
        Expenses    12,000          0   28,000   40,000
        Balance                                 260,000
        Projected balance on 2026-11-24: 260,000
        Planned: what the monthly limits leave unspent (食費 28,000).

        """)
        XCTAssertEqual(try budget.run("forecast", "--months", "0").code, 64)
        XCTAssertEqual(try budget.run("forecast", "--months", "121").code, 64)
    }

    func testActingOnASchedule_RecordsNothingFirst() throws {
        today("2027-01-20")
        try budget.succeed("recur", "add", "expense", "R", "100", "--every", "month", "--on", "20")
        today("2027-03-20")
        // Two are due (02-20, 03-20): skipping one, or turning recording off, records nothing first.
        XCTAssertEqual(try budget.succeed("recur", "skip", "1", "--date", "2027-03-20").stderr,
                       "Schedule 00000001 will not record its occurrence due on 2027-03-20; next 2027-02-20.\n")
        XCTAssertEqual(try budget.succeed("config", "set", "recur.auto", "off").stderr, "Set recur.auto to off.\n")
        XCTAssertEqual(try tsv().split(separator: "\n").count, 1, "only January's")
        let forecast = try budget.succeed("forecast", "--months", "1").stdout
        XCTAssertTrue(
            forecast.hasPrefix(
                "Forecast from 2027-03-20, 1 budget month; opening balance -200: "
                    + "income 0 less expenses 100 recorded before 2027-03-01, "
                    + "and -100 from 1 scheduled occurrence due before it not yet recorded.\n"),
            forecast)
        XCTAssertEqual(try budget.succeed("recur", "run").stdout, "expense-00000002\n", "02-20; 03-20 was skipped")
        XCTAssertEqual(
            try budget.succeed("recur", "resume", "1").stderr, "No change: schedule 00000001 is not paused.\n")
        XCTAssertEqual(
            try budget.succeed("recur", "edit", "1", "--amount", "100").stderr,
            "No change: schedule 00000001 is already expense R 100 (uncategorized) every month on the 20th.\n")
    }

    func testSummaryByMonth_AYearCutsABudgetMonthAndSaysWhichDays() throws {
        today("2027-06-30")
        try budget.succeed("config", "set", "period.month-start", "25")
        try budget.succeed("add", "income", "a", "100", "--date", "2026-12-26")
        try budget.succeed("add", "income", "b", "100", "--date", "2027-01-05")
        let rows = try budget.succeed("summary", "--by", "month", "--year", "2027").stdout.split(separator: "\n")
        XCTAssertTrue(
            rows.contains("2027-01 (2027-01-01 to 2027-01-24)     100         0      100"),
            rows.joined(separator: "\n"))
        XCTAssertTrue(
            rows.contains("2028-01 (2027-12-25 to 2027-12-31)       0         0        0"),
            rows.joined(separator: "\n"))
    }
}
