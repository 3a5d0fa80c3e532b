import InklingConditioning
import InklingBase

/// Typed access to a configuration JSON value that knows its JSON path, so every complaint
/// says where (`engines.comfyui.sizes[1]: expected WxH like 1024x1024, got "big"`).
struct ConfigurationReader {
    let value: JSONValue
    let at: String
    let file: String

    func fail(_ problem: String) -> EngineConfigurationError { .invalid(path: file, at: at, problem: problem) }

    /// The object's members, rejecting keys outside `allowed` (typos are errors, not silence).
    func members(allowed: Set<String>) throws(EngineConfigurationError) -> [String: ConfigurationReader] {
        guard case .object(let object) = value else { throw fail("expected an object, got \(kind)") }
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            let hint = EditDistance.closest(to: unknown, in: allowed.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
            throw EngineConfigurationError.invalid(path: file, at: child(unknown), problem: "unknown key; expected one of \(allowed.sorted().joined(separator: ", "))\(hint)")
        }
        return object.reduce(into: [:]) { $0[$1.key] = ConfigurationReader(value: $1.value, at: child($1.key), file: file) }
    }

    /// Every member (for maps keyed by user names).
    func anyMembers() throws(EngineConfigurationError) -> [(String, ConfigurationReader)] {
        guard case .object(let object) = value else { throw fail("expected an object, got \(kind)") }
        return object.keys.sorted().map { ($0, ConfigurationReader(value: object[$0]!, at: child($0), file: file)) }
    }

    func string() throws(EngineConfigurationError) -> String {
        guard let s = value.string else { throw fail("expected a string, got \(kind)") }
        return s
    }

    func bool() throws(EngineConfigurationError) -> Bool {
        guard let b = value.bool else { throw fail("expected true or false, got \(kind)") }
        return b
    }

    func number(in range: ClosedRange<Double>) throws(EngineConfigurationError) -> Double {
        guard let d = value.double, d.isFinite else { throw fail("expected a number, got \(kind)") }
        guard range.contains(d) else { throw fail("expected \(NumberText.compact(range.lowerBound))…\(NumberText.compact(range.upperBound)), got \(NumberText.compact(d))") }
        return d
    }

    func integer(in range: ClosedRange<Int>) throws(EngineConfigurationError) -> Int {
        guard let i = value.int else { throw fail("expected a whole number, got \(kind)") }
        guard range.contains(i) else { throw fail("expected \(range.lowerBound)…\(range.upperBound), got \(i)") }
        return i
    }

    func array(maxCount: Int) throws(EngineConfigurationError) -> [ConfigurationReader] {
        guard let items = value.array else { throw fail("expected an array, got \(kind)") }
        guard !items.isEmpty else { throw fail("expected at least one entry") }
        guard items.count <= maxCount else { throw fail("expected at most \(maxCount) entries, got \(items.count)") }
        return items.enumerated().map { ConfigurationReader(value: $0.element, at: "\(at)[\($0.offset)]", file: file) }
    }

    /// `"1024x1024"`, each side 64…4096, a multiple of `multiple`.
    func size(multiple: Int) throws(EngineConfigurationError) -> PixelSize {
        let text = try string()
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw fail("expected WxH like 1024x1024, got \"\(text)\"")
        }
        guard (64...4096).contains(w), (64...4096).contains(h) else { throw fail("each side must be 64…4096 pixels, got \(text)") }
        guard w % multiple == 0, h % multiple == 0 else { throw fail("each side must be a multiple of \(multiple) for this engine, got \(text)") }
        return PixelSize(width: w, height: h)
    }

    private func child(_ key: String) -> String { at.isEmpty ? key : "\(at).\(key)" }

    private var kind: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .uint, .double: "a number"
        case .string(let s): "\"\(s.prefix(40))\""
        case .array: "an array"
        case .object: "an object"
        }
    }

}
