import Foundation
import Inkling
import InklingComparison
import InklingConditioning
import InklingEngines
import InklingImageIO
import InklingInterchange
import InklingJobs
import InklingOutputs
import InklingStrokes

/// One rendered variation of a case: the PNG as the API wrote it (pixels and recipe chunks) and
/// its guidance adherence.
struct RenderedVariation: Sendable {
    /// Which variation, 0-based.
    public var index: Int
    /// The image and its text chunks (the recipe), ready to be written as a reference.
    public var document: PNGDocument
    /// Adherence to the case's drawing, when the engine's output could be measured.
    public var adherence: GuidanceAdherence?
}

/// Renders a case through ``JobRunner``, exactly as `inkling render` and the server run a job.
struct CaseRenderer: Sendable {
    /// Makes the engine for each case (a fresh one each, so cases share nothing).
    let makeEngine: @Sendable () -> any ImageEngine

    /// The case's variations, in order.
    ///
    /// - Throws: ``RegressionError/unreadable(path:reason:)`` for inputs that cannot be read,
    ///   or the API's ``ImageCreationError``.
    func render(_ c: RegressionCase) async throws -> [RenderedVariation] {
        let drawing = try Self.drawing(at: c.drawing)
        var concepts: [Concept] = []
        if let prompt = c.prompt { concepts.append(.text(prompt)) }
        if let extract = c.extract {
            guard let data = FileManager.default.contents(atPath: extract.path), let text = String(data: data, encoding: .utf8) else {
                throw RegressionError.unreadable(path: extract.path, reason: "cannot read it as UTF-8 text")
            }
            concepts.append(.extracted(from: text, title: c.title))
        }
        if let source = c.source {
            do {
                concepts.append(.image(SourceImage(image: try ImageFile.read(from: source), origin: source.lastPathComponent)))
            } catch {
                throw RegressionError.unreadable(path: source.path, reason: error.description)
            }
        }
        concepts.append(.drawing(drawing))
        // Without a size the drawing's canvas sets the aspect (SizeRequest.following, applied by the planner).
        let size = c.size.map { SizeRequest.closest(to: $0) } ?? .engineDefault
        let options = GenerationOptions(size: size, personalization: c.personalization, seed: c.seed,
                                        guidance: c.guidance, sourceStrength: c.sourceStrength, sampling: c.sampling)
        return try await Self.render(JobRequest(concepts: concepts, style: c.style, limit: c.variations, options: options), on: makeEngine())
    }

    /// The variations of `job` on `engine`, in order, each PNG as the API writes it and its
    /// guidance adherence, run as every job is (``JobRunner``).
    ///
    /// - Throws: the job's failure as it is (an ``ImageCreationError`` for the engine's), or
    ///   ``ImageCreationError/creationCancelled(engineWork:)`` when it was cancelled.
    static func render(_ job: JobRequest, on engine: any ImageEngine) async throws -> [RenderedVariation] {
        let collected = Collected()
        let runner = JobRunner(engine: engine, embedsSourceImage: true)
        let outcome = await runner.run(job) { event in
            guard case .image(let image) = event else { return }
            let document: PNGDocument
            do throws(PNGError) {
                document = try PNGCodec.decode(image.png)
            } catch {
                throw RegressionError.unreadable(path: "variation \(image.recipe.variation + 1)", reason: error.description)
            }
            collected.add(RenderedVariation(index: image.recipe.variation, document: document,
                                            adherence: try image.recipe.guidanceAdherence(of: image.image)))
        }
        switch outcome {
        case .finished: break
        case .failed(let error): throw error
        case .cancelled(_, let engineWork): throw ImageCreationError.creationCancelled(engineWork: engineWork)
        }
        let results = collected.all
        return results.sorted { $0.index < $1.index }
    }

    /// The drawing at `url`, in any supported format, within the default decoding limits (the
    /// byte limit is checked before the file is read).
    static func drawing(at url: URL) throws -> Drawing {
        let limit = StrokeJSONDecoder.Limits.default.maxBytes
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > limit {
            throw RegressionError.unreadable(path: url.path, reason: "\(size) bytes, over the \(limit)-byte limit for a drawing")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw RegressionError.unreadable(path: url.path, reason: "no such file, or not readable")
        }
        do {
            return try InkReader.read([UInt8](data))
        } catch {
            throw RegressionError.unreadable(path: url.path, reason: error.description)
        }
    }
}

/// The variations a case's job has reported so far.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var variations: [RenderedVariation] = []
    func add(_ variation: RenderedVariation) { lock.withLock { variations.append(variation) } }
    var all: [RenderedVariation] { lock.withLock { variations } }
}
