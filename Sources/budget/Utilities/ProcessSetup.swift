#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process arranges before any command runs: how signals end it and how memory is
/// allocated.
enum ProcessSetup {
    static func run() {
        // A file size limit (ulimit -f) must fail the write with EFBIG, not kill the process
        // before it can clean up and report.
        signal(SIGXFSZ, SIG_IGN)
        // Large data files are mapped (JSONFileStore.mapsLargeFiles). If another program cuts
        // one short while it is read, say so and stop: nothing has been written at that point.
        signal(SIGBUS, { _ in
            let message: StaticString = "budget: error: the data file was cut short by another program while it was being read; nothing was changed\n"
            _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
            _exit(ExitCode.ioError.rawValue)
        })
        tuneMemoryAllocator()
    }

    /// A large data file means arrays of tens of megabytes, built, copied and freed within
    /// one short run. By default glibc maps each such block afresh and unmaps it on free, so
    /// every reuse faults its pages in again (about a quarter of the time of a change at
    /// 100,000 records). Served from the heap and kept there, freed memory is reused instead.
    private static func tuneMemoryAllocator() {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out: look it up.
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        let trimThreshold: Int32 = -1, topPad: Int32 = -2, mmapThreshold: Int32 = -3  // M_* in <malloc.h>
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 256 << 20)
        _ = mallopt(topPad, 16 << 20)
        #endif
    }
}
