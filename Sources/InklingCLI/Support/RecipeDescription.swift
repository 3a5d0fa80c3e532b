import InklingConditioning
import InklingBase
import InklingOutputs
import InklingComparison

/// The human-readable form of a recipe that `inkling inspect` prints.
enum RecipeDescription {
    /// One labelled line per fact.
    static func lines(for r: Recipe, path: String) -> [String] {
        func n(_ v: Double) -> String { NumberText.compact(v) }
        var rows: [(String, String)] = [
            ("made by", "Inkling \(r.inklingVersion), \(r.engine) engine"),
            ("style", r.style.rawValue),
            ("size", "\(r.size.width)×\(r.size.height)"),
            ("seed", "\(r.seed), variation \(r.variation + 1)"),
            ("guidance", "strength \(n(r.guidance.strength)), start \(n(r.guidance.start)), end \(n(r.guidance.end)), \(r.guidance.mode.rawValue)"
                + (r.guidance.encoding == .scribble ? "" : ", \(r.guidance.encoding) encoding")),
            ("source", "strength \(n(r.sourceStrength)), personalization \(r.personalization ? "on" : "off")"),
        ]
        if !r.sampling.isEmpty { rows.append(("sampling", sampling(r.sampling))) }
        for concept in r.concepts {
            switch concept {
            case .text(let text): rows.append(("prompt", quoted(text)))
            case .extracted(let text, let title):
                rows.append(("extracted", (title.map { "\(quoted($0)): " } ?? "") + "\(text.count) characters, " + quoted(String(text.prefix(60))) + (text.count > 60 ? "…" : "")))
            case .image(let origin): rows.append(("image", origin ?? "(unnamed)"))
            case .drawing: break
            }
        }
        if !r.phrases.isEmpty {
            rows.append(("phrases", r.phrases.map { "\($0.text) (\(MetricFormat.fixed($0.weight, digits: 2)))" }.joined(separator: ", ")))
        }
        rows.append(("language", r.language ?? "undetermined"))
        if let drawing = r.drawing {
            let strokes = (try? drawing.drawing().strokes.count).map { "\($0) strokes, " } ?? ""
            rows.append(("drawing", "\(strokes)\(drawing.json.utf8.count) bytes of JSON, sha256 \(drawing.sha256)"))
        }
        if let source = r.source {
            rows.append(("source image", "\(source.origin ?? "(unnamed)") \(source.width)×\(source.height) \(source.format.rawValue), sha256 \(source.sha256), \(source.image == nil ? "not embedded" : "embedded")"))
        }
        rows.append(("replay", RenderCommand.replayProblem(for: r).map { "not possible: \($0.message)" } ?? "inkling render --replay \(path) -o DIR"))
        return [path] + rows.map { "  " + $0.0.padding(toLength: 13, withPad: " ", startingAt: 0) + $0.1 }
    }

    /// "negative prompt "…", 12 steps, CFG 4.5, sampler dpmpp_2m, scheduler karras" (only what was set).
    private static func sampling(_ s: SamplingOverrides) -> String {
        var parts: [String] = []
        if let text = s.negativePrompt { parts.append("negative prompt \(quoted(text))") }
        if let steps = s.steps { parts.append("\(steps) steps") }
        if let cfg = s.cfgScale { parts.append("CFG \(NumberText.compact(cfg))") }
        if let sampler = s.sampler { parts.append("sampler \(sampler)") }
        if let scheduler = s.scheduler { parts.append("scheduler \(scheduler)") }
        return parts.joined(separator: ", ")
    }

    private static func quoted(_ text: String) -> String {
        "\"" + String(text.map { $0.isNewline ? " " : $0 }) + "\""
    }
}
