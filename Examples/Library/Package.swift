// swift-tools-version:6.0
// The three examples of docs/library.md, as an app would build them: a package that depends on
// Inkling by path and uses only its products. `scripts/library-examples` (part of `make test`)
// builds and runs them, and checks that the documentation shows exactly this code.

import PackageDescription

let package = Package(
    name: "InklingLibraryExamples",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Inkling", path: "../..")],
    targets: [
        .executableTarget(name: "RenderSketch", dependencies: [.product(name: "Inkling", package: "Inkling")]),
        .executableTarget(name: "CanvasGuidance", dependencies: [.product(name: "Inkling", package: "Inkling")]),
        .executableTarget(name: "CompareImages", dependencies: [.product(name: "Inkling", package: "Inkling")]),
    ]
)
