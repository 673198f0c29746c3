import XCTest
@testable import budget

final class DataFilePathTests: XCTestCase {
    func testResolve_FollowsTheDocumentedPrecedence() throws {
        let environment = ["BUDGET_FILE": "/b.json", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        XCTAssertEqual(try DataFilePath.resolve(file: "/x.json", environment: environment), "/x.json")
        XCTAssertEqual(try DataFilePath.resolve(file: nil, environment: environment), "/b.json")
        XCTAssertEqual(
            try DataFilePath.resolve(
                file: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u", "BUDGET_FILE": ""]),
            "/xdg/budget/budget.json")
        XCTAssertEqual(
            try DataFilePath.resolve(file: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]),
            "/home/u/.local/share/budget/budget.json")
        XCTAssertNil(try DataFilePath.resolve(file: nil, environment: [:]))
    }

    /// A variable whose bytes are not UTF-8 is refused, not read as a repaired name of another
    /// file (`BUDGET_FILE=$'/tmp/\xff.json'` wrote to `/tmp/\u{FFFD}.json`); `--file` still wins.
    func testResolve_RefusesAVariableThatIsNotUTF8() throws {
        let marked = ProcessEnvironment.notUTF8Prefix + "/tmp/\u{FFFD}.json"
        XCTAssertThrowsError(try DataFilePath.resolve(file: nil, environment: ["BUDGET_FILE": marked])) { error in
            XCTAssertEqual(error as? EnvironmentError, .notUTF8(name: "BUDGET_FILE"))
        }
        XCTAssertThrowsError(try DataFilePath.resolve(file: nil, environment: ["HOME": marked]))
        XCTAssertEqual(try DataFilePath.resolve(file: "/x.json", environment: ["BUDGET_FILE": marked]), "/x.json")
    }
}
