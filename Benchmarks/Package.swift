// swift-tools-version: 6.0
// The benchmarks of lasso, kept out of the main package so that its build and tests never compile them. Each
// script beside this file builds what it runs (release) and prints its figures; README.md gives them with dates.
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "LassoBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "lasso", path: ".."),
        // The same requirements as the main package's, so the bare server runs the versions lasso runs.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "LassoUIBenchmark",
            dependencies: [
                .product(name: "LassoTUI", package: "lasso"), .product(name: "LassoSnapshot", package: "lasso"),
                .product(name: "LassoDocuments", package: "lasso"),
                .product(name: "LassoCounting", package: "lasso"),
            ],
            path: "LassoUIBenchmark", swiftSettings: strict),
        .executableTarget(
            name: "LassoPictureBenchmark",
            dependencies: [
                .product(name: "LassoTUI", package: "lasso"), .product(name: "LassoSnapshot", package: "lasso"),
                .product(name: "LassoDocuments", package: "lasso"),
                .product(name: "LassoCounting", package: "lasso"),
                .product(name: "LassoImage", package: "lasso"),
            ],
            path: "LassoPictureBenchmark", swiftSettings: strict),
        .executableTarget(
            name: "LassoImportBenchmark",
            dependencies: [
                .product(name: "LassoSnapshot", package: "lasso"), .product(name: "LassoDocuments", package: "lasso"),
                .product(name: "LassoCounting", package: "lasso"), .product(name: "LassoImport", package: "lasso"),
            ],
            path: "LassoImportBenchmark", swiftSettings: strict),
        .executableTarget(
            name: "LassoFormatsBenchmark",
            dependencies: [
                .product(name: "LassoSnapshot", package: "lasso"), .product(name: "LassoDocuments", package: "lasso"),
                .product(name: "LassoCounting", package: "lasso"), .product(name: "LassoImport", package: "lasso"),
            ],
            path: "LassoFormatsBenchmark", swiftSettings: strict),
        .executableTarget(
            name: "LassoRegexBenchmark", dependencies: [.product(name: "LassoDocuments", package: "lasso")],
            path: "LassoRegexBenchmark", swiftSettings: strict),
        .executableTarget(
            name: "BareHummingbird",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "BareHummingbird", swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
