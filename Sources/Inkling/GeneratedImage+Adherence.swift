import InklingComparison
import InklingOutputs

extension GeneratedImage {
    /// How closely this image follows its drawing: edge precision, recall, F1 and chamfer
    /// distance against the guidance map it was generated from (``AdherenceMeter``), or `nil`
    /// when the request had no drawing. Higher guidance strength gives higher adherence.
    ///
    /// - Throws: ``ImageCreationError/creationFailed(reason:)`` when the recipe's drawing cannot
    ///   be read back or measured.
    public func guidanceAdherence() throws(ImageCreationError) -> GuidanceAdherence? {
        guard let stored = recipe.drawing else { return nil }
        do {
            let map = try GenerationGuidance.map(for: try stored.drawing(), size: recipe.size)
            return try AdherenceMeter.measure(image: image, guidance: map.image)
        } catch {
            throw .creationFailed(reason: "cannot measure guidance adherence: \(error)")
        }
    }
}
