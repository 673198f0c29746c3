/// A currency: its ISO 4217 code, the symbol tables show, and how many decimals its minor unit has.
public struct Currency: Hashable, Sendable {
    /// The ISO 4217 code (`JPY`).
    public let code: String
    /// What tables write before an amount (`¥`, `$`, `KWD `).
    public let symbol: String
    /// Digits after the decimal point: 0 for yen, 2 for dollars, 3 for Kuwaiti dinar.
    public let minorDigits: Int

    /// How text marks an amount in this currency, before or after the number: the symbol
    /// without its space (`$`, `CHF`), then the code unless it is the same (`USD`).
    public var symbols: [String] {
        let shown = symbol.trimmingSpaces
        return shown == code ? [shown] : [shown, code]
    }

    /// The currencies `budget` knows, with their ISO 4217 minor units.
    public static let known: [Currency] = [
        Currency(code: "JPY", symbol: "¥", minorDigits: 0),
        Currency(code: "USD", symbol: "$", minorDigits: 2),
        Currency(code: "EUR", symbol: "€", minorDigits: 2),
        Currency(code: "GBP", symbol: "£", minorDigits: 2),
        Currency(code: "CHF", symbol: "CHF ", minorDigits: 2),
        Currency(code: "CNY", symbol: "CN¥", minorDigits: 2),
        Currency(code: "KRW", symbol: "₩", minorDigits: 0),
        Currency(code: "TWD", symbol: "NT$", minorDigits: 2),
        Currency(code: "HKD", symbol: "HK$", minorDigits: 2),
        Currency(code: "SGD", symbol: "S$", minorDigits: 2),
        Currency(code: "INR", symbol: "₹", minorDigits: 2),
        Currency(code: "AUD", symbol: "A$", minorDigits: 2),
        Currency(code: "NZD", symbol: "NZ$", minorDigits: 2),
        Currency(code: "CAD", symbol: "CA$", minorDigits: 2),
        Currency(code: "MXN", symbol: "MX$", minorDigits: 2),
        Currency(code: "BRL", symbol: "R$", minorDigits: 2),
        Currency(code: "SEK", symbol: "SEK ", minorDigits: 2),
        Currency(code: "NOK", symbol: "NOK ", minorDigits: 2),
        Currency(code: "DKK", symbol: "DKK ", minorDigits: 2),
        Currency(code: "PLN", symbol: "PLN ", minorDigits: 2),
        Currency(code: "THB", symbol: "฿", minorDigits: 2),
        Currency(code: "VND", symbol: "₫", minorDigits: 0),
        Currency(code: "ISK", symbol: "ISK ", minorDigits: 0),
        Currency(code: "KWD", symbol: "KWD ", minorDigits: 3),
        Currency(code: "BHD", symbol: "BHD ", minorDigits: 3),
        Currency(code: "OMR", symbol: "OMR ", minorDigits: 3),
        Currency(code: "JOD", symbol: "JOD ", minorDigits: 3),
        Currency(code: "TND", symbol: "TND ", minorDigits: 3),
    ]

    /// The known currency with a code, matched without regard to case (`usd`).
    public init?(code: String) {
        guard let match = Self.known.first(where: { $0.code == code.uppercased() }) else { return nil }
        self = match
    }

    private init(code: String, symbol: String, minorDigits: Int) {
        self.code = code
        self.symbol = symbol
        self.minorDigits = minorDigits
    }
}
