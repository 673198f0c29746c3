import BudgetCore

/// `budget report --format html`: one self-contained HTML document (issue #31) of a
/// `HouseholdReport`: inline style and SVG, no script, no external resource, a
/// Content-Security-Policy that lets the browser fetch nothing, every text from the data
/// escaped. The same report and words give the same bytes.
struct HTMLReport {
    let report: HouseholdReport
    let money: MoneyFormat
    let dates: DateFormat
    let language: ReportLanguage
    /// The currency's code, said once under the title.
    let currencyCode: String?

    /// The document.
    func render() -> String {
        var page = HTMLWriter()
        page.markup("<!DOCTYPE html>\n")
        page.open("html", [("lang", language.rawValue)])
        page.markup("<head><meta charset=\"utf-8\">")
        // The browser fetches nothing and runs nothing: only the inline style sheet applies.
        page.markup("<meta http-equiv=\"Content-Security-Policy\" ")
        page.markup("content=\"default-src 'none'; style-src 'unsafe-inline'\">")
        page.markup("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        page.markup("<meta name=\"color-scheme\" content=\"light dark\">")
        page.element("title", text: word(.title) + " " + periodName)
        page.markup("<style>")
        page.markup(ReportStyle.sheet)
        page.markup("</style></head>\n")
        page.open("body")
        header(&page)
        headline(&page)
        categories(&page)
        months(&page)
        categoryTable(&page)
        limits(&page)
        upcoming(&page)
        accounts(&page)
        members(&page)
        page.close("body")
        page.close("html")
        page.markup("\n")
        return page.html
    }

    // MARK: Words and figures

    func word(_ word: ReportWord) -> String { word.text(language) }

    func amount(_ value: Int) -> String { money.display(value) }

    /// `-value`, without trapping on the one value that has no negative.
    static func negated(_ value: Int) -> Int { value == .min ? .max : -value }

    /// A change with its sign: `+¥1,200`, `-¥300`, `¥0`.
    func signed(_ value: Int) -> String { value > 0 ? "+" + amount(value) : amount(value) }

    /// The period as the title names it: a budget month's name (with its days when it is not a
    /// calendar month), a year, or its days.
    var periodName: String {
        switch report.span {
        case .month(let month): describe(month)
        case .year(let year): String(year)
        case .days(let from, let to): days(from, to)
        }
    }

    /// A budget month as the page names it: `2026-11`, or `2026-11 (2026-10-25 to 2026-11-24)`.
    func describe(_ month: BudgetPeriod) -> String {
        let name = dates.formatMonth(month.name)
        return month.isCalendarMonth ? name : name + " (" + days(month.start, month.end) + ")"
    }

    /// Days from one to another, in the page's words.
    func days(_ from: Day, _ to: Day) -> String {
        ReportWord.range.text(language, dates.format(from), dates.format(to))
    }

    /// The days the figures are compared with, as the headline names them: the period before,
    /// or its first days when the period is compared up to today.
    private var comparedName: String? {
        guard let comparison = report.comparison else { return nil }
        if comparison.isToDate, let from = comparison.comparison.period.from,
           let to = comparison.comparison.period.to {
            return days(from, to)
        }
        switch comparison.comparedPeriod {
        case .month(let month): return describe(month)
        case .year(let year): return String(year)
        case .days(let from, let to): return days(from, to)
        }
    }

    /// A count of days in words: `1 day`, `7 days`.
    func dayCount(_ count: Int) -> String {
        count == 1 ? ReportWord.oneDay.text(language) : ReportWord.dayCount.text(language, String(count))
    }

    // MARK: Sections

    private func header(_ page: inout HTMLWriter) {
        page.element("header") { page in
            page.element("h1", text: word(.title) + " " + periodName)
            var line = word(.generatedFor) + " " + dates.format(report.today)
            if let currencyCode { line += " · " + word(.currency) + " " + currencyCode }
            page.element("p", class: "meta", text: line)
        }
    }

    /// Income, spending, balance and savings rate, each against the period before; what is
    /// left per day in a month that holds today.
    private func headline(_ page: inout HTMLWriter) {
        let summary = report.summary
        let comparison = report.comparison
        page.element("section", [("id", "headline")]) { page in
            page.element("h2", text: word(.headline))
            page.element("div", class: "figures") { page in
                figure(&page, .income, amount(summary.income), change: comparison?.income, kind: "income")
                figure(&page, .spending, amount(summary.expenses), change: comparison?.expenses, kind: "spending")
                figure(&page, .balance, amount(summary.balance), change: comparison?.balance, kind: "balance")
                let rate = summary.savingsRate.map { $0.description + "%" } ?? "–"
                page.element("div", class: "figure", [("id", "figure-savings-rate")]) { page in
                    page.element("div", class: "label", text: word(.savingsRate))
                    page.element("div", class: "value", text: rate)
                    if let now = summary.savingsRate, let before = comparison?.comparison.savingsRate,
                       let name = comparedName {
                        let tenths = now.tenths - before.tenths
                        let points = (tenths > 0 ? "+" : tenths < 0 ? "-" : "")
                            + "\(tenths.magnitude / 10).\(tenths.magnitude % 10)"
                        change(&page, against: name, ReportWord.points.text(language, points))
                    }
                }
                if let pace = report.pace { self.pace(&page, pace) }
            }
        }
    }

    private func figure(
        _ page: inout HTMLWriter, _ label: ReportWord, _ value: String, change: SummaryComparison.Change?, kind: String
    ) {
        page.element("div", class: "figure", [("id", "figure-" + kind)]) { page in
            page.element("div", class: "label", text: word(label))
            page.element("div", class: "value", text: value)
            if let change, let name = comparedName {
                var text = word(.noChange)
                if change.difference != 0 {
                    text = signed(change.difference)
                    // A percentage of a refund's negative total reads backwards: only of a positive one.
                    if change.compared > 0, let percent = change.percent {
                        text += " (" + (change.difference > 0 ? "+" : "") + "\(percent)%)"
                    }
                }
                self.change(&page, against: name, text)
            }
        }
    }

    /// `against 2026-10: +¥1,200 (+5.0%)`, the figure kept on one line.
    private func change(_ page: inout HTMLWriter, against name: String, _ figure: String) {
        page.element("div", class: "change") { page in
            page.text(ReportWord.against.text(language, name) + " ")
            page.element("span", class: "figure-change", text: figure)
        }
    }

    private func pace(_ page: inout HTMLWriter, _ pace: HouseholdReport.Pace) {
        page.element("div", class: pace.left < 0 ? "figure over" : "figure", [("id", "figure-pace")]) { page in
            page.element("div", class: "label", text: word(.perDayLeft))
            page.element("div", class: "value", text: amount(pace.perDay))
            let sentence: ReportWord = switch (pace.basis, pace.left < 0) {
            case (.income, false): .leftOfIncome
            case (.totalLimit, false): .leftOfLimit
            case (.income, true): .pastIncome
            case (.totalLimit, true): .pastLimit
            }
            let left = amount(pace.left < 0 ? Self.negated(pace.left) : pace.left)
            page.element("div", class: "change", text: sentence.text(language, left, dayCount(pace.days)))
        }
    }
}
