import Foundation

/// A benchmark input read fully into memory before anything is timed.
struct InputFile {
    /// The path as given.
    var path: String
    /// The file's bytes.
    var bytes: [UInt8]

    /// The file name without its folder.
    var name: String { (path as NSString).lastPathComponent }

    /// Reads the whole file.
    init(path: String) throws(BenchError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .failed("\(path): cannot read the file")
        }
        self.path = path
        self.bytes = [UInt8](data)
    }
}
