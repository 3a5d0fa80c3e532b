import InklingBase
import InklingConditioning
import InklingEngines

/// A user's exported workflow (``ComfyUIWorkflowFile``) filled for one variation: the prompt,
/// negative prompt, uploaded images, seed, size, ControlNet settings and the request's sampling
/// knobs go where the configuration says, and every SaveImage becomes a PreviewImage so nothing stays in ComfyUI's
/// output/ folder (the image comes back through the temp folder, as with the built-in workflow).
struct ComfyUIUserWorkflow: Sendable {
    var file: ComfyUIWorkflowFile
    var defaults: GenerationDefaults
    /// The uploaded guidance map's name as LoadImage wants it (`name [temp]`) (a blank one
    /// without a sketch), when the workflow has a place for it.
    var guidanceImage: String?
    /// The uploaded source image's name (a blank one without a source), when the workflow has a
    /// place for it.
    var sourceImage: String?

    /// Whether the sketch is sent: the workflow has a place for it and the request a strength above zero.
    static func usesSketch(_ conditioning: Conditioning, file: ComfyUIWorkflowFile) -> Bool {
        conditioning.guidance != nil && file.targets[.guidanceImage] != nil && conditioning.controls.strength > 0
    }

    /// The request's knobs (``SamplingOverrides/setNames``) this workflow has no place for.
    static func unplaced(_ conditioning: Conditioning, file: ComfyUIWorkflowFile) -> [String] {
        conditioning.sampling.setNames.filter { name in ComfyUIWorkflowRole(rawValue: name).map { file.targets[$0] == nil } ?? true }
    }

    /// The workflow for variation `variation` of `conditioning`.
    func graph(_ conditioning: Conditioning, variation: Int) -> JSONValue {
        var nodes = file.nodes
        func set(_ role: ComfyUIWorkflowRole, _ value: JSONValue) {
            guard let target = file.targets[role], case .object(var node)? = nodes[target.node], case .object(var inputs)? = node["inputs"] else { return }
            inputs[target.input] = value
            node["inputs"] = .object(inputs)
            nodes[target.node] = .object(node)
        }
        let controls = conditioning.controls
        let sampling = conditioning.sampling
        set(.prompt, .string(PromptText.positive(conditioning)))
        set(.negativePrompt, .string(sampling.negativePrompt ?? defaults.negativePrompt))
        // The workflow's own sampling stays unless the request asks for other values.
        if let steps = sampling.steps { set(.steps, .int(Int64(steps))) }
        if let cfgScale = sampling.cfgScale { set(.cfgScale, .double(cfgScale)) }
        if let sampler = sampling.sampler { set(.sampler, .string(sampler)) }
        if let scheduler = sampling.scheduler { set(.scheduler, .string(scheduler)) }
        set(.seed, .uint(PromptText.seed(conditioning, variation: variation)))
        set(.width, .int(Int64(conditioning.size.width)))
        set(.height, .int(Int64(conditioning.size.height)))
        // Without a sketch the ControlNet runs on a blank map at strength 0: it does nothing.
        let sketch = Self.usesSketch(conditioning, file: file)
        set(.controlStrength, .double(sketch ? ComfyUIWorkflow.rounded(controls.strength * ComfyUIWorkflow.modeFactor(controls.mode)) : 0))
        set(.controlStart, .double(controls.start))
        set(.controlEnd, .double(controls.end))
        if let guidanceImage { set(.guidanceImage, .string(guidanceImage)) }
        if let sourceImage { set(.sourceImage, .string(sourceImage)) }
        set(.denoise, .double(conditioning.source == nil ? 1 : ComfyUIWorkflow.rounded(1 - PromptText.sourceKeep(conditioning))))
        for (id, node) in nodes where node["class_type"]?.string == "SaveImage" {
            guard case .object(var object) = node, case .object(var inputs)? = object["inputs"] else { continue }
            object["class_type"] = "PreviewImage"
            inputs["filename_prefix"] = nil
            object["inputs"] = .object(inputs)
            nodes[id] = .object(object)
        }
        return .object(nodes)
    }
}
