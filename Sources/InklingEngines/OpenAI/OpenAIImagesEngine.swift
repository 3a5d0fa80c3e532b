import InklingConditioning
import InklingImageIO
public struct OpenAIImagesEngine: ImageEngine {
    public let entry: EngineEntry
    public init(entry: EngineEntry, apiKey: String? = nil) { self.entry = entry }
    public var identifier: String { entry.name }
    public var capabilities: EngineCapabilities { EngineCapabilities(languages: entry.languages, sizes: entry.sizes, styles: []) }
    public func availability() async -> EngineAvailability { .notSupported(reason: "todo") }
    public func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage { throw CancellationError() }
}
