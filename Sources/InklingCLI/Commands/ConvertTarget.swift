/// What `inkling convert` writes.
enum ConvertTarget: String, Sendable, CaseIterable, ArgumentValue {
    /// Canonical stroke JSON.
    case json
    /// SVG 1.1 with each stroke's outline as a filled path.
    case svg

    /// The target an output path implies: `.svg` → svg, anything else (and `-`) → json.
    static func implied(by output: String) -> ConvertTarget {
        output.lowercased().hasSuffix(".svg") ? .svg : .json
    }
}
