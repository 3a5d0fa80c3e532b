// `import Inkling` is enough for a program that decodes a drawing, renders its guidance map,
// generates images and compares them: the facade re-exports the modules such a program names
// types from (docs/library.md). Each stays a product of its own for a package that wants only
// a stage.
@_exported import InklingBase
@_exported import InklingBuiltInEngine
@_exported import InklingComparison
@_exported import InklingConditioning
@_exported import InklingEngines
@_exported import InklingGuidance
@_exported import InklingImageIO
@_exported import InklingInterchange
@_exported import InklingOutputs
@_exported import InklingStrokes
