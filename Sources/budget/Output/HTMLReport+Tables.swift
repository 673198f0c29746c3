import BudgetCore

/// The report's tables: categories over the months on a heat scale, limits, what is coming,
/// accounts and net worth, the members' balances and the payments that settle them.
extension HTMLReport {
    /// How many steps the heat scale has (classes `h0` to `h4`).
    static let heatSteps = 5

    /// The step of `value` on a heat scale up to `high`: 0 for nothing, else 1 to 4.
    static func heat(_ value: Int, high: Int) -> Int {
        guard value > 0, high > 0 else { return 0 }
        let step = Int((Double(value) / Double(high) * Double(heatSteps - 1)).rounded(.up))
        return min(max(step, 1), heatSteps - 1)
    }

    /// The category × month table (`summary --per month`), each cell on a heat scale.
    func categoryTable(_ page: inout HTMLWriter) {
        guard let table = report.table, !table.rows.isEmpty, !table.periods.isEmpty else { return }
        let high = table.rows.flatMap(\.amounts).max() ?? 0
        page.element("section", [("id", "category-months")]) { page in
            page.element("h2", text: word(.categoryByMonth))
            if report.tableMonthsLeftOut > 0 {
                let note = ReportWord.tableLastMonths.text(language, "\(table.periods.count)")
                page.element("p", class: "note", text: note)
            }
            dataTable(&page, class: "data heat") { page in
                page.element("thead") { page in
                    page.element("tr") { page in
                        page.element("th", [("scope", "col")], text: word(.category))
                        for period in table.periods {
                            page.element("th", class: "num", [("scope", "col")], text: dates.formatMonth(period.name))
                        }
                        page.element("th", class: "num", [("scope", "col")], text: word(.total))
                        page.element("th", class: "num", [("scope", "col")], text: word(.average))
                    }
                }
                page.element("tbody") { page in
                    for row in table.rows {
                        page.element("tr") { page in
                            page.element("th", [("scope", "row")], text: row.name)
                            for value in row.amounts {
                                numberCell(&page, amount(value), class: "num h\(Self.heat(value, high: high))")
                            }
                            numberCell(&page, amount(row.total))
                            numberCell(&page, amount(row.average.rounded))
                        }
                    }
                }
                page.element("tfoot") { page in
                    page.element("tr", class: "total") { page in
                        page.element("th", [("scope", "row")], text: word(.total))
                        for value in table.total.amounts { numberCell(&page, amount(value)) }
                        numberCell(&page, amount(table.total.total))
                        numberCell(&page, amount(table.total.average.rounded))
                    }
                }
            }
        }
    }

    /// The word for an account's type.
    static func typeWord(_ type: AccountType) -> ReportWord {
        switch type {
        case .bank: .bank
        case .cash: .cash
        case .card: .card
        case .emoney: .emoney
        case .savings: .savings
        }
    }

    /// The limits of the month they are reported for: available (with what rollover carried
    /// in), spent, left.
    func limits(_ page: inout HTMLWriter) {
        guard !report.limits.isEmpty else { return }
        page.element("section", [("id", "limits")]) { page in
            page.element("h2", text: word(.limits) + " " + describe(report.limitMonth))
            dataTable(&page, class: "data limits") { page in
                page.element("thead") { page in
                    headerRow(&page, [
                        (.category, false), (.limit, true), (.carriedIn, true), (.available, true), (.spent, true),
                        (.left, true),
                    ])
                }
                page.element("tbody") { page in
                    for status in report.limits {
                        page.element("tr", class: status.isOver ? "limit over" : "limit") { page in
                            page.element("th", [("scope", "row")]) { page in
                                page.text(status.category ?? word(.allExpenses))
                                let per = status.limit.per == .month ? word(.monthlyLimit) : word(.yearlyLimit)
                                page.element("span", class: "note", text: per)
                            }
                            numberCell(&page, amount(status.base))
                            numberCell(&page, status.carriedIn == 0 ? "" : signed(status.carriedIn))
                            numberCell(&page, amount(status.available))
                            numberCell(&page, amount(status.spent))
                            numberCell(
                                &page, status.isOver ? word(.overBy) + " " + amount(Self.negated(status.remaining))
                                    : amount(status.remaining))
                        }
                    }
                }
            }
        }
    }

    /// The scheduled records due in the coming days.
    func upcoming(_ page: inout HTMLWriter) {
        guard !report.upcoming.isEmpty else { return }
        page.element("section", [("id", "upcoming")]) { page in
            page.element("h2", text: word(.upcoming))
            dataTable(&page, class: "data upcoming") { page in
                page.element("thead") { page in
                    headerRow(&page, [(.day, false), (.name, false), (.category, false), (.amount, true)])
                }
                page.element("tbody") { page in
                    for occurrence in report.upcoming {
                        page.element("tr", class: occurrence.kind == .income ? "income" : "expense") { page in
                            page.element("td", text: dates.format(occurrence.day))
                            page.element("th", [("scope", "row")], text: occurrence.name)
                            page.element("td", text: occurrence.category ?? word(.incomeKind))
                            numberCell(&page, occurrence.kind == .income
                                ? signed(occurrence.amount) : amount(Self.negated(occurrence.amount)))
                        }
                    }
                }
            }
        }
    }

    /// The accounts at the period's end, then net worth at each month's end.
    func accounts(_ page: inout HTMLWriter) {
        guard let balances = report.accounts else { return }
        page.element("section", [("id", "accounts")]) { page in
            page.element("h2", text: word(.accounts))
            dataTable(&page, class: "data accounts") { page in
                page.element("thead") { page in
                    headerRow(&page, [(.account, false), (.type, false), (.accountBalance, true)])
                }
                page.element("tbody") { page in
                    for row in balances.rows {
                        page.element("tr", class: "account") { page in
                            page.element("th", [("scope", "row")], text: row.account.name)
                            page.element("td", text: word(Self.typeWord(row.account.type)))
                            numberCell(&page, amount(row.asset))
                        }
                    }
                }
                page.element("tfoot") { page in
                    for (label, value) in [(ReportWord.assets, balances.assets), (.owed, balances.owed),
                                           (.netWorth, balances.netWorth)] {
                        page.element("tr", class: "total") { page in
                            page.element("th", [("scope", "row"), ("colspan", "2")], text: word(label))
                            numberCell(&page, amount(value))
                        }
                    }
                }
            }
            netWorth(&page)
        }
    }

    private func netWorth(_ page: inout HTMLWriter) {
        let points = report.netWorth
        guard points.count > 1 else { return }
        let (low, high) = Self.scale(points.map(\.netWorth))
        page.element("h3", text: word(.netWorthOverTime))
        page.element("div", class: "bars") { page in
            for point in points {
                page.element("div", class: "name", text: dates.formatMonth(point.month))
                let zero = Self.position(0, low: low, high: high)
                let end = Self.position(point.netWorth, low: low, high: high)
                page.element(
                    "svg", class: "chart",
                    svgBox(height: 12) + [
                        ("role", "img"), ("aria-label", dates.formatMonth(point.month) + " " + amount(point.netWorth)),
                    ]
                ) { page in
                    bar(&page, class: point.netWorth < 0 ? "worth negative" : "worth", from: zero, to: end, top: 2)
                }
                page.element("div", class: "amount", text: amount(point.netWorth))
            }
        }
        dataTable(&page, class: "data net-worth", caption: word(.chartData)) { page in
            page.element("thead") { page in
                headerRow(&page, [(.monthEnd, false), (.assets, true), (.owed, true), (.netWorth, true)])
            }
            page.element("tbody") { page in
                for point in points {
                    page.element("tr") { page in
                        page.element("th", [("scope", "row")], text: dates.format(point.day))
                        numberCell(&page, amount(point.assets))
                        numberCell(&page, amount(point.owed))
                        numberCell(&page, amount(point.netWorth))
                    }
                }
            }
        }
    }

    /// Each member's paid, share and balance, then the payments that settle them.
    func members(_ page: inout HTMLWriter) {
        guard let result = report.settlement else { return }
        page.element("section", [("id", "members")]) { page in
            page.element("h2", text: word(.members))
            let settlement: Settlement
            switch result {
            case .success(let value):
                settlement = value
            case .failure(let error):
                page.element("p", class: "note", text: word(.cannotSettle) + ": " + (error.errorDescription ?? ""))
                return
            }
            dataTable(&page, class: "data members") { page in
                page.element("thead") { page in
                    headerRow(&page, [
                        (.member, false), (.paid, true), (.memberShare, true), (.settled, true), (.memberBalance, true),
                    ])
                }
                page.element("tbody") { page in
                    for row in settlement.rows {
                        page.element("tr", class: "member") { page in
                            page.element("th", [("scope", "row")], text: row.member)
                            numberCell(&page, amount(row.paid))
                            numberCell(&page, amount(row.share))
                            numberCell(&page, amount(row.settled))
                            numberCell(&page, signed(row.balance))
                        }
                    }
                }
            }
            page.element("h3", text: word(.settlement))
            guard !settlement.payments.isEmpty else {
                page.element("p", text: word(.allSettled))
                return
            }
            page.element("ul", class: "payments") { page in
                for payment in settlement.payments {
                    page.element("li", text: "\(payment.from) \(word(.pays)) \(payment.to): \(amount(payment.amount))")
                }
            }
        }
    }
}
