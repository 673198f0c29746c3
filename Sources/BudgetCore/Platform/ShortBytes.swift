/// Up to 16 bytes and their count, compared as words.
struct ShortBytes: Equatable, Sendable {
    private var low: UInt64 = 0, high: UInt64 = 0
    private let count: Int

    /// The bytes, when there are at most 16.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= 16 else { return nil }
        count = bytes.count
        guard let base = bytes.baseAddress else { return }
        withUnsafeMutableBytes(of: &low) { low in
            withUnsafeMutableBytes(of: &high) { high in
                let first = min(bytes.count, 8)
                low.baseAddress?.copyMemory(from: base, byteCount: first)
                if bytes.count > 8 { high.baseAddress?.copyMemory(from: base + 8, byteCount: bytes.count - 8) }
            }
        }
    }
}
