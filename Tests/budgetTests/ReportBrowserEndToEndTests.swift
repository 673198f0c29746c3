import Foundation
import XCTest

/// The HTML report (issue #31) of the README's report example, opened in a real browser
/// (Debian's `chromium-headless-shell`, which `.ci/run` installs): it loads without a console
/// message (no CSP violation, no error), has a bar and a row per category whose figures are
/// `summary`'s, lays out without overlaps at 360 and 1,280 pixels wide, and prints on at most two
/// A4 pages.
final class ReportBrowserEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!
    private var work: URL!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
        work = budget.directory.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    /// Runs the README's report example with the binary under test; the data file it made.
    private func runExample() throws -> String {
        let url = Self.repository.appendingPathComponent("README.md")
        let readme = try Readme(text: String(contentsOf: url, encoding: .utf8))
        let block = try XCTUnwrap(
            readme.section("### Report")?.blocks.first { $0.language == "sh" }, "the README has a report example")
        let bin = work.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("budget"), withDestinationURL: BudgetProcess.binary)
        // The example, then where its data file is.
        let script = block.body + "echo \"$BUDGET_FILE\" > data-file\n"
        try Data(script.utf8).write(to: work.appendingPathComponent("example.sh"))
        var environment = budget.environment
        environment["BUDGET_FILE"] = nil
        budget.environment = environment
        let result = try budget.shell(
            "cd report && bash -e -o pipefail example.sh",
            environment: ["PATH": bin.path + ":" + BudgetProcess.searchPath, "TMPDIR": work.path])
        XCTAssertEqual(result.code, 0, "the example runs to its end: \(result.stderr)")
        let path = try String(contentsOf: work.appendingPathComponent("data-file"), encoding: .utf8)
        return path.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs the browser on `page` with `arguments`; its exit code, output, and the console
    /// messages it logged.
    private func browse(_ page: URL, _ arguments: [String]) throws -> (code: Int32, output: String, console: [String]) {
        let browser = try Peer.require("chromium-headless-shell", for: "to open the HTML report in a browser")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = [
            "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
            "--user-data-dir=" + work.appendingPathComponent("profile").path,
        ] + arguments + [page.absoluteString]
        process.environment = ["PATH": BudgetProcess.searchPath, "HOME": work.path, "LANG": "C.UTF-8"]
        let pipes = ProcessPipes(for: process, withInput: false)
        try process.run()
        let output = pipes.collect(from: process)
        let result = BudgetProcess.Result(code: process.terminationStatus, output)
        let console = result.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return (result.code, result.stdout, console)
    }

    func testReport_LoadsWithoutAConsoleMessageAndShowsSummarysFigures() throws {
        let file = try runExample()
        let page = work.appendingPathComponent("report.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        XCTAssertFalse(html.contains("<script"), "no script")
        XCTAssertNil(html.range(of: "https?:", options: .regularExpression), "no http: or https: reference")
        XCTAssertFalse(html.contains("src="), "nothing loaded from a source")
        XCTAssertFalse(html.contains(" style="), "classes, not style attributes")
        XCTAssertTrue(html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'\""), "the CSP")

        let opened = try browse(page, ["--dump-dom"])
        XCTAssertEqual(opened.code, 0)
        XCTAssertEqual(opened.console, [], "no console message: no CSP violation, no error")
        // The check above can fail: a fetch the CSP refuses is a console message.
        let fetching = work.appendingPathComponent("fetching.html")
        try Data(html.replacingOccurrences(of: "<body>", with: "<body><img src=\"https://example.com/x.png\">").utf8)
            .write(to: fetching)
        XCTAssertFalse(try browse(fetching, ["--dump-dom"]).console.isEmpty, "a refused fetch is seen")

        // One bar and one row per category, with summary's figures.
        let summary = try budget.run(
            ["--file", file, "summary", "--month", "2026-11", "--format", "json"],
            environment: ["BUDGET_TODAY": "2026-11-24"])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])
        let categories = try XCTUnwrap(json["categories"] as? [[String: Any]])
        let dom = opened.output
        let section = try XCTUnwrap(Self.between(dom, "<section id=\"categories\">", "</section>"))
        XCTAssertEqual(section.components(separatedBy: "<rect class=\"bar").count - 1, categories.count, "a bar each")
        let rows = Self.matches(
            #"<tr class="category[^"]*"><th scope="row">([^<]*)</th><td class="num">([^<]*)</td>"#, in: section)
        XCTAssertEqual(rows.map { Self.unescaped($0[0]) }, categories.compactMap { $0["category"] as? String })
        XCTAssertEqual(rows.map { $0[1] }, categories.compactMap { ($0["spent"] as? Int).map(Self.yen) })
        let total = Self.matches(
            #"<tr class="total"><th scope="row">Total</th><td class="num">([^<]*)</td>"#, in: section)
        XCTAssertEqual(total.first?.first, (json["expenses"] as? Int).map(Self.yen), "the total is summary's")
        let headline = try XCTUnwrap(Self.between(dom, "<section id=\"headline\">", "</section>"))
        for (id, key) in [("income", "income"), ("spending", "expenses"), ("balance", "balance")] {
            let value = Self.matches(
                #"id="figure-\#(id)"><div class="label">[^<]*</div><div class="value">([^<]*)</div>"#, in: headline)
            XCTAssertEqual(value.first?.first, (json[key] as? Int).map(Self.yen), "the headline's \(id)")
        }
    }

    func testReport_NothingOverlapsAt360And1280PixelsWide() throws {
        _ = try runExample()
        let html = try String(contentsOf: work.appendingPathComponent("report.html"), encoding: .utf8)
        // A copy that measures itself: without the CSP, with a script that compares the boxes of
        // every text and every bar and writes what overlaps into the page.
        let cspPattern = #"<meta http-equiv="Content-Security-Policy"[^>]*>"#
        guard let csp = html.range(of: cspPattern, options: .regularExpression) else {
            return XCTFail("the report has a CSP")
        }
        var probe = html
        probe.removeSubrange(csp)
        probe = probe.replacingOccurrences(of: "</body>", with: "<script>" + Self.probe + "</script></body>")
        let measured = work.appendingPathComponent("probe.html")
        try Data(probe.utf8).write(to: measured)
        for width in [360, 1280] {
            let result = try browse(measured, ["--window-size=\(width),2000", "--dump-dom"])
            let found = try XCTUnwrap(Self.between(result.output, "<pre id=\"probe\">", "</pre>"), "the probe ran")
            let report = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(Self.unescaped(found).utf8)) as? [String: Any])
            XCTAssertEqual(report["overlaps"] as? [String], [], "nothing overlaps at \(width) px")
            XCTAssertGreaterThan(report["texts"] as? Int ?? 0, 100, "texts were measured at \(width) px")
            XCTAssertGreaterThan(report["shapes"] as? Int ?? 0, 20, "bars were measured at \(width) px")
            XCTAssertLessThanOrEqual(
                report["pageWidth"] as? Int ?? .max, width, "the page does not scroll sideways at \(width) px")
            let shot = work.appendingPathComponent("report-\(width).png")
            XCTAssertEqual(try browse(measured, ["--window-size=\(width),2000", "--screenshot=" + shot.path]).code, 0)
            XCTAssertTrue(FileManager.default.fileExists(atPath: shot.path), "a screenshot at \(width) px")
        }
        // The probe can fail: names forced onto one line in a narrow column run into their bars.
        let crowded = work.appendingPathComponent("crowded.html")
        try Data(probe.replacingOccurrences(
            of: "</head>", with: "<style>.bars{grid-template-columns:1.5rem 1fr 3rem}.bars .name{white-space:nowrap;"
                + "overflow-wrap:normal}</style></head>").utf8).write(to: crowded)
        let result = try browse(crowded, ["--window-size=360,2000", "--dump-dom"])
        let found = try XCTUnwrap(Self.between(result.output, "<pre id=\"probe\">", "</pre>"))
        XCTAssertTrue(found.contains("| bar"), "an overlap is seen: \(found)")
    }

    func testReport_OfAMonthPrintsOnAtMostTwoA4Pages() throws {
        _ = try runExample()
        let pdf = work.appendingPathComponent("report.pdf")
        let result = try browse(
            work.appendingPathComponent("report.html"), ["--no-pdf-header-footer", "--print-to-pdf=" + pdf.path])
        XCTAssertEqual(result.code, 0)
        let bytes = try Data(contentsOf: pdf)
        let text = String(decoding: bytes, as: UTF8.self)
        let pages = Self.matches(#"/Type\s*/Page[^s]"#, in: text).count
        XCTAssertGreaterThan(pages, 0, "the PDF has pages")
        XCTAssertLessThanOrEqual(pages, 2, "a month prints on at most two A4 pages")
        // A4 is 595 × 842 points (Chromium writes 594.96 × 841.92).
        let a4 = #"/MediaBox\s*\[\s*0 0 59[45](\.\d+)? 84[12](\.\d+)?\s*\]"#
        XCTAssertNotNil(text.range(of: a4, options: .regularExpression), "A4 pages")
    }

    func testReport_ScreenshotInTheReadmeIsCheckedIn() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("](docs/report.png)"), "the README shows the screenshot")
        let png = try Data(contentsOf: Self.repository.appendingPathComponent("docs/report.png"))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
        XCTAssertGreaterThan(png.count, 10_000)
    }

    // MARK: Reading the page

    private static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex)
        else { return nil }
        return String(text[from.upperBound..<to.lowerBound])
    }

    /// Each match's capture groups.
    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let whole = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: whole).map { match in
            (1..<max(match.numberOfRanges, 1)).compactMap { group in
                Range(match.range(at: group), in: text).map { String(text[$0]) }
            }
        }
    }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// `¥12,345`, as the report shows yen.
    private static func yen(_ amount: Int) -> String {
        let digits = String(amount.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return (amount < 0 ? "-" : "") + "¥" + grouped
    }

    /// Compares the boxes of every text (each line of it) with each other and with every bar,
    /// tick and marker, and writes what overlaps, and the page's width, into a `<pre id="probe">`.
    private static let probe = """
        (function () {
          var boxes = [], node, walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          while ((node = walker.nextNode())) {
            if (!node.textContent.trim()) continue;
            var range = document.createRange();
            range.selectNodeContents(node);
            var rects = range.getClientRects();
            for (var i = 0; i < rects.length; i++) {
              var r = rects[i];
              if (r.width > 0 && r.height > 0) boxes.push({ kind: "text", what: node.textContent.trim().slice(0, 24),
                l: r.left, t: r.top, r: r.right, b: r.bottom });
            }
          }
          var shapes = document.querySelectorAll("svg rect, svg line");
          for (var j = 0; j < shapes.length; j++) {
            var s = shapes[j].getBoundingClientRect();
            // A tick or a marker has no width of its own: count the 2 px it is drawn with.
            var grow = s.width < 2 ? 1 : 0;
            if (s.width > 0 || s.height > 0) boxes.push({ kind: "shape", what: shapes[j].getAttribute("class"),
              l: s.left - grow, t: s.top, r: s.right + grow, b: s.bottom });
          }
          var overlaps = [];
          for (var a = 0; a < boxes.length; a++) {
            for (var c = a + 1; c < boxes.length; c++) {
              var p = boxes[a], q = boxes[c];
              if (p.kind === "shape" && q.kind === "shape") continue;
              var w = Math.min(p.r, q.r) - Math.max(p.l, q.l), h = Math.min(p.b, q.b) - Math.max(p.t, q.t);
              if (w > 1 && h > 1) overlaps.push(p.what + " | " + q.what);
            }
          }
          var out = document.createElement("pre");
          out.id = "probe";
          out.textContent = JSON.stringify({ overlaps: overlaps.slice(0, 20),
            texts: boxes.filter(function (x) { return x.kind === "text"; }).length,
            shapes: boxes.filter(function (x) { return x.kind === "shape"; }).length,
            pageWidth: document.documentElement.scrollWidth });
          document.documentElement.appendChild(out);
        })();
        """
}
