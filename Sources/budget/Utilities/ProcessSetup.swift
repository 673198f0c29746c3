/// What the process arranges before any command runs: how signals end it and how memory is
/// allocated.
enum ProcessSetup {
    static func run() {
        // A file size limit (ulimit -f) must fail the write with EFBIG, not kill the process
        // before it can clean up and report.
        Signals.ignoreFileSizeLimit()
        // Large data files are mapped (JSONFileStore.mapsLargeFiles). If another program cuts
        // one short while it is read, say so and stop: nothing has been written at that point.
        Signals.onBusError { _ in
            FileDescriptor.standardError.writeFromSignalHandler("""
                budget: error: the data file was cut short by another program while it was being read; nothing was \
                changed\n
                """)
            ProcessExit.immediately(ExitCode.ioError.rawValue)
        }
        tuneMemoryAllocator()
    }

    /// A large data file means arrays of tens of megabytes, built, copied and freed within
    /// one short run. By default glibc maps each such block afresh and unmaps it on free, so
    /// every reuse faults its pages in again (about a quarter of the time of a change at
    /// 100,000 records). Served from the heap and kept there, freed memory is reused instead.
    private static func tuneMemoryAllocator() {
        MemoryAllocator.configure(mmapThreshold: 32 << 20, trimThreshold: 256 << 20, topPad: 16 << 20)
    }
}
