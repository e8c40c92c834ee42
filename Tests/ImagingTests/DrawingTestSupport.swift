import Imaging

/// A black three-channel canvas.
func blackCanvas(width: Int, height: Int) -> Image<UInt8> {
    Image<UInt8>(width: width, height: height, channels: 3, repeating: 0)
}

extension Image where Pixel == UInt8 {
    /// The colour of pixel `(x, y)` of a three-channel image.
    func colour(x: Int, y: Int) -> RGBColour {
        RGBColour(red: self[x, y, 0], green: self[x, y, 1], blue: self[x, y, 2])
    }

    /// Coordinates of every pixel of a three-channel image that has `colour`.
    func pixels(of colour: RGBColour) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<height { for x in 0..<width where self.colour(x: x, y: y) == colour { found.append((x, y)) } }
        return found
    }

    /// Coordinates of every pixel that differs from `other` (same shape required).
    func changedPixels(from other: Image<UInt8>) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<height {
            for x in 0..<width where (0..<channels).contains(where: { self[x, y, $0] != other[x, y, $0] }) {
                found.append((x, y))
            }
        }
        return found
    }
}

/// Lengths of the alternating runs of equal values in `values`, starting with the first value's run.
func runLengths(_ values: [Bool]) -> [Int] {
    var runs: [Int] = []
    var previous: Bool?
    for value in values {
        if value == previous, let last = runs.indices.last { runs[last] += 1 } else { runs.append(1) }
        previous = value
    }
    return runs
}
