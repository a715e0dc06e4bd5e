// swift-tools-version: 6.0
// The benchmarks of lasso, kept out of the main package so that its build and tests never compile them. Each
// script beside this file builds what it runs (release) and prints its figures; README.md gives them with dates.
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "LassoBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "lasso", path: "..")],
    targets: [
        .executableTarget(
            name: "LassoUIBenchmark",
            dependencies: [
                .product(name: "LassoTUI", package: "lasso"), .product(name: "LassoCore", package: "lasso"),
            ],
            path: "LassoUIBenchmark", swiftSettings: strict),
        .executableTarget(
            name: "LassoPictureBenchmark",
            dependencies: [
                .product(name: "LassoTUI", package: "lasso"), .product(name: "LassoCore", package: "lasso"),
                .product(name: "LassoImage", package: "lasso"),
            ],
            path: "LassoPictureBenchmark", swiftSettings: strict),
        .executableTarget(
            name: "LassoImportBenchmark",
            dependencies: [
                .product(name: "LassoCore", package: "lasso"), .product(name: "LassoImport", package: "lasso"),
            ],
            path: "LassoImportBenchmark", swiftSettings: strict),
        .executableTarget(
            name: "LassoFormatsBenchmark",
            dependencies: [
                .product(name: "LassoCore", package: "lasso"), .product(name: "LassoImport", package: "lasso"),
            ],
            path: "LassoFormatsBenchmark", swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
