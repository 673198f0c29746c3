import Foundation
import XCTest

/// Both targets' folders are layers: a file may use the types of its own folder and of the folders
/// before it in its target's list, never those after it (ARCHITECTURE.md), and `Commands/` holds
/// commands and what defines them, not helpers. Only the `Platform/` folders call the C library or
/// work with pointers, `Codec/RawBytes.swift` aside, and what else does is named below with its reason.
final class LayeringTests: XCTestCase {
    /// The executable's layers, from the bottom.
    private static let layers = ["Platform", "Utilities", "Parsing", "Output", "Usage", "Commands", "Running"]

    /// The core's layers, from the bottom (`BudgetError.swift`, beside them, is for all).
    private static let coreLayers = [
        "Platform", "JSON", "Models", "Codec", "Money", "Schema", "Settings", "Sync", "History", "Storage",
        "Reports", "Interop", "Operations", "Statements", "Schedules", "Overview", "Replication", "Merging",
    ]

    /// The core's uses of a later layer's types that the order allows, by file, each with its reason:
    /// every other use of a later layer fails, and so does an entry no longer needed.
    private static let coreCrossings: [String: (types: Set<String>, reason: String)] = [
        "Models/BaseModel.swift": (
            ["BudgetDocument", "RecordSchema", "MemberCheck"],
            "a kind names its schema and the table of the document that holds it, and has its members checked"
        ),
        "Models/Income.swift": (
            ["BudgetDocument", "RecordSchema", "RecordField", "FieldCoders", "MemberCheck"],
            "the kind's declaration: fields, table, the check of who received it"
        ),
        "Models/Expense.swift": (
            ["BudgetDocument", "RecordSchema", "RecordField", "FieldCoders", "MemberCheck"],
            "the kind's declaration: fields, table, the check of who paid and who shares it"
        ),
        "Models/Transfer.swift": (
            ["BudgetDocument", "RecordSchema", "RecordField", "FieldCoders"], "the kind's declaration: fields, table"
        ),
        "Settings/SettingsCatalog.swift": (
            ["ImportKeys", "RecurKeys"], "every domain, Statements/' and Schedules/' too: the reader knows every key"
        ),
        "History/UndoHistory.swift": (
            ["FastDocumentCodec"], "an entry kept as its bytes is decoded by the fast reader that kept it"
        ),
    ]

    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
    }

    /// A file's text without its comments (what follows `//` on a line).
    private static func code(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
            .joined(separator: "\n")
    }

    /// Every Swift file of a target's folders, with its code.
    private func files(
        of target: String, in folders: [String]
    ) throws -> [(folder: String, name: String, text: String)] {
        var result: [(String, String, String)] = []
        for folder in folders {
            let directory = root.appendingPathComponent(target).appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            for name in names.sorted() where name.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                result.append((folder, name, Self.code(text)))
            }
        }
        return result
    }

    /// Checks that each file of `target` uses only the types declared at the top level of its own
    /// folder and of earlier ones, or a later one's that `crossings` allows its file.
    private func checkLayers(
        of target: String, _ layers: [String], crossings: [String: (types: Set<String>, reason: String)] = [:],
        declaring sample: (type: String, folder: String)
    ) throws {
        let directory = root.appendingPathComponent(target)
        let folders = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { name in
            var isFolder: ObjCBool = false
            let path = directory.appendingPathComponent(name).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        XCTAssertEqual(Set(folders), Set(layers), "every folder of \(target) is a layer, in the list")
        let files = try files(of: target, in: layers)
        let declaration = try NSRegularExpression(
            pattern: #"^(?:@\w+\s+)*(?:(?:public|package|internal|private|fileprivate|final|indirect)\s+)*"#
                + #"(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)"#, options: .anchorsMatchLines)
        var owner: [String: String] = [:]
        for file in files {
            for match in declaration.matches(in: file.text, range: NSRange(file.text.startIndex..., in: file.text)) {
                if let name = Range(match.range(at: 1), in: file.text) { owner[String(file.text[name])] = file.folder }
            }
        }
        XCTAssertEqual(owner[sample.type], sample.folder, "the scan finds declarations")
        XCTAssertGreaterThan(owner.count, 20, "the scan finds declarations")
        var crossed: [String: Set<String>] = [:]
        for file in files {
            let level = try XCTUnwrap(layers.firstIndex(of: file.folder))
            let path = file.folder + "/" + file.name
            let words = Set(file.text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            for word in words {
                guard let folder = owner[word], let other = layers.firstIndex(of: folder), other > level else {
                    continue
                }
                if crossings[path]?.types.contains(word) == true {
                    crossed[path, default: []].insert(word)
                    continue
                }
                XCTFail("\(target)/\(path) uses \(word) of \(folder)/, a later layer")
            }
        }
        for (path, allowed) in crossings {
            XCTAssertEqual(crossed[path] ?? [], allowed.types, "\(path)'s allowed uses of later layers are its uses")
        }
    }

    func testFolders_UseOnlyTheLayersBeforeThem() throws {
        try checkLayers(of: "budget", Self.layers, declaring: ("TextOutput", "Utilities"))
    }

    func testCoreFolders_UseOnlyTheLayersBeforeThem() throws {
        try checkLayers(
            of: "BudgetCore", Self.coreLayers, crossings: Self.coreCrossings, declaring: ("BudgetDocument", "Storage"))
    }

    func testCLibrary_IsImportedOnlyByPlatformAndTheCodec() throws {
        let files = try sourceFiles()
        XCTAssertTrue(files.contains("budget/Platform/Signals.swift"), "the scan finds the sources")
        let libraryImport = try NSRegularExpression(
            pattern: #"^\s*(?:@preconcurrency\s+)?import\s+(?:Glibc|Darwin|Musl)\b"#, options: .anchorsMatchLines)
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            guard libraryImport.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else {
                continue
            }
            // The writer's buffers (memcpy) are the one audited exception (ARCHITECTURE.md).
            let allowed = Self.isPlatform(file) || file == Self.audited
            XCTAssertTrue(allowed, "\(file) imports the C library: wrap the call in Platform/")
        }
    }

    /// The file of BudgetCore's codec that may work with pointers.
    private static let audited = "BudgetCore/Codec/RawBytes.swift"

    private static func isPlatform(_ file: String) -> Bool {
        file.hasPrefix("BudgetCore/Platform/") || file.hasPrefix("budget/Platform/")
    }

    /// Every Swift file under Sources/, by its path there.
    private func sourceFiles() throws -> [String] {
        try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: root.path)).filter { $0.hasSuffix(".swift") }
    }

    /// What unsafe memory access, unchecked concurrency and the standard library's underscored
    /// (unstable) API look like in Swift: pointer types and the calls that lend, make or
    /// reinterpret them, `Unmanaged`, `@unchecked Sendable`, `nonisolated(unsafe)`, `._name`.
    private static let unsafePattern =
        #"\b(?:baseAddress|memcmp|memcpy|memchr|memmove|loadUnaligned|storeBytes|pointee|Unsafe\w*Pointer|"#
        + #"OpaquePointer|Unmanaged|withUnsafe\w*|withUTF8\w*|withContiguous\w*|withMemoryRebound|"#
        + #"assumingMemoryBound|bindMemory|utf8Start|unsafeUninitializedCapacity|unsafeBitCast|unsafeDowncast)\b"#
        + #"|rebasing:|\.allocate\(|@unchecked\s+Sendable|nonisolated\(unsafe\)|\._[A-Za-z]\w*|@_\w+"#

    /// The files outside `Platform/` and the audited file that may use what `unsafePattern`
    /// finds, each with what it buys (measured: ARCHITECTURE.md).
    private static let unsafeAllowed: [String: String] = [
        "BudgetCore/Schema/RecordSchema.swift":
            "the fast reader's and writer's loop over every field of every record holds the fields unretained "
            + "(Unmanaged, _withUnsafeGuaranteedRef): 12% of the instructions of add and edit, 2.6% of summary "
            + "(callgrind, 100,000 records, against plain references); Sendable by hand: immutable, its fields too",
        "BudgetCore/Schema/RecordField.swift":
            "Sendable by hand: immutable, its closures capture accessors and coders only (not yet typed @Sendable)",
        "BudgetCore/Storage/InMemoryStore.swift":
            "Box carries a transaction's result out of the Mutex's region, on the caller's own thread",
        "budget/Output/RecordPrinter.swift":
            "a listing's loop over every cell holds the columns' fields unretained: about 9% of the instructions "
            + "of list --format tsv (callgrind, 100,000 records, against plain references)",
        "budget/Commands/CommandContext.swift":
            "one command on one thread; the scheduling store's @Sendable confirmation calls back into it",
    ]

    func testPointers_AreUsedOnlyByPlatformAndTheAuditedCodecFile() throws {
        let files = try sourceFiles()
        XCTAssertTrue(files.contains(Self.audited), "the scan finds the sources")
        let unsafe = try NSRegularExpression(pattern: Self.unsafePattern)
        var found = 0
        var used: Set<String> = []
        for file in files {
            let code = Self.code(try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
            let matches = unsafe.matches(in: code, range: NSRange(code.startIndex..., in: code))
                .compactMap { Range($0.range, in: code).map { String(code[$0]) } }
            if file == Self.audited || Self.isPlatform(file) {
                found += matches.count
                continue
            }
            if Self.unsafeAllowed[file] != nil {
                if !matches.isEmpty { used.insert(file) }
                continue
            }
            XCTAssertEqual(
                matches, [],
                "\(file) works with pointers or unchecked API: do it through ByteView or \(Self.audited)'s checked "
                    + "types, or in Platform/, or measure what it buys and name it in unsafeAllowed")
        }
        XCTAssertGreaterThan(found, 10, "the pattern finds pointer work where it is allowed")
        XCTAssertEqual(used, Set(Self.unsafeAllowed.keys), "every allowed file still needs it")
    }

    func testCommands_HoldsCommandsAndWhatDefinesThem() throws {
        let names = try files(of: "budget", in: Self.layers).filter { $0.folder == "Commands" }.map(\.name)
        let helpers = names.filter {
            !$0.hasSuffix("Command.swift") && !["CommandContext.swift", "CommandTree.swift"].contains($0)
        }
        XCTAssertEqual(helpers, [], "helpers belong in Parsing/, Output/ or Utilities/")
    }
}
