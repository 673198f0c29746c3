/// The language of words written for people: Japanese when the environment asks for it,
/// English otherwise.
enum ReportLanguage: String, Sendable {
    case english = "en"
    case japanese = "ja"

    /// `BUDGET_LANG`, else the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set (and
    /// not empty): Japanese when it names Japanese (`ja`, `ja_JP.UTF-8`, `ja-JP`).
    static func from(environment: [String: String]) -> ReportLanguage {
        let names = ["BUDGET_LANG", "LC_ALL", "LC_MESSAGES", "LANG"]
        guard let value = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return .english
        }
        let language = value.lowercased().prefix { $0.isLetter }
        return language == "ja" ? .japanese : .english
    }
}

/// Every word the report writes, in each language: one table, so that a later localisation of
/// the other messages reuses it.
enum ReportWord: CaseIterable, Sendable {
    case title, generatedFor, headline, income, spending, balance, savingsRate, against, noChange
    case perDayLeft, leftOfIncome, leftOfLimit, pastIncome, pastLimit
    case byCategory, category, spent, limit, left, share, overBy, overLimitMark, noSpending, total
    case overTime, month, planned, current, legendIncome, legendSpending, legendBalance, legendPlanned
    case categoryByMonth, average
    case limits, available, carriedIn, monthlyLimit, yearlyLimit, allExpenses
    case upcoming, day, name, amount, incomeKind, expenseKind, nothingScheduled
    case accounts, account, type, assets, owed, netWorth, netWorthOverTime
    case members, member, paid, settled, settlement, pays, allSettled, cannotSettle
    case chartData, currency, previousPeriod, range, oneDay, dayCount, points, chartLastMonths, tableLastMonths
    case accountBalance, memberShare, memberBalance, monthEnd, bank, cash, card, emoney, savings

    /// The word in `language`, each `%1`, `%2`… replaced by the argument in that place.
    func text(_ language: ReportLanguage, _ arguments: String...) -> String {
        let (english, japanese) = pair
        var text = "", placeholder = false
        for character in language == .japanese ? japanese : english {
            if placeholder, let digit = character.wholeNumberValue, arguments.indices.contains(digit - 1) {
                text += arguments[digit - 1]
            } else {
                if placeholder { text.append("%") }
                if character != "%" { text.append(character) }
            }
            placeholder = character == "%" && !placeholder
        }
        if placeholder { text.append("%") }
        return text
    }

    private var pair: (String, String) {
        switch self {
        case .title: ("Household report", "家計レポート")
        case .generatedFor: ("As of", "基準日")
        case .headline: ("At a glance", "概要")
        case .income: ("Income", "収入")
        case .spending: ("Spending", "支出")
        case .balance: ("Balance", "収支")
        case .savingsRate: ("Savings rate", "貯蓄率")
        case .against: ("against %1:", "%1比")
        case .noChange: ("no change", "変化なし")
        case .perDayLeft: ("Left per day", "1日あたりの残り")
        case .leftOfIncome: ("%1 left of the income, %2 to go", "収入の残り %1、あと %2")
        case .leftOfLimit: ("%1 left of the total limit, %2 to go", "予算総額の残り %1、あと %2")
        case .pastIncome: ("%1 spent past the income, %2 to go", "収入を %1 超過、あと %2")
        case .pastLimit: ("%1 spent past the total limit, %2 to go", "予算総額を %1 超過、あと %2")
        case .byCategory: ("Spending by category", "カテゴリ別の支出")
        case .category: ("Category", "カテゴリ")
        case .spent: ("Spent", "支出")
        case .limit: ("Limit", "上限")
        case .left: ("Left", "残り")
        case .share: ("Share", "割合")
        case .overBy: ("over by", "超過")
        case .overLimitMark: ("over the limit", "上限超過")
        case .noSpending: ("Nothing was spent in this period.", "この期間の支出はありません。")
        case .total: ("Total", "合計")
        case .overTime: ("Income and spending per month", "月別の収入と支出")
        case .month: ("Month", "月")
        case .planned: ("planned", "予定")
        case .current: ("so far", "途中")
        case .legendIncome: ("income", "収入")
        case .legendSpending: ("spending", "支出")
        case .legendBalance: ("balance", "収支")
        case .legendPlanned: ("planned (forecast)", "予定（予測）")
        case .categoryByMonth: ("Categories per month", "カテゴリ別・月別")
        case .average: ("Average", "平均")
        case .limits: ("Limits", "予算の上限")
        case .available: ("Available", "使える額")
        case .carriedIn: ("Carried in", "繰越")
        case .monthlyLimit: ("monthly", "毎月")
        case .yearlyLimit: ("yearly", "毎年")
        case .allExpenses: ("All expenses", "支出全体")
        case .upcoming: ("Coming up", "今後の予定")
        case .day: ("Day", "日付")
        case .name: ("Name", "名前")
        case .amount: ("Amount", "金額")
        case .incomeKind: ("income", "収入")
        case .expenseKind: ("expense", "支出")
        case .nothingScheduled: ("Nothing is scheduled.", "予定はありません。")
        case .accounts: ("Accounts", "口座")
        case .account: ("Account", "口座")
        case .type: ("Type", "種類")
        case .assets: ("Assets", "資産")
        case .owed: ("Cards owe", "カード未払い")
        case .netWorth: ("Net worth", "純資産")
        case .netWorthOverTime: ("Net worth at each month's end", "月末の純資産")
        case .members: ("Members", "メンバー")
        case .member: ("Member", "メンバー")
        case .paid: ("Paid", "支払った額")
        case .settled: ("Settled", "精算済み")
        case .settlement: ("To settle", "精算")
        case .pays: ("pays", "→")
        case .allSettled: ("Everyone is settled.", "精算済みです。")
        case .cannotSettle: ("Cannot settle", "精算できません")
        case .chartData: ("The chart's figures", "グラフの数値")
        case .currency: ("Amounts in", "金額の単位")
        case .previousPeriod: ("the period before", "前の期間")
        case .range: ("%1 to %2", "%1〜%2")
        case .oneDay: ("1 day", "1日")
        case .dayCount: ("%1 days", "%1日")
        case .points: ("%1 pt", "%1ポイント")
        case .chartLastMonths: ("The last %1 months of the period are drawn.", "期間のうち直近%1か月を表示しています。")
        case .tableLastMonths: (
                "The last %1 months; the totals and averages are theirs.", "直近%1か月分です（合計と平均もこの期間）。")
        case .accountBalance: ("Balance", "残高")
        case .memberShare: ("Share", "負担額")
        case .memberBalance: ("Balance", "精算差額")
        case .monthEnd: ("Month end", "月末")
        case .bank: ("bank", "銀行")
        case .cash: ("cash", "現金")
        case .card: ("card", "カード")
        case .emoney: ("e-money", "電子マネー")
        case .savings: ("savings", "貯蓄")
        }
    }
}
