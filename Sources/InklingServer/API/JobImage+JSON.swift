import InklingLimits
import InklingHTTP
import InklingJobs
import InklingBase

extension JobImage {
    /// The image as `POST /v1/generations` and `GET /v1/jobs/{id}` list it, with `type` when it
    /// is a line of a stream: numbers as numbers, the seed as a string (64 bits do not survive
    /// JSON numbers in every client), the variation counted from 1 as file names, `inspect` and
    /// the drawing page count it.
    func json(type: String? = nil) -> JSONValue {
        var entry: [String: JSONValue] = [
            "id": .string(id), "url": .string(url), "variation": .int(Int64(variation) + 1),
            "width": .int(Int64(width)), "height": .int(Int64(height)), "seed": .string(String(seed)),
            "style": .string(style), "contentType": "image/png",
        ]
        if let type { entry["type"] = .string(type) }
        return .object(entry)
    }
}
