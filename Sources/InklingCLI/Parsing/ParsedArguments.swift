import InklingBase

/// A command line split into options, flags and positionals according to an ``ArgumentSpec``.
///
/// Typed access goes through ``value(_:as:)`` so every conversion error names the option and
/// the expected form.
package struct ParsedArguments: Sendable {
    /// Option values by long name (without dashes); the last occurrence wins.
    package var options: [String: String] = [:]
    /// Every value given to each option, in order (for options that may be repeated).
    package var allOptions: [String: [String]] = [:]
    /// Long names of the flags that were given.
    package var flags: Set<String> = []
    /// Positional arguments in order.
    package var positionals: [String] = []

    /// Splits `arguments` according to `spec`.
    ///
    /// Accepts `--name value`, `--name=value`, `-x value`, flags, `--` to end options, and a
    /// lone `-` as a positional (standard input). Unknown options and missing values are usage errors.
    package init(_ arguments: [String], spec: ArgumentSpec) throws(CommandFailure) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if onlyPositionals || token == "-" || !token.hasPrefix("-") {
                positionals.append(token)
                continue
            }
            if token == "--" { onlyPositionals = true; continue }
            var name: String
            var inlineValue: String?
            if token.hasPrefix("--") {
                name = String(token.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
            } else {
                guard token.count == 2, let short = token.last else {
                    throw .usage("unknown option '\(token)'; short options take one letter, e.g. -o")
                }
                if let option = spec.options.first(where: { $0.short == short }) {
                    name = option.name
                } else if let flag = spec.flags.first(where: { $0.short == short }) {
                    name = flag.name
                } else {
                    throw .usage("unknown option '\(token)'\(Self.hint(spec))")
                }
            }
            if spec.flags.contains(where: { $0.name == name }) {
                if inlineValue != nil { throw .usage("--\(name) takes no value") }
                flags.insert(name)
            } else if let option = spec.options.first(where: { $0.name == name }) {
                if let inlineValue {
                    options[name] = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw .usage("--\(name) needs a value (\(option.valueName))")
                    }
                    options[name] = arguments[index]
                    index += 1
                }
                allOptions[name, default: []].append(options[name] ?? "")
            } else {
                throw .usage("unknown option '--\(name)'\(Self.hint(spec, near: name))")
            }
        }
        try checkPositionals(spec)
    }

    /// The value of option `name` converted to `T`, or `nil` when it was not given.
    package func value<T: ArgumentValue>(_ name: String, as type: T.Type = T.self) throws(CommandFailure) -> T? {
        guard let raw = options[name] else { return nil }
        guard let value = T(argument: raw) else {
            throw .usage("invalid value '\(raw)' for --\(name): expected \(T.expectation)")
        }
        return value
    }

    /// Every value given to option `name`, in order (empty when it was not given), each split
    /// at commas and trimmed of spaces: `--x a --x "b, c"` is `["a", "b", "c"]`. Empty items are dropped.
    package func list(_ name: String) -> [String] {
        (allOptions[name] ?? []).flatMap { $0.split(separator: ",") }.compactMap { item in
            let trimmed = item.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
            return trimmed.isEmpty ? nil : String(trimmed)
        }
    }

    /// Whether flag `name` was given.
    package func flag(_ name: String) -> Bool { flags.contains(name) }

    private func checkPositionals(_ spec: ArgumentSpec) throws(CommandFailure) {
        let expected = spec.positionals
        let repeats = expected.last?.repeats ?? false
        if positionals.count < expected.count {
            throw .usage("missing \(expected[positionals.count].valueName); see --help")
        }
        if positionals.count > expected.count && !repeats {
            throw .usage("unexpected argument '\(positionals[expected.count])'; see --help")
        }
    }

    private static func hint(_ spec: ArgumentSpec, near name: String? = nil) -> String {
        let names = spec.options.map(\.name) + spec.flags.map(\.name)
        if let name, let close = EditDistance.closest(to: name, in: names) {
            return "; did you mean '--\(close)'?"
        }
        return "; see --help"
    }
}
