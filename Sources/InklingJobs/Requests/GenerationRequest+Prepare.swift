import Inkling
import InklingEngines

extension GenerationRequest {
    /// The creator for this request on `engine` and the request prepared on it (style chosen,
    /// variations planned, notices), as a job starts to run: in this process or on a worker.
    ///
    /// - Throws: the ``APIError`` a client is answered when the request cannot be painted
    ///   (an unavailable engine, a style it does not paint, no concepts, …).
    package func prepare(on engine: any ImageEngine) async throws(APIError) -> (InklingImageCreator, PreparedRequest) {
        do {
            let creator = try await InklingImageCreator(engine: engine, options: options, embedsSourceImage: false)
            return (creator, try creator.prepare(concepts, style: style, limit: limit))
        } catch {
            throw APIError.creation(error)
        }
    }
}
