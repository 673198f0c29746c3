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

    private func problems(_ reader: StatementReader, _ text: String) -> [String] {
        do {
            _ = try reader.read(text)
            return []
        } catch {
            return (error as? StatementProblems)?.problems.map { "\($0.line ?? 0): \($0.message)" } ?? ["\(error)"]
        }
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
            problems(plain, "date,name,amount\n,Coffee,-150\n"), ["2: the row has no date"],
            "a name and an amount without a date is a transaction that cannot be read")
        XCTAssertEqual(
            problems(plain, "date,name,amount\n2026/13/45,Coffee,-150\n").count, 1,
            "a date that is wrong stays an error")
        XCTAssertEqual(problems(plain, "date,name,amount\nR8.13.1,Coffee,-150\n").count, 1, "so does an era's")
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
        let unknown = problems(waon, "取引年月日,利用店舗,利用金額,利用区分\n2026/11/05,x,100円,WAON交換\n")
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
        let data = refusal("2026/7/3,東京電力,ご本人,1回払い,,26/8,11402,11402\n")
        XCTAssertEqual(data?.reason, .statementHeaderless)
        XCTAssertEqual(refusal("Date,Shop,Amount\n2026-01-01,A,1\n")?.reason, .statementUnmapped)
    }
}
