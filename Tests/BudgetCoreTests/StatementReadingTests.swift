import XCTest
@testable import BudgetCore

/// The statement reader's pieces: amounts, dates, profiles' text, presets' detection, row
/// identities and the import into a document.
final class StatementReadingTests: XCTestCase {
    private let today = Day(year: 2026, month: 11, day: 24)!

    private func amount(
        _ text: String, _ mark: DecimalMark = .point, digits: Int = 0) -> Result<Int?, StatementAmount.Problem> {
        StatementAmount.parse(text, decimalMark: mark, minorDigits: digits)
    }

    func testAmounts_TakeTheFormsStatementsWrite() {
        XCTAssertEqual(amount("1,234"), .success(1234))
        XCTAssertEqual(amount("\\1,234"), .success(1234))
        XCTAssertEqual(amount("¥1,234"), .success(1234))
        XCTAssertEqual(amount("￥１，２３４"), .success(1234))
        XCTAssertEqual(amount("1,234円"), .success(1234))
        XCTAssertEqual(amount("-1,200"), .success(-1200))
        XCTAssertEqual(amount("▲500"), .success(-500))
        XCTAssertEqual(amount("−500"), .success(-500))
        XCTAssertEqual(amount("1,234.00"), .success(1234), "zero decimals are fine for yen")
        XCTAssertEqual(amount("12.5"), .failure(.tooManyDecimals(allowed: 0)))
        XCTAssertEqual(amount("2.500,50", .comma, digits: 2), .success(250050))
        XCTAssertEqual(amount("-12,5", .comma, digits: 2), .success(-1250))
        XCTAssertEqual(amount("-"), .success(nil))
        XCTAssertEqual(amount("+500"), .success(500))
        XCTAssertEqual(amount("  "), .success(nil))
        XCTAssertEqual(amount("12x"), .failure(.notANumber))
        XCTAssertEqual(amount("99999999999999999999"), .failure(.tooLarge))
        XCTAssertEqual(amount("9223372036854775807", digits: 2), .failure(.tooLarge))
    }

    func testAmounts_GroupDigitsByThreesOnly() {
        // A separator anywhere after a digit once read `12,50` as 1250: money 100 times too large.
        for text in ["12,50", "-1 234,56", "1,2,3", "1'2", "1234,567", "1,23", "1,2345", "1,,234", "1,", "1,234,",
                     "1,234,5", "1,23.00", "1 23", "12'34.50"] {
            XCTAssertEqual(amount(text, digits: 2), .failure(.notANumber), text)
        }
        XCTAssertEqual(amount("12.5", .comma, digits: 2), .failure(.notANumber), "a point groups with a decimal comma")
        XCTAssertEqual(amount("1.234.5,00", .comma, digits: 2), .failure(.notANumber))
        XCTAssertEqual(amount("1.23,00", .comma, digits: 2), .failure(.notANumber))
        // What statements really write still reads.
        XCTAssertEqual(amount("1,234"), .success(1234))
        XCTAssertEqual(amount("12,345,678"), .success(12_345_678))
        XCTAssertEqual(amount("1 234"), .success(1234))
        XCTAssertEqual(amount("1 234 567"), .success(1_234_567))
        XCTAssertEqual(amount("1'234.50", digits: 2), .success(123_450))
        XCTAssertEqual(amount("1,234.00"), .success(1234))
        XCTAssertEqual(amount("１２，３４５"), .success(12_345))
        XCTAssertEqual(amount("1.234,56", .comma, digits: 2), .success(123_456))
        XCTAssertEqual(amount("-1 234,56", .comma, digits: 2), .success(-123_456))
        XCTAssertEqual(amount("1234.5", digits: 2), .success(123_450), "no groups at all is fine")
        XCTAssertEqual(amount("0,500"), .success(500))
        XCTAssertEqual(
            StatementAmount.parse("$1,150.00", decimalMark: .point, minorDigits: 2, currencySymbols: ["$"]),
            .success(115_000))
    }

    func testAmounts_TakeTheBudgetsCurrencySymbolParenthesesAndASpacedSign() {
        func dollars(_ text: String) -> Result<Int?, StatementAmount.Problem> {
            StatementAmount.parse(text, decimalMark: .point, minorDigits: 2, currencySymbols: ["$", "USD"])
        }
        func euros(_ text: String) -> Result<Int?, StatementAmount.Problem> {
            StatementAmount.parse(text, decimalMark: .comma, minorDigits: 2, currencySymbols: ["€", "EUR"])
        }
        func yen(_ text: String) -> Result<Int?, StatementAmount.Problem> {
            StatementAmount.parse(text, decimalMark: .point, minorDigits: 0, currencySymbols: ["¥", "JPY"])
        }
        XCTAssertEqual(dollars("$20,000.00"), .success(2_000_000))
        XCTAssertEqual(dollars("- $220.00"), .success(-22_000))
        XCTAssertEqual(dollars("+ $1,150.00"), .success(115_000))
        XCTAssertEqual(dollars("-$5.00"), .success(-500))
        XCTAssertEqual(dollars("$-5.00"), .success(-500))
        XCTAssertEqual(dollars("$ 5"), .success(500))
        XCTAssertEqual(dollars("($220.00)"), .success(-22_000))
        XCTAssertEqual(dollars("(1,234)"), .success(-123_400))
        XCTAssertEqual(dollars("12.50 USD"), .success(1250))
        XCTAssertEqual(dollars("USD 12.50"), .success(1250))
        XCTAssertEqual(dollars("(-5.00)"), .failure(.notANumber), "a sign inside parentheses is not a number")
        XCTAssertEqual(dollars("($-5.00)"), .failure(.notANumber))
        XCTAssertEqual(dollars("-($5.00)"), .failure(.notANumber))
        XCTAssertEqual(dollars("($5.00"), .failure(.notANumber))
        XCTAssertEqual(dollars("()"), .failure(.notANumber))
        XCTAssertEqual(dollars("-$-5.00"), .failure(.notANumber))
        XCTAssertEqual(dollars("$$5"), .failure(.notANumber))
        XCTAssertEqual(dollars("$5$"), .failure(.notANumber))
        XCTAssertEqual(dollars("¥1,234"), .failure(.notANumber), "yen in a dollar budget")
        XCTAssertEqual(dollars("1,234円"), .failure(.notANumber))
        XCTAssertEqual(dollars("€5.00"), .failure(.notANumber))
        XCTAssertEqual(dollars("-"), .success(nil))
        XCTAssertEqual(euros("€12,50"), .success(1250))
        XCTAssertEqual(euros("12,50 €"), .success(1250))
        XCTAssertEqual(euros("-12,50 €"), .success(-1250))
        XCTAssertEqual(euros("1.234,50€"), .success(123_450))
        XCTAssertEqual(euros("(12,50 €)"), .success(-1250))
        XCTAssertEqual(euros("$12,50"), .failure(.notANumber))
        XCTAssertEqual(yen("$20,000.00"), .failure(.notANumber), "money is never read in the wrong currency")
        XCTAssertEqual(yen("(1,234)"), .success(-1234))
        for text in ["\\1,234", "¥1,234", "￥１，２３４", "1,234円", "JPY 1,234", "¥-1,234", "-¥1,234"] {
            XCTAssertEqual(yen(text).map { $0.map(abs) }, .success(1234), text)
        }
        XCTAssertEqual(
            StatementAmount.parse("$5", decimalMark: .point, minorDigits: 0), .failure(.notANumber),
            "without the budget's symbols, only yen forms")
        XCTAssertEqual(Currency(code: "USD")?.symbols, ["$", "USD"])
        XCTAssertEqual(Currency(code: "CHF")?.symbols, ["CHF"])
        XCTAssertEqual(Currency(code: "JPY")?.symbols, ["¥", "JPY"])
    }

    func testPlan_ReadsAmountsWithTheBudgetsCurrencySymbolOnly() throws {
        func read(_ text: String, currency: String) throws -> [Int] {
            var document = BudgetDocument()
            document[settings: DisplayKeys.self][DisplayKeys.currency] = Currency(code: currency)
            var options = ImportProfile()
            options.mappings = [
                .init(field: .date, column: .name("Date")), .init(field: .name, column: .name("Description")),
                .init(field: .amount, column: .name("Amount")),
            ]
            let plan = try StatementPlan(
                for: text, profileName: nil, options: options, savingAs: nil, kind: nil, in: document)
            return try plan.reader(for: document, today: today).read(text).entries.map {
                $0.kind == .expense ? -$0.amount : $0.amount
            }
        }
        let text = "Date,Description,Amount\n2026-11-01,Coffee,- $5.00\n2026-11-02,Pay,\"+ $1,150.00\"\n"
            + "2026-11-03,Rent,($220.00)\n2026-11-04,Fee,$-1.50\n"
        XCTAssertEqual(try read(text, currency: "USD"), [-500, 115_000, -22_000, -150])
        XCTAssertThrowsError(try read(text, currency: "JPY"), "dollars are never read as yen") { error in
            XCTAssertEqual((error as? StatementProblems)?.problems.first?.message, "'- $5.00' is not an amount")
        }
    }

    func testDates_WithATimeOfDayAreThatDate() {
        func day(_ text: String, _ pattern: String? = nil) -> String? {
            StatementDate.parse(text, pattern: pattern, today: today)?.iso
        }
        XCTAssertEqual(day("2025/02/11 22:32:13"), "2025-02-11")
        XCTAssertEqual(day("2025/2/11 9:05"), "2025-02-11")
        XCTAssertEqual(day("2017-04-25T03:15:53"), "2017-04-25")
        XCTAssertEqual(day("2017-04-25T03:15:53Z"), "2017-04-25")
        XCTAssertEqual(day("2017-04-25 03:15:53+09:00"), "2017-04-25")
        XCTAssertEqual(day("2017-04-25T03:15:53.125-0500"), "2017-04-25")
        XCTAssertEqual(day("2026/07/16(火) 12:30"), "2026-07-16")
        XCTAssertEqual(day("2026/07/16 (Thu)"), "2026-07-16")
        XCTAssertEqual(day("令和8年11月8日 8:15"), "2026-11-08")
        XCTAssertEqual(day("11/08 23:59"), "2026-11-08")
        XCTAssertEqual(day("04/25/2017 10:00", "%m/%d/%Y"), "2017-04-25")
        XCTAssertEqual(day("2017年4月25日　10:00"), "2017-04-25")
        for garbage in [
            "2025/02/11 garbage", "2025/02/11T", "2025/02/11 12", "2025/02/11 12:", "2025/02/11 1:5",
            "2025/02/11 24:00", "2025/02/11 12:60", "2025/02/11 12:30 extra", "2025/02/11 12:30:00Q",
            "2025/02/11 12:30+9", "2025/02/11(火)x", "2025/02/11()", "2025/02/11(12)", "2017-04-25T03:15:53.",
        ] {
            XCTAssertNil(day(garbage), garbage)
        }
        XCTAssertNil(day("04/25/2017 10:00 pm", "%m/%d/%Y"))
    }

    func testDates_UsualFormsPatternsAndDaysWithoutAYear() {
        func day(_ text: String, _ pattern: String? = nil) -> String? {
            StatementDate.parse(text, pattern: pattern, today: today)?.iso
        }
        XCTAssertEqual(day("2026/4/7"), "2026-04-07")
        XCTAssertEqual(day("2026-04-07"), "2026-04-07")
        XCTAssertEqual(day("20260407"), "2026-04-07")
        XCTAssertEqual(day("2026年4月7日"), "2026-04-07")
        XCTAssertEqual(day("２０２６／０４／０７"), "2026-04-07")
        XCTAssertEqual(day("2026/07/16(火)"), "2026-07-16")
        XCTAssertEqual(day("2026/07/16 12:30"), "2026-07-16")
        XCTAssertEqual(day("4月30日"), "2026-04-30")
        XCTAssertEqual(day("12/31"), "2025-12-31", "without a year: the latest such day on or before today")
        XCTAssertEqual(day("02/29"), "2024-02-29", "of a leap year")
        XCTAssertEqual(day("07.10.2026", "%d.%m.%Y"), "2026-10-07")
        XCTAssertEqual(day("26/10/07", "%y/%m/%d"), "2026-10-07")
        XCTAssertNil(day("2026/02/30"))
        // Japanese eras: 令和 from 2019-05-01 (元年 its first), 平成 until 2019-04-30.
        XCTAssertEqual(day("R8.11.07"), "2026-11-07")
        XCTAssertEqual(day("Ｒ８．１１．０７"), "2026-11-07")
        XCTAssertEqual(day("R8/11/7"), "2026-11-07")
        XCTAssertEqual(day("令和8年11月8日"), "2026-11-08")
        XCTAssertEqual(day("令和元年5月1日"), "2019-05-01")
        XCTAssertEqual(day("令和1年5月1日(水)"), "2019-05-01")
        XCTAssertEqual(day("H31.4.30"), "2019-04-30")
        XCTAssertEqual(day("平成元年1月8日"), "1989-01-08")
        XCTAssertNil(day("R1.4.30"), "平成 still")
        XCTAssertNil(day("H31.5.1"), "令和 already")
        XCTAssertNil(day("平成元年1月7日"), "昭和 still")
        XCTAssertNil(day("R0.1.1"))
        XCTAssertNil(day("R123.1.1"))
        XCTAssertEqual(
            StatementDate.read("4月30日", pattern: nil, asOf: Day(year: 2025, month: 3, day: 1)!)?.day.iso,
            "2024-04-30",
            "as of the statement's day")
        XCTAssertEqual(StatementDate.read("4月30日", pattern: nil, asOf: today)?.hasYear, false)
        XCTAssertEqual(StatementDate.read("R8.4.30", pattern: nil, asOf: today)?.hasYear, true)
        XCTAssertNil(day("2026/10/07", "%d.%m.%Y"))
        XCTAssertNil(day("yesterday"))
        XCTAssertTrue(StatementDate.isValidPattern("%Y年%m月%d日"))
        XCTAssertFalse(StatementDate.isValidPattern("%Y/%m"), "a day is needed")
        XCTAssertFalse(StatementDate.isValidPattern("%Y/%m/%q"))
        XCTAssertFalse(StatementDate.isValidPattern("%Y/%m/%d\u{1B}"))
    }

    func testProfiles_RoundTripTheirTextExactly() throws {
        var profile = ImportProfile()
        profile.preset = "mufg"
        profile.encoding = "cp932"
        profile.delimiter = ";"
        profile.skipLines = 2
        profile.hasHeader = true
        profile.mappings = [.init(field: .name, column: .name("摘要;内容\\x")), .init(field: .name, column: .position(3))]
        profile.dateFormat = "%Y/%m/%d"
        profile.decimalMark = .comma
        profile.sign = .expensePositive
        profile.category = "食費"
        profile.tags = ["bank", "京都"]
        profile.foldNames = true
        let text = profile.settingText
        XCTAssertEqual(try ImportProfile(settingText: text), profile)
        XCTAssertEqual(ImportProfile(stored: .string(text)), profile)
        XCTAssertNil(ImportProfile(stored: .string("preset=nope")))
        XCTAssertNil(ImportProfile(stored: .string("skip=-1")))
        XCTAssertNil(ImportProfile(stored: .string("map=date:1;")), "not the canonical text: refused as stored")
        XCTAssertThrowsError(try ImportProfile(settingText: "delimiter=\\"))
        var layout = profile.layout(on: StatementPreset.mufg.layout)
        XCTAssertEqual(layout[.name], [.name("摘要;内容\\x"), .position(3)], "mapped fields replace the preset's")
        XCTAssertEqual(layout[.out], StatementPreset.mufg.layout[.out])
        layout.columns = [:]
        XCTAssertEqual(layout.missingField, .date)
    }

    func testPresets_AreFoundByTheirHeaderEvenAfterAPreamble() {
        XCTAssertEqual(StatementPreset.detect(in: "取引日,入出金(円),取引後残高(円),入出金内容\n20261001,-1,0,x\n")?.name, "rakuten-bank")
        XCTAssertEqual(
            StatementPreset.detect(in: "口座番号,123\n\n\"日付\",\"内容\",\"出金金額（円）\",\"入金金額（円）\",\"残高（円）\",\"メモ\"\n")?.name,
            "sbi-sumishin")
        XCTAssertEqual(StatementPreset.detect(in: "山田　様,1234-56**-****-****,カード\n")?.name, "smbc-card")
        XCTAssertNil(StatementPreset.detect(in: "date,name,amount\n"))
        XCTAssertNil(
            StatementPreset.detect(in: "会員番号,****-****-****-1234\n対象カード,x\n"),
            "View Card's first line is no Vpass holder line")
        XCTAssertEqual(StatementPreset.closest(toHeader: ["日付", "摘要", "支払い金額", "預かり金額"])?.name, "mufg")
        XCTAssertNil(StatementPreset.closest(toHeader: ["a", "b"]))
    }

    func testImport_RulesBeatTheStatementAndSourcesStopDuplicates() throws {
        var reader = StatementReader(
            layout: StatementPreset.moneyForward.layout, preset: .moneyForward, kind: nil, signDecidesKind: true,
            minorDigits: 0, today: today)
        let text = "計算対象,日付,内容,金額（円）,保有金融機関,大項目,中項目,メモ,振替,ID\n"
            + "1,2026/11/01,ｾﾌﾞﾝ,-150,x,食費,x,,0,a\n1,2026/11/01,Salary,1000,x,収入,x,,0,b\n"
            + "1,2026/11/02,AMAZON,-900,x,未分類,x,,0,c\n"
        let reading = try reader.read(text)
        XCTAssertEqual(reading.entries.map(\.identity), ["id=a", "id=b", "id=c"])
        var document = BudgetDocument()
        let settings = StatementImport(origin: "moneyforward") { entry in
            entry.name == "AMAZON" ? .init(category: "買い物", rename: "Amazon", tags: ["online"], skip: false) : nil
        }
        let result = try document.importStatement(reading.entries, settings)
        XCTAssertEqual(result.added.map(\.description), ["expense-00000001", "income-00000001", "expense-00000002"])
        XCTAssertEqual(
            [result.categorizedByRule, result.categorizedByStatement, result.categorizedByDefault], [1, 1, 0])
        XCTAssertEqual(document.expenses.records.map(\.name), ["ｾﾌﾞﾝ", "Amazon"])
        XCTAssertEqual(document.expenses.records.map(\.category), ["食費", "買い物"])
        XCTAssertEqual(document.expenses.records.map(\.source), ["moneyforward:id=a", "moneyforward:id=c"])
        XCTAssertEqual(try document.importStatement(reading.entries, settings).alreadyThere, 3)
        reader.kind = .income
        XCTAssertEqual(try reader.read(text).otherKind, 2)
    }

    /// Rows are read as the file is, one at a time: a file that breaks off (a quote never
    /// closed) is refused for that, as when it was read whole before its rows, whatever the
    /// rows before it held; a statement's header is asked for once.
    func testRows_AreReadAsTheFileIs() throws {
        let reader = StatementReader(
            layout: StatementPreset.rakutenCard.layout, preset: .rakutenCard, kind: nil, signDecidesKind: true,
            minorDigits: 0, today: today)
        XCTAssertThrowsError(
            try reader.read("利用日,利用店名・商品名,利用金額\n2026/11/01,Coffee,15x\n2026/11/02,\"ｾﾌﾞﾝ,150\n")
        ) { error in
            XCTAssertEqual((error as? ImportError)?.line, 3, "\(error)")
            XCTAssertEqual(
                (error as? ImportError)?.errorDescription,
                "line 3: a quoted field is never closed; nothing was imported")
        }
        // A header without the mapped columns is said after the file's own flaw, as before.
        var named = StatementLayout()
        named[.date] = [.name("日付")]
        named[.name] = [.name("内容")]
        named[.amount] = [.name("金額")]
        let byName = StatementReader(
            layout: named, preset: nil, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        XCTAssertThrowsError(try byName.read("日付,内容,金額X\n2026-11-01,Lunch,-900\n2026-11-02,\"Sal,300\n")) { error in
            XCTAssertEqual((error as? ImportError)?.line, 3, "\(error)")
        }
        XCTAssertThrowsError(try byName.read("日付,内容,金額X\n2026-11-01,Lunch,-900\n")) { error in
            XCTAssertEqual((error as? ImportError)?.line, 1, "\(error)")
        }
        // Of several missing columns, the first field's is named, every time.
        for _ in 0..<8 {
            XCTAssertThrowsError(try byName.read("a,b,c\n1,2,3\n")) { error in
                XCTAssertTrue((error as? ImportError)?.message.contains("'日付' for date") ?? false, "\(error)")
            }
        }
        var passes = 0
        let reading = try reader.read(roomFor: 1) { take throws(ImportError) in
            passes += 1
            for (line, fields) in [(1, ["利用日", "利用店名・商品名", "利用金額"]), (2, ["2026/11/01", "家賃", "80000"])] {
                try take(DelimitedReader.Row(line: line, fields: fields))
            }
        }
        XCTAssertEqual(passes, 1)
        XCTAssertEqual(reading.entries.map(\.name), ["家賃"])
    }

    func testRows_WithoutAnIDAreTellApartByTheirOccurrence() throws {
        let reader = StatementReader(
            layout: StatementPreset.rakutenCard.layout, preset: .rakutenCard, kind: nil, signDecidesKind: true,
            minorDigits: 0, today: today)
        let text = "利用日,利用店名・商品名,利用金額\n2026/11/01,Coffee,150\n2026/11/01,Coffee,150\n2026/11/01,Coffee,-150\n"
        XCTAssertEqual(try reader.read(text).entries.map(\.identity), [
            "2026-11-01|expense|150|1|Coffee", "2026-11-01|expense|150|2|Coffee", "2026-11-01|income|150|1|Coffee",
        ])
    }

    func testBadRows_AreAllReportedUpToTheLimit() {
        let reader = StatementReader(
            layout: StatementPreset.rakutenCard.layout, preset: .rakutenCard, kind: nil, signDecidesKind: true,
            minorDigits: 0, today: today)
        let rows = (1...25).map { "2026/11/\($0 % 28 + 1),Shop,\($0)x" }.joined(separator: "\n")
        XCTAssertThrowsError(try reader.read("利用日,利用店名・商品名,利用金額\n" + rows)) { error in
            guard let problems = error as? StatementProblems else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.problems.count, StatementProblems.shownLimit)
            XCTAssertEqual(problems.total, 25)
            XCTAssertEqual(problems.problems.first?.line, 2)
            XCTAssertTrue(problems.errorDescription?.hasSuffix("and 5 more problems; nothing was imported") ?? false)
        }
    }

    /// A row with more fields than the header (an unquoted `95,000`, a comma in a name) is read
    /// only when exactly one way of joining neighbouring fields back reads as a transaction;
    /// a row with fewer fields is refused when a mapped column is missing. Every such row is
    /// reported, with its line and both counts.
    func testSurplusFields_AreJoinedBackOnlyWhenExactlyOneWayReads() throws {
        var layout = StatementLayout()
        layout[.date] = [.name("date")]
        layout[.name] = [.name("name")]
        layout[.amount] = [.name("amount")]
        let plain = StatementReader(
            layout: layout, preset: nil, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        let read = try plain.read("date,name,amount\n2026-10-01,Shop,-95,000\n2026-10-02,GITHUB, INC.,-1200\n")
        XCTAssertEqual(read.entries.map(\.amount), [95_000, 1200], "Shop,-95 with 000 is no transaction")
        XCTAssertEqual(read.entries.map(\.name), ["Shop", "GITHUB, INC."])
        XCTAssertEqual(try plain.read("date,name,amount\n2026-10-03,A,-1,234,567\n").entries.map(\.amount), [1_234_567],
                       "a name swallows no number: not A,-1 with 234,567 nor A,-1,234 with 567")
        layout[.note] = [.name("memo")]
        let noted = StatementReader(
            layout: layout, preset: nil, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        let rows = "date,name,amount,memo\n2026-10-01,Shop,-95,000,\n2026-10-02,Shop,-5,x\n2026-10-03,A,B,C,D,E\n"
        XCTAssertEqual(noted.problems(rows), [
            "2: the row has 5 fields where the header has 4, and more than one way of joining neighbouring fields back "
                + "reads as a transaction (its fields with commas need quotes)",
            "4: the row has 6 fields where the header has 4, and no way of joining neighbouring fields back (a comma "
                + "in a name, or in an amount like 95,000) reads as a transaction",
        ])
        // Rakuten Bank: the balance once became the name.
        let bank = StatementReader(
            layout: StatementPreset.rakutenBank.layout, preset: .rakutenBank, kind: nil, signDecidesKind: true,
            minorDigits: 0, today: today)
        let banked = try bank.read(
            "取引日,入出金(円),取引後残高(円),入出金内容\n20261001,-95,000,1,234,ATM\n20261002,-500,1000,Lunch\n").entries
        XCTAssertEqual(
            banked.map(\.name),
            ["ATM", "Lunch"],
            "the balance 1,234 is a grouped number; neither 234,ATM nor 000,1,234 reads")
        XCTAssertEqual(banked.map(\.amount), [95_000, 500])
        // Fewer fields: refused when a mapped column is missing, read when only others are.
        var split = StatementLayout()
        split[.date] = [.position(1)]
        split[.name] = [.position(2)]
        split[.out] = [.position(4)]
        split[.in] = [.position(5)]
        let short = StatementReader(
            layout: split, preset: nil, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        XCTAssertEqual(short.problems("日付,内容,メモ,出金,入金,残高\n2026/10/01,Shop,500,\n2026/10/02,Shop,,500,\n"), [
            "2: the row has 4 fields where the header has 6, so it has no column 5",
        ])
        XCTAssertEqual(try short.read("日付,内容,メモ,出金,入金,残高\n2026/10/02,Shop,,500,\n").entries.map(\.amount), [500])
    }

    /// Without a header row, a row's fields are counted against the fewest at which every
    /// mapped column exists.
    func testSurplusFields_WithoutAHeaderCountAgainstMostRows() throws {
        var layout = StatementLayout()
        layout.hasHeader = false
        layout[.date] = [.position(1)]
        layout[.name] = [.position(2)]
        layout[.amount] = [.position(3)]
        let reader = StatementReader(
            layout: layout, preset: nil, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        let read = try reader.read("2026/10/01,A,-100\n2026/10/02,GITHUB, INC.,-200\n2026/10/03,C,-300\n")
        XCTAssertEqual(read.entries.map(\.name), ["A", "GITHUB, INC.", "C"])
        XCTAssertEqual(
            reader.problems("2026/10/01,A,-100\n2026/10/02,B\n2026/10/03,C,-300\n"),
            ["2: the row has 2 fields where a row needs 3, so it has no column 3"])
    }

    /// A wide statement (PayPal's 41 columns) whose mapped columns come first: how the
    /// columns no one reads take the surplus does not matter, and is not searched (once
    /// "too many to join back").
    func testSurplusFields_InColumnsNobodyReadsAreOneWay() throws {
        var layout = StatementLayout()
        layout[.date] = [.position(1)]
        layout[.name] = [.position(2)]
        layout[.amount] = [.position(3)]
        let reader = StatementReader(
            layout: layout, preset: nil, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        let header = (1...41).map { "c\($0)" }.joined(separator: ",")
        var cells = (1...41).map { "x\($0)" }
        cells[0] = "2026/10/01"
        cells[1] = "GITHUB, INC."
        cells[2] = "-1200"
        cells[20] = "a,b,c"
        let read = try reader.read(header + "\n" + cells.joined(separator: ",") + "\n")
        XCTAssertEqual(read.entries.map(\.name), ["GITHUB, INC."])
        XCTAssertEqual(read.entries.map(\.amount), [1200])
    }

    /// Vpass: surplus commas join back where the row has the shape of a purchase, a row whose
    /// payment fields are empty is one, and a row of seven fields is checked too.
    func testVpass_JoinsWhereTheRowIsAPurchaseAndAcceptsEmptyPaymentFields() throws {
        let reader = StatementReader(
            layout: StatementPreset.smbcCard.layout, preset: .smbcCard, kind: nil, signDecidesKind: true,
            minorDigits: 0, today: today)
        let head = "山田　様,1234-56**-****-****,カード\n"
        let read = try reader.read(
            head + "2026/10/15,GITHUB, INC.,1500,,,,\n2026/10/16,SHOP,1,234,１,１,1234,\n"
                + "2026/10/17,ETC,390,,,,\n,,,,,3124,\n")
        XCTAssertEqual(read.entries.map(\.name), ["GITHUB, INC.", "SHOP", "ETC"])
        XCTAssertEqual(read.entries.map(\.amount), [1500, 1234, 390])
        XCTAssertEqual(reader.problems(head + "2026/10/21,SHOP,1,234,１,１,1234\n"), [
            "2: the row does not read as a purchase (date, shop, amount, two counts, the payment, a note)",
        ], "once ¥1")
    }

    func testColumns_ANameTwoColumnsShareIsRefused() {
        var layout = StatementLayout()
        layout[.date] = [.name("date")]
        layout[.name] = [.name("name")]
        layout[.amount] = [.position(4)]
        let reader = StatementReader(
            layout: layout, preset: nil, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        XCTAssertThrowsError(try reader.read("date,name,name,amount\n2026-10-01,a,b,-5\n")) { error in
            XCTAssertTrue((error as? ImportError)?.message.contains("2 columns 'name' (2, 3)") ?? false, "\(error)")
        }
        layout[.name] = [.position(3)]
        let reading = try? StatementReader(
            layout: layout, preset: nil, kind: nil, signDecidesKind: true, minorDigits: 0,
            today: today).read("date,name,name,amount\n2026-10-01,a,b,-5\n")
        XCTAssertEqual(reading?.entries.map(\.name), ["b"])
    }

    /// What an app calls to import a statement: the plan names the source by the saved
    /// profile (one account), else the preset found, else `statement`.
    func testPlan_ResolvesPresetsProfilesAndTheSource() throws {
        var document = BudgetDocument()
        let bank = "取引日,入出金(円),取引後残高(円),入出金内容\n20261010,-10000,90000,ATM\n"
        XCTAssertEqual(
            try StatementPlan(
                for: bank, profileName: nil, options: ImportProfile(), savingAs: nil, kind: nil, in: document).origin,
            "rakuten-bank")
        XCTAssertEqual(
            try StatementPlan(
                for: bank, profileName: nil, options: ImportProfile(), savingAs: "his", kind: nil, in: document).origin,
            "his")
        var saved = ImportProfile()
        saved.preset = "rakuten-bank"
        try document.saveImportProfile(saved, as: "hers")
        let plan = try StatementPlan(
            for: bank, profileName: "hers", options: ImportProfile(), savingAs: nil, kind: nil, in: document)
        XCTAssertEqual([plan.origin, plan.title], ["hers", "a Rakuten Bank statement"])
        let reading = try plan.reader(for: document, today: today).read(bank)
        let result = try document.importStatement(
            reading.entries, plan.importSettings(rules: document.rules, allowDuplicates: false))
        XCTAssertEqual(document.expenses.records.first?.source, "hers:2026-10-10|expense|10000|1|ATM")
        XCTAssertEqual(result.expenses, 1)
        XCTAssertThrowsError(
            try StatementPlan(
                for: bank, profileName: "nope", options: ImportProfile(), savingAs: nil, kind: nil, in: document)
        ) { error in
            XCTAssertEqual(error as? ImportProfileError, .unknown("nope", saved: ["hers"]))
        }
        XCTAssertThrowsError(
            try StatementPlan(
                for: "a,b\n1,2\n", profileName: nil, options: ImportProfile(), savingAs: nil, kind: nil, in: document)
        ) { error in
            XCTAssertEqual((error as? ImportError)?.reason, .statementUnmapped)
        }
    }

    /// Vpass's other layout (`date, shop, user, payment, instalment, month, total, this
    /// month's payment, …`) once read ¥10,000 for ¥30,000 with the name swallowing the user,
    /// the payment, the month and the total: a name joins no cell that reads as a value of its
    /// own (a date, a month, a number, `3回払い`, `ご本人`), and such a row is refused.
    func testSurplusFields_ANameSwallowsNoValue() throws {
        let vpass = StatementReader(
            layout: StatementPreset.smbcCard.layout, preset: .smbcCard, kind: nil, signDecidesKind: true,
            minorDigits: 0, today: today)
        XCTAssertEqual(
            vpass.problems(
                "山田　太郎　様,4980-00**-****-****,三井住友カードＶＩＳＡ\n2022/7/5,ヨドバシ,ご本人,3回払い,1回目,'22/08,30000,10000,,,,,\n"),
            [
                "2: the row has 13 fields where a purchase has 7, and no way of joining neighbouring fields back "
                    + "(a comma in a name, or in an amount like 95,000) reads as a transaction; "
                    + "it looks like SMBC's other Vpass layout "
                    + "(the user and the payment after the shop, the amount in column 7), "
                    + "which the smbc-card-nonfixed preset reads",
            ])
        for cell in ["2022/7/5", "'22/08", "30000", "-1", "3回払い", "1回目", "ご本人", "ご家族", "本人"] {
            XCTAssertTrue(
                StatementReader.readsAsValue(cell, layout: StatementLayout(), minorDigits: 0, today: today), cell)
        }
        for cell in [" INC.", "GITHUB", "(GITHUB.COM)", "2F", ""] {
            XCTAssertFalse(
                StatementReader.readsAsValue(cell, layout: StatementLayout(), minorDigits: 0, today: today), cell)
        }
    }

    /// Rakuten Card: a comma in a shop's name is read, though the surplus could go into a
    /// column nothing reads (利用者, 支払方法), which takes no value (`本人`) with other text;
    /// when that column is empty both ways read, and the row is refused.
    func testSurplusFields_ACommaInAShopsNameBesideUnreadColumns() throws {
        let card = StatementReader(
            layout: StatementPreset.rakutenCard.layout, preset: .rakutenCard, kind: nil, signDecidesKind: true,
            minorDigits: 0, today: today)
        let header = "\"利用日\",\"利用店名・商品名\",\"利用者\",\"支払方法\",\"利用金額\"\n"
        let read = try card.read(header + "2026/11/03,GITHUB, INC.,本人,1回払い,1500\n2026/11/04,SHOP,本人,1回払い,1,200\n")
        XCTAssertEqual(read.entries.map(\.name), ["GITHUB, INC.", "SHOP"])
        XCTAssertEqual(read.entries.map(\.amount), [1500, 1200])
        XCTAssertEqual(card.problems(header + "2026/11/04,GITHUB, INC.,,1回払い,1200\n"), [
            "2: the row has 6 fields where the header has 5, and more than one way of joining neighbouring fields back "
                + "reads as a transaction (its fields with commas need quotes)",
        ])
    }

    /// Without a header, the expected count is the fewest fields at which the mapped columns
    /// exist: most rows with an unquoted `1,500` once read ¥1 and ¥2.
    func testSurplusFields_WithoutAHeaderMostRowsLongerAreJoinedBack() throws {
        var layout = StatementLayout()
        layout.hasHeader = false
        layout.sign = .expensePositive
        layout[.date] = [.position(1)]
        layout[.name] = [.position(2)]
        layout[.amount] = [.position(3)]
        let reader = StatementReader(
            layout: layout, preset: nil, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        let read = try reader.read("2026/11/01,A,1,500\n2026/11/02,B,2,300\n2026/11/03,C,800\n")
        XCTAssertEqual(read.entries.map(\.amount), [1500, 2300, 800])
        XCTAssertEqual(read.entries.map(\.name), ["A", "B", "C"])
    }

    /// A row with far more fields than the header (3,000 surplus cells; a name with a dozen
    /// commas) is refused at once, with both counts: reading is linear in the file's size.
    func testSurplusFields_TooManyAreRefusedAtOnce() throws {
        let card = StatementReader(
            layout: StatementPreset.rakutenCard.layout, preset: .rakutenCard, kind: nil, signDecidesKind: true,
            minorDigits: 0, today: today)
        let row = "2026/11/03," + Array(repeating: "123", count: 3000).joined(separator: ",") + ",1,500\n"
        let header = "\"利用日\",\"利用店名・商品名\",\"利用者\",\"支払方法\",\"利用金額\"\n"
        let found = card.problems(header + String(repeating: row, count: 20))
        XCTAssertEqual(found.count, StatementProblems.shownLimit)
        XCTAssertEqual(found.first, "2: the row has 3003 fields where the header has 5: too many fields to join back")
        let names = try card.read(header + "2026/11/03,A,B,C,D,E,F,G,H,I,本人,1回払い,1500\n").entries.map(\.name)
        XCTAssertEqual(names, ["A,B,C,D,E,F,G,H,I"], "eight surplus fields are still joined back")
        XCTAssertEqual(card.problems(header + "2026/11/03,A,B,C,D,E,F,G,H,I,J,本人,1回払い,1500\n"),
                       ["2: the row has 14 fields where the header has 5: too many fields to join back"])
    }

    /// A missing trailing note (Vpass's, MUFG's メモ) is empty; a missing date, name or amount
    /// column is still refused.
    func testMissingTrailingNote_IsEmpty() throws {
        let vpass = StatementReader(
            layout: StatementPreset.smbcCard.layout, preset: .smbcCard, kind: nil, signDecidesKind: true,
            minorDigits: 0, today: today)
        let card = try vpass.read("山田　様,1234-56**-****-****,カード\n2020/7/5,SHOP3,3500,,,\n")
        XCTAssertEqual(card.entries.map(\.amount), [3500])
        let mufg = StatementReader(
            layout: StatementPreset.mufg.layout, preset: .mufg, kind: nil, signDecidesKind: true, minorDigits: 0,
            today: today)
        let header = "日付,摘要,摘要内容,支払い金額,預かり金額,差引残高,メモ\n"
        let bank = try mufg.read(header + "2026/11/3,カード,ｾﾌﾞﾝ,1500,,100000\n")
        XCTAssertEqual(bank.entries.map(\.name), ["ｾﾌﾞﾝ"])
        XCTAssertEqual(bank.entries.map(\.note), [nil])
        XCTAssertEqual(
            mufg.problems(header + "2026/11/3,カード,ｾﾌﾞﾝ,1500\n"),
            ["2: the row has 4 fields where the header has 7, so it has no column 5"])
    }

    /// A negative amount under `expense-positive` is a refund only for a card's preset: a
    /// layout of one's own (Suica's auto-charge, a transfer) keeps reading it as an income.
    func testNegativeAmount_IsARefundOnlyForACardPreset() throws {
        var layout = StatementLayout()
        layout.sign = .expensePositive
        layout[.date] = [.position(1)]
        layout[.name] = [.position(2)]
        layout[.amount] = [.position(3)]
        let own = StatementReader(
            layout: layout, preset: nil, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        let read = try own.read("日付,名前,金額\n2020/3/21,ｵｰﾄﾁｬｰｼﾞ,-3000\n2020/3/22,渋谷,200\n")
        XCTAssertEqual(read.entries.map(\.kind), [.income, .expense])
        XCTAssertEqual(read.entries.map(\.isRefund), [false, false])
        let card = StatementReader(
            layout: StatementPreset.rakutenCard.layout, preset: .rakutenCard, kind: nil, signDecidesKind: true,
            minorDigits: 0, today: today)
        let refund = try card.read("利用日,利用店名・商品名,利用金額\n2026/11/03,SHOP,-1500\n").entries
        XCTAssertEqual(refund.map(\.kind), [.expense])
        XCTAssertEqual(refund.map(\.isRefund), [true])
    }

    /// A date in an era's years outside the era says why (`H31.5.1`: Heisei ended on
    /// 2019-04-30), and a column position past the header's last is refused as such.
    func testEraDateOutsideItsEraAndPositionPastTheHeader_SayWhy() throws {
        var layout = StatementLayout()
        layout[.date] = [.position(1)]
        layout[.name] = [.position(2)]
        layout[.amount] = [.position(3)]
        let reader = StatementReader(
            layout: layout, preset: nil, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        XCTAssertEqual(reader.problems("日付,名前,金額\nH31.5.1,A,-100\nR1.4.30,B,-100\n"), [
            "2: 'H31.5.1' is no day: Heisei (平成) ended on 2019-04-30",
            "3: 'R1.4.30' is no day: Reiwa (令和) began on 2019-05-01",
        ])
        layout[.name] = [.position(9)]
        let past = StatementReader(
            layout: layout, preset: nil, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        XCTAssertThrowsError(try past.read("a,b,c,d\n2026/11/01,A,-100,x\n")) { error in
            XCTAssertEqual((error as? ImportError)?.message, "the header has no column 9 (for name): it has 4 columns")
        }
    }
}
