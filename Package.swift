// swift-tools-version: 6.0
// The lasso tool, its library modules and their tests. The benchmarks (Benchmarks/), the fuzz targets (Fuzz/) and
// the sample-screenshot tool (Snapshots/tools/) are packages of their own that depend on this one.
import PackageDescription

/// Every target: Swift 6 language mode, and a module's members visible only where that module is imported.
let strict: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "lasso",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "lasso", targets: ["lasso"]),
        .library(name: "LassoSnapshot", targets: ["LassoSnapshot"]),
        .library(name: "LassoDocuments", targets: ["LassoDocuments"]),
        .library(name: "LassoCounting", targets: ["LassoCounting"]),
        .library(name: "LassoImport", targets: ["LassoImport"]),
        .library(name: "LassoTUI", targets: ["LassoTUI"]),
        .library(name: "LassoImage", targets: ["LassoImage"]),
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
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // The end of a JSON string's plain run found sixteen bytes at a time (SSE2, NEON): Swift's SIMD types compiled
        // their compares to a loop over the bytes here, and the scan is a fifth of loading and of counting.
        .target(name: "CByteScan"),
        .target(
            name: "LassoSnapshot",
            dependencies: ["CByteScan", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict
        ),
        .target(
            name: "LassoDocuments",
            dependencies: ["LassoSnapshot", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict
        ),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(
            name: "LassoCounting", dependencies: ["LassoSnapshot", "LassoDocuments", "CZlib"], swiftSettings: strict),
        .target(name: "LassoImport", dependencies: ["LassoSnapshot"], swiftSettings: strict),
        .target(
            name: "LassoTUI", dependencies: ["LassoSnapshot", "LassoDocuments", "LassoCounting"], swiftSettings: strict),
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .target(
            name: "LassoTerminal", dependencies: ["LassoTUI", "LassoSnapshot", "LassoImage", "CNcursesw"],
            swiftSettings: strict),
        // QR codes of the links a phone opens to start a live session (`lasso live pair`).
        .systemLibrary(
            name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]),
        .target(
            name: "LassoImage", dependencies: ["LassoSnapshot", "CLibPNG", "CTurboJPEG", "CZlib"],
            swiftSettings: strict),
        .target(
            name: "LassoEngines",
            dependencies: [
                "LassoSnapshot", "LassoDocuments", "LassoCounting",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "LassoServer",
            dependencies: [
                "LassoSnapshot", "LassoDocuments", "LassoImport", "LassoCounting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "LassoClient",
            dependencies: [
                "LassoSnapshot", "LassoDocuments",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .plugin(name: "BuildCommit", capability: .buildTool()),
        .executableTarget(
            name: "lasso",
            dependencies: [
                "LassoSnapshot",
                "LassoDocuments",
                "LassoCounting",
                "LassoImport",
                "LassoTUI",
                "LassoTerminal",
                "LassoImage",
                "LassoServer",
                "LassoClient",
                "LassoEngines",
                "CQREncode",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict,
            plugins: ["BuildCommit"]
        ),
        .target(
            name: "_LassoTestSupport", dependencies: ["LassoSnapshot"], path: "Tests/_LassoTestSupport",
            swiftSettings: strict),
        // The fake phones of the live tests, from the SDKs' code: the server's tests and the UI's share them.
        .target(
            name: "_LassoLiveTestSupport",
            dependencies: [
                "LassoSnapshot", "LassoImage", "CZlib",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/_LassoLiveTestSupport", swiftSettings: strict),
        .testTarget(
            name: "LassoSnapshotTests", dependencies: ["LassoSnapshot", "CByteScan", "_LassoTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "LassoDocumentsTests", dependencies: ["LassoDocuments", "LassoSnapshot", "_LassoTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "LassoCountingTests",
            dependencies: ["LassoCounting", "LassoDocuments", "LassoSnapshot", "_LassoTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "LassoEnginesTests",
            dependencies: [
                "LassoEngines", "LassoCounting", "LassoDocuments", "LassoSnapshot", "_LassoTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "LassoImportTests", dependencies: ["LassoImport", "LassoSnapshot", "LassoDocuments"],
            swiftSettings: strict),
        .testTarget(
            name: "LassoImageTests",
            dependencies: ["LassoImage", "LassoSnapshot", "CLibPNG", "CZlib", "_LassoTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "LassoTUITests",
            dependencies: [
                "LassoTUI", "LassoSnapshot", "LassoDocuments", "LassoCounting", "LassoImage", "LassoImport",
                "_LassoTestSupport",
            ],
            exclude: ["Goldens"],
            swiftSettings: strict),
        .testTarget(
            name: "LassoTerminalTests", dependencies: ["LassoTerminal", "LassoTUI", "LassoSnapshot", "LassoImage"],
            swiftSettings: strict),
        .testTarget(
            name: "LassoCLITests",
            dependencies: [
                "lasso", "LassoSnapshot", "LassoDocuments", "LassoCounting", "LassoImport", "LassoClient", "LassoImage",
                "LassoTUI", "_LassoTestSupport", "_LassoLiveTestSupport",
            ],
            exclude: ["Goldens"],
            swiftSettings: strict),
        .testTarget(
            name: "LassoServerTests",
            dependencies: [
                "LassoServer", "LassoClient", "LassoSnapshot", "LassoDocuments", "lasso", "_LassoTestSupport",
                "_LassoLiveTestSupport", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
