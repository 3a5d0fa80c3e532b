/// The names ComfyUI gave the images a request uploaded, as its LoadImage nodes take them.
struct ComfyUIUploads: Sendable {
    /// The guidance map, when the workflow uses the sketch.
    var guidance: String?
    /// The source image, when there is one.
    var source: String?

    /// Both names, for telling a refusal about them.
    var names: Set<String> { Set([guidance, source].compactMap { $0 }) }
}
