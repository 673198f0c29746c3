import BudgetCore
import Foundation
import XCTest

/// Statements through the built binary: each built-in preset on a realistic file (several
/// months, refunds, transfers, half-width katakana, quoted line breaks, CP932 and UTF-8 with a
/// byte-order mark), overlapping downloads, rules, profiles and bad input.
final class StatementEndToEndTests: XCTestCase {
    private var budget: BudgetProcess!

    override func setUpWithError() throws {
        budget = try BudgetProcess()
    }

    /// Writes a statement file (in CP932 when asked) and returns its path.
    private func statement(_ name: String, _ text: String, cp932: Bool = false, bom: Bool = false) throws -> String {
        let url = budget.directory.appendingPathComponent(name)
        var bytes = cp932 ? try TextEncoding.cp932.encode(text) : Array(text.utf8)
        if bom { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        try Data(bytes).write(to: url)
        return url.path
    }

    /// The listing as rows of cells by column name (`list <kind> --format tsv`).
    private func table(_ kind: String = "all") throws -> [[String: String]] {
        Listing(tsv: try budget.run("list", kind, "--format", "tsv").stdout).rows
    }

    /// The same without its header line (`--no-header`), read by the schemas' column names.
    private func tsv(_ kind: String = "all") throws -> [[String: String]] {
        let output = try budget.run("list", kind, "--format", "tsv", "--no-header").stdout
        return Listing(tsv: output, header: ListingColumns.of(kind)).rows
    }

    // MARK: Presets

    static let rakutenCard = """
        "利用日","利用店名・商品名","利用者","支払方法","利用金額","支払手数料","支払総額","10月支払金額","11月繰越残高","新規サイン"
        "2026/09/03","ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ","本人","1回払い","150","0","150","150","0","*"
        "2026/09/03","ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ","本人","1回払い","150","0","150","150","0",""
        "2026/09/05","ＡＭＡＺＯＮ．ＣＯ．ＪＰ","本人","1回払い","3,980","0","3,980","3,980","0",""
        "2026/10/10","ＡＭＡＺＯＮ．ＣＯ．ＪＰ","本人","1回払い","-1,200","0","-1,200","-1,200","0",""

        """

    func testRakutenCard_ARefundTakesFromItsCategoryAndTwoIdenticalCoffeesAreBothImported() throws {
        // The refund (-1,200) was an income named after the shop: income and the savings rate
        // were inflated, and the category kept the whole purchase. It is an expense of -1,200
        // in the category the rule files it under, as the purchase is.
        try budget.succeed("rule", "add", "amazon", "--category", "買い物")
        try budget.succeed("limit", "set", "買い物", "3,000")
        let path = try statement("rakuten.csv", Self.rakutenCard, bom: true)
        let first = try budget.run("import", path)
        XCTAssertEqual(first.code, 0, first.stderr)
        XCTAssertEqual(first.stdout, "expense-00000001\nexpense-00000002\nexpense-00000003\nexpense-00000004\n")
        // September's purchase is over the limit; October's refund takes from October's.
        XCTAssertEqual(
            first.stderr,
            "Imported 4 expenses (1 of them a refund) from a Rakuten Card statement "
                + "(expenses filed 2 by rules, 2 under the default category).\n"
                + "budget: warning: 買い物 is over its monthly limit for 2026-09: 3,980 of 3,000\n")
        let rows = try table("expenses")
        XCTAssertEqual(rows.map { $0["name"] }, ["ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", "ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ"])
        XCTAssertEqual(rows.map { $0["amount"] }, ["150", "150", "3980", "-1200"])
        XCTAssertEqual(rows.map { $0["category"] }, ["uncategorized", "uncategorized", "買い物", "買い物"])
        XCTAssertEqual(rows.last?["date"], "2026-10-10")
        XCTAssertEqual(
            try budget.run("list", "incomes", "--format", "tsv", "--no-header").stdout,
            "",
            "no income named after the shop")
        // Tables name it a refund; the total counts it apart.
        let listed = try budget.run("list", "expenses", "--category", "買い物").stdout
        XCTAssertTrue(listed.contains("ＡＭＡＺＯＮ．ＣＯ．ＪＰ  買い物    refund -1,200"), listed)
        XCTAssertTrue(listed.contains("Total (1 expense, 1 refund)"), listed)
        // October: 買い物 spent -1,200 (a refund of September's purchase): below zero, no share,
        // its whole limit and the 1,200 left; no income.
        let october = try budget.run("summary", "--month", "2026-10", "--format", "tsv").stdout
        XCTAssertTrue(october.contains("total\tincome\t0\t"), october)
        XCTAssertTrue(october.contains("total\texpenses\t-1200\t"), october)
        XCTAssertTrue(october.contains("category\t買い物\t-1200\t\t3000\t4200\t\t"), october)
        // September and October together: 3,980 − 1,200 = 2,780 of 6,000.
        let both = try budget.run("summary", "--from", "2026-09-01", "--to", "2026-10-31", "--format", "tsv").stdout
        XCTAssertTrue(both.contains("category\t買い物\t2780\t"), both)
        // The same file again adds nothing.
        let again = try budget.run("import", path)
        XCTAssertEqual(again.stdout, "")
        XCTAssertEqual(again.stderr, "Imported nothing from a Rakuten Card statement (4 rows already there).\n")
        XCTAssertEqual(try tsv().count, 4)
    }

    func testOverlappingStatements_ImportOnlyTheNewRows() throws {
        let september = try statement("sep.csv", Self.rakutenCard)
        try budget.succeed("import", september)
        let next = Self.rakutenCard + """
            "2026/10/12","ﾛｰｿﾝ","本人","1回払い","480","0","480","480","0",""
            "2026/09/03","ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ","本人","1回払い","150","0","150","150","0",""

            """
        let result = try budget.run("import", try statement("oct.csv", next))
        XCTAssertEqual(result.stdout, "expense-00000005\nexpense-00000006\n", "the third identical coffee is new")
        XCTAssertTrue(result.stderr.contains("(4 rows already there;"), result.stderr)
        // --allow-duplicates imports every row again.
        XCTAssertEqual(
            try budget.run("import", try statement("oct.csv", next), "--allow-duplicates").stdout
                .split(separator: "\n").count,
            6)
    }

    func testMoneyForward_CP932SkipsTransfersAndExcludedRowsAndUsesItsCategoryAndID() throws {
        let text = """
            "計算対象","日付","内容","金額（円）","保有金融機関","大項目","中項目","メモ","振替","ID"
            "1","2026/10/25","給与 株式会社ABC","300000","三菱UFJ銀行","収入","給与","","0","mf001"
            "1","2026/10/26","ｾﾌﾞﾝｲﾚﾌﾞﾝ","-450","楽天カード","食費","コンビニ","朝食","0","mf002"
            "0","2026/10/27","現金引き出し","-10000","三菱UFJ銀行","現金・カード","ATM引き出し","","0","mf003"
            "1","2026/10/28","楽天カード引き落とし","-50000","三菱UFJ銀行","未分類","未分類","","1","mf004"
            "1","2026/11/01","家賃","-80000","三菱UFJ銀行","住宅","家賃","11月分
            二行目","0","mf005"

            """
        let path = try statement("mf.csv", text, cp932: true)
        let result = try budget.run("import", path)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "Imported 1 income and 2 expenses from a MoneyForward ME export "
                + "(1 transfer skipped; 1 row left out; expenses filed 2 by the statement).\n")
        let rows = try tsv("expenses")
        XCTAssertEqual(rows.map { $0["name"] }, ["ｾﾌﾞﾝｲﾚﾌﾞﾝ", "家賃"])
        XCTAssertEqual(rows.map { $0["category"] }, ["食費", "住宅"])
        XCTAssertEqual(rows.map { $0["note"] }, ["朝食", "11月分\\n二行目"])
        XCTAssertEqual(rows.map { $0["source"] }, ["moneyforward:id=mf002", "moneyforward:id=mf005"])
        XCTAssertTrue(try budget.run("import", path).stderr.contains("3 rows already there"))
    }

    func testZaim_SeparateColumnsItemElseShopAndTransfersSkipped() throws {
        let text = """
            日付,方法,カテゴリ,カテゴリの内訳,支払元,入金先,品目,メモ,お店,通貨,収入,支出,振替,残高調整,通貨変換前の金額,集計の設定
            2026-11-01,payment,食費,食料品,財布,-,-,,ｲｵﾝ,JPY,0,2480,0,0,2480,常に集計に含める
            2026-11-02,payment,日用雑貨,消耗品,財布,-,洗剤,,ﾏﾂｷﾖ,JPY,0,398,0,0,398,常に集計に含める
            2026-11-03,income,給与,-,-,銀行,-,,-,JPY,250000,0,0,0,250000,常に集計に含める
            2026-11-04,transfer,-,-,銀行,財布,-,,-,JPY,0,0,10000,0,10000,常に集計に含める
            2026-11-05,payment,交際費,飲み会,財布,-,-,,居酒屋,JPY,0,5000,0,0,5000,集計に含めない

            """
        let result = try budget.run("import", try statement("zaim.csv", text))
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "Imported 1 income and 2 expenses from a Zaim export "
                    + "(1 transfer skipped; 1 row left out;"),
            result.stderr)
        XCTAssertEqual(try tsv().map { [$0["name"], $0["category"], $0["amount"]] },
                       [["給与", "", "250000"], ["ｲｵﾝ", "食費", "2480"], ["洗剤", "日用雑貨", "398"]])
    }

    func testBanks_SignedOrSeparateColumnsAndCompactDates() throws {
        try budget.succeed(
            "import",
            try statement(
                "rb.csv", "取引日,入出金(円),取引後残高(円),入出金内容\n20261001,-1500,98500,ﾃﾞﾋﾞｯﾄ ｽｰﾊﾟｰ\n20261025,250000,348500,給与\n",
                cp932: true))
        try budget.succeed(
            "import",
            try statement(
                "sbi.csv",
                "\"日付\",\"内容\",\"出金金額(円)\",\"入金金額(円)\",\"残高(円)\",\"メモ\"\n"
                    + "\"2026/10/03\",\"振込＊ヤマダ\",\"40,000\",\"-\",\"10,000\",\"-\"\n"))
        try budget.succeed(
            "import",
            try statement(
                "mufg.csv",
                "日付,摘要,摘要内容,支払い金額,預かり金額,差引残高,メモ,未資金化区分,入払区分\n"
                    + "2026/10/4,カード,ﾗｸﾃﾝｶ-ﾄﾞ,12000,,88000,,,\n2026/10/25,振込,,,1000,89000,,,\n",
                cp932: true))
        try budget.succeed(
            "import",
            try statement(
                "yucho.csv",
                "お客さま口座情報\n現在高：,\"1,000\",円,\n照会対象：全期間\n明細件数：1\n"
                    + "取引日,入出金明細ＩＤ,受入金額（円）,払出金額（円）,詳細１,詳細２,現在（貸付）高,\n"
                    + "20261005,1,,2200,自払,NHK,1000,\n",
                cp932: true))
        let zero = try budget.run(
            "import",
            try statement(
                "zero.csv",
                "\"日付\",\"内容\",\"出金金額(円)\",\"入金金額(円)\",\"残高(円)\",\"メモ\"\n"
                    + "\"2026/10/01\",\"残高照会\",\"-\",\"-\",\"1\",\"-\"\n"
                    + "\"2026/10/02\",\"ATM\",\"0\",\"-\",\"1\",\"-\"\n"))
        XCTAssertEqual(zero.stdout, "", "rows where nothing moved are no transactions")
        XCTAssertTrue(zero.stderr.contains("2 lines without a transaction skipped"), zero.stderr)
        XCTAssertEqual(try tsv().map { [$0["kind"], $0["date"], $0["name"], $0["amount"]] }, [
            ["income", "2026-10-25", "給与", "250000"], ["income", "2026-10-25", "振込", "1000"],
            ["expense", "2026-10-01", "ﾃﾞﾋﾞｯﾄ ｽｰﾊﾟｰ", "1500"], ["expense", "2026-10-03", "振込＊ヤマダ", "40000"],
            ["expense", "2026-10-04", "ﾗｸﾃﾝｶ-ﾄﾞ", "12000"], ["expense", "2026-10-05", "NHK", "2200"],
        ])
    }

    func testSMBCCard_NoHeaderSectionsTotalsAndUnquotedCommasInNames() throws {
        let text = """
            山田　太郎　様,1234-56**-****-****,三井住友カード
            2026/10/13,ＥＴＣ首都高,390,１,１,390,
            2026/10/15,GITHUB, INC. (GITHUB.COM),1500,１,１,1500,
            ,,,,,1890,
            山田　花子　様,1234-56**-****-5678,家族カード
            2026/10/20,ﾏｸﾄﾞﾅﾙﾄﾞ,680,１,１,680,
            2026/10/21,SHOP,1,234,１,１,1234,
            2026/10/22,ETC,390,１,１,390,note, with comma
            ,,,,,,,2304,

            """
        let result = try budget.run("import", try statement("vpass.csv", text, cp932: true))
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "Imported 5 expenses from an SMBC card (Vpass) statement (4 lines without a transaction skipped; "
                + "expenses filed 5 under the default category).\n")
        XCTAssertEqual(try tsv("expenses").map { [$0["name"], $0["amount"], $0["note"]] }, [
            ["ＥＴＣ首都高", "390", ""], ["GITHUB, INC. (GITHUB.COM)", "1500", ""], ["ﾏｸﾄﾞﾅﾙﾄﾞ", "680", ""],
            ["SHOP", "1234", ""], ["ETC", "390", "note, with comma"],
        ], "an unquoted comma goes where the row reads as a purchase: the shop's name, the amount or the note")
        let unreadable = try budget.run(
            "import", try statement("bad.csv", "山田　様,1234-56**-****-****,カード\n2026/10/13,A,B,C,390,１,１,999,\n"))
        XCTAssertEqual(unreadable.code, 65)
        XCTAssertTrue(
            unreadable.stderr.contains("line 2: the row has 9 fields where a purchase has 7, and no way of joining"),
            unreadable.stderr)
    }

    /// An unquoted thousands separator once imported ¥95 for ¥95,000 (and, with Rakuten Bank,
    /// the balance as the name): a row with more fields than the header is read only when one
    /// way of joining them back reads as a transaction; otherwise every such row is refused.
    func testSurplusFields_AreJoinedBackOrRefusedWithBothCounts() throws {
        let bank = try statement(
            "bank.csv",
            "取引日,入出金(円),取引後残高(円),入出金内容\n20261001,-95,000,1,234,ATM\n"
                + "20261002,-500,1000,Lunch\n20261003,-1,000,5,000,x,y\n",
            cp932: true)
        // The balance (nothing reads it) takes a grouped number; a name takes no number.
        let banked = try budget.run("import", bank)
        XCTAssertEqual(banked.code, 0, banked.stderr)
        XCTAssertEqual(
            try table("expenses").map { [$0["name"], $0["amount"]] },
            [["ATM", "95000"], ["Lunch", "500"], ["x,y", "1000"]])
        let ambiguous = try statement("amb.csv", "取引日,入出金(円),取引後残高(円),入出金内容\n20261101,-95,000,,ATM\n", cp932: true)
        let refused = try budget.run("import", ambiguous)
        XCTAssertEqual(refused.code, 65)
        XCTAssertEqual(refused.stderr, """
            budget: error: line 2: the row has 5 fields where the header has 4, \
            and more than one way of joining neighbouring fields back reads as a transaction \
            (its fields with commas need quotes); nothing was imported

            """)
        let mapped = try statement(
            "card.csv", "date,shop,amount\n2026-10-01,Shop,95,000\n2026-10-02,GITHUB, INC.,1200\n")
        let result = try budget.run(
            "import", mapped, "--map", "date=date", "--map", "name=shop", "--map", "amount=amount", "--sign",
            "expense-positive")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(
            try table("expenses")
                .filter { $0["date"]?.hasPrefix("2026-10") == true && $0["source"]?.hasPrefix("statement") == true }
                .map { [$0["name"], $0["amount"]] },
            [["Shop", "95000"], ["GITHUB, INC.", "1200"]])
    }

    /// Vpass's other layout (user, payment, month and total after the shop) once imported
    /// ¥10,000 for a ¥30,000 purchase, the name swallowing the columns: it is refused, with
    /// its line and both counts, and nothing is written.
    func testVpassOtherLayout_IsRefusedNotReadFromTheWrongColumns() throws {
        let file = try statement(
            "vpass.csv",
            "山田　太郎　様,4980-00**-****-****,三井住友カードＶＩＳＡ\n"
                + "2022/7/5,ヨドバシ,ご本人,3回払い,1回目,'22/08,30000,10000,,,,,\n2020/7/5,SHOP3,3500,,,\n",
            cp932: true)
        let result = try budget.run("import", file, "--profile", "smbc-card")
        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(
            result.stderr,
            "budget: error: line 2: the row has 13 fields where a purchase has 7, "
                + "and no way of joining neighbouring fields back (a comma in a name, or in an amount like 95,000) "
                + "reads as a transaction; it looks like SMBC's other Vpass layout "
                + "(the user and the payment after the shop, the amount in column 7), "
                + "which the smbc-card-nonfixed preset reads; "
                + "nothing was imported\n")
        XCTAssertNil(budget.dataBytes())
        let fixed = try statement(
            "fixed.csv", "山田　太郎　様,4980-00**-****-****,三井住友カードＶＩＳＡ\n2020/7/5,SHOP3,3500,,,\n", cp932: true)
        let read = try budget.run("import", fixed)
        XCTAssertEqual(read.code, 0, read.stderr)
        XCTAssertEqual(
            try table("expenses").map { [$0["name"], $0["amount"]] },
            [["SHOP3", "3500"]],
            "a missing trailing note is empty")
    }

    /// Rows with far more fields than the header (a name with a dozen unquoted commas, on
    /// every row of a large export) are refused at once, each with both counts, not searched
    /// for minutes.
    func testSurplusFields_ManyRowsWithTooManyAreRefusedAtOnce() throws {
        var text = "計算対象,日付,内容,金額(円),保有金融機関,大項目,中項目,メモ,振替,ID\n"
        for number in 1...10_000 {
            text += "1,2026/11/03," + Array(repeating: "ab", count: 13).joined(separator: ",")
                + ",-500,カード,食費,外食,,0,id\(number)\n"
        }
        let result = try budget.run("import", try statement("mf.csv", text))
        XCTAssertEqual(result.code, 65)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "budget: error: line 2: the row has 22 fields where the header has 10: too many fields to join back\n"),
            result.stderr)
        XCTAssertTrue(
            result.stderr.hasSuffix("budget: error: and 9980 more problems; nothing was imported\n"), result.stderr)
        XCTAssertNil(budget.dataBytes())
    }

    /// Without a header row, rows that mostly carry an unquoted `1,500` once read ¥1 and ¥2.
    func testNoHeaderRow_MostRowsWithAThousandsSeparatorAreJoinedBack() throws {
        let file = try statement("nh.csv", "2026/11/01,A,1,500\n2026/11/02,B,2,300\n2026/11/03,C,800\n")
        let result = try budget.run(
            "import", file, "--no-header-row", "--map", "date=1", "--map", "name=2", "--map", "amount=3", "--sign",
            "expense-positive")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(
            try table("expenses").map { [$0["name"], $0["amount"]] }, [["A", "1500"], ["B", "2300"], ["C", "800"]])
    }

    /// A layout of one's own with `--sign expense-positive` (Suica): the auto-charge's
    /// negative amount stays an income, not a refund that makes spending negative; a card
    /// preset's negative amount is a refund, which the confirmation counts.
    func testOwnLayoutNegativeAmount_IsAnIncomeNotARefund() throws {
        let file = try statement(
            "suica.csv", "利用年月日,出場駅/降車場所,利用額(円)\n2020/03/21,ｵｰﾄﾁｬｰｼﾞ,\"-3,000\"\n2020/03/22,渋谷,200\n")
        let result = try budget.run(
            "import", file, "--map", "date=利用年月日", "--map", "name=出場駅/降車場所", "--map", "amount=利用額(円)", "--sign",
            "expense-positive")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("Imported 1 income and 1 expense from the statement"), result.stderr)
        XCTAssertEqual(
            try table().map { [$0["kind"], $0["name"], $0["amount"]] },
            [["income", "ｵｰﾄﾁｬｰｼﾞ", "3000"], ["expense", "渋谷", "200"]])
    }

    /// `--as-of` names the day a statement was downloaded: a day after today is a usage error.
    func testAsOf_AfterTodayIsAUsageError() throws {
        let file = try statement("ja.csv", "日付,摘要,金額\n4月30日,ﾃﾞﾝｷ,-4600\n")
        let result = try budget.run(
            ["import", file, "--map", "date=日付", "--map", "name=摘要", "--map", "amount=金額", "--as-of", "2026-11-26"],
            environment: ["BUDGET_TODAY": "2026-11-25"])
        XCTAssertEqual(result.code, 64)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "budget: error: '--as-of' 2026-11-26 is after today (2026-11-25): "
                    + "a statement is not downloaded in the future\n"),
            result.stderr)
        XCTAssertNil(budget.dataBytes())
    }

    /// Dates without a year (JA Bank's `4月30日`) are read against the statement's day:
    /// `--as-of`, else today, which the confirmation says. The same file with the same
    /// `--as-of` a year later adds nothing.
    func testYearlessDates_AreReadAsOfTheStatementsDayAndSaySo() throws {
        let ja = try statement("ja.csv", """
            "番号","明細区分","取扱日付","起算日","お支払金額","お預り金額","取引区分","残高","摘要"
            "1","1","4月30日","4月30日","\\4,600","","振込","\\100,000","ﾃﾞﾝｷ"
            "2","1","5月1日","5月1日","","\\7,000","振込","\\107,000","ｷｭｳﾖ"

            """, cp932: true)
        let map = ["--map", "date=取扱日付", "--map", "name=摘要", "--map", "out=お支払金額", "--map", "in=お預り金額"]
        let dry = try budget.run(["import", ja, "--dry-run"] + map, environment: ["BUDGET_TODAY": "2026-04-30"])
        XCTAssertEqual(dry.code, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("2025-05-01"), dry.stdout)
        XCTAssertEqual(
            dry.stderr,
            "Would import 1 income and 1 expense from the statement (expenses filed 1 under the default category); "
                + "nothing was changed (--dry-run). "
                + "Read 2 dates without a year as on or before 2026-04-30 (today); "
                + "give --as-of <day> for an older statement.\n")
        let first = try budget.run(
            ["import", ja, "--as-of", "2024-05-02"] + map, environment: ["BUDGET_TODAY": "2024-05-02"])
        XCTAssertEqual(
            first.stderr,
            "Imported 1 income and 1 expense from the statement (expenses filed 1 under the default category). "
                + "Read 2 dates without a year as on or before 2024-05-02 (--as-of).\n")
        XCTAssertEqual(try tsv().map { $0["date"] }, ["2024-05-01", "2024-04-30"])
        let later = try budget.run(
            ["import", ja, "--as-of", "2024-05-02"] + map, environment: ["BUDGET_TODAY": "2025-06-01"])
        XCTAssertTrue(
            later.stderr.hasPrefix("Imported nothing from the statement (2 rows already there)"), later.stderr)
        XCTAssertEqual(try budget.run(["import", ja, "--as-of", "2024-02-30"] + map).code, 64)
        XCTAssertEqual(try tsv().count, 2)
        // The same file a year later without --as-of reads its rows a year later: they are
        // imported (a new statement's salary and rent may fall on the same days with the same
        // amounts), and the warning says they are like rows a year apart (it said nothing).
        let yearLater = try budget.run(["import", ja] + map, environment: ["BUDGET_TODAY": "2025-06-01"])
        XCTAssertEqual(yearLater.code, 0, yearLater.stderr)
        XCTAssertTrue(
            yearLater.stderr.hasSuffix(
                "budget: warning: 2 rows dated without a year are like rows imported before with the date a year "
                    + "apart; if this statement was imported then, 'budget undo' takes this import back; --as-of "
                    + "<day> says when a statement was downloaded\n"),
            yearLater.stderr)
        XCTAssertEqual(try tsv().count, 4)
        XCTAssertEqual(try budget.run(["undo"]).code, 0)
        // With --as-of the statement's day is known: its rows are new, and nothing is said.
        let next = try statement("ja-next.csv", """
            "番号","明細区分","取扱日付","起算日","お支払金額","お預り金額","取引区分","残高","摘要"
            "1","1","4月30日","4月30日","\\4,600","","振込","\\100,000","ﾃﾞﾝｷ"
            "2","1","5月3日","5月3日","\\500","","振込","\\99,500","ｽｲﾄﾞｳ"

            """, cp932: true)
        let asOf = try budget.run(
            ["import", next, "--as-of", "2025-05-04"] + map, environment: ["BUDGET_TODAY": "2025-06-01"])
        XCTAssertEqual(asOf.code, 0, asOf.stderr)
        XCTAssertFalse(asOf.stderr.contains("warning"), asOf.stderr)
        XCTAssertEqual(try tsv().map { $0["date"] }, ["2024-05-01", "2024-04-30", "2025-04-30", "2025-05-03"])
    }

    func testPayPayCard_ACancellationIsARefund() throws {
        let text = "\"利用日/キャンセル日\",\"利用店名・商品名\",\"利用者\",\"支払区分\",\"利用金額\",\"手数料\",\"支払総額\","
            + "\"当月支払金額\",\"翌月以降繰越金額\",\"調整額\",\"当月お支払日\"\n"
            + "\"2026/10/01\",\"Yahoo!ショッピング\",\"本人\",\"1回\",\"2,000\",\"0\",\"2,000\",\"2,000\",\"0\",\"0\","
            + "\"2026/11/27\"\n"
            + "\"2026/10/02\",\"Yahoo!ショッピング\",\"本人\",\"1回\",\"-2,000\",\"0\",\"-2,000\",\"-2,000\",\"0\",\"0\","
            + "\"2026/11/27\"\n"
        try budget.succeed("import", try statement("paypay.csv", text))
        XCTAssertEqual(try table().map { [$0["kind"], $0["amount"]] }, [["expense", "2000"], ["expense", "-2000"]])
        XCTAssertTrue(try budget.run("summary", "--month", "2026-10").stdout.contains("Expenses  0\n"))
    }

    // MARK: Mapping, profiles, kinds

    func testMap_SaveProfileAndReuseItNextMonth() throws {
        let october = "Datum;Omschrijving;Bedrag\n01.10.2026;Albert Heijn;-12,50\n25.10.2026;Salaris;2.500,00\n"
        let refused = try budget.run("import", try statement("oct.txt", october))
        XCTAssertEqual(refused.code, 65)
        XCTAssertTrue(
            refused.stderr.contains("matches no known statement") && refused.stderr.contains("--map"), refused.stderr)
        try budget.succeed("config", "set", "display.currency", "EUR")
        let saved = try budget.run(
            "import", try statement("oct.txt", october), "--delimiter", ";", "--map", "date=Datum", "--map", "name=2",
            "--map", "amount=Bedrag", "--date-format", "%d.%m.%Y", "--decimal-mark", ",", "--save-profile", "ing")
        XCTAssertEqual(saved.code, 0, saved.stderr)
        XCTAssertTrue(saved.stderr.hasSuffix("Saved the options as the profile 'ing'.\n"), saved.stderr)
        XCTAssertEqual(try tsv().map { [$0["kind"], $0["amount"]] }, [["income", "2500.00"], ["expense", "12.50"]])
        XCTAssertTrue(try budget.run("config", "list").stdout.contains("import.profile.ing"))
        XCTAssertEqual(
            try budget.run("__complete", "bash", "budget import x.csv --profile i").stdout,
            "words\ning\n",
            "completion offers saved profiles")
        XCTAssertTrue(
            try budget.run("__complete", "bash", "budget import x.csv --profile ").stdout.contains("\nrakuten-card\n"),
            "and the presets")
        XCTAssertEqual(try budget.run("__complete", "bash", "budget profile delete ").stdout, "words\ning\n")
        let november = october + "03.11.2026;Jumbo;-7,25\n"
        let next = try budget.run("import", try statement("nov.txt", november), "--profile", "ing")
        XCTAssertEqual(next.stdout, "expense-00000002\n")
        XCTAssertTrue(next.stderr.contains("2 rows already there"), next.stderr)
        XCTAssertEqual(try budget.run("import", try statement("nov.txt", november), "--profile", "nope").code, 64)
    }

    func testKindArgument_ImportsOnlyThatKindAndCountsTheOthers() throws {
        // A card's refund is an expense: `import incomes` leaves every row out.
        let incomes = try budget.run("import", "incomes", try statement("r.csv", Self.rakutenCard))
        XCTAssertEqual(incomes.stdout, "")
        XCTAssertTrue(incomes.stderr.contains("4 rows of the other kind left out"), incomes.stderr)
        let bank = "取引日,入出金(円),取引後残高(円),入出金内容\n20261001,-500,9500,ATM\n20261025,300000,309500,給与\n"
        let result = try budget.run("import", "expenses", try statement("b.csv", bank))
        XCTAssertEqual(result.stdout, "00000001\n")
        XCTAssertTrue(result.stderr.contains("1 row of the other kind left out"), result.stderr)
    }

    // MARK: Rules

    func testRules_FileRowsByFoldedNamesAndSkipCardSettlements() throws {
        try budget.succeed("rule", "add", "セブン", "--category", "食費")
        try budget.succeed("rule", "add", "amazon", "--category", "買い物", "--tag", "online")
        let result = try budget.run("import", try statement("r.csv", Self.rakutenCard))
        XCTAssertTrue(result.stderr.contains("expenses filed 4 by rules"), result.stderr)
        XCTAssertEqual(try table("expenses").map { [$0["category"], $0["tags"], $0["amount"]] },
                       [["食費", "", "150"], ["食費", "", "150"], ["買い物", "online", "3980"], ["買い物", "online", "-1200"]])
        try budget.succeed("rule", "add", "ｶｰﾄﾞ", "--skip")
        let bank = try budget.run(
            "import",
            try statement(
                "mufg.csv", "日付,摘要,摘要内容,支払い金額,預かり金額,差引残高,メモ,未資金化区分,入払区分\n2026/10/4,カード,ﾗｸﾃﾝｶｰﾄﾞ,12000,,88000,,,\n"))
        XCTAssertTrue(bank.stderr.contains("1 row skipped by rules"), bank.stderr)
    }

    func testNormalizeNames_FoldsWidthButKeepsCase() throws {
        try budget.succeed("import", try statement("r.csv", Self.rakutenCard), "--normalize-names")
        XCTAssertEqual(Set(try tsv().map { $0["name"] }), ["AMAZON.CO.JP", "セブン-イレブン"])
    }

    // MARK: Bad input

    func testBadRows_AreAllReportedAndNothingChanges() throws {
        try budget.succeed("add", "expense", "Before", "1")
        let before = budget.dataBytes()
        let text = Self.rakutenCard.replacingOccurrences(of: "\"3,980\"", with: "\"3,98x\"")
            .replacingOccurrences(of: "\"2026/10/10\"", with: "\"2026/13/10\"")
            .replacingOccurrences(
                of: "\"ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ\",\"本人\",\"1回払い\",\"150\",\"0\",\"150\",\"150\",\"0\",\"*\"",
                with: "\"\u{1B}[31mevil\",\"本人\",\"1回払い\",\"150\",\"0\",\"150\",\"150\",\"0\",\"*\"")
        let result = try budget.run("import", try statement("bad.csv", text))
        XCTAssertEqual(result.code, 65)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, result.stderr)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("budget: error: line ") }, result.stderr)
        XCTAssertFalse(result.stderr.contains("\u{1B}"), "escape sequences are never echoed raw")
        XCTAssertTrue(result.stderr.hasSuffix("; nothing was imported\n"))
        XCTAssertEqual(budget.dataBytes(), before)
    }

    func testUndecodableAndUnmappedFiles_NameTheOptionThatHelps() throws {
        let mufgLike = try statement("m.csv", "日付,摘要,支払い金額,預かり金額,残高\n2026/10/4,カード,12000,,88000\n")
        let result = try budget.run("import", mufgLike)
        XCTAssertEqual(result.code, 65)
        XCTAssertTrue(
            result.stderr.contains("'日付', '摘要'")
                && result.stderr.contains("closest to an MUFG Bank statement (the preset mufg)")
                && result.stderr.contains("--profile"),
            result.stderr)
        XCTAssertNil(budget.dataBytes())
    }

    func testOwnFormats_StillImportAndAKindColumnImportsBoth() throws {
        try budget.succeed("add", "income", "Salary", "300000", "--date", "2026-11-25")
        try budget.succeed("add", "expense", "Lunch", "900", "--category", "food", "--date", "2026-11-21")
        let csv = try budget.run("list", "all", "--format", "csv").stdout
        let other = try BudgetProcess()
        let result = try other.run(["import", "-"], stdin: csv)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "income-00000001\nexpense-00000001\n")
        XCTAssertEqual(try other.run("list", "all", "--format", "csv").stdout, csv)
    }

    // MARK: What a hostile tester found

    func testTwoAccountsAtOneBank_AreToldApartByTheirProfiles() throws {
        let his = try statement(
            "his.csv", "取引日,入出金(円),取引後残高(円),入出金内容\r\n20261010,-10000,90000,ATM\r\n20261031,3,90003,普通預金利息\r\n")
        let hers = try statement(
            "hers.csv",
            "取引日,入出金(円),取引後残高(円),入出金内容\r\n20261010,-10000,40000,ATM\r\n20261031,3,40003,普通預金利息\r\n"
                + "20261015,-2000,38003,ｾﾌﾞﾝ\r\n")
        try budget.succeed("import", his, "--save-profile", "his")
        XCTAssertEqual(
            try budget.run("import", hers, "--save-profile", "hers").stderr,
            "Imported 1 income and 2 expenses from a Rakuten Bank statement "
                + "(expenses filed 2 under the default category). Saved the options as the profile 'hers'.\n")
        XCTAssertTrue(try budget.run("import", hers, "--profile", "hers").stderr.contains("(3 rows already there)"))
    }

    func testFilesThatAreNotBudgetsOwn_AreStatementsWhoseMessageNamesMap() throws {
        let english = try budget.run(
            "import", try statement("en.csv", "Date,Description,Amount,Balance\n2026-10-01,Coffee,-450,100\n"))
        XCTAssertEqual(english.code, 65)
        XCTAssertTrue(
            english.stderr.contains("'Date', 'Description', 'Amount', 'Balance'")
                && english.stderr.contains("--map <field>=<column>")
                && english.stderr.contains("budget's own files have the columns"),
            english.stderr)
        let huge = try budget.run(["import", "-"], stdin: String(repeating: "X", count: 200_000) + ",b,c\n1,2,3\n")
        XCTAssertEqual(huge.code, 65)
        XCTAssertTrue(
            huge.stderr.utf8.count < 1_200 && huge.stderr.contains("characters left out")
                && huge.stderr.hasSuffix("nothing was imported\n"),
            "a quoted megabyte is shortened")
        let empty = try budget.run(["import", "-"], stdin: "")
        XCTAssertEqual(empty.code, 65)
        XCTAssertEqual(empty.stderr, "budget: error: the file is empty; nothing was imported\n")
        XCTAssertEqual(try budget.run("import", try statement("r.csv", Self.rakutenCard), "--skip-duplicates").code, 64)
        XCTAssertEqual(
            try budget.run(["import", "expenses", "-", "--allow-duplicates"], stdin: "name,amount\nLunch,900\n").code,
            64)
    }

    func testPreamble_ThatIsNoCSVIsLeftUnreadAndDryRunShowsKinds() throws {
        let text = "楽天カード\r\n\"お支払日 2026年\"11月\"27日\"\r\n" + Self.rakutenCard.replacingOccurrences(
            of: "\n", with: "\r\n")
        let result = try budget.run("import", try statement("pre.csv", text), "--dry-run")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("DATE "), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("\n2026-10-10  ＡＭＡＺＯＮ．ＣＯ．ＪＰ  uncategorized  refund -1,200\n"), result.stdout)
        XCTAssertNil(budget.dataBytes())
    }

    func testSecondRound_ProfilesNamesDelimitersAndOwnFilesWithStatementOptions() throws {
        let october = try statement("oct.csv", "取引日,入出金(円),取引後残高(円),入出金内容\n20261001,-500,1,Lunch\n")
        let november = try statement(
            "nov.csv", "取引日,入出金(円),取引後残高(円),入出金内容\n20261001,-500,1,Lunch\n20261102,-700,1,Bread\n")
        try budget.succeed("import", october, "--save-profile", "a")
        // A profile saved from another reads the same account (issue 24, item 4): a row's
        // identity does not depend on the profile's name, and the confirmation says so. A
        // second account is saved from the preset (StatementIdentityEndToEndTests).
        let derived = try budget.run("import", november, "--profile", "a", "--save-profile", "b")
        XCTAssertEqual(derived.stdout, "expense-00000002\n")
        XCTAssertTrue(
            derived.stderr.hasSuffix(
                "Saved the options as the profile 'b', which reads the account of 'a' "
                    + "(rows imported through either are the same rows; "
                    + "another account's profile is saved from the preset or without --profile).\n"),
            derived.stderr)
        XCTAssertTrue(
            try budget.run("import", november, "--profile", "b").stderr.hasPrefix("Imported nothing"), "no row twice")
        let before = budget.dataBytes()
        XCTAssertEqual(try budget.run("import", october, "--save-profile", "\u{202E}abc").code, 64)
        XCTAssertEqual(try budget.run("config", "set", "import.profile.\u{202E}x", "preset=mufg").code, 64)
        XCTAssertEqual(try budget.run("import", october, "--delimiter", "\u{1B}").code, 64)
        XCTAssertEqual(try budget.run("config", "set", "import.profile.e", "").code, 64)
        XCTAssertEqual(try budget.run("config", "set", "import.profile.e", "preset=zaim;preset=mufg").code, 64)
        XCTAssertEqual(try budget.run("config", "set", "import.profile.e", "category=a\\qb").code, 64)
        let own = try budget.run(
            "import", "expenses", try statement("own.csv", "date,name,amount\n2026-10-01,Lunch,900\n"),
            "--save-profile", "c")
        XCTAssertEqual(own.code, 64)
        XCTAssertTrue(own.stderr.contains("budget's own columns"), own.stderr)
        XCTAssertEqual(budget.dataBytes(), before)
        try budget.succeed("rule", "add", "bread", "--rename", "Brot", "--tag", "bakery")
        let renamed = try budget.run(
            "import", try statement("dec.csv", "取引日,入出金(円),取引後残高(円),入出金内容\n20261203,-700,1,Bread\n"))
        XCTAssertTrue(renamed.stderr.contains("1 row renamed or tagged by rules"), renamed.stderr)
    }
}
