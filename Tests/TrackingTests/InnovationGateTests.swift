import Tracking
import XCTest

/// ``InnovationGate``: what it learns from accepted fixes and how far it reaches.
final class InnovationGateTests: XCTestCase {
    /// A gate of spread 3 and floor 0.4 that accepted `count` fixes `innovation` object sizes off.
    private func gate(accepting innovation: Double, count: Int) -> InnovationGate {
        var gate = InnovationGate(spread: 3, floor: 0.4)
        for _ in 0..<count { gate.accept(innovation) }
        return gate
    }

    func testTheGateIsOpenUntilItHasWarmedUp() {
        XCTAssertEqual(gate(accepting: 0.2, count: InnovationGate.warmUp - 1).radius, .infinity)
        XCTAssertEqual(gate(accepting: 0.2, count: InnovationGate.warmUp).radius, 0.6, accuracy: 1e-12)
    }

    func testADisputedFixIsOutsideAndAnAgreeingOneInside() {
        let gate = gate(accepting: 0.2, count: 8)   // RMS 0.2: radius 3 x 0.2
        XCTAssertGreaterThan(1.0, gate.radius, "a jump of one object size is flagged")
        XCTAssertLessThan(0.3, gate.radius, "a step like the usual ones passes")
    }

    func testTheRadiusNeverDropsBelowTheFloor() {
        XCTAssertEqual(gate(accepting: 0.05, count: 8).radius, 0.4, accuracy: 1e-12)
    }

    func testTheRadiusWidensWithTheSquareRootOfTheFramesSinceTheLastFix() {
        var gate = gate(accepting: 0.2, count: 8)
        gate.reject()
        gate.reject()
        gate.reject()
        XCTAssertEqual(gate.radius, 0.6 * 2, accuracy: 1e-12)
        gate.accept(0.2)
        XCTAssertEqual(gate.radius, 0.6, accuracy: 1e-12)
    }

    func testOnceWarmAFixMovesTheMeanSquareByTheRate() {
        var gate = gate(accepting: 0.2, count: InnovationGate.warmUp)
        gate.accept(1.2)   // mean square 0.04 + 0.1 x (1.44 - 0.04) = 0.18
        XCTAssertEqual(gate.radius, 3 * 0.18.squareRoot(), accuracy: 1e-12)
    }

    func testAGateWithoutSpreadIsOff() {
        var gate = InnovationGate(spread: 0, floor: 0.4)
        for _ in 0..<10 { gate.accept(0.1) }
        XCTAssertEqual(gate.radius, .infinity)
    }
}
