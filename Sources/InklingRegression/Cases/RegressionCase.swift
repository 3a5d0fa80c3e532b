import Foundation
import InklingComparison
import InklingConditioning

/// One regression case: a drawing, the concepts and options to render it with, the tolerance,
/// and where its reference images live.
public struct RegressionCase: Sendable, Hashable {
    /// The case's name (its folder's name, or the manifest entry's `name`).
    public var name: String
    /// The file the case was read from (`case.json` or the manifest), for messages.
    public var file: URL
    /// The drawing, in any supported ink format.
    public var drawing: URL
    /// Text concept, if any.
    public var prompt: String?
    /// Long text whose key phrases become concepts, if any.
    public var extract: URL?
    /// Title of the extracted text.
    public var title: String?
    /// Source image (PNG or JPEG), if any.
    public var source: URL?
    /// Style; `nil`: asked for in the prompt, else the default.
    public var style: Style?
    /// Requested size; the engine picks its closest. `nil`: closest to the drawing's canvas.
    public var size: PixelSize?
    /// Seed.
    public var seed: UInt64
    /// Number of variations, 1…4, each compared with its own reference.
    public var variations: Int
    /// Guidance controls.
    public var guidance: GuidanceControls
    /// Influence of the source image, 0…1.
    public var sourceStrength: Double
    /// Whether the source image may be reproduced.
    public var personalization: Bool
    /// When an output matches its reference.
    public var tolerance: ComparisonTolerance
    /// Lowest acceptable guidance adherence (F1) of each output, if any.
    public var minimumAdherence: Double?
    /// Negative prompt, steps, CFG, sampler and scheduler the case sets (the engine's defaults otherwise).
    public var sampling: SamplingOverrides
    /// Reference PNG of each variation, in order, for the built-in engine (see ``references(for:)``).
    public var references: [URL]
    /// Rectangles of every output that comparisons leave out.
    public var ignore: [IgnoredRegion] = []
    /// A PNG of the output's size whose light pixels (over half white) comparisons leave out.
    public var ignoreMask: URL?

    /// Creates a case; ``CaseReader`` builds them from files.
    public init(name: String, file: URL, drawing: URL, prompt: String? = nil, extract: URL? = nil, title: String? = nil,
                source: URL? = nil, style: Style? = nil, size: PixelSize? = nil, seed: UInt64 = 0, variations: Int = 1,
                guidance: GuidanceControls = .default, sourceStrength: Double = GenerationOptions.defaultSourceStrength, personalization: Bool = true,
                tolerance: ComparisonTolerance = .exact, minimumAdherence: Double? = nil, sampling: SamplingOverrides = .none,
                references: [URL], ignore: [IgnoredRegion] = [], ignoreMask: URL? = nil) {
        self.name = name
        self.file = file
        self.drawing = drawing
        self.prompt = prompt
        self.extract = extract
        self.title = title
        self.source = source
        self.style = style
        self.size = size
        self.seed = seed
        self.variations = variations
        self.guidance = guidance
        self.sourceStrength = sourceStrength
        self.personalization = personalization
        self.tolerance = tolerance
        self.minimumAdherence = minimumAdherence
        self.sampling = sampling
        self.references = references
        self.ignore = ignore
        self.ignoreMask = ignoreMask
    }

    /// The references for the engine `identifier`: the plain names (`reference.png`,
    /// `reference-2.png`) for the built-in engine, whose references a suite has always had, and
    /// `reference.<engine>.png` (`reference-2.<engine>.png`) for any other, so that a reference
    /// recorded with one engine is never compared with another engine's images.
    public func references(for identifier: String) -> [URL] {
        guard identifier != "builtin" else { return references }
        let safe = Self.namePart(identifier)
        return references.map { $0.deletingPathExtension().appendingPathExtension(safe).appendingPathExtension("png") }
    }

    /// The references of the engine `identifier` on `platform` (`reference.<engine>@<platform>.png`,
    /// `reference-2.<engine>@<platform>.png`), for outputs that differ between machines (fonts, GPU
    /// kernels); without a platform, ``references(for:)``. Recording writes these; comparing
    /// uses one where it exists and the engine's shared reference otherwise (see
    /// ``RegressionRunner/platform``).
    public func references(for identifier: String, platform: String?) -> [URL] {
        guard let platform else { return references(for: identifier) }
        let tag = Self.namePart(identifier) + "@" + Self.namePart(platform)
        return references.map { $0.deletingPathExtension().appendingPathExtension(tag).appendingPathExtension("png") }
    }

    /// Letters, digits, `-` and `_` of `text`, anything else as `-`: a part of a file name.
    static func namePart(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }

    /// The engines that have a reference for variation `index` beside `reference` (`builtin` for
    /// the plain name), for the message about a missing one.
    static func enginesWithReferences(like plain: URL) -> [String] {
        let stem = plain.deletingPathExtension().lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: plain.deletingLastPathComponent().path)) ?? []
        return names.compactMap { name -> String? in
            if name == plain.lastPathComponent { return "builtin" }
            guard name.hasPrefix(stem + "."), name.hasSuffix(".png") else { return nil }
            let engine = String(name.dropFirst(stem.count + 1).dropLast(4))
            return engine.isEmpty || engine.contains(".") ? nil : engine.replacingOccurrences(of: "@", with: " on ")
        }.sorted()
    }
}
