import XCTest
@testable import BudgetCore

/// The rows a budget already accounts for (`KnownRows`), against the rule read plainly: every
/// source added is looked at in the order it was added.
final class KnownRowsTests: XCTestCase {
    private typealias Added = (source: String, presence: KnownRows.Presence, account: String?)

    /// `KnownRows.presence` the plain way.
    private func plainPresence(
        _ added: [Added], origin: String, identity: String, account: String?
    ) -> (presence: KnownRows.Presence, origin: String)? {
        var best: (presence: KnownRows.Presence, origin: String)?
        func rank(_ found: (presence: KnownRows.Presence, origin: String)) -> Int {
            (found.presence == .record ? 2 : 0) + (found.origin == origin ? 1 : 0)
        }
        func look(_ knownOrigin: String, _ presence: KnownRows.Presence, _ theirs: String?) {
            guard StatementSource.sameAccount(knownOrigin, origin) else { return }
            if let account, let theirs, theirs != account { return }
            let found = (presence: presence, origin: knownOrigin)
            if best.map({ rank($0) < rank(found) }) ?? true { best = found }
        }
        // Sources that are no `origin:identity`, or whose identity holds a `:`, count as written.
        var exact: [[UInt8]: KnownRows.Presence] = [:]
        for (source, presence, _) in added {
            let parsed = StatementSource(source)
            if parsed == nil || parsed?.identity.contains(":") == true,
               exact[Array(source.utf8)] == nil || presence == .record {
                exact[Array(source.utf8)] = presence
            }
        }
        if let presence = exact[Array((origin + ":" + identity).utf8)] { look(origin, presence, nil) }
        for (source, presence, theirs) in added {
            guard let parsed = StatementSource(source), Array(parsed.identity.utf8) == Array(identity.utf8) else {
                continue
            }
            look(parsed.origin, presence, theirs)
        }
        return best
    }

    func testPresence_IsWhatLookingAtEverySourceInTurnFinds() {
        var random = SystemRandomNumberGenerator()
        let origins = ["mufg", "rakuten-card", "statement", "家計簿", "a:b", "my:1", "楽天カード個人"]
        let identities = ["2026-11-01|expense|500|1|ｾﾌﾞﾝ", "2026-11-01|expense|500|2|ｾﾌﾞﾝ", "id=7", "id#2=7",
                          "2026-11-01|income|500|1|が", "2026-11-01|income|500|1|か\u{3099}", "1:2", "id=x:y"]
        let accounts: [String?] = [nil, "MUFG", "楽天カード"]
        for round in 0..<40 {
            var known = KnownRows(roomFor: round % 2 == 0 ? 0 : 50)
            var added: [Added] = []
            for _ in 0..<Int.random(in: 0...60, using: &random) {
                let source = Int.random(in: 0..<20, using: &random) == 0
                    ? "typed by hand"
                    : origins.randomElement(using: &random)! + ":" + identities.randomElement(using: &random)!
                let presence: KnownRows.Presence = Bool.random(using: &random) ? .record : .deleted
                let account = presence == .record ? accounts.randomElement(using: &random)! : nil
                known.insert(source, presence, account: account)
                added.append((source, presence, account))
            }
            XCTAssertEqual(known.isEmpty, added.isEmpty)
            for origin in origins {
                for identity in identities + ["hand", "by hand"] {
                    for account in accounts {
                        let found = known.presence(origin: origin, identity: identity, account: account)
                        let expected = plainPresence(added, origin: origin, identity: identity, account: account)
                        XCTAssertEqual(found?.presence, expected?.presence, "round \(round): \(origin):\(identity)")
                        XCTAssertEqual(found?.origin, expected?.origin, "round \(round): \(origin):\(identity)")
                    }
                }
            }
        }
    }

    func testPresence_FindsEachOfManySourcesAfterTheTableGrew() {
        var known = KnownRows()
        for number in 0..<20_000 { known.insert("mufg:2026-01-01|expense|\(number)|1|x", .record) }
        XCTAssertEqual(known.presence(origin: "mufg", identity: "2026-01-01|expense|19999|1|x")?.presence, .record)
        XCTAssertEqual(known.presence(origin: "mufg", identity: "2026-01-01|expense|0|1|x")?.origin, "mufg")
        XCTAssertNil(known.presence(origin: "mufg", identity: "2026-01-01|expense|20000|1|x"))
    }
}
