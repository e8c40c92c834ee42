// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "vtrack",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "vtrack", targets: ["vtrack"]),
        .library(name: "VTrack", targets: ["Files", "VideoIO", "Imaging", "Numerics", "Tracking", "Detection", "NeuralDetection", "TrackFormats", "Pages", "Pipeline", "Evaluation"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat libavcodec libswscale libavutil",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]
        ),
        .systemLibrary(
            name: "CFFTW",
            pkgConfig: "fftw3f",
            providers: [.apt(["libfftw3-dev"])]
        ),
        .target(
            name: "COpenVINO",
            cSettings: [.define("VTRACK_DEPS_DIRECTORY", to: "\"\(Context.packageDirectory)/.deps\"")],
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(name: "Imaging"),
        // Paths and outputs that are never half-written, for every module that writes files.
        .target(name: "Files"),
        .target(name: "VideoIO", dependencies: ["CFFmpeg", "Files", "Imaging"]),
        // Shared numerics (FFT plans and buffers, optimal assignment), for every module that needs them.
        .target(name: "Numerics", dependencies: ["CFFTW"]),
        .target(name: "Tracking", dependencies: ["Imaging", "Numerics"]),
        .target(name: "Detection", dependencies: ["Imaging", "Numerics"]),
        .target(name: "NeuralDetection", dependencies: ["Detection", "Imaging", "Tracking", "VideoIO", "COpenVINO"]),
        // The file formats vtrack writes and reads back: CSV, MOTChallenge, CVAT XML, JSON Lines, box tables.
        .target(name: "TrackFormats", dependencies: ["Files", "Imaging", "Tracking"]),
        // The pages a browser opens: the review, pick and batch index pages with their PNG stills.
        .target(name: "Pages", dependencies: ["Files", "TrackFormats", "Imaging", "Tracking", "VideoIO"]),
        .target(name: "Pipeline", dependencies: ["Files", "TrackFormats", "Pages", "VideoIO", "Imaging", "Tracking", "Detection", "NeuralDetection"]),
        .target(name: "Evaluation", dependencies: ["Files", "TrackFormats", "Pages", "Pipeline", "VideoIO", "Imaging", "Tracking", "Numerics", "NeuralDetection"]),
        .executableTarget(
            name: "vtrack",
            dependencies: [
                "Files", "TrackFormats", "Pages", "Pipeline", "Evaluation", "VideoIO", "Tracking", "Imaging",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Where the tests find footage: SampleVideos/ and the development data beside the repository.
        .target(name: "TestFootage", dependencies: ["Imaging"], path: "Tests/TestFootage"),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging"]),
        .testTarget(name: "NumericsTests", dependencies: ["Numerics", "Imaging"]),
        .testTarget(name: "VideoIOTests", dependencies: ["VideoIO", "Imaging", "TestFootage"]),
        .testTarget(name: "TrackingTests", dependencies: ["Tracking", "Numerics", "Imaging", "VideoIO", "TestFootage"]),
        .testTarget(name: "DetectionTests", dependencies: ["Detection", "Numerics", "Imaging", "VideoIO", "TestFootage"], exclude: ["Fixtures"]),
        .testTarget(name: "NeuralDetectionTests", dependencies: ["NeuralDetection", "Detection", "Imaging", "Tracking", "VideoIO", "TestFootage"], exclude: ["Fixtures"]),
        .testTarget(name: "FilesTests", dependencies: ["Files"]),
        .testTarget(name: "TrackFormatsTests", dependencies: ["TrackFormats", "Imaging", "Pipeline", "TestFootage"]),
        .testTarget(name: "PagesTests", dependencies: ["Pages", "TrackFormats", "Imaging", "Pipeline", "TestFootage"]),
        .testTarget(name: "PipelineTests", dependencies: ["Files", "TrackFormats", "Pages", "Pipeline", "VideoIO", "Imaging", "Tracking", "Detection", "NeuralDetection", "TestFootage"]),
        .testTarget(name: "EvaluationTests", dependencies: ["Files", "TrackFormats", "Pages", "Evaluation", "Pipeline", "Imaging", "VideoIO", "Tracking", "TestFootage"]),
        .testTarget(name: "CLITests", dependencies: ["Files", "TrackFormats", "Pages", "VideoIO", "Imaging", "Pipeline", "TestFootage"], exclude: ["Browser"]),
    ],
    swiftLanguageModes: [.v6]
)

