import Imaging

/// A luma image and its successive halvings (2x2 box means) as `Float`, from a chosen finest
/// level up, with storage kept from frame to frame. Level 0 is smoothed by a 3x3 binomial
/// filter, so that image gradients measured on it are not dominated by aliasing and noise.
///
/// Level `k` pixel `(i, j)` covers level-0 pixels `2^k i ..< 2^k (i+1)` across; a point at
/// continuous coordinate `u` on level 0 (pixel `i` spanning `i ..< i+1`) is at `u / 2^k` on level `k`.
final class LumaPyramid {
    struct Level {
        var width = 0
        var height = 0
        var values: [Float] = []
    }

    private(set) var levels: [Level]

    /// A pyramid with levels `0 ..< count` (`count` >= 1).
    init(levelCount count: Int) {
        levels = Array(repeating: Level(), count: max(1, count))
    }

    /// Rebuilds levels `finest ..< levelCount` from `luma`; the levels below `finest` are not built.
    func build(from luma: Image<UInt8>, finestLevel finest: Int) {
        let finestLevel = min(max(0, finest), levels.count - 1)
        let first = max(1, finestLevel)
        if finestLevel == 0 {
            resize(0, width: luma.width, height: luma.height)
            luma.pixels.withUnsafeBufferPointer { source in
                levels[0].values.withUnsafeMutableBufferPointer { target in
                    for k in 0..<source.count { target[k] = Float(source[k]) }
                }
            }
            smoothLevel0()
        }
        guard levels.count > 1 else { return }
        // The first built level above 0 is the box mean of a 2^first block of luma.
        let factor = 1 << first
        let width = luma.width / factor, height = luma.height / factor
        resize(first, width: width, height: height)
        let inverseArea = 1 / Float(factor * factor)
        luma.pixels.withUnsafeBufferPointer { source in
            levels[first].values.withUnsafeMutableBufferPointer { target in
                for j in 0..<height {
                    for i in 0..<width {
                        var sum: UInt32 = 0
                        for y in (j * factor)..<((j + 1) * factor) {
                            let row = y * luma.width
                            for x in (i * factor)..<((i + 1) * factor) { sum += UInt32(source[row + x]) }
                        }
                        target[j * width + i] = Float(sum) * inverseArea
                    }
                }
            }
        }
        for k in (first + 1)..<max(first + 1, levels.count) { halve(into: k) }
    }

    /// Applies the [1 2 1]/4 filter along rows then columns to level 0, leaving the border pixels.
    private func smoothLevel0() {
        let width = levels[0].width, height = levels[0].height
        guard width >= 3, height >= 3 else { return }
        levels[0].values.withUnsafeMutableBufferPointer { values in
            for y in 0..<height {
                let row = y * width
                var previous = values[row]
                for x in 1..<(width - 1) {
                    let current = values[row + x]
                    values[row + x] = 0.25 * (previous + 2 * current + values[row + x + 1])
                    previous = current
                }
            }
            withUnsafeTemporaryAllocation(of: Float.self, capacity: width) { previousRow in
                for x in 0..<width { previousRow[x] = values[x] }
                for y in 1..<(height - 1) {
                    let row = y * width
                    for x in 0..<width {
                        let current = values[row + x]
                        values[row + x] = 0.25 * (previousRow[x] + 2 * current + values[row + width + x])
                        previousRow[x] = current
                    }
                }
            }
        }
    }

    private func halve(into k: Int) {
        let below = levels[k - 1]
        let width = below.width / 2, height = below.height / 2
        resize(k, width: width, height: height)
        below.values.withUnsafeBufferPointer { source in
            levels[k].values.withUnsafeMutableBufferPointer { target in
                for j in 0..<height {
                    let top = 2 * j * below.width, bottom = top + below.width
                    for i in 0..<width {
                        let x = 2 * i
                        target[j * width + i] = 0.25 * (source[top + x] + source[top + x + 1] + source[bottom + x] + source[bottom + x + 1])
                    }
                }
            }
        }
    }

    private func resize(_ k: Int, width: Int, height: Int) {
        levels[k].width = width
        levels[k].height = height
        if levels[k].values.count != width * height {
            levels[k].values = [Float](repeating: 0, count: width * height)
        }
    }
}
