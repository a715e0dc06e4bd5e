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
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(
            name: "LassoCore",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(name: "LassoTUI", dependencies: ["LassoCore", "LassoClient"]),
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .target(name: "LassoTerminal", dependencies: ["LassoTUI", "LassoCore", "CNcursesw"]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]),
        .target(name: "LassoImage", dependencies: ["LassoCore", "CLibPNG", "CTurboJPEG"]),
        .target(
            name: "LassoServer",
            dependencies: [
                "LassoCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "LassoClient",
            dependencies: ["LassoCore", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        .executableTarget(
            name: "lasso",
            dependencies: [
                "LassoCore",
                "LassoTUI",
                "LassoTerminal",
                "LassoImage",
                "LassoServer",
                "LassoClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "LassoUIBenchmark", dependencies: ["LassoTUI", "LassoCore"],
            path: "Benchmarks/LassoUIBenchmark"),
        .executableTarget(
            name: "LassoPictureBenchmark", dependencies: ["LassoTUI", "LassoCore", "LassoImage"],
            path: "Benchmarks/LassoPictureBenchmark"),
        .executableTarget(
            name: "sample-screenshots", dependencies: ["LassoCore", "LassoImage"],
            path: "Snapshots/tools/SampleScreenshots"),
        .executableTarget(
            name: "LassoImportBenchmark", dependencies: ["LassoCore"], path: "Benchmarks/LassoImportBenchmark"),
        .executableTarget(
            name: "LassoFormatsBenchmark", dependencies: ["LassoCore"], path: "Benchmarks/LassoFormatsBenchmark"),
        .target(name: "_LassoTestSupport", path: "Tests/_LassoTestSupport"),
        .testTarget(name: "LassoCoreTests", dependencies: ["LassoCore"]),
        .testTarget(name: "LassoImageTests", dependencies: ["LassoImage", "LassoCore"]),
        .testTarget(name: "LassoTUITests", dependencies: ["LassoTUI", "LassoCore", "LassoImage"]),
        .testTarget(name: "LassoTerminalTests", dependencies: ["LassoTerminal", "LassoTUI", "LassoCore"]),
        .testTarget(
            name: "LassoCLITests",
            dependencies: ["lasso", "LassoCore", "LassoClient", "LassoImage", "_LassoTestSupport"]),
        .testTarget(
            name: "LassoServerTests",
            dependencies: [
                "LassoServer", "LassoClient", "LassoCore", "lasso", "_LassoTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
