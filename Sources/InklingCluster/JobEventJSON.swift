import InklingBase
import InklingJobs

/// How job events, image entries and errors are written into Redis and read back: one small
/// JSON object each, written with ``JSONValue`` and read with the project's one JSON reader.
enum JobEventJSON {
    /// The event as one JSON object (`{"type": "image", …}`).
    static func encode(_ event: JobEvent) -> String {
        let value: JSONValue
        switch event {
        case .started(let style, let limit, let notices, let worker):
            var object: [String: JSONValue] = ["type": "started", "style": .string(style), "limit": .int(Int64(limit)),
                                               "notices": .array(notices.map(JSONValue.string))]
            if let worker { object["worker"] = .string(worker) }
            value = .object(object)
        case .progress(let fraction):
            value = ["type": "progress", "progress": .double(fraction)]
        case .image(let image):
            var object = Self.image(image)
            object["type"] = "image"
            value = .object(object)
        case .done(let count):
            value = ["type": "done", "count": .int(Int64(count))]
        case .failed(let error):
            value = ["type": "failed", "error": Self.error(error)]
        case .cancelled(let error):
            value = ["type": "cancelled", "error": Self.error(error)]
        }
        return value.text
    }

    /// Reads an event back; `nil` for `queued` markers and anything unreadable (an event
    /// written by a newer Inkling is skipped rather than failing the reader).
    static func decode(_ bytes: [UInt8]) -> JobEvent? {
        guard let value = try? JSONValue.parse(bytes, limits: limits), let type = value["type"]?.string else { return nil }
        switch type {
        case "started":
            guard let style = value["style"]?.string, let limit = value["limit"]?.int else { return nil }
            let notices = value["notices"]?.array?.compactMap(\.string) ?? []
            return .started(style: style, limit: limit, notices: notices, worker: value["worker"]?.string)
        case "progress":
            return value["progress"]?.double.map(JobEvent.progress)
        case "image":
            return image(value).map(JobEvent.image)
        case "done":
            return value["count"]?.int.map(JobEvent.done(count:))
        case "failed":
            return value["error"].flatMap(error).map(JobEvent.failed)
        case "cancelled":
            return value["error"].flatMap(error).map(JobEvent.cancelled)
        default:
            return nil
        }
    }

    /// An image entry's fields (the seed as text: 64 bits).
    static func image(_ image: JobImage) -> [String: JSONValue] {
        ["id": .string(image.id), "variation": .int(Int64(image.variation)), "width": .int(Int64(image.width)),
         "height": .int(Int64(image.height)), "seed": .string(String(image.seed)), "style": .string(image.style)]
    }

    /// An image entry read back.
    static func image(_ value: JSONValue) -> JobImage? {
        guard let id = value["id"]?.string, let variation = value["variation"]?.int, let width = value["width"]?.int,
              let height = value["height"]?.int, let seed = value["seed"]?.string.flatMap({ UInt64($0) }),
              let style = value["style"]?.string else { return nil }
        return JobImage(id: id, variation: variation, width: width, height: height, seed: seed, style: style)
    }

    /// An image entry read back from its JSON text.
    static func image(_ bytes: [UInt8]) -> JobImage? {
        (try? JSONValue.parse(bytes, limits: limits)).flatMap(image)
    }

    /// An error as `{"status", "code", "message", "retryAfter"?}`.
    static func error(_ error: APIError) -> JSONValue {
        var object: [String: JSONValue] = ["status": .int(Int64(error.status)), "code": .string(error.code), "message": .string(error.message)]
        if let retryAfter = error.retryAfter { object["retryAfter"] = .int(Int64(retryAfter)) }
        return .object(object)
    }

    /// An error read back.
    static func error(_ value: JSONValue) -> APIError? {
        guard let status = value["status"]?.int, let code = value["code"]?.string, let message = value["message"]?.string else { return nil }
        return APIError(status, code, message, retryAfter: value["retryAfter"]?.int)
    }

    /// An error read back from its JSON text.
    static func error(_ bytes: [UInt8]) -> APIError? {
        (try? JSONValue.parse(bytes, limits: limits)).flatMap(error)
    }

    /// Events are small: a few notices, one image entry, one error.
    private static let limits = JSONLimits(maxBytes: 1 << 20, maxDepth: 8, maxValues: 4096, maxArrayCount: 1024)
}
