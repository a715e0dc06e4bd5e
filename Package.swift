// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "lasso",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "lasso", targets: ["lasso"]),
        .library(name: "LassoCore", targets: ["LassoCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .target(
            name: "LassoCore",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(name: "LassoTUI", dependencies: ["LassoCore"]),
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .target(name: "LassoTerminal", dependencies: ["LassoTUI", "CNcursesw"]),
        .executableTarget(
            name: "lasso",
            dependencies: [
                "LassoCore",
                "LassoTUI",
                "LassoTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "LassoUIBenchmark", dependencies: ["LassoTUI", "LassoCore"], path: "Benchmarks/LassoUIBenchmark"),
        .testTarget(name: "LassoCoreTests", dependencies: ["LassoCore"]),
        .testTarget(name: "LassoTUITests", dependencies: ["LassoTUI", "LassoCore"]),
        .testTarget(name: "LassoCLITests", dependencies: ["lasso", "LassoCore"]),
    ],
    swiftLanguageModes: [.v6]
)
