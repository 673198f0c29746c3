#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tuning of the C library's memory allocator (`malloc`).
enum MemoryAllocator {
    /// Sets glibc's `mallopt` thresholds, in bytes: blocks from `mmapThreshold` up are mapped
    /// afresh (`M_MMAP_THRESHOLD`), free memory at the top of the heap beyond `trimThreshold` is
    /// given back (`M_TRIM_THRESHOLD`), and the heap grows `topPad` beyond each request
    /// (`M_TOP_PAD`). Does nothing on other C libraries, or when `mallopt` cannot be found.
    static func configure(mmapThreshold: Int32, trimThreshold: Int32, topPad: Int32) {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out: look it up.
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        let trimOption: Int32 = -1, topPadOption: Int32 = -2, mmapOption: Int32 = -3  // M_* in <malloc.h>
        _ = mallopt(mmapOption, mmapThreshold)
        _ = mallopt(trimOption, trimThreshold)
        _ = mallopt(topPadOption, topPad)
        #endif
    }
}
