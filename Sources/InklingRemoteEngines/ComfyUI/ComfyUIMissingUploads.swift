import InklingBase
import InklingEngines

/// ComfyUI refused a prompt because LoadImage could not find images by those names
/// (`custom_validation_failed`, `image - Invalid image file: NAME` in its `400` answer): for
/// uploads Inkling had reused (``ComfyUIUploadCache``), the server lost them — it restarted and
/// emptied its temp folder — and uploading them again fixes it.
struct ComfyUIMissingUploads: Error, Sendable {
    /// The image names LoadImage could not find, as the workflow gave them (`name [temp]`).
    var names: Set<String>
    /// The error the refusal means when uploading again is no use.
    var error: RemoteEngineError

    /// The missing images a `400` answer to `POST /prompt` names, or `nil` when it names none.
    static func names(in json: JSONValue) -> Set<String>? {
        var names: Set<String> = []
        for node in (json["node_errors"]?.object ?? [:]).values where node["class_type"]?.string == "LoadImage" {
            for error in node["errors"]?.array ?? [] {
                guard let details = error["details"]?.string, let range = details.range(of: marker) else { continue }
                names.insert(String(details[range.upperBound...]))
            }
        }
        return names.isEmpty ? nil : names
    }

    /// What precedes the name in ComfyUI 0.3.64's `details` (`nodes.py`, `LoadImage.VALIDATE_INPUTS`).
    static let marker = "Invalid image file: "
}
