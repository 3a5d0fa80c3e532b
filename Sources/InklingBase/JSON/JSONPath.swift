/// Where a value sits in a JSON document: `strokes[3].points[17].force`.
///
/// A path is built only when something asks for it (an error message): ``JSONNode`` keeps its
/// parent's path and its own last step, so walking a million points allocates no paths.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: an object member or an array element.
    public enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The steps from the document's root.
    public private(set) var steps: [Step]

    /// The root of a document, or a path starting at `steps`.
    public init(_ steps: [Step] = []) {
        self.steps = steps
    }

    /// This path followed by `step`.
    public func appending(_ step: Step) -> JSONPath {
        var path = self
        path.steps.append(step)
        return path
    }

    /// `strokes[3].points[17].force`; `$` for the root.
    public var description: String {
        guard !steps.isEmpty else { return JSONError.documentPath }
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// ``description`` without the `$` of the root: empty for it.
    public var location: String { steps.isEmpty ? "" : description }
}
