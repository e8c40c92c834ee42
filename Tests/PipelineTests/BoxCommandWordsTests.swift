import Foundation
import Pipeline
import XCTest

/// The tracking options the pick and review pages' commands repeat.
final class BoxCommandWordsTests: XCTestCase {
    /// The options the pick and review pages' commands repeat: the level always, the rest where they
    /// differ from the defaults, the detector's files as absolute paths; a command that parses back
    /// to the same options is checked end to end by the browser tests.
    func testTheCommandNamesTheOptionsThatChangeTheRun() {
        XCTAssertEqual(TrackingOptions().boxCommandWords, ["--level", "accurate"])
        XCTAssertEqual(TrackingOptions(level: .fast, startFrame: 30, automaticDetectionInterval: 5).boxCommandWords, ["--level", "fast"],
                       "the start frame (keyframes name their frames) and the automatic detection interval do not apply")
        XCTAssertEqual(TrackingOptions(level: .fast, reseedEvery: 0, detector: .face, detectionMinimumScore: 0.35, compensatesCameraMotion: true,
                                       showsCameraMotion: true, trackerKind: .correlationFilter).boxCommandWords,
                       ["--level", "fast", "--correlation-filter", "--reseed-every", "0", "--detector", "face", "--min-score", "0.35",
                        "--camera-motion", "--show-motion"])
        let cwd = FileManager.default.currentDirectoryPath
        XCTAssertEqual(TrackingOptions(detector: DetectorChoice(parsing: "models/cars.onnx", classes: ["car", "bus"], classNamesPath: "names.txt"))
            .boxCommandWords, ["--level", "accurate", "--detector", cwd + "/models/cars.onnx", "--classes", "car,bus", "--class-names", cwd + "/names.txt"])
        XCTAssertEqual(TrackingOptions(detector: DetectorChoice(parsing: "haar-face")).boxCommandWords, ["--level", "accurate", "--detector", "haar-face"])
        XCTAssertEqual(TrackingOptions(detector: DetectorChoice(parsing: "/c/eyes.xml")).boxCommandWords, ["--level", "accurate", "--detector", "/c/eyes.xml"])
    }
}
