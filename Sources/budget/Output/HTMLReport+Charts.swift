import BudgetCore

/// The charts: inline SVG drawn in a 1000-wide box stretched to its cell, so that every text
/// stays in the HTML grid around it (a long name wraps in its own cell, never over a bar).
extension HTMLReport {
    /// The width of a chart's drawing box.
    static let chartWidth = 1000

    /// The scale a chart of `values` is drawn on: from the least of them (or 0) to the
    /// greatest (or 0).
    static func scale(_ values: [Int]) -> (low: Int, high: Int) {
        (min(values.min() ?? 0, 0), max(values.max() ?? 0, 0))
    }

    /// Where `value` lies on a scale from `low` to `high` in the drawing box, rounded.
    static func position(_ value: Int, low: Int, high: Int) -> Int {
        guard high > low else { return 0 }
        let span = Double(high) - Double(low)
        return Int(((Double(value) - Double(low)) / span * Double(chartWidth)).rounded())
    }

    /// The limit a category's row is measured against in this report: a monthly limit in a
    /// month's report, a yearly one in a year's (what is available, rollover included); none
    /// over other days, where no limit's period matches.
    func appliedLimit(_ row: Summary.CategoryRow) -> LimitStatus? {
        guard let status = row.limitStatus else { return nil }
        switch report.span {
        case .month: return status.limit.per == .month ? status : nil
        case .year: return status.limit.per == .year ? status : nil
        case .days: return nil
        }
    }

    /// Spending by category as horizontal bars, largest first, each limit a tick, an
    /// over-limit bar in the second colour and said in words; then the figures as a table.
    func categories(_ page: inout HTMLWriter) {
        let rows = report.summary.categories.filter { $0.spent != 0 || appliedLimit($0) != nil }
        page.element("section", [("id", "categories")]) { page in
            page.element("h2", text: word(.byCategory))
            guard !rows.isEmpty else {
                page.element("p", class: "empty", text: word(.noSpending))
                return
            }
            let values = rows.flatMap { row in [row.spent] + (appliedLimit(row).map { [$0.available] } ?? []) }
            let (low, high) = Self.scale(values)
            page.element("div", class: "bars") { page in
                for row in rows {
                    let limit = appliedLimit(row)
                    page.element("div", class: "name", text: row.category)
                    categoryBar(&page, row, limit: limit, low: low, high: high)
                    page.element("div", class: limit?.isOver == true ? "amount over" : "amount") { page in
                        page.text(amount(row.spent))
                        if let limit, limit.isOver {
                            let over = amount(Self.negated(limit.remaining))
                            page.element("span", class: "note", text: word(.overLimitMark) + " " + over)
                        }
                    }
                }
            }
            categoryFigures(&page, rows)
        }
    }

    private func categoryBar(
        _ page: inout HTMLWriter, _ row: Summary.CategoryRow, limit: LimitStatus?, low: Int, high: Int
    ) {
        let zero = Self.position(0, low: low, high: high)
        let end = Self.position(row.spent, low: low, high: high)
        var label = row.category + " " + amount(row.spent)
        if let limit { label += " / " + word(.limit) + " " + amount(limit.available) }
        if limit?.isOver == true { label += " (" + word(.overLimitMark) + ")" }
        page.element("svg", class: "chart", svgBox(height: 12) + [("role", "img"), ("aria-label", label)]) { page in
            bar(&page, class: limit?.isOver == true ? "bar over" : "bar", from: zero, to: end, top: 2)
            if let limit {
                line(&page, class: "tick", at: Self.position(limit.available, low: low, high: high), height: 12)
            }
        }
    }

    /// A bar 8 high from `top`, between two places of the drawing box.
    func bar(_ page: inout HTMLWriter, class className: String, from start: Int, to end: Int, top: Int) {
        page.empty(
            "rect", class: className,
            [("x", "\(min(start, end))"), ("y", "\(top)"), ("width", "\(abs(end - start))"), ("height", "8")])
    }

    /// An upright line at `x` through the drawing box, as thick at any width.
    func line(_ page: inout HTMLWriter, class className: String, at x: Int, height: Int) {
        page.empty(
            "line", class: className,
            [("x1", "\(x)"), ("x2", "\(x)"), ("y1", "0"), ("y2", "\(height)"), ("vector-effect", "non-scaling-stroke")])
    }

    /// The attributes of a chart's drawing box, `height` high, stretched to its cell.
    func svgBox(height: Int) -> [(String, String)] {
        [("viewBox", "0 0 \(Self.chartWidth) \(height)"), ("preserveAspectRatio", "none")]
    }

    private func categoryFigures(_ page: inout HTMLWriter, _ rows: [Summary.CategoryRow]) {
        let total = report.summary.expenses
        dataTable(&page, class: "data categories", caption: word(.chartData)) { page in
            page.element("thead") { page in
                headerRow(&page, [
                    (.category, false), (.spent, true), (.available, true), (.left, true), (.share, true),
                ])
            }
            page.element("tbody") { page in
                for row in rows {
                    let limit = appliedLimit(row)
                    page.element("tr", class: limit?.isOver == true ? "category over" : "category") { page in
                        page.element("th", [("scope", "row")], text: row.category)
                        numberCell(&page, amount(row.spent))
                        numberCell(&page, limit.map { amount($0.available) } ?? "")
                        numberCell(&page, limit.map { limit in
                            limit.isOver ? word(.overBy) + " " + amount(Self.negated(limit.remaining))
                                : amount(limit.remaining)
                        } ?? "")
                        numberCell(&page, Percent.share(row.spent, of: total).map { "\($0)%" } ?? "")
                    }
                }
            }
            page.element("tfoot") { page in
                page.element("tr", class: "total") { page in
                    page.element("th", [("scope", "row")], text: word(.total))
                    numberCell(&page, amount(total))
                    for _ in 0..<3 { numberCell(&page, "") }
                }
            }
        }
    }

    /// Income and spending per month with the balance as a marker, the planned months
    /// drawn as planned; then the figures as a table.
    func months(_ page: inout HTMLWriter) {
        let months = report.months
        guard !months.isEmpty else { return }
        let (low, high) = Self.scale(months.flatMap { [$0.income, $0.expenses, $0.balance] })
        page.element("section", [("id", "months")]) { page in
            page.element("h2", text: word(.overTime))
            if report.monthsLeftOut > 0 {
                let drawn = "\(HouseholdReport.monthsShown)"
                page.element("p", class: "note", text: ReportWord.chartLastMonths.text(language, drawn))
            }
            page.element("ul", class: "legend") { page in
                for (kind, label) in [("income", ReportWord.legendIncome), ("spending", .legendSpending),
                                      ("balance", .legendBalance), ("planned", .legendPlanned)] {
                    page.element("li", class: "key-" + kind, text: word(label))
                }
            }
            page.element("div", class: "bars months") { page in
                for month in months {
                    page.element("div", class: "name") { page in monthName(&page, month) }
                    monthBars(&page, month, low: low, high: high)
                    let className = month.balance < 0 ? "amount negative" : "amount"
                    page.element("div", class: className, text: signed(month.balance))
                }
            }
            monthFigures(&page, months)
        }
    }

    /// A month's name, and whether it is planned or holds today.
    private func monthName(_ page: inout HTMLWriter, _ month: HouseholdReport.MonthFigures) {
        page.text(dates.formatMonth(month.name))
        if month.isPlanned { page.element("span", class: "note", text: word(.planned)) }
        if month.isCurrent { page.element("span", class: "note", text: word(.current)) }
    }

    private func monthBars(_ page: inout HTMLWriter, _ month: HouseholdReport.MonthFigures, low: Int, high: Int) {
        let zero = Self.position(0, low: low, high: high)
        let planned = month.isPlanned ? " (" + word(.planned) + ")" : ""
        let label = "\(dates.formatMonth(month.name))\(planned): \(word(.income)) \(amount(month.income)), "
            + "\(word(.spending)) \(amount(month.expenses)), \(word(.balance)) \(signed(month.balance))"
        page.element(
            "svg", class: month.isPlanned ? "chart planned" : "chart",
            svgBox(height: 20) + [("role", "img"), ("aria-label", label)]
        ) { page in
            for (value, className, top) in [(month.income, "income", 1), (month.expenses, "spending", 11)] {
                bar(&page, class: className, from: zero, to: Self.position(value, low: low, high: high), top: top)
            }
            line(&page, class: "axis", at: zero, height: 20)
            line(&page, class: "marker", at: Self.position(month.balance, low: low, high: high), height: 20)
        }
    }

    private func monthFigures(_ page: inout HTMLWriter, _ months: [HouseholdReport.MonthFigures]) {
        dataTable(&page, class: "data months", caption: word(.chartData)) { page in
            page.element("thead") { page in
                headerRow(&page, [(.month, false), (.income, true), (.spending, true), (.balance, true)])
            }
            page.element("tbody") { page in
                for month in months {
                    page.element("tr", class: month.isPlanned ? "month planned" : "month") { page in
                        page.element("th", [("scope", "row")]) { page in monthName(&page, month) }
                        numberCell(&page, amount(month.income))
                        numberCell(&page, amount(month.expenses))
                        numberCell(&page, signed(month.balance))
                    }
                }
            }
        }
    }

    // MARK: Tables

    /// A table (a chart's figures, captioned as such, or a section's own), in a wrapper that
    /// scrolls sideways when it is wider than the page.
    func dataTable(_ page: inout HTMLWriter, class className: String, caption: String? = nil,
                   _ body: (inout HTMLWriter) -> Void) {
        page.element("div", class: "table-wrap") { page in
            page.element("table", class: className) { page in
                if let caption { page.element("caption", text: caption) }
                body(&page)
            }
        }
    }

    /// A header row: each word, right-aligned when it heads figures.
    func headerRow(_ page: inout HTMLWriter, _ columns: [(ReportWord, Bool)]) {
        page.element("tr") { page in
            for (title, isNumber) in columns {
                page.element("th", class: isNumber ? "num" : nil, [("scope", "col")], text: word(title))
            }
        }
    }

    /// A cell of figures.
    func numberCell(_ page: inout HTMLWriter, _ text: String, class className: String = "num") {
        page.element("td", class: className, text: text)
    }
}
