import Imaging
import Numerics
import XCTest

/// `OptimalAssignment` on hand-made matrices with known optima, and against every assignment tried.
final class OptimalAssignmentTests: XCTestCase {
    func testOptimalAssignmentOnRectangularMatrices() {
        // 3 rows x 2 columns: row 2 must stay unassigned; optimum 1 + 1 = 2.
        XCTAssertEqual(OptimalAssignment.solve([[1, 9], [9, 1], [5, 5]]), [0, 1, nil])
        // 2 rows x 3 columns: the classic case where the locally best first choice is wrong.
        XCTAssertEqual(OptimalAssignment.solve([[1, 2, 9], [1, 9, 9]]), [1, 0])
        XCTAssertEqual(OptimalAssignment.solve([[4, 1, 3], [2, 0, 5], [3, 2, 2]]), [1, 0, 2])
        XCTAssertEqual(OptimalAssignment.solve([]), [])
        XCTAssertEqual(OptimalAssignment.solve([[.nan, 1], [1, .infinity]]), [1, 0])
    }
    /// On random square and rectangular matrices up to 5 x 5, the total cost equals the least over
    /// every assignment of min(rows, columns) rows to distinct columns, found by trying them all.
    func testTotalCostIsTheLeastOfEveryAssignment() {
        var random = SplitMix64(seed: 49)
        for rows in 1...5 {
            for columns in 1...5 {
                let costs = (0..<rows).map { _ in (0..<columns).map { _ in (random.nextUnit() * 10).rounded() } }
                let solution = OptimalAssignment.solve(costs)
                XCTAssertEqual(solution.count, rows)
                let assigned = solution.compactMap { $0 }
                XCTAssertEqual(assigned.count, min(rows, columns), "\(rows)x\(columns): every row or every column is used")
                XCTAssertEqual(Set(assigned).count, assigned.count, "\(rows)x\(columns): distinct columns")
                let total = zip(costs, solution).reduce(0.0) { sum, pair in sum + (pair.1.map { pair.0[$0] } ?? 0) }
                XCTAssertEqual(total, Self.leastTotal(costs, row: 0, used: [], toAssign: min(rows, columns)), accuracy: 1e-9,
                               "\(rows)x\(columns): \(costs)")
            }
        }
    }

    /// The least total over assignments of `toAssign` more rows from `row` on, each to a column not in `used`.
    private static func leastTotal(_ costs: [[Double]], row: Int, used: Set<Int>, toAssign: Int) -> Double {
        if toAssign == 0 { return 0 }
        guard row < costs.count, costs.count - row >= toAssign else { return .infinity }
        var best = leastTotal(costs, row: row + 1, used: used, toAssign: toAssign)
        for column in costs[row].indices where !used.contains(column) {
            best = min(best, costs[row][column] + leastTotal(costs, row: row + 1, used: used.union([column]), toAssign: toAssign - 1))
        }
        return best
    }
}
