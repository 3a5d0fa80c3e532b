/// Why a regression suite could not be loaded or run.
public enum RegressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cases path does not exist.
    case notFound(String)
    /// The cases folder holds no case (no sub-folder with a `case.json`), or the manifest lists none.
    case noCases(String)
    /// A case file is larger than the limit.
    case caseFileTooLarge(file: String, bytes: Int, limit: Int)
    /// A case file or manifest entry is malformed (or points outside its folder); `message` names
    /// the key and what was expected.
    case invalidCase(file: String, message: String)
    /// Two cases have the same name.
    case duplicateName(String)
    /// A file a case needs cannot be read.
    case unreadable(path: String, reason: String)
    /// Writing a reference or a report artifact failed.
    case writeFailed(path: String, reason: String)

    /// A one-line message a person can act on.
    public var description: String {
        switch self {
        case let .notFound(path):
            "\(path): no such folder or manifest; give a folder of case folders or a cases .json manifest"
        case let .noCases(path):
            "\(path): no cases found (each case is a folder with a case.json, or an entry of a manifest's \"cases\")"
        case let .caseFileTooLarge(file, bytes, limit):
            "\(file): \(bytes) bytes, over the \(limit)-byte limit for a case file"
        case let .invalidCase(file, message):
            "\(file): \(message)"
        case let .duplicateName(name):
            "two cases are named \(name); names must be unique"
        case let .unreadable(path, reason):
            "\(path): \(reason)"
        case let .writeFailed(path, reason):
            "cannot write \(path): \(reason)"
        }
    }
}
