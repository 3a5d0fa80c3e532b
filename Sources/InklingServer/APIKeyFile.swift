import InklingJobs

/// The `--api-keys` file: one key per line, optionally followed by that key's own limits
/// (``ClientLimits``: `rate=`, `burst=`, `concurrent=`, `store=`), separated by spaces or
/// tabs; blank lines and lines starting with `#` are skipped.
///
/// ```
/// # key                      limits
/// sk-alice-4f1c…             rate=2 burst=20 concurrent=2 store=64MB
/// sk-bob-9e20…
/// ```
public struct APIKeyFile: Sendable, Hashable {
    /// The keys.
    public var keys: Set<String>
    /// The limits of the keys that set any.
    public var limits: [String: ClientLimits]

    /// Keys `keys`, with `limits` for those that have their own.
    public init(keys: Set<String> = [], limits: [String: ClientLimits] = [:]) {
        self.keys = keys
        self.limits = limits
    }

    /// Reads the file's text; the error names the line and what is wrong with it (never the key).
    public static func parse(_ text: String) throws(APIKeyFileError) -> APIKeyFile {
        var file = APIKeyFile()
        // `\r\n` is one Character in Swift, and a newline.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let key = fields.first, !key.hasPrefix("#") else { continue }
            guard !file.keys.contains(String(key)) else { throw APIKeyFileError(line: index + 1, "this key is listed twice") }
            file.keys.insert(String(key))
            guard fields.count > 1 else { continue }
            do {
                file.limits[String(key)] = try ClientLimits.parse(Array(fields.dropFirst()))
            } catch {
                throw APIKeyFileError(line: index + 1, error.description)
            }
        }
        return file
    }
}

/// What is wrong with a line of the `--api-keys` file: its number and why, in one line.
public struct APIKeyFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line (from 1).
    public let line: Int
    /// Why it is refused.
    public let reason: String

    init(line: Int, _ reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}
