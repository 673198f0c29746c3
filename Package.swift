// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "budget",
    // Int128 (exact percentages) needs the Swift 6 runtime on Apple platforms.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "budget", targets: ["budget"]),
        .library(name: "BudgetCore", targets: ["BudgetCore"]),
    ],
    targets: [
        // iconv (CP932 and EUC-JP statements) is in glibc on Linux, in libiconv on Apple platforms.
        .target(name: "BudgetCore", linkerSettings: [.linkedLibrary("iconv", .when(platforms: [.macOS, .iOS]))]),
        .executableTarget(
            name: "budget", dependencies: ["BudgetCore"],
            // The toolchain's lld: the default linker warns that the static FoundationEssentials
            // references mktemp (budget never calls it), which would make every release build noisy.
            linkerSettings: [.unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux]))]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "BudgetCoreTests", dependencies: ["BudgetCore", "TestSupport"]),
        .testTarget(name: "budgetTests", dependencies: ["budget", "BudgetCore", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
