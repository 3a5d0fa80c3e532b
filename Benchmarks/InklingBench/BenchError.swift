/// Why a benchmark could not run.
enum BenchError: Error, CustomStringConvertible {
    /// Bad command line; the message may be empty when only the usage text is wanted.
    case usage(String)
    /// An input could not be read or decoded, or an implementation failed on it.
    case failed(String)

    var description: String {
        switch self {
        case .usage(let message): message
        case .failed(let message): message
        }
    }
}
