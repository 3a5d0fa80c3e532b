import InklingBase

extension Availability {
    /// The report as JSON, as `inkling doctor --json` prints it and `GET /v1/availability`
    /// starts from: `available`, `reasons`, `engine`, `languages`, `sizes` (`{width, height}`),
    /// `styles`, and when known `endpoint`, `reachable`, `models` (`{role, name, present}`,
    /// `present` absent when the server cannot say) and a pool's `endpoints` (each a report).
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "available": .bool(available),
            "reasons": .array(reasons.map(JSONValue.string)),
            "engine": .string(engine),
            "languages": .array(languages.map(JSONValue.string)),
            "sizes": .array(sizes.map { ["width": .int(Int64($0.width)), "height": .int(Int64($0.height))] }),
            "styles": .array(styles.map { .string($0.rawValue) }),
        ]
        if let endpoint { members["endpoint"] = .string(endpoint) }
        if let reachable { members["reachable"] = .bool(reachable) }
        if !models.isEmpty {
            members["models"] = .array(models.map { model in
                var entry: [String: JSONValue] = ["role": .string(model.role), "name": .string(model.name)]
                if let present = model.present { entry["present"] = .bool(present) }
                return .object(entry)
            })
        }
        if !endpoints.isEmpty { members["endpoints"] = .array(endpoints.map(\.jsonValue)) }
        return .object(members)
    }
}
