import Imaging
import Pipeline
import XCTest

final class ReseedPolicyTests: XCTestCase {
    /// A proposed relocation is confirmed only where the object can have moved in the meantime:
    /// within 0.5 object sizes times the square root of the frames between the two searches.
    func testASecondFindConfirmsOnlyWithinTheRandomWalksSpread() {
        let policy = ReseedPolicy()
        let proposed = PixelRect(x: 100, y: 100, width: 40, height: 40)
        func found(dx: Double) -> PixelRect { PixelRect(x: 100 + dx, y: 100, width: 40, height: 40) }
        XCTAssertTrue(policy.isSamePlace(found(dx: 0), as: proposed, framesBetween: 5))
        XCTAssertTrue(policy.isSamePlace(found(dx: 44), as: proposed, framesBetween: 5), "0.5 x 40 x sqrt(5) = 44.7 px")
        XCTAssertFalse(policy.isSamePlace(found(dx: 46), as: proposed, framesBetween: 5))
        XCTAssertTrue(policy.isSamePlace(found(dx: 99), as: proposed, framesBetween: 25), "0.5 x 40 x 5 = 100 px")
        XCTAssertFalse(policy.isSamePlace(found(dx: 21), as: proposed, framesBetween: 0), "at least one frame's spread, 20 px")
        XCTAssertFalse(policy.isSamePlace(PixelRect(x: .nan, y: 100, width: 40, height: 40), as: proposed, framesBetween: 5))
    }

    /// Colour may move a track only once it is lost for good: after four searches' worth of
    /// frames, when the searches also back off from every 5 frames to every 25.
    func testColourActsOnlyOnTracksLostForGood() {
        let policy = ReseedPolicy()
        XCTAssertFalse(policy.isLostForGood(lostRun: 19))
        XCTAssertTrue(policy.isLostForGood(lostRun: 20))
        XCTAssertTrue(policy.needsSearch(lowRun: 0, lostRun: 15, isLost: true), "every 5 frames while lost briefly")
        XCTAssertFalse(policy.needsSearch(lowRun: 0, lostRun: 30, isLost: true), "every 25 once lost for good")
        XCTAssertTrue(policy.needsSearch(lowRun: 0, lostRun: 50, isLost: true))
    }

    /// Lowe's ratio test on Bhattacharyya distances: group3_2's walker at 0.89 against a runner-up at
    /// 0.60 is distinct (distances 0.33 and 0.63); the walker at 0.75 against a person beside it at
    /// 0.64 is not (0.50 and 0.60). Agreements outside 0...1 or NaN never pass.
    func testColourRatioTestIsOnDistances() {
        let policy = ReseedPolicy()
        XCTAssertTrue(policy.isColourDistinct(0.89, from: 0.60))
        XCTAssertFalse(policy.isColourDistinct(0.75, from: 0.64))
        XCTAssertFalse(policy.isColourDistinct(0.9, from: 0.9))
        XCTAssertTrue(policy.isColourDistinct(1, from: 0), "a perfect match against nothing")
        XCTAssertFalse(policy.isColourDistinct(.nan, from: 0.2))
        XCTAssertFalse(policy.isColourDistinct(0.5, from: 2), "a competitor above 1 counts as a perfect match")
    }
}
