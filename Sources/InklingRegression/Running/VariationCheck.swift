import Foundation
import InklingComparison
import InklingImageIO
import InklingOutputs

/// Compares one rendered variation with its reference and writes the report's images.
struct VariationCheck {
    /// What the check found, beyond the result shown in the report.
    struct Findings {
        /// The result for the report; its `failures` lists both kinds below.
        var result: VariationResult
        /// Whether a reference file existed.
        var hasReference: Bool
        /// Failures that recording a new reference settles: a difference, a damaged reference.
        var referenceFailures: [String]
        /// Failures of the output itself (an adherence floor), which no recording settles.
        var outputFailures: [String]
    }

    let `case`: RegressionCase
    let index: Int
    /// The reference for the engine in use (``RegressionCase/references(for:)``).
    let reference: URL
    let output: RenderedVariation
    /// The pixels comparisons leave out, when the case names any.
    let ignored: IgnoreMask?
    let artifacts: URL?

    /// The findings; `comparison` is `nil` when there is no readable reference.
    ///
    /// - Throws: ``RegressionError/writeFailed(path:reason:)`` when an artifact cannot be written.
    func run() throws(RegressionError) -> Findings {
        let referenceURL = reference
        var result = VariationResult(variation: index + 1, reference: referenceURL.path, comparison: nil,
                                     adherence: output.adherence.map(AdherenceSummary.init), failures: [])
        var difference: RasterImage?
        var referenceBytes: [UInt8]?
        var referenceFailures: [String] = [], outputFailures: [String] = []
        let hasReference = FileManager.default.fileExists(atPath: referenceURL.path)
        if hasReference {
            referenceBytes = FileManager.default.contents(atPath: referenceURL.path).map { [UInt8]($0) }
            do {
                var reference = try ImageFile.decode(referenceBytes ?? [], name: referenceURL.path)
                var candidate = output.document.image
                if let stored = try? PNGCodec.decode(referenceBytes ?? []), let before = try? Recipe(document: stored),
                   let after = try? Recipe(document: output.document) {
                    result.recipeChanges = RecipeDifference.between(reference: before, actual: after).map(\.description)
                }
                if let ignored {
                    try ignored.blank(&reference, name: "the reference")
                    try ignored.blank(&candidate, name: "the output")
                }
                let comparison = try ImageComparison(reference: reference, candidate: candidate, tolerance: `case`.tolerance)
                result.comparison = ComparisonSummary(comparison)
                referenceFailures = comparison.failures
                difference = comparison.differenceImage()
            } catch let error as IgnoreMask.Mismatch {
                referenceFailures = [error.description]
            } catch let error as ComparisonError {
                referenceFailures = [error.description]
            } catch {
                referenceFailures = ["the reference cannot be read: \(error); re-record it with --record failed"]
            }
        }
        if let floor = `case`.minimumAdherence {
            if let f1 = output.adherence?.f1, f1 < floor {
                outputFailures.append("guidance adherence F1 \(MetricFormat.fixed(f1, digits: 3)) is below \(MetricFormat.number(floor, digits: 3))")
            } else if output.adherence == nil {
                outputFailures.append("guidance adherence could not be measured (no drawing in the recipe)")
            }
        }
        result.failures = referenceFailures + outputFailures
        if let artifacts {
            let folder = artifacts.appendingPathComponent(`case`.name)
            let n = index + 1
            result.actualImage = try write(folder.appendingPathComponent("actual-\(n).png"), png: output.document, relativeTo: artifacts)
            if let referenceBytes {
                result.referenceImage = try write(folder.appendingPathComponent("reference-\(n).png"), bytes: referenceBytes, relativeTo: artifacts)
            }
            if let difference {
                result.differenceImage = try write(folder.appendingPathComponent("diff-\(n).png"), png: PNGDocument(image: difference), relativeTo: artifacts)
            }
        }
        return Findings(result: result, hasReference: hasReference, referenceFailures: referenceFailures, outputFailures: outputFailures)
    }

    /// Writes `png` atomically and returns its path relative to the report folder (`artifacts`' parent).
    private func write(_ url: URL, png: PNGDocument, relativeTo artifacts: URL) throws(RegressionError) -> String {
        try write(url, relativeTo: artifacts) { try PNGFile.write(png, to: $0) }
    }

    /// Writes `bytes` (a copy of a reference file) atomically; see ``write(_:png:relativeTo:)``.
    private func write(_ url: URL, bytes: [UInt8], relativeTo artifacts: URL) throws(RegressionError) -> String {
        try write(url, relativeTo: artifacts) { try AtomicFile.write(bytes, to: $0) }
    }

    private func write(_ url: URL, relativeTo artifacts: URL, _ body: (URL) throws -> Void) throws(RegressionError) -> String {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try body(url)
        } catch {
            throw .writeFailed(path: url.path, reason: String(describing: error))
        }
        return Self.relative(url, to: artifacts)
    }

    /// `artifacts/<case>/x.png` as `<artifacts folder name>/<case>/x.png`.
    static func relative(_ url: URL, to artifacts: URL) -> String {
        artifacts.lastPathComponent + "/" + url.path.dropFirst(artifacts.path.count + 1)
    }
}
