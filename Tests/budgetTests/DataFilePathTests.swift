import XCTest
@testable import budget

final class DataFilePathTests: XCTestCase {
    func testResolve_FollowsTheDocumentedPrecedence() {
        let environment = ["BUDGET_FILE": "/b.json", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        XCTAssertEqual(DataFilePath.resolve(file: "/x.json", environment: environment), "/x.json")
        XCTAssertEqual(DataFilePath.resolve(file: nil, environment: environment), "/b.json")
        XCTAssertEqual(DataFilePath.resolve(file: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u", "BUDGET_FILE": ""]),
                       "/xdg/budget/budget.json")
        XCTAssertEqual(DataFilePath.resolve(file: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]),
                       "/home/u/.local/share/budget/budget.json")
        XCTAssertNil(DataFilePath.resolve(file: nil, environment: [:]))
    }
}
