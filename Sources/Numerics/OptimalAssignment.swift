/// Minimum-cost assignment (Hungarian / Kuhn-Munkres method with potentials, O(n²m)).
///
///     let rows = OptimalAssignment.solve([[4, 1], [2, 3]])   // [1, 0]: row 0 -> column 1, row 1 -> column 0
public enum OptimalAssignment {
    /// Assigns rows to distinct columns so the total cost is minimal. Rectangular matrices are fine:
    /// with more rows than columns some rows get `nil`, with more columns some columns stay unused.
    ///
    /// - Parameter costs: `costs[row][column]`; every row must have the same length (shorter rows are
    ///   padded with `maximumCost`). Non-finite costs count as `maximumCost`.
    /// - Returns: for each row, its column or `nil`.
    public static func solve(_ costs: [[Double]], maximumCost: Double = 1e9) -> [Int?] {
        let rowCount = costs.count
        let columnCount = costs.map(\.count).max() ?? 0
        guard rowCount > 0, columnCount > 0 else { return [Int?](repeating: nil, count: rowCount) }
        func cost(_ row: Int, _ column: Int) -> Double {
            guard column < costs[row].count else { return maximumCost }
            let value = costs[row][column]
            return value.isFinite ? min(value, maximumCost) : maximumCost
        }
        // The method needs rows <= columns; solve the transpose otherwise.
        let transposed = rowCount > columnCount
        let n = transposed ? columnCount : rowCount, m = transposed ? rowCount : columnCount
        let a: (Int, Int) -> Double = transposed ? { cost($1, $0) } : { cost($0, $1) }

        // 1-based arrays; column 0 is a virtual start column.
        var u = [Double](repeating: 0, count: n + 1), v = [Double](repeating: 0, count: m + 1)
        var owner = [Int](repeating: 0, count: m + 1)      // row assigned to each column (0: none)
        var way = [Int](repeating: 0, count: m + 1)
        for row in 1...n {
            owner[0] = row
            var column0 = 0
            var minimum = [Double](repeating: .infinity, count: m + 1)
            var used = [Bool](repeating: false, count: m + 1)
            repeat {
                used[column0] = true
                let row0 = owner[column0]
                var delta = Double.infinity, column1 = 0
                for column in 1...m where !used[column] {
                    let reduced = a(row0 - 1, column - 1) - u[row0] - v[column]
                    if reduced < minimum[column] { minimum[column] = reduced; way[column] = column0 }
                    if minimum[column] < delta { delta = minimum[column]; column1 = column }
                }
                for column in 0...m {
                    if used[column] { u[owner[column]] += delta; v[column] -= delta } else { minimum[column] -= delta }
                }
                column0 = column1
            } while owner[column0] != 0
            repeat {
                let column1 = way[column0]
                owner[column0] = owner[column1]
                column0 = column1
            } while column0 != 0
        }
        var assignment = [Int?](repeating: nil, count: rowCount)
        for column in 1...m where owner[column] != 0 {
            if transposed { assignment[column - 1] = owner[column] - 1 } else { assignment[owner[column] - 1] = column - 1 }
        }
        return assignment
    }
}
