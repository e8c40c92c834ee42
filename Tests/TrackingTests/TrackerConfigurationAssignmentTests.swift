import Tracking
import XCTest

/// `vtrack eval --set`'s assignments on each level's configuration: an unknown name is unknown at
/// every level, a wrong value names what is expected, and a name of a tracker the level does not
/// run says which trackers it runs.
final class TrackerConfigurationAssignmentTests: XCTestCase {
    private func message(_ assignment: String, _ level: TrackingLevel, kind: TrackerKind = .learned) -> String? {
        do {
            _ = try TrackerConfiguration.for(level, kind: kind).applying([assignment], level: level)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testAnUnknownNameIsUnknownAtEveryLevel() throws {
        for level in TrackingLevel.allCases {
            for kind in [TrackerKind.learned, .correlationFilter] {
                let said = try XCTUnwrap(message("nosuch=1", level, kind: kind), "\(level) \(kind)")
                XCTAssertTrue(said.contains("unknown parameter 'nosuch' (known: "), "\(level) \(kind): \(said)")
                XCTAssertTrue(said.contains("lookAlikes") && said.contains("padding"), said)
                XCTAssertEqual(message("padding", level, kind: kind), "invalid tracker parameter: 'padding' is not name=value")
            }
        }
    }

    func testEachTrackersNamesApplyWhereItRunsAndSayWhereItDoesNot() {
        XCTAssertNil(message("lookAlikes=off", .fast))
        XCTAssertNil(message("lookAlikes=off", .accurate))
        XCTAssertNil(message("padding=2", .accurate))
        XCTAssertNil(message("padding=2", .fast, kind: .correlationFilter))
        XCTAssertNil(message("fusionChoice=siamese-box", .accurate))
        XCTAssertEqual(message("padding=2", .fast), "invalid tracker parameter: padding=2 sets the correlation filter;"
            + " level fast runs the Siamese tracker alone (the filter runs at --level accurate, or with --correlation-filter)")
        XCTAssertEqual(message("lookAlikes=off", .accurate, kind: .correlationFilter), "invalid tracker parameter: lookAlikes=off sets"
            + " the Siamese tracker; level accurate runs the correlation filter alone (the Siamese tracker runs without --correlation-filter or siamese=off)")
        XCTAssertEqual(message("fusionChoice=siamese-box", .fast), "invalid tracker parameter: fusionChoice=siamese-box sets the fused"
            + " trackers' choice; level fast runs the Siamese tracker alone (they run at --level accurate)")
    }

    func testAWrongValueNamesWhatIsExpected() {
        for level in TrackingLevel.allCases {
            XCTAssertEqual(message("fusionChoice=filter-box", level), "invalid tracker parameter: fusionChoice=filter-box: expected siamese-box")
        }
        XCTAssertEqual(message("lookAlikes=maybe", .fast), "invalid tracker parameter: lookAlikes=maybe: expected on or off")
    }

    func testANetworkIsJudgedByTheModelsFittedOnItsOwnEvidence() throws {
        let fused = try TrackerConfiguration.for(.accurate, kind: .learned).applying(["network=lightfc"], level: .accurate)
        guard case .fused(let configuration) = fused else { return XCTFail("\(fused) is not fused") }
        XCTAssertEqual(configuration.siamese.confidenceModel, .lightFC)
        XCTAssertEqual(configuration.siamese.appearanceConfidenceModel, .lightFCWithAppearance)
        XCTAssertTrue(configuration.siamese.settings.redetectsWhenLost, "the level's search is kept")
        let fast = try TrackerConfiguration.for(.fast, kind: .learned).applying(["network=nanotrack-v3"], level: .fast)
        guard case .siamese(let siamese) = fast else { return XCTFail("\(fast) is not a Siamese tracker") }
        XCTAssertEqual(siamese.confidenceModel, .learnedAccurate)
    }
}
