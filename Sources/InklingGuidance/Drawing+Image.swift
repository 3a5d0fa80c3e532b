import InklingImageIO
import InklingBase
import InklingStrokes

extension Drawing {
    /// Renders the part of the drawing inside `rect` at `scale` output pixels per drawing
    /// unit, like PencilKit's `PKDrawing.image(from:scale:)`.
    ///
    /// The image is `⌈rect.width × scale⌉ × ⌈rect.height × scale⌉` pixels (each side at least 1
    /// and at most ``GuidanceOptions/maximumSide``), with `rect`'s top-left corner at the
    /// image's top-left corner. Strokes are white on black, as in a scribble map, unless another
    /// encoding is asked for.
    public func image(
        from rect: Rect2D, scale: Double, encoding: GuidanceEncoding = .scribble, minimumLineWidth: Double = 1.5
    ) throws(GuidanceError) -> RasterImage {
        guard scale.isFinite, scale > 0 else { throw .invalidPlacement("scale must be a positive number, got \(scale)") }
        let width = (rect.width * scale).rounded(.up), height = (rect.height * scale).rounded(.up)
        guard rect.minX.isFinite, rect.minY.isFinite, width.isFinite, height.isFinite else {
            throw .invalidPlacement("the rectangle must be finite")
        }
        let side = Double(GuidanceOptions.maximumSide)
        let options = GuidanceOptions(
            width: Int(saturating: min(max(width, 1), side + 1)), height: Int(saturating: min(max(height, 1), side + 1)),
            encoding: encoding, minimumLineWidth: minimumLineWidth)
        let toPixels = AffineTransform2D(translationX: -rect.minX, y: -rect.minY)
            .concatenating(AffineTransform2D(scaleX: scale, y: scale))
        return try GuidanceRenderer(options: options).render(self, toPixels: toPixels).image
    }
}
