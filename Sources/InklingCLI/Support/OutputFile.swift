import Foundation
import InklingImageIO

/// One file a command writes: atomically, only ever over a regular file, never over one of the
/// command's own inputs (whatever path or hard link names it), and over an existing file only
/// with `--overwrite`.
struct OutputFile: Sendable {
    /// The destination as given on the command line.
    let path: String
    /// Whether an existing regular file may be replaced.
    let overwrite: Bool
    /// The files the command reads.
    let inputs: Set<FileIdentity>
    /// Whether the command can write this output to standard output instead (`-o -`), which
    /// the refusal of a FIFO, device or link then suggests.
    var offersStandardOutput = true

    /// An output at `path`; `inputPaths` are the command's input files (`-` and paths that do not
    /// exist are skipped).
    init(path: String, overwrite: Bool, inputPaths: [String]) {
        self.path = path
        self.overwrite = overwrite
        inputs = Set(inputPaths.filter { $0 != "-" }.compactMap(FileIdentity.init(path:)))
    }

    private var url: URL { URL(fileURLWithPath: path) }

    /// Refuses a name whose extension says another format than the PNG the command writes
    /// (`map.jpg`): the bytes would not be what the name promises. A `.png` name, a name
    /// without an extension and `-` (standard output) pass.
    static func requirePNGName(_ path: String, option: String, why: String) throws(CommandFailure) {
        guard path != "-" else { return }
        let name = URL(fileURLWithPath: path).lastPathComponent
        let ext = URL(fileURLWithPath: path).pathExtension
        guard !ext.isEmpty, ext.lowercased() != "png", name != ".\(ext)" else { return }
        let stem = String(name.dropLast(ext.count + 1))
        throw .usage("\(option) \(name.prefix(80)): writes PNG only (\(why)); name it \(stem.prefix(80)).png")
    }

    /// Refuses the destination before any work is done.
    func check() throws(CommandFailure) {
        do {
            try AtomicFile.checkDestination(url, overwrite: overwrite, protecting: inputs)
        } catch {
            throw Self.failure(error, offersStandardOutput: offersStandardOutput)
        }
    }

    /// Writes `bytes` to the destination.
    func write(_ bytes: [UInt8]) throws(CommandFailure) {
        do {
            try AtomicFile.write(bytes, to: url, overwrite: overwrite, protecting: inputs)
        } catch {
            throw Self.failure(error, offersStandardOutput: offersStandardOutput)
        }
    }

    /// The command's failure for a refused or failed write, with what to do about it.
    static func failure(_ error: AtomicFileError, offersStandardOutput: Bool = true) -> CommandFailure {
        switch error.kind {
        case .destinationExists:
            CommandFailure(.io, "\(error.description); pass --overwrite to replace it")
        case .destinationNotRegular(.fifo), .destinationNotRegular(.characterDevice), .destinationNotRegular(.socket),
             .destinationNotRegular(.symbolicLink):
            CommandFailure(.io, error.description + (offersStandardOutput ? " (use -o - to write to standard output)" : "; name a regular file"))
        default:
            CommandFailure(.io, error.description)
        }
    }
}
