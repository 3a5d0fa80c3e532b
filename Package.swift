// swift-tools-version:6.0
// Inkling: drawing-guided image generation.
// Pipeline, one module per stage: strokes → guidance → (conditioning → engines → outputs → comparison).

import PackageDescription

let package = Package(
    name: "Inkling",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "InklingStrokes", targets: ["InklingStrokes"]),
        .library(name: "InklingImageIO", targets: ["InklingImageIO"]),
        .library(name: "InklingGuidance", targets: ["InklingGuidance"]),
        .executable(name: "inkling", targets: ["inkling"]),
    ],
    targets: [
        // MARK: C libraries from the system package manager

        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
        ),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // Thin C shim that hosts libpng's setjmp/longjmp error handling and turns it into
        // return codes; Swift never sees a png_struct.
        .target(
            name: "CInklingPNG",
            dependencies: ["CLibPNG"]
        ),

        // MARK: The pipeline

        // Strokes: the PencilKit-style drawing model and its canonical JSON (json-c). No images.
        .target(
            name: "InklingStrokes",
            dependencies: ["CJSONC"]
        ),
        // Image I/O: pixel buffers and PNG reading/writing with text chunks, atomic writes.
        .target(
            name: "InklingImageIO",
            dependencies: ["CInklingPNG"]
        ),
        // Guidance: stroke outlines and cairo rasterization into guidance maps.
        .target(
            name: "InklingGuidance",
            dependencies: ["InklingStrokes", "InklingImageIO", "CCairo"]
        ),
        // The command tree behind the `inkling` executable, kept in a library so tests can drive it.
        .target(
            name: "InklingCLI",
            dependencies: ["InklingStrokes", "InklingImageIO", "InklingGuidance"]
        ),
        .executableTarget(
            name: "inkling",
            dependencies: ["InklingCLI"]
        ),

        // MARK: Benchmarks

        .executableTarget(
            name: "InklingBench",
            dependencies: ["InklingStrokes", "InklingGuidance", "CJSONC"],
            path: "Benchmarks/InklingBench"
        ),

        // MARK: Tests

        .testTarget(name: "InklingStrokesTests", dependencies: ["InklingStrokes"]),
        .testTarget(name: "InklingImageIOTests", dependencies: ["InklingImageIO"]),
        .testTarget(
            name: "InklingGuidanceTests",
            dependencies: ["InklingGuidance", "InklingStrokes", "InklingImageIO"],
            resources: [.copy("Golden")]
        ),
        .testTarget(
            name: "InklingCLITests",
            dependencies: ["InklingCLI", "InklingStrokes", "InklingImageIO"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
