/// One step of a ``JSONNode``'s way down from the root, shared by every value in the same
/// container, so that reading a member or an element costs at most one small allocation and
/// the ``JSONPath`` itself is built only when someone asks for it (an error message).
final class JSONPathLink: Sendable {
    /// The container's own link (`nil`: the container is the root).
    let parent: JSONPathLink?
    /// The container's step from its own container.
    let step: JSONPath.Step

    init(parent: JSONPathLink?, step: JSONPath.Step) {
        self.parent = parent
        self.step = step
    }

    /// The path of a value whose container hangs from `parent` and whose own step is `last`.
    static func path(of parent: JSONPathLink?, then last: JSONPath.Step?) -> JSONPath {
        var steps: [JSONPath.Step] = last.map { [$0] } ?? []
        var link = parent
        while let current = link {
            steps.append(current.step)
            link = current.parent
        }
        return JSONPath(steps.reversed())
    }
}
