import InklingBase
import InklingConditioning

/// Typed access to one value of a configuration parsed by ``JSONDocument``, so every complaint
/// says where (`engines.comfyui.sizes[1]: expected WxH with sides 64…4096, such as 1024x768, got "big"`),
/// in the words of ``JSONNode`` and ``JSONObjectReader``. `null` members count as absent.
struct ConfigurationReader {
    let node: JSONNode
    let file: String

    /// The value's JSON path (`engines.comfyui`; `$` for the document).
    var at: String { node.path.description }

    func fail(_ problem: String) -> EngineConfigurationError { .invalid(path: file, at: at, problem: problem) }

    /// A JSON error as a configuration error of `file`: problems with the document as a whole
    /// (syntax, size, nesting, budget) are ``EngineConfigurationError/malformed(path:reason:)``,
    /// the rest ``EngineConfigurationError/invalid(path:at:problem:)`` at the error's path.
    static func error(_ error: JSONError, file: String) -> EngineConfigurationError {
        let wholeDocument: Set<JSONError.Kind> = [.syntax, .tooLarge, .tooDeep, .limitExceeded]
        if error.location.isEmpty && wholeDocument.contains(error.kind) { return .malformed(path: file, reason: error.message) }
        return .invalid(path: file, at: error.path, problem: error.message)
    }

    /// Runs `body`, reporting its JSON errors as configuration errors of ``file``.
    func reading<T>(_ body: () throws(JSONError) -> T) throws(EngineConfigurationError) -> T {
        do {
            return try body()
        } catch {
            throw Self.error(error, file: file)
        }
    }

    /// The object's members, rejecting keys outside `allowed` (typos are errors, not silence,
    /// with the nearest known key suggested).
    func members(allowed: Set<String>) throws(EngineConfigurationError) -> [String: ConfigurationReader] {
        _ = try reading { () throws(JSONError) in try node.fields(allowed: allowed) }
        return node.members.reduce(into: [:]) { result, member in
            if !member.value.isNull { result[member.key] = ConfigurationReader(node: member.value, file: file) }
        }
    }

    /// Every member (for maps keyed by user names), sorted by key.
    func anyMembers() throws(EngineConfigurationError) -> [(String, ConfigurationReader)] {
        guard node.kind == .object else { throw Self.error(node.expected("an object"), file: file) }
        return node.members.sorted { $0.key < $1.key }.map { ($0.key, ConfigurationReader(node: $0.value, file: file)) }
    }

    func string() throws(EngineConfigurationError) -> String {
        try reading { () throws(JSONError) in try node.requireString() }
    }

    func bool() throws(EngineConfigurationError) -> Bool {
        try reading { () throws(JSONError) in try node.requireBool() }
    }

    func number(in range: ClosedRange<Double>) throws(EngineConfigurationError) -> Double {
        try reading { () throws(JSONError) in try node.requireNumber(in: range) }
    }

    func integer(in range: ClosedRange<Int>) throws(EngineConfigurationError) -> Int {
        guard let value = node.integer, value >= Int64(range.lowerBound), value <= Int64(range.upperBound) else {
            throw Self.error(node.expected("a whole number within \(range.lowerBound)…\(range.upperBound)"), file: file)
        }
        return Int(value)
    }

    /// A non-empty array of at most `maxCount` entries.
    func array(maxCount: Int) throws(EngineConfigurationError) -> [ConfigurationReader] {
        let items = try reading { () throws(JSONError) in try node.requireArray(maxCount: maxCount) }
        guard !items.isEmpty else { throw fail("expected at least one entry") }
        return items.map { ConfigurationReader(node: $0, file: file) }
    }

    /// The sides a configured size may have.
    static let sizeSides = 64...4096

    /// `"1024x1024"` (``SizeText``'s rule), each side within ``sizeSides`` and a multiple of `multiple`.
    func size(multiple: Int) throws(EngineConfigurationError) -> PixelSize {
        let text = try string()
        guard let size = SizeText.parse(text, sides: Self.sizeSides) else {
            throw Self.error(node.expected(SizeText.expectation(sides: Self.sizeSides), kind: .outOfRange), file: file)
        }
        guard size.width % multiple == 0, size.height % multiple == 0 else {
            throw fail("expected sides that are multiples of \(multiple) for this engine, got \(node.excerpt)")
        }
        return PixelSize(width: size.width, height: size.height)
    }
}
