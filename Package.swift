// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "budget",
    products: [
        .executable(name: "budget", targets: ["budget"]),
        .library(name: "BudgetCore", targets: ["BudgetCore"]),
    ],
    targets: [
        .target(name: "BudgetCore"),
        .executableTarget(name: "budget", dependencies: ["BudgetCore"]),
        .testTarget(name: "BudgetCoreTests", dependencies: ["BudgetCore"]),
        .testTarget(name: "budgetTests", dependencies: ["budget", "BudgetCore"]),
    ],
    swiftLanguageModes: [.v6]
)
