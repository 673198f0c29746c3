import XCTest
@testable import BudgetCore

/// Lines of a statement that hold no transaction, a type column that decides what a row is,
/// and exports that are no statements.
final class StatementLinesTests: XCTestCase {
    private let today = Day(year: 2026, month: 11, day: 24)!

    private func reader(_ columns: [StatementField: String], kindValues: [KindValue] = []) -> StatementReader {
        var layout = StatementLayout()
        for (field, name) in columns { layout[field] = [ColumnReference(text: name)].compactMap { $0 } }
        layout.kindValues = kindValues
        return StatementReader(
            layout: layout, preset: nil, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
    }

    /// Text lines after the header, a total, a card holder's line and a dated row without an
    /// amount are skipped with why; a row with a name and an amount but no date, and no mark
    /// of a total, is no line to pass over: it stays an error.
    func testLinesWithoutATransaction_AreSkippedWithWhyAndRowsThatLookLikeOneAreNot() throws {
        let plain = reader([.date: "date", .name: "name", .amount: "amount"])
        let text = """
            date,name,amount
            Pending Transactions
            2026-11-01,Coffee,-150
            ****-****-****-1234 山田 太郎
            ,【小計】,"-1,705"
            ,Total,-150
            2026-11-02,VIEW charge,
            2026-11-03,Lunch,0
            ※ amounts in yen

            """
        let reading = try plain.read(text)
        XCTAssertEqual(reading.entries.map(\.name), ["Coffee"])
        XCTAssertEqual(reading.skipped.map(\.line), [2, 4, 5, 6, 7, 8, 9])
        XCTAssertEqual(
            reading.skipped.map(\.reason), [.noDate, .noDate, .noDate, .noDate, .noAmount, .nothingMoved, .noDate])
        XCTAssertEqual(reading.nonTransactions, 7)
        XCTAssertEqual(reading.skipped[0].cells, ["Pending Transactions"])
        XCTAssertEqual(
            plain.problems("date,name,amount\n,Coffee,-150\n"), ["2: the row has no date"],
            "a name and an amount without a date is a transaction that cannot be read")
        XCTAssertEqual(
            plain.problems("date,name,amount\n2026/13/45,Coffee,-150\n").count, 1,
            "a date that is wrong stays an error")
        XCTAssertEqual(plain.problems("date,name,amount\nR8.13.1,Coffee,-150\n").count, 1, "so does an era's")
    }

    /// A kind column whose values are given meanings: income and expense make it the kind (a
    /// value with no meaning is refused); transfers and skips alone only pick rows out.
    func testKindValues_DecideTheKindOrPickOutTransfers() throws {
        let waon = reader(
            [.date: "取引年月日", .name: "利用店舗", .amount: "利用金額", .kind: "利用区分"],
            kindValues: [
                KindValue("支払", .expense), KindValue("支払取消", .income), KindValue("オートチャージ", .transfer),
                KindValue("ポイントダウンロード", .skip),
            ])
        let text = """
            取引年月日,利用店舗,利用金額,利用区分
            2026/11/01,ｲｵﾝ,"1,489円",支払
            2026/11/02,ｲｵﾝ,"1,489円",支払取消
            2026/11/03,駅,"5,000円",ｵｰﾄﾁｬｰｼﾞ
            2026/11/04,店,0円,ポイントダウンロード

            """
        let reading = try waon.read(text)
        XCTAssertEqual(reading.entries.map(\.kind), [.expense, .income])
        XCTAssertEqual(reading.entries.map(\.amount), [1489, 1489])
        XCTAssertEqual(reading.skipped.map(\.reason), [.transfer("ｵｰﾄﾁｬｰｼﾞ"), .leftOut("ポイントダウンロード")])
        XCTAssertEqual([reading.transfers, reading.excluded, reading.nonTransactions], [1, 1, 0])
        let unknown = waon.problems("取引年月日,利用店舗,利用金額,利用区分\n2026/11/05,x,100円,WAON交換\n")
        XCTAssertEqual(unknown.count, 1)
        XCTAssertTrue(unknown[0].contains("unknown kind 'WAON交換'"), unknown[0])

        let paypal = reader(
            [.date: "Date", .name: "Type", .amount: "Gross", .kind: "Type"],
            kindValues: [KindValue("Bank Deposit to PP Account", .transfer)])
        let funded = try paypal.read(
            "Date,Type,Gross\n2026-11-01,Subscription Payment,-699\n2026-11-01,Bank Deposit to PP Account ,699\n")
        XCTAssertEqual(funded.entries.map(\.kind), [.expense], "other values are read by the amounts")
        XCTAssertEqual(funded.transfers, 1)
    }

    /// `--kind-value` is saved in a profile and read back; a value given on top wins.
    func testKindValues_RoundTripInAProfileAndGivenOnesWin() throws {
        var profile = ImportProfile()
        profile.kindValues = [KindValue("a:b", .transfer), KindValue("debit", .expense)]
        XCTAssertEqual(profile.settingText, "kind-value=a:b:transfer;kind-value=debit:expense")
        XCTAssertEqual(try ImportProfile(settingText: profile.settingText), profile)
        XCTAssertThrowsError(try ImportProfile(settingText: "kind-value=debit:spend"))
        var given = ImportProfile()
        given.kindValues = [KindValue("DEBIT", .income)]
        XCTAssertEqual(
            profile.overridden(by: given).kindValues, [KindValue("DEBIT", .income), KindValue("a:b", .transfer)])
        XCTAssertThrowsError(try ImportProfile(settingText: "kind-value=オート:transfer;kind-value=ｵｰﾄ:expense")) {
            XCTAssertEqual(
                $0 as? ValueError,
                .invalidSetting(
                    "kind-value=オート:transfer;kind-value=ｵｰﾄ:expense",
                    expected: "one meaning for each value of the kind column ('オート' and 'ｵｰﾄ' are the same value)"))
        }
        XCTAssertEqual(
            try ImportProfile(settingText: "kind-value=オート:transfer;kind-value=ｵｰﾄ:transfer").kindValues,
            [KindValue("オート", .transfer)], "the same meaning twice is kept once")
        var values = [KindValue("debit", .expense)]
        XCTAssertEqual(KindValue.add(KindValue("DEBIT", .income), to: &values), KindValue("debit", .expense))
        XCTAssertNil(KindValue.add(KindValue("Debit", .expense), to: &values))
        XCTAssertNil(KindValue.add(KindValue("credit", .income), to: &values))
        XCTAssertEqual(values, [KindValue("debit", .expense), KindValue("credit", .income)])
        XCTAssertEqual(KindValue(assignment: "x=y=income"), KindValue("x=y", .income))
        XCTAssertNil(KindValue(assignment: "=income"))
        XCTAssertNil(KindValue(assignment: "debit"))
    }

    /// An Amazon order history is refused as what it is; a file whose first line is data
    /// says so instead of listing its "columns".
    func testPlan_NamesWhatAFileIsWhenItIsNoStatement() {
        let document = BudgetDocument()
        func refusal(_ text: String) -> ImportError? {
            do {
                _ = try StatementPlan(
                    for: text, profileName: nil, options: ImportProfile(), savingAs: nil, kind: nil, in: document)
                return nil
            } catch {
                return error as? ImportError
            }
        }
        let amazon = refusal("\"注文日\",\"注文番号\",\"商品名\",\"付帯情報\",\"価格\",\"個数\",\"商品小計\",\"注文合計\"\n")
        XCTAssertTrue(amazon?.message.hasPrefix("the file is an Amazon order history, not a statement") ?? false)
        let header = "注文日,注文番号,商品名,付帯情報,価格,個数,商品小計,注文合計\n"
        let titled = refusal("Amazon 注文履歴\n\n2026年,,\n" + header + "2026/01/02,250-1,本,,1000,1,1000,1000\n")
        XCTAssertTrue(
            titled?.message.hasPrefix("the file is an Amazon order history, not a statement") ?? false,
            "a header after a title line is found: \(String(describing: titled?.message))")
        let late = refusal(String(repeating: "a title,\n", count: 20) + header)
        XCTAssertFalse(late?.message.contains("Amazon") ?? true, "only the first 20 lines are looked at")
        let data = refusal("2026/7/3,東京電力,ご本人,1回払い,,26/8,11402,11402\n")
        XCTAssertEqual(data?.reason, .statementHeaderless(date: 1, name: 2, amount: 7))
        XCTAssertEqual(refusal("Date,Shop,Amount\n2026-01-01,A,1\n")?.reason, .statementUnmapped)
    }

    private func plan(_ text: String, _ options: ImportProfile = ImportProfile()) throws -> StatementPlan {
        try StatementPlan(
            for: text, profileName: nil, options: options, savingAs: nil, kind: nil, in: BudgetDocument())
    }

    private func refusal(_ text: String, _ options: ImportProfile = ImportProfile()) -> ImportError? {
        do {
            _ = try plan(text, options)
            return nil
        } catch {
            return error as? ImportError
        }
    }

    /// Found in review: a payment and its refund share PayPay's 取引番号, and a later download
    /// lists the refund first. Rows sharing an ID are numbered by date, so the payment keeps
    /// its identity in both downloads and the refund is a row of its own.
    func testRepeatedIDs_AreNumberedByDateSoALaterDownloadKeepsThePayment() throws {
        let header = "取引日,出金金額（円）,入金金額（円）,海外出金金額,通貨,変換レート（円）,利用国,取引内容,取引先,取引方法,"
            + "支払い区分,利用者,取引番号\n"
        let payment = "2026/10/10 12:00:00,\"3,000\",-,-,-,-,-,支払い,家電,PayPay残高,-,本人,0477\n"
        let refund = "2026/10/20 09:00:00,-,\"3,000\",-,-,-,-,返金,家電,PayPay残高,-,-,0477\n"
        func identities(_ text: String) throws -> [String] {
            let plan = try plan(text)
            return try plan.reader(for: BudgetDocument(), today: today).read(text).entries.map(\.identity)
        }
        XCTAssertEqual(try identities(header + payment), ["id=0477"])
        XCTAssertEqual(try identities(header + refund + payment), ["id#2=0477", "id=0477"])
    }

    /// Found in review: rows with an amount but no date were passed over in a preset's
    /// statement, and any cell holding "total" marked a total. A row that looks like a
    /// transaction is refused; a total is a word or a mark, not part of a name.
    func testUndatedRowsWithAnAmount_AreRefusedUnlessTheyAreTotals() throws {
        let rakuten = "利用日,利用店名・商品名,利用者,支払方法,利用金額\n\"\",\"SHOP\",\"本人\",\"1回払い\",\"5000\"\n"
        XCTAssertThrowsError(try plan(rakuten).reader(for: BudgetDocument(), today: today).read(rakuten))
        let plain = reader([.date: "date", .name: "name", .amount: "amount"])
        XCTAssertEqual(plain.problems("date,name,amount\n,TotalEnergies Station,-60\n"), ["2: the row has no date"])
        XCTAssertEqual(try plain.read("date,name,amount\n,Grand Total,-60\n,【小計】,-60\n").nonTransactions, 2)
    }

    /// Found in review: a negative amount in a column of money out was read as spending.
    func testNegativeAmountsInAnOutColumn_AreRefusedOrACardsRefund() throws {
        let bank = "年月日,お引出し,お預入れ,お取り扱い内容,残高\n2026/2/28,-5000,,ｸﾐﾓﾄﾞｼ,1\n"
        XCTAssertThrowsError(try plan(bank).reader(for: BudgetDocument(), today: today).read(bank)) { error in
            let message = (error as? StatementProblems)?.problems.first?.message ?? ""
            XCTAssertTrue(message.hasPrefix("the amount is negative (-5000) in a column of money out"), message)
        }
        let view = "ご利用年月日,ご利用箇所,ご利用額,払戻額\n2020/03/21,書店,-500,\n2020/03/22,SUICA　チャージ,1000,\n"
        let reading = try plan(view).reader(for: BudgetDocument(), today: today).read(view)
        XCTAssertEqual(reading.entries.map(\.recordedAmount), [-500], "a card's cancellation is a refund")
        XCTAssertEqual(reading.transfers, 1, "any Suica charge is a transfer")
    }

    /// Found in review: detection, suggestions and hints that led nowhere.
    func testDetectionAndRefusals_LeadSomewhere() throws {
        let view = "会員番号,****-****-****-1234,ビューカード\n\nご利用年月日,ご利用箇所,ご利用額,払戻額\n"
        XCTAssertEqual(StatementPreset.detect(in: view)?.name, "view-card", "a header beats a holder-like first line")
        let late = String(repeating: "x\n", count: 25) + "利用日,利用店名・商品名,利用金額\n2026/11/01,A,1\n"
        XCTAssertNil(StatementPreset.detect(in: late))
        XCTAssertEqual(StatementPreset.detect(in: late, from: 25)?.name, "rakuten-card", "--skip moves the search")
        var skip = ImportProfile()
        skip.skipLines = 2
        let card = "利用日,利用店名・商品名,利用金額\n2026/11/01,A,1\n2026/11/02,B,2\n"
        XCTAssertEqual(refusal(card, skip)?.reason, .statementSkip)
        var mapped = ImportProfile()
        mapped.mappings = [.init(field: .date, column: .name("利用日"))]
        XCTAssertTrue(
            refusal(card, mapped)?.message.contains("which the preset rakuten-card reads with no --map") ?? false)
        XCTAssertEqual(
            refusal("\"Coffee\",2026/11/01,\"1,234\"\n")?.reason, .statementHeaderless(date: 2, name: 1, amount: 3))
        XCTAssertEqual(refusal("Date\tDesc\tAmount\n2026-01-01\tA\t1\n")?.reason, .statementTabs)
        XCTAssertNil(StatementPreset.closest(toHeader: ["日付", "内容", "金額"]), "no preset could read it")
        var kinds = ImportProfile()
        kinds.kindValues = [KindValue("x", .transfer)]
        XCTAssertEqual(refusal(card, kinds)?.reason, .statementKindColumn)
    }

    /// Found in review: a preset's memo column missing from a download refused the file; the
    /// usual kind words decided a type column given meanings of its own.
    func testPresetsOptionalColumnsAndKindWords() throws {
        let sumishin = "\"日付\",\"内容\",\"出金金額(円)\",\"入金金額(円)\",\"残高(円)\"\n\"2026/10/01\",\"ATM\",\"1,000\",\"-\",\"1\"\n"
        XCTAssertEqual(
            try plan(sumishin).reader(for: BudgetDocument(), today: today).read(sumishin).entries.map(\.amount), [1000])
        let waon = "取引年月日,利用店舗,利用金額（税込）,利用区分,チャージ区分\n2026/11/01,店,100円,入金,-\n"
        XCTAssertThrowsError(try plan(waon).reader(for: BudgetDocument(), today: today).read(waon))
    }
}
