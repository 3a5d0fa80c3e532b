import InklingEngines
import InklingImageIO

/// The events of one engine request, read to the end and sorted by kind.
struct EngineEvents {
    var progress: [(variation: Int, step: Int, steps: Int)] = []
    var previews: [(variation: Int, bytes: [UInt8])] = []
    var notices: [String] = []
    var images: [Int: RasterImage] = [:]
    /// The PNG an engine returned for each variation reported as encoded.
    var pngs: [Int: [UInt8]] = [:]
    var cancelled: [String] = []
    /// Every event's kind in order of arrival ("progress", "image" …).
    var order: [String] = []

    /// Reads `stream` to its end (rethrowing its error).
    static func collect(_ stream: AsyncThrowingStream<EngineEvent, Error>) async throws -> EngineEvents {
        var events = EngineEvents()
        for try await event in stream {
            switch event {
            case .progress(let variation, let step, let steps): events.progress.append((variation, step, steps)); events.order.append("progress")
            case .preview(let variation, let bytes): events.previews.append((variation, bytes)); events.order.append("preview")
            case .notice(let line): events.notices.append(line); events.order.append("notice")
            case .image(let variation, let image): events.images[variation] = image; events.order.append("image")
            case .encodedImage(let variation, let image, let png): events.images[variation] = image; events.pngs[variation] = png; events.order.append("image")
            case .cancelled(let summary): events.cancelled.append(summary); events.order.append("cancelled")
            }
        }
        return events
    }
}
