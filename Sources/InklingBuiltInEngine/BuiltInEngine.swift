import InklingConditioning
import InklingEngines
import InklingImageIO

/// The default engine: a deterministic, GPU-free *painter* (not a diffusion model) that paints
/// the drawing's composition in a style, with colours and motifs from the concepts and the
/// source image, honouring the guidance controls.
///
/// - animation: cel shading (``AnimationPainter``); illustration: ink over watercolour
///   (``IllustrationPainter``); sketch: graphite and hatching (``SketchPainter``); emoji: a
///   glossy sticker on transparency (``EmojiPainter``). `externalProvider` paints as illustration.
/// - Output: straight-alpha RGBA at `conditioning.size`.
/// - Deterministic: the same conditioning and variation give byte-identical pixels; all
///   randomness comes from SplitMix64 seeded with the seed, the variation and the strokes'
///   `randomSeed`s; words are hashed with FNV-1a.
/// See `docs/builtin-engine.md`.
public struct BuiltInEngine: ImageEngine {
    /// Creates the engine.
    public init() {}

    /// `"builtin"`.
    public var identifier: String { "builtin" }

    /// Supported sizes; the first (1024×1024) is the default.
    public static let supportedSizes: [PixelSize] = [
        PixelSize(width: 1024, height: 1024), PixelSize(width: 512, height: 512), PixelSize(width: 768, height: 768),
        PixelSize(width: 256, height: 256),
        PixelSize(width: 1024, height: 768), PixelSize(width: 768, height: 1024),
        PixelSize(width: 1280, height: 720), PixelSize(width: 720, height: 1280),
        PixelSize(width: 1024, height: 576), PixelSize(width: 576, height: 1024),
    ]

    /// Languages whose colour words and scene concepts ``ColorLexicon`` knows (other words still
    /// get a hashed palette).
    public static let languages: Set<String> = ["en", "de", "fr", "es", "it", "pt", "nl", "ja", "ko", "zh"]

    /// Languages, ``supportedSizes`` and the four painted styles.
    public var capabilities: EngineCapabilities {
        EngineCapabilities(languages: Self.languages, sizes: Self.supportedSizes,
                           styles: [.animation, .illustration, .sketch, .emoji])
    }

    /// Always available: it needs nothing but the CPU.
    public func availability() async -> EngineAvailability { .available }

    /// Paints variation `variation` of the request.
    ///
    /// - Throws: `CancellationError` when the task is cancelled (checked between stages),
    ///   ``BuiltInEngineError`` for a size outside `1 ... 8192`, or when cairo cannot allocate,
    ///   and `GuidanceError` when the drawing cannot be rasterized.
    public func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        try paint(conditioning, variation: variation)
    }

    /// The synchronous body of ``generate(_:variation:)``.
    func paint(_ conditioning: Conditioning, variation: Int) throws -> RasterImage {
        let size = conditioning.size
        guard (1...8192).contains(size.width), (1...8192).contains(size.height) else {
            throw BuiltInEngineError.invalidSize(width: size.width, height: size.height)
        }
        try Task.checkCancellation()
        let ctx = try PaintContext.make(conditioning, variation: variation)
        let painting: Painting
        switch conditioning.style {
        case .animation: painting = try AnimationPainter.paint(ctx)
        case .illustration, .externalProvider: painting = try IllustrationPainter.paint(ctx)
        case .sketch: painting = try SketchPainter.paint(ctx)
        case .emoji: painting = try EmojiPainter.paint(ctx)
        }
        try Task.checkCancellation()
        return painting.rasterImage()
    }

    /// Downscales an emoji (or any RGBA image) to square sizes for a multi-resolution set, by
    /// area averaging with premultiplied alpha (no dark fringes at transparent edges).
    ///
    /// - Parameters:
    ///   - image: The painted emoji (RGBA; other formats are converted by ``EmojiSet``).
    ///   - sizes: Side lengths to produce, in order.
    public static func emojiSet(from image: RasterImage, sizes: [Int] = [40, 64, 96, 160, 320]) -> [RasterImage] {
        sizes.map { EmojiSet.downscale(image, to: $0) }
    }
}
