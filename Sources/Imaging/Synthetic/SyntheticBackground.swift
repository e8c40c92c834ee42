/// The static backdrop of a synthetic scene: multi-octave value noise tinted between a dark and a light
/// colour, overlaid with soft coloured blobs. Low-frequency on purpose, so that the object's sharp
/// block texture stands out from it.
enum SyntheticBackground {
    /// RGB pixels, `width * height * 3`, row-major, top-left origin.
    static func render(width: Int, height: Int, generator: inout SplitMix64) -> [UInt8] {
        let count = width * height
        var brightness = [Float](repeating: 0, count: count)
        let shortSide = min(width, height)
        // Up to five octaves, from a third of the short side down to 2-pixel cells.
        var cell = max(2, shortSide / 3)
        var amplitude: Float = 1, total: Float = 0, octaves = 0
        brightness.withUnsafeMutableBufferPointer { field in
            while octaves < 5, cell >= 2 {
                let noise = ValueNoise(columns: width / cell + 1, rows: height / cell + 1, generator: &generator)
                let inverseCell = 1 / Float(cell)
                for y in 0..<height {
                    let v = (Float(y) + 0.5) * inverseCell
                    let row = y * width
                    for x in 0..<width {
                        field[row + x] += amplitude * noise.value(u: (Float(x) + 0.5) * inverseCell, v: v)
                    }
                }
                total += amplitude
                amplitude *= 0.5
                cell /= 2
                octaves += 1
            }
        }
        let dark = randomColour(in: 20..<90, generator: &generator)
        let light = randomColour(in: 150..<235, generator: &generator)
        var rgb = [Float](repeating: 0, count: count * 3)
        rgb.withUnsafeMutableBufferPointer { pixels in
            brightness.withUnsafeBufferPointer { field in
                for i in 0..<count {
                    // Sums of octaves cluster around 0.5; stretch them to use the whole colour range.
                    let stretched = (field[i] / total - 0.5) * 2.2 + 0.5
                    let t: Float = stretched > 0 ? (stretched < 1 ? stretched : 1) : 0
                    for c in 0..<3 { pixels[i * 3 + c] = dark[c] + (light[c] - dark[c]) * t }
                }
            }
            let blobCount = 8 + Int(generator.nextUnit() * 6)
            for _ in 0..<blobCount {
                addBlob(to: pixels, width: width, height: height, shortSide: shortSide, generator: &generator)
            }
        }
        return rgb.map { UInt8(fromSample: $0) }
    }

    /// Blends one soft disc of a random colour into `pixels`; its opacity falls smoothly to 0 at its rim.
    private static func addBlob(to pixels: UnsafeMutableBufferPointer<Float>, width: Int, height: Int,
                                shortSide: Int, generator: inout SplitMix64) {
        let centreX = generator.next(in: 0..<Double(width)), centreY = generator.next(in: 0..<Double(height))
        let radius = max(1.5, Double(shortSide) * generator.next(in: 0.04..<0.14))
        let colour = randomColour(in: 40..<230, generator: &generator)
        let opacity = Float(generator.next(in: 0.45..<0.75))
        let x0 = max(0, Int(centreX - radius)), x1 = min(width - 1, Int(centreX + radius))
        let y0 = max(0, Int(centreY - radius)), y1 = min(height - 1, Int(centreY + radius))
        guard x0 <= x1, y0 <= y1 else { return }
        let inverseRadiusSquared = 1 / (radius * radius)
        for y in y0...y1 {
            let dy = Double(y) + 0.5 - centreY
            for x in x0...x1 {
                let dx = Double(x) + 0.5 - centreX
                let falloff = 1 - (dx * dx + dy * dy) * inverseRadiusSquared
                guard falloff > 0 else { continue }
                let alpha = opacity * Float(falloff * falloff)
                let base = (y * width + x) * 3
                for c in 0..<3 { pixels[base + c] += (colour[c] - pixels[base + c]) * alpha }
            }
        }
    }

    /// Three channel values drawn uniformly from `range`.
    private static func randomColour(in range: Range<Double>, generator: inout SplitMix64) -> [Float] {
        (0..<3).map { _ in Float(generator.next(in: range)) }
    }
}
