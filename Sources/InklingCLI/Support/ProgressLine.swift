/// The progress lines `inkling render` writes to standard error while an engine samples.
enum ProgressLine {
    /// "[comfyui] variation 2: step 3/6" at each quarter of an image's sampling (and its last
    /// step); `nil` for the steps in between.
    static func text(engine: String, variation: Int, step: Int, steps: Int) -> String? {
        guard steps > 0, step == steps || step * 4 / steps != (step - 1) * 4 / steps else { return nil }
        return "[\(engine)] variation \(variation + 1): step \(step)/\(steps)"
    }
}
