import Foundation

/// A directory of a test's own for the files it writes: made in `setUp`, removed in `tearDown`.
public enum ScratchDirectory {
    /// A new empty directory in the temporary directory, its name starting with `prefix`.
    public static func make(_ prefix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Removes the directory and everything in it.
    public static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The bytes of a file.
public func fileBytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// A data file's text with its history entries' times left out: what the same change writes at
/// another moment.
public func timeless(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).replacing(/"time" : "[^"]*"/, with: "")
}
