import BudgetCore

/// `budget forecast [--months <n>]`: the coming budget months, from what is recorded, what
/// schedules will record and what the monthly limits leave unspent.
struct ForecastCommand: Command {
    static let spec = CommandSpec(
        name: "forecast", abstract: "Project the coming budget months from schedules and limits.",
        discussion: """
            For each budget month from the current one: what schedules will record (each occurrence with its date), \
            what each monthly limit's own amount leaves unspent (counted as planned spending; a surplus carried in \
            from earlier months is not planned: it is already in the balance), the month's balance, and the balance \
            projected at its end. The current month combines what is recorded so far with what is still scheduled. \
            Paused schedules and skipped occurrences count for nothing. Months follow period.month-start. The first \
            line says what the opening balance counts.
            """,
        options: [
            OptionSpec(long: "months", valueName: "n",
                       help: "How many budget months, the current one included: 1 to 120 (default 3)."),
            OutputFormat.reportOption, CommonArguments.noHeader,
        ])

    let months: Int
    let format: OutputFormat
    let includeHeader: Bool

    init(_ parsed: ParsedCommand) throws(UsageError) {
        if let text = parsed.value("months") {
            guard let number = try parsed.wholeNumber(text, for: "--months"),
                  (1...Forecast.longestMonths).contains(number) else {
                throw parsed.usageError(
                    "invalid value '\(text)' for '--months <n>': expected 1 to \(Forecast.longestMonths)")
            }
            months = number
        } else {
            months = 3
        }
        format = try OutputFormat.from(parsed, allowed: [.table, .tsv, .csv, .json])
        includeHeader = !parsed.flag("no-header")
    }

    func run(in context: CommandContext) throws {
        let document = try context.loadForReading()
        let forecast = try Forecast(document: document, today: Day.today(), months: months)
        let printer = ForecastPrinter(
            forecast: forecast, money: document.moneyFormat, format: format, includeHeader: includeHeader,
            painter: context.outputPainter(document),
            dateFormat: document[settings: DisplayKeys.self][DisplayKeys.dateFormat])
        context.output.write(printer.render())
        context.noteDueOccurrences(in: document, format: format)
    }
}
