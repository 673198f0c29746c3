/// The members' exact shares of what the household spent, as fractions over one denominator,
/// rounded once (`Settlement`). Amounts shared alike are added up first, by their weights, so
/// the denominator is the least common multiple of a few sums of weights.
struct ExactShares: Sendable {
    /// Weights (reduced by their greatest common divisor) and what they share.
    private var groups: [(weights: [Int], total: Int, amount: Int)] = []
    private var groupIndex: [[Int]: Int] = [:]
    /// What each member bears alone (parts, personal expenses).
    private var alone: [Int]

    /// Shares among `members` members.
    init(members: Int) {
        alone = [Int](repeating: 0, count: members)
    }

    /// The group of these weights (some above 0), made on first use.
    mutating func group(_ weights: [Int]) -> Int? {
        let divisor = weights.reduce(0) { Self.gcd($0, $1) }
        guard divisor > 0 else { return nil }
        let reduced = weights.map { $0 / divisor }
        if let known = groupIndex[reduced] { return known }
        groups.append((reduced, reduced.reduce(0, +), 0))
        groupIndex[reduced] = groups.count - 1
        return groups.count - 1
    }

    /// Shares `amount` by a group's weights.
    mutating func add(_ amount: Int, to group: Int) throws(BudgetError) {
        let (sum, over) = groups[group].amount.addingReportingOverflow(amount)
        guard !over else { throw .totalOverflow }
        groups[group].amount = sum
    }

    /// Gives `amount` to one member alone.
    mutating func add(part amount: Int, member: Int) throws(BudgetError) {
        let (sum, over) = alone[member].addingReportingOverflow(amount)
        guard !over else { throw .totalOverflow }
        alone[member] = sum
    }

    /// Adds what another tally's shares hold (its groups matched to these by their weights).
    ///
    /// - Throws: `BudgetError.totalOverflow` when a sum does not fit.
    mutating func join(_ other: ExactShares) throws(BudgetError) {
        for group in other.groups where group.amount != 0 {
            guard let index = self.group(group.weights) else { continue }
            try add(group.amount, to: index)
        }
        for member in alone.indices { try add(part: other.alone[member], member: member) }
    }

    /// Each member's share rounded once: the floor of the exact share, and one more unit to
    /// the largest remainders (ties in member order) until the shares add up to the total.
    ///
    /// - Throws: `MemberError.sharesTooLarge` when the sums do not fit in 128 bits.
    func rounded() throws(MemberError) -> [Int] {
        var denominator: Int128 = 1
        for group in groups where group.amount != 0 {
            let total = Int128(group.total)
            let common = denominator / Int128(Self.gcd128(denominator, total))
            let (next, over) = common.multipliedReportingOverflow(by: total)
            guard !over else { throw .sharesTooLarge }
            denominator = next
        }
        var numerators = [Int128](repeating: 0, count: alone.count)
        for member in alone.indices {
            var numerator = try Self.product(Int128(alone[member]), denominator)
            for group in groups where group.amount != 0 && group.weights[member] != 0 {
                let scale = denominator / Int128(group.total)
                let weighted = try Self.product(Int128(group.amount), Int128(group.weights[member]))
                let term = try Self.product(weighted, scale)
                let (sum, over) = numerator.addingReportingOverflow(term)
                guard !over else { throw .sharesTooLarge }
                numerator = sum
            }
            numerators[member] = numerator
        }
        // Floors and remainders (0 ≤ remainder < denominator), also for negative shares.
        var floors = numerators.map { numerator -> Int128 in
            let quotient = numerator / denominator
            return numerator % denominator < 0 ? quotient - 1 : quotient
        }
        let remainders = numerators.indices.map { numerators[$0] - floors[$0] * denominator }
        let total = numerators.reduce(Int128(0), +) / denominator
        var units = Int(total - floors.reduce(Int128(0), +))
        let order = Self.largestFirst(remainders)
        for member in order where units > 0 && remainders[member] > 0 {
            floors[member] += 1
            units -= 1
        }
        var result: [Int] = []
        for value in floors {
            guard let share = Int(exactly: value) else { throw .sharesTooLarge }
            result.append(share)
        }
        return result
    }

    /// One expense's shares for display: `amount` by the group's weights (its payer's alone
    /// without a group), rounded by the largest remainder.
    func display(_ amount: Int, group: Int?, payer: Int) -> [Int] {
        var shares = [Int](repeating: 0, count: alone.count)
        guard let group else {
            shares[payer] = amount
            return shares
        }
        let weights = groups[group].weights, total = Int128(groups[group].total)
        var remainders: [Int128] = []
        var given: Int128 = 0
        for member in shares.indices {
            let exact = Int128(amount) * Int128(weights[member])
            var quotient = exact / total
            if exact % total < 0 { quotient -= 1 }
            remainders.append(exact - quotient * total)
            shares[member] = Int(truncatingIfNeeded: quotient)
            given += quotient
        }
        var units = Int(truncatingIfNeeded: Int128(amount) - given)
        let order = Self.largestFirst(remainders)
        for member in order where units > 0 && remainders[member] > 0 {
            shares[member] += 1
            units -= 1
        }
        return shares
    }

    /// The members by remainder, largest first, ties in member order.
    private static func largestFirst(_ remainders: [Int128]) -> [Int] {
        remainders.indices.sorted { remainders[$0] > remainders[$1] || (remainders[$0] == remainders[$1] && $0 < $1) }
    }

    private static func product(_ left: Int128, _ right: Int128) throws(MemberError) -> Int128 {
        let (value, over) = left.multipliedReportingOverflow(by: right)
        guard !over else { throw .sharesTooLarge }
        return value
    }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (abs(a), abs(b))
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    private static func gcd128(_ a: Int128, _ b: Int128) -> Int128 {
        var (a, b) = (a < 0 ? -a : a, b < 0 ? -b : b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
