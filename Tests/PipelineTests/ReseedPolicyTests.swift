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
}
