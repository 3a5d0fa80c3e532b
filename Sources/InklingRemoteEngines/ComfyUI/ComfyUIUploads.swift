/// The names ComfyUI gave the images a request uploaded, as its LoadImage nodes take them.
struct ComfyUIUploads: Sendable {
    /// The guidance map, when the workflow uses the sketch.
    var guidance: String?
    /// The source image, when there is one.
    var source: String?
}
