// swift-tools-version: 6.0
// The tool that draws the sample snapshots' screenshots (sample-screenshots), kept out of the main package: it is
// run by hand when a sample changes (see Snapshots/README.md).
import PackageDescription

let package = Package(
    name: "LassoSampleTools",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "lasso", path: "../..")],
    targets: [
        .executableTarget(
            name: "sample-screenshots",
            dependencies: [
                .product(name: "LassoSnapshot", package: "lasso"), .product(name: "LassoDocuments", package: "lasso"),
                .product(name: "LassoCounting", package: "lasso"), .product(name: "LassoImage", package: "lasso"),
                "CFreeType",
            ],
            path: "SampleScreenshots",
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
        // The system's FreeType, which draws the texts (with a CJK font: see Snapshots/README.md).
        .systemLibrary(
            name: "CFreeType", path: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    ],
    swiftLanguageModes: [.v6]
)
