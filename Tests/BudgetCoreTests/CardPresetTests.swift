import XCTest
@testable import BudgetCore

/// The card presets (`StatementPreset+Cards.swift`), each on a statement of its own made up in
/// the export's exact shape (preamble, header, rows, the lines that are no transaction, a
/// refund): found with no options, read to the yen, and never taken for another card's.
final class CardPresetTests: XCTestCase {
    private let today = Day(year: 2026, month: 11, day: 24)!

    /// What a statement read as: the preset found, each entry as `date name amount` (a refund
    /// negative), and each skipped line as `line: reason`.
    private struct Read {
        var preset: String
        var entries: [String]
        var skipped: [String]
        var transfers: Int
        var nonTransactions: Int

        /// The sum of the entries' amounts, refunds taken off.
        var total = 0
    }

    private func read(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Read {
        let preset = try XCTUnwrap(StatementPreset.detect(in: text), "no preset found", file: file, line: line)
        let reader = StatementReader(
            layout: preset.layout, preset: preset, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        let reading = try reader.read(text)
        var read = Read(
            preset: preset.name,
            entries: reading.entries.map { entry in
                let sign = entry.isRefund ? "-" : ""
                return "\(entry.date.iso) \(entry.kind.singular) \(entry.name) \(sign)\(entry.amount)"
            },
            skipped: reading.skipped.map { "\($0.line): \($0.reason.description)" },
            transfers: reading.transfers, nonTransactions: reading.nonTransactions)
        read.total = reading.entries.reduce(0) { $0 + ($1.isRefund ? -$1.amount : $1.amount) }
        return read
    }

    private func problems(_ text: String, preset: StatementPreset) -> [String] {
        let reader = StatementReader(
            layout: preset.layout, preset: preset, kind: nil, signDecidesKind: true, minorDigits: 0, today: today)
        do {
            _ = try reader.read(text)
            return []
        } catch {
            return (error as? StatementProblems)?.problems.map { "\($0.line ?? 0): \($0.message)" } ?? ["\(error)"]
        }
    }

    // MARK: Vpass, both layouts

    /// Vpass's non-fixed layout: no header, no holder line, thirteen fields with the user and the
    /// payment after the shop; a credit is a refund, a comma in a shop's name is joined back, an
    /// instalment's payment differs from its amount, an overseas purchase has no payment.
    func testVpassNonFixed_IsFoundByItsFirstRowAndReadFromTheSeventhField() throws {
        let text = """
            2026/7/20,キャッシュバック（ポイント交換）,ご本人,,,'26/08,-500,-500,,,,,
            2026/7/15,EXAMPLE SOFTWARE,ご本人,1回払い,,'26/08,1520,,,12.00,USD,126.666,
            2026/7/12,サンプルスーパー,ご家族,1回払い,,'26/08,2180,2180,,,,,
            2026/7/10,SHOP, INC. (SHOP.COM ),本人,1回払い,,'26/08,980,980,,,,,
            2026/7/5,ヨドバシ,ご本人,3回払い,1回目,'26/08,30000,10000,,,,,

            """
        let read = try read(text)
        XCTAssertEqual(read.preset, "smbc-card-nonfixed")
        XCTAssertEqual(read.entries, [
            "2026-07-20 expense キャッシュバック（ポイント交換） -500",
            "2026-07-15 expense EXAMPLE SOFTWARE 1520",
            "2026-07-12 expense サンプルスーパー 2180",
            "2026-07-10 expense SHOP, INC. (SHOP.COM ) 980",
            "2026-07-05 expense ヨドバシ 30000",
        ])
        XCTAssertEqual(read.total, 34180)
        XCTAssertEqual(read.skipped, [])
        XCTAssertEqual(
            try self.read("2026/7/10,SHOP, INC.,家族,1回払い,,'26/08,980,980,,,,,\n").preset, "smbc-card-nonfixed",
            "a comma in the first row's shop")
        XCTAssertEqual(
            problems("2026/7/10,SHOP,ご本人,1回払い,,'26/08,abc,980,,,,,\n", preset: .smbcCardNonFixed).count, 1,
            "a row that is no purchase stays an error")
    }

    /// The fixed layout (a holder line, seven fields) and the non-fixed one are never taken for
    /// each other, nor is View Card's preamble (a masked number on its first line) for either.
    func testVpass_TheTwoLayoutsAreToldApart() throws {
        XCTAssertEqual(
            StatementPreset.detect(in: "山田　太郎　様,4980-00**-****-****,三井住友カードＶＩＳＡ\n2026/7/3,SHOP,11402,1,1,11402,\n")?
                .name,
            "smbc-card")
        XCTAssertEqual(
            StatementPreset.detect(in: "2018/7/3,東京電力  電気料金等,ご本人,1回払い,,18/8,11402,11402,,,,,\n")?.name,
            "smbc-card-nonfixed")
        XCTAssertNil(StatementPreset.detect(in: "2026/7/3,SHOP,11402,1,1,11402,\n"), "a fixed row without its holder")
        XCTAssertNil(StatementPreset.detect(in: "2026/7/3,SHOP,山田,1回払い,,'26/08,500,500,,,,,\n"), "no user")
        XCTAssertNotEqual(StatementPreset.detect(in: viewCard)?.name, "smbc-card")
        XCTAssertNotEqual(StatementPreset.detect(in: viewCard)?.name, "smbc-card-nonfixed")
    }

    // MARK: View Card

    private let viewCard = """
        会員番号,****-****-****-1234
        対象カード,「ビュー・スイカ｣カード
        お支払日,2026年07月06日
        今回お支払金額,"6,874"

        ご利用年月日,ご利用箇所,ご利用額,払戻額,ご請求額（うち手数料・利息）,支払区分（回数）,今回回数,\
        今回ご請求額・弁済金（うち手数料・利息）,現地通貨額,通貨略称,換算レート
        ****-****-****-1234 サンプル　タロウ
        2026/05/21,新宿駅　オートチャージ,"3,000",,"3,000",１回払,,"3,000",,   ,
        2026/05/28,サンプル書店　ルミネ新宿店,"1,980",,"1,980",１回払,,"1,980",,   ,
        2026/06/02,サンプル書店　ルミネ新宿店,,500,-500,１回払,,-500,,   ,
        2026/06/10,カード年会費,524,,524,１回払,,524,,   ,
        ****-****-****-5678 サンプル　ハナコ
        2026/06/12,サンプル雑貨,"1,870",,"1,870",１回払,,"1,870",,   ,

        """

    /// View Card: the preamble is passed over, each card-holder line is a line without a
    /// transaction, an auto-charge of Suica is a transfer, money back in 払戻額 is a refund and
    /// the annual fee is spending.
    func testViewCard_ReadsItsRowsAndCountsTheAutoChargeAsATransfer() throws {
        let read = try read(viewCard)
        XCTAssertEqual(read.preset, "view-card")
        XCTAssertEqual(StatementPreset.named("view-card")?.title, "a View Card statement")
        XCTAssertEqual(read.entries, [
            "2026-05-28 expense サンプル書店　ルミネ新宿店 1980",
            "2026-06-02 expense サンプル書店　ルミネ新宿店 -500",
            "2026-06-10 expense カード年会費 524",
            "2026-06-12 expense サンプル雑貨 1870",
        ])
        XCTAssertEqual(read.total, 3874)
        XCTAssertEqual(read.skipped, [
            "7: no date (a total, a section, a note or a title)",
            "8: a transfer (ご利用箇所 新宿駅　オートチャージ)",
            "12: no date (a total, a section, a note or a title)",
        ])
        XCTAssertEqual(read.transfers, 1)
        XCTAssertEqual(read.nonTransactions, 2)
    }
}
