import InklingConditioning
import InklingImageIO

/// Something that turns a ``Conditioning`` into images: the built-in painter, or an adapter
/// for a diffusion server.
public protocol ImageEngine: Sendable {
    /// A short, stable name ("builtin", "comfyui").
    var identifier: String { get }
    /// What the engine supports: languages, sizes, styles.
    var capabilities: EngineCapabilities { get }
    /// Whether the engine can generate right now, and why not.
    func availability() async -> EngineAvailability
    /// Generates variation `variation` (0-based) of the request. The same conditioning and
    /// variation give the same image for deterministic engines. Checks `Task.isCancelled`
    /// between stages and throws `CancellationError` when cancelled.
    func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage
    /// Whether the engine can generate, with the facts behind the answer (reachable server,
    /// installed models). Defaults to ``availability()`` alone.
    func diagnose() async -> EngineDiagnosis
    /// What this engine will not honour of `conditioning` (a guidance control its API lacks),
    /// one line each, said before generating. Defaults to none.
    func notices(for conditioning: Conditioning) -> [String]
    /// Works on every variation of `request` and reports progress, previews, notices and each
    /// image as events, sharing what the variations have in common (uploads, encodings). The
    /// stream ends when every variation is done, or with the first error. Defaults to
    /// ``generate(_:variation:)`` per variation (``EngineRequestRunner``).
    func images(for request: EngineRequest) -> AsyncThrowingStream<EngineEvent, Error>
}
