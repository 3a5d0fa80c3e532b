import InklingConditioning
import InklingEngines

extension BuiltInEngine {
    /// Says which of the request's sampler settings the built-in painter has no use for (it runs
    /// no diffusion sampler). The sketch encoding needs no notice: the painter reads the drawing
    /// itself, whatever encoding the map was rendered in.
    public func notices(for conditioning: Conditioning) -> [String] {
        let knobs = conditioning.sampling.setNames
        guard !knobs.isEmpty else { return [] }
        return ["the \(identifier) engine paints without a diffusion sampler: \(knobs.joined(separator: ", ")) \(knobs.count == 1 ? "is" : "are") not honoured"]
    }
}
