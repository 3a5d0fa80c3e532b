import InklingLimits
import InklingHTTP
import InklingJobs
import InklingBase

extension JobStatus {
    /// The job as `GET /v1/jobs/{id}` answers it: `position`, `worker` and `style` are `null`
    /// when they do not apply; `error` is there only for a job that failed or was cancelled.
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id), "state": .string(state.rawValue),
            "position": position.map { .int(Int64($0)) } ?? .null,
            "worker": worker.map(JSONValue.string) ?? .null,
            "progress": .double(progress), "limit": .int(Int64(limit)),
            "style": style.map(JSONValue.string) ?? .null,
            "images": .array(images.map { $0.json() }),
            "attempts": .int(Int64(attempts)),
        ]
        if let error { object["error"] = error.body["error"] ?? .null }
        return .object(object)
    }
}
