// swift-tools-version:6.0
// An app's use of InklingClient alone (docs/ios.md): a package that depends on Inkling by path
// and only on the `InklingClient` product, so it builds with no C library (json-c, cairo, libpng…)
// in its graph — on iOS, and on Linux without their development packages. `scripts/client-example`
// (part of `make test`) builds it, checks that graph, and runs it against `inkling serve`.

import PackageDescription

let package = Package(
    name: "InklingClientExample",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "Inkling", path: "../..")],
    targets: [
        .executableTarget(name: "SketchClient", dependencies: [.product(name: "InklingClient", package: "Inkling")]),
    ]
)
