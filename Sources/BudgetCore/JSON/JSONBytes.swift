/// Bytes the JSON reader can read: an array, or a file's bytes read in place (`ByteView` over a
/// mapped file), so that checking a large file never copies it.
protocol JSONBytes: RandomAccessCollection where Element == UInt8, Index == Int {}

extension Array: JSONBytes where Element == UInt8 {}
