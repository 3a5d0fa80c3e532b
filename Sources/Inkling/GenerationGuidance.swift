import InklingConditioning
import InklingGuidance
import InklingStrokes

/// The guidance map a generation hands its engine: the drawing in the requested encoding and
/// polarity at the output size with the default fit. One place, so requests, replays and
/// adherence all use the same map.
enum GenerationGuidance {
    /// Renders `drawing` for an output of `size` in `encoding` (adherence measures against the
    /// plain scribble, the default).
    static func map(for drawing: Drawing, size: PixelSize, encoding: SketchEncoding = .scribble) throws(GuidanceError) -> GuidanceMap {
        try GuidanceRenderer(options: GuidanceOptions(width: size.width, height: size.height, encoding: encoding.encoding, polarity: encoding.polarity))
            .render(drawing)
    }
}
