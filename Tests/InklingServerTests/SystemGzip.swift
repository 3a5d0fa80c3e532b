import Foundation

/// Compresses test bodies with the system's own gzip, so the server's inflater is checked
/// against the real format.
enum SystemGzip {
    /// `bytes` compressed by `gzip -c` (`level` 1…9).
    static func compress(_ bytes: [UInt8], level: Int = 6) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", "-\(level)"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread { input.fileHandleForWriting.write(Data(bytes)); try? input.fileHandleForWriting.close() }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }
}
