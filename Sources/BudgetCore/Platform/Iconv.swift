#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's `iconv`, wrapped once: converts bytes from one encoding to another and
/// refuses what it cannot convert (an invalid or incomplete sequence, a character the target
/// has no code for). It never substitutes. glibc has it in libc (its converters are the
/// `gconv` modules); Darwin in libiconv, which the package links.
final class Iconv {
    /// Why a conversion stopped.
    enum Failure: Error, Equatable {
        /// `iconv_open` knows no conversion between the two encodings (or has no converter
        /// installed for them).
        case unsupported
        /// `EILSEQ`: the input at this byte offset is not valid in the source encoding, or is
        /// a character the target encoding cannot hold.
        case invalid(offset: Int)
        /// `EINVAL`: the input ends inside a multibyte sequence that starts at this offset.
        case incomplete(offset: Int)
        /// Any other `errno`.
        case failed(errno: Int32)
    }

    private let handle: iconv_t

    /// A converter from `source` to `target`, named as `iconv_open` names them (`"CP932"`,
    /// `"EUC-JP"`, `"UTF-8"`).
    ///
    /// - Throws: `Failure.unsupported` when the C library cannot convert between them.
    init(from source: String, to target: String) throws(Failure) {
        guard let handle = iconv_open(target, source), Int(bitPattern: handle) != -1 else { throw .unsupported }
        self.handle = handle
    }

    deinit {
        iconv_close(handle)
    }

    /// The whole of `input` converted, or the place of the first byte that cannot be.
    func convert(_ input: [UInt8]) throws(Failure) -> [UInt8] {
        // Back to the initial state, in case an earlier call stopped half way.
        _ = iconv(handle, nil, nil, nil, nil)
        var source = input
        var output: [UInt8] = []
        output.reserveCapacity(input.count + input.count / 2 + 16)
        var chunk = [UInt8](repeating: 0, count: max(64, min(input.count * 3 + 16, 1 << 20)))
        var consumed = 0
        var failure: Failure?
        var finished = false
        while failure == nil, !finished {
            // One call converts as much as the chunk holds; E2BIG asks for another round.
            let (read, written, code, flushed) = source.withUnsafeMutableBufferPointer { source in
                chunk.withUnsafeMutableBufferPointer { chunk in
                    let start = source.baseAddress.map {
                        UnsafeMutableRawPointer($0 + consumed).assumingMemoryBound(to: CChar.self)
                    }
                    var inPointer = start
                    var inLeft = source.count - consumed
                    var outPointer = chunk.baseAddress.map {
                        UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self)
                    }
                    var outLeft = chunk.count
                    // With the input all read, one more call without input ends the output in the
                    // initial shift state.
                    let flushing = inLeft == 0
                    let result = flushing
                        ? iconv(handle, nil, nil, &outPointer, &outLeft)
                        : iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft)
                    let code = result == -1 ? errno : 0
                    return (source.count - consumed - inLeft, chunk.count - outLeft, code, flushing)
                }
            }
            output.append(contentsOf: chunk[0..<written])
            consumed += read
            switch code {
            case 0: finished = flushed
            case E2BIG: continue
            case EILSEQ: failure = .invalid(offset: consumed)
            case EINVAL: failure = .incomplete(offset: consumed)
            default: failure = .failed(errno: code)
            }
        }
        if let failure { throw failure }
        return output
    }
}
