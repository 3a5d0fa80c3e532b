import Foundation
import InklingBase
import InklingComparison
import InklingImageIO
import InklingRegression

/// One image's guidance adherence, with which image it is.
struct LabelledAdherence: Sendable {
    /// "reference" or "candidate".
    var label: String
    /// The image's path as given.
    var path: String
    /// The adherence, if it could be measured.
    var value: GuidanceAdherence?
}

/// How `inkling compare` shows a comparison: aligned lines for people, JSON for machines.
enum ComparisonText {
    /// The human-readable report, ending in a PASS or FAIL line.
    static func lines(_ c: ImageComparison, reference: String, candidate: String, adherence: [LabelledAdherence]) -> [String] {
        let names = channelNames(c.format)
        func channels(_ values: [Double], _ format: (Double) -> String) -> String {
            names.count > 1 ? "  (" + zip(names, values).map { "\($0) \(format($1))" }.joined(separator: ", ") + ")" : ""
        }
        var lines = ["\(candidate) against \(reference) (\(SizeText.text(width: c.width, height: c.height)), \(c.format.rawValue))"]
        if c.psnr.decibels.isFinite {
            lines.append(row("PSNR", "\(MetricFormat.fixed(c.psnr.decibels, digits: 2)) dB" + channels(c.psnr.channels) { MetricFormat.fixed($0, digits: 2) }))
        } else {
            lines.append(row("PSNR", "inf (identical)"))
        }
        if let ssim = c.ssim {
            lines.append(row("SSIM", MetricFormat.ssim(ssim.mean) + channels(ssim.channels, MetricFormat.ssim)))
        } else {
            lines.append(row("SSIM", "not measured: smaller than \(StructuralSimilarity.minimumSide)x\(StructuralSimilarity.minimumSide)"))
        }
        let p = c.perceptual
        lines.append(row("ΔE00", "\(p.pixelsOver) pixels (\(MetricFormat.percent(p.fractionOver))) over \(MetricFormat.number(p.threshold)); \(p.pixelsChanged) changed; max \(MetricFormat.number(p.maximum)), mean \(MetricFormat.number(p.mean, digits: 4))"))
        for entry in adherence {
            guard let a = entry.value else { continue }
            lines.append(row("adherence", "\(entry.label) F1 \(MetricFormat.fixed(a.f1, digits: 3)) (precision \(MetricFormat.fixed(a.precision, digits: 3)), recall \(MetricFormat.fixed(a.recall, digits: 3)), chamfer \(MetricFormat.number(a.chamferDistance)) px)"))
        }
        let rule = "at least \(MetricFormat.percent(c.tolerance.precision)) of pixels within ΔE \(MetricFormat.number(c.tolerance.deltaEThreshold))"
        lines.append(c.passed ? "PASS: \(rule)" : "FAIL: " + c.failures.joined(separator: "; "))
        return lines
    }

    /// The JSON report: the comparison summary plus paths and adherence, indented, keys sorted
    /// (``JSONWriter``; numbers by ``NumberText``'s rule).
    static func json(_ c: ImageComparison, reference: String, candidate: String, adherence: [LabelledAdherence], diff: String?) -> String {
        var measured: [String: JSONValue] = [:]
        for entry in adherence { if let a = entry.value { measured[entry.label] = AdherenceSummary(a).jsonValue } }
        var report: [String: JSONValue] = [
            "reference": .string(reference), "candidate": .string(candidate),
            "comparison": ComparisonSummary(c).jsonValue, "adherence": .object(measured),
        ]
        if let diff { report["diff"] = .string(diff) }
        var writer = JSONWriter(pretty: true)
        writer.value(.object(report))
        return writer.text
    }

    static func channelNames(_ format: PixelFormat) -> [String] {
        switch format {
        case .gray: ["gray"]
        case .grayAlpha: ["gray", "alpha"]
        case .rgb: ["R", "G", "B"]
        case .rgba: ["R", "G", "B", "alpha"]
        }
    }

    private static func row(_ name: String, _ value: String) -> String {
        "  " + name.padding(toLength: 10, withPad: " ", startingAt: 0) + " " + value
    }
}
