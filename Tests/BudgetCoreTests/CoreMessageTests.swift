import XCTest
@testable import BudgetCore

/// The core's messages are for any front end: they carry the data, and name no command-line
/// options (the executable adds those where it can).
final class CoreMessageTests: XCTestCase {
    func testMessages_NameNoCommandLineOptions() throws {
        let day = try XCTUnwrap(Day(iso: "1399-12-31"))
        let messages: [String?] = [
            BudgetError.dateBeforeLedgerCalendar(RecordReference(kind: .expense, id: "00000003"), day).errorDescription,
            BudgetError.categoryNotFound("food").errorDescription,
            BudgetError.limitConflict(
                category: "food", limit: "1,000", target: "食費", targetLimit: "2,000").errorDescription,
            BudgetError.cannotRepair(path: "b.json", count: 2).errorDescription,
            SettingsError.currencyChangeNeedsRescale(from: "none", to: "USD").errorDescription,
            SettingsError.rescaleNotApplicable(key: "display.color").errorDescription,
            ValueError.notApplicable(field: "category", kind: .income).description,
            ValueError.missing(field: "name").description,
            ValueError.negativeAmount(-1).description,
            ExpenseKeys.defaultCategory.summary,
        ] + SettingsCatalog.fixedKeys.map(\.summary)
        for message in messages {
            let text = try XCTUnwrap(message)
            XCTAssertNil(text.range(of: "--"), text)
        }
        let importer = RecordImporter(
            kind: .expense, money: MoneyFormat(currency: nil), today: day, defaultCategory: "x")
        for (text, format) in [
            ("name\tamount\nx\t1\n", ImportFormat.csv), ("[{\"name\": \"x\", \"amount\": \"5\"}]", .json)
        ] {
            XCTAssertThrowsError(try importer.read(text, format: format)) { error in
                XCTAssertNil((error as? ImportError)?.errorDescription?.range(of: "--"), "\(error)")
                XCTAssertNotEqual((error as? ImportError)?.reason, .other)
            }
        }
        XCTAssertThrowsError(try BudgetExport.restore("[]")) { error in
            XCTAssertEqual((error as? ImportError)?.reason, .notAnExport)
            XCTAssertNil((error as? ImportError)?.errorDescription?.range(of: "--"))
        }
    }
}
