#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether texts are spelt alike: the same bytes. `==` on `String` compares canonically ("é"
/// and "e" with a combining accent are equal), which is what every comparison of names wants;
/// a writer that copies a record's bytes from the file instead of writing its texts again must
/// also know that they are spelt alike (`BaseModel.isSpeltAlike`). Texts in the same storage
/// (a record left as it was read) are known alike without reading them.
enum Spelling {
    static func same(_ a: String, _ b: String) -> Bool {
        let left = a.utf8, right = b.utf8
        guard left.count == right.count else { return false }
        let compared = left.withContiguousStorageIfAvailable { left in
            right.withContiguousStorageIfAvailable { right in
                guard let start = left.baseAddress, let other = right.baseAddress else { return true }
                return start == other || memcmp(start, other, left.count) == 0
            }
        }
        return (compared ?? nil) ?? left.elementsEqual(right)
    }

    static func same(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): same(a, b)
        default: false
        }
    }

    static func same(_ a: [String], _ b: [String]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    }
}
