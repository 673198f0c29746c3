/// Electronic money, transit cards and payment apps.
extension StatementPreset {
    /// The wallets and payment apps, in the order they are tried.
    static let wallets: [StatementPreset] = []
}
