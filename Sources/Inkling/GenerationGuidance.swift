import InklingConditioning
import InklingGuidance
import InklingStrokes

/// The guidance map a generation hands its engine: the drawing as a scribble map at the output
/// size with the default fit. One place, so requests, replays and adherence all use the same map.
enum GenerationGuidance {
    /// Renders `drawing` for an output of `size`.
    static func map(for drawing: Drawing, size: PixelSize) throws(GuidanceError) -> GuidanceMap {
        try GuidanceRenderer(options: GuidanceOptions(width: size.width, height: size.height)).render(drawing)
    }
}
