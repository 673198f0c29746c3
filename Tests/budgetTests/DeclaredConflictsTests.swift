import XCTest
@testable import budget

/// What a command declares it cannot be given together (`OptionSpec.conflicts`,
/// `ArgumentSpec.conflicts`) feeds completion; the command's own checks refuse it. These tests
/// hold the two together: every declared pair is a usage error when given, while either side
/// alone is taken.
final class DeclaredConflictsTests: XCTestCase {
    private let parser = CommandLineParser(root: CommandTree.root)

    /// A value each option or argument takes, by its placeholder or name.
    private static let samples: [String: String] = [
        "day": "2026-11-01", "month": "2026-11", "year": "2026", "n": "1", "amount": "1000", "category": "food",
        "device": "a", "value": "1", "period": "month", "grouping": "category", "which": "expenses",
    ]

    private struct Side {
        var words: [String]
        var name: String
    }

    /// The command lines of each declared pair: the pair, then each side alone.
    private func pairs(of spec: CommandSpec, path: [String]) -> [(pair: [String], alone: [[String]], said: String)] {
        func sample(_ option: OptionSpec, value: String? = nil) -> [String] {
            guard let placeholder = option.valueName else { return ["--" + option.long] }
            return ["--" + option.long, value ?? option.choices.first ?? Self.samples[placeholder] ?? "1"]
        }
        func side(_ named: String) -> Side? {
            let parts = named.split(separator: "=", maxSplits: 1).map(String.init)
            if let option = spec.options.first(where: { $0.long == parts[0] }) {
                return Side(words: sample(option, value: parts.count == 2 ? parts[1] : nil), name: named)
            }
            return nil
        }
        // The arguments every line gives: all but those that are a side of a pair (`list` needs its
        // optional `<which>`; `limit set --total` takes no category).
        let required = spec.arguments.filter { $0.conflicts.isEmpty }.map { Self.samples[$0.name] ?? "1" }
        var found: [(pair: [String], alone: [[String]], said: String)] = []
        for option in spec.options {
            for other in option.conflicts {
                guard let second = side(other) else {
                    XCTFail("\(path) --\(option.long) declares a conflict with '\(other)', which it does not have")
                    continue
                }
                let first = sample(option), base = path + required
                let said = "--\(option.long) with \(other)"
                found.append((base + first + second.words, [base + first, base + second.words], said))
            }
        }
        for argument in spec.arguments where !argument.conflicts.isEmpty {
            let value = Self.samples[argument.name] ?? "1"
            for other in argument.conflicts {
                guard let second = side(other) else {
                    XCTFail("\(path) <\(argument.name)> declares a conflict with '\(other)', which it does not have")
                    continue
                }
                // The optional argument comes first, as the usage line gives it.
                let withArgument = path + [value] + required
                found.append((withArgument + second.words, [withArgument, path + required + second.words],
                              "<\(argument.name)> with \(other)"))
            }
        }
        return found
    }

    private func leaves(_ spec: CommandSpec, _ path: [String]) -> [(CommandSpec, [String])] {
        guard spec.hasSubcommands else { return [(spec, path)] }
        let below = spec.subcommands.flatMap { leaves($0, path + [$0.name]) }
        return below + (spec.runsWithoutSubcommand ? [(spec, path)] : [])
    }

    func testEveryDeclaredConflict_IsRefusedAsAUsageError_AndEachSideAloneIsTaken() throws {
        var checked = 0
        for (spec, path) in leaves(CommandTree.root, []) {
            guard let type = CommandTree.commandType(for: path) else { continue }
            for (pair, alone, said) in pairs(of: spec, path: path) {
                for line in alone {
                    XCTAssertNoThrow(try type.init(try parser.parse(line)), "\(line.joined(separator: " ")) (\(said))")
                }
                XCTAssertThrowsError(try type.init(try parser.parse(pair)), "\(pair.joined(separator: " "))") { error in
                    XCTAssertTrue(error is UsageError, "\(pair): \(error)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20, "the walk found the declared pairs")
    }
}
