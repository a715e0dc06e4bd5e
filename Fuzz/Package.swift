// swift-tools-version: 6.0
// libFuzzer targets for LassoSnapshot, LassoDocuments, LassoCounting, LassoImport, LassoImage and LassoTUI's text field, kept out of the main package so
// that its `swift build` and `swift test` never see the sanitizer flags. One executable holds every target (one instrumented build); LASSO_FUZZ_TARGET picks one.
// Build: swift build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address (see run.sh and README.md).
import PackageDescription

let package = Package(
    name: "LassoFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "lasso", path: "..")],
    targets: [
        .executableTarget(
            name: "LassoFuzz",
            dependencies: [
                .product(name: "LassoSnapshot", package: "lasso"), .product(name: "LassoDocuments", package: "lasso"),
                .product(name: "LassoCounting", package: "lasso"), .product(name: "LassoImport", package: "lasso"),
                .product(name: "LassoImage", package: "lasso"), .product(name: "LassoTUI", package: "lasso"),
            ],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        )
    ],
    swiftLanguageModes: [.v6]
)
