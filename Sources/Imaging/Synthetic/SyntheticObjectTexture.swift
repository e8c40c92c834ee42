/// The synthetic object's appearance in its own coordinates `(u, v)` in 0...1 (top-left of the box to
/// bottom-right), so that it scales with the box: a 5x5 grid of sharp-edged blocks in a saturated
/// colour, its dark complement and a pale tint (chosen at random per block, so the pattern is not
/// periodic and a tracker cannot slip by one block), plus fine value noise.
struct SyntheticObjectTexture {
    static let blocksPerSide = 5
    /// RGB of each block, row-major, 3 values per block.
    private let blockColours: [Float]
    private let noise: ValueNoise

    init(generator: inout SplitMix64) {
        let hue = generator.nextUnit()
        let primary = Self.saturatedColour(hue: hue, brightness: 240)
        let complement = Self.saturatedColour(hue: (hue + 0.5).truncatingRemainder(dividingBy: 1), brightness: 70)
        let pale = primary.map { $0 * 0.5 + 120 }
        let shades = [primary, complement, pale]
        let blocks = Self.blocksPerSide * Self.blocksPerSide
        var colours: [Float] = []
        colours.reserveCapacity(blocks * 3)
        for block in 0..<blocks {
            // The first three blocks take each shade once so that every object shows all three.
            let shade = block < 3 ? block : Int(generator.nextUnit() * 3)
            colours += shades[shade]
        }
        blockColours = colours
        noise = ValueNoise(columns: 10, rows: 10, generator: &generator)
    }

    /// The colour at `(u, v)`, each channel in about 0...255 (callers clamp).
    @inline(__always) func colour(u: Float, v: Float) -> (Float, Float, Float) {
        let last = Self.blocksPerSide - 1, side = Float(Self.blocksPerSide)
        let column = u > 0 ? min(Int(u * side), last) : 0
        let row = v > 0 ? min(Int(v * side), last) : 0
        let grain = (noise.value(u: u * 10, v: v * 10) - 0.5) * 50
        return blockColours.withUnsafeBufferPointer { colours in
            let base = (row * Self.blocksPerSide + column) * 3
            return (colours[base] + grain, colours[base + 1] + grain, colours[base + 2] + grain)
        }
    }

    /// A fully saturated colour of `hue` (0..<1 around the colour wheel) with its largest channel at `brightness`.
    private static func saturatedColour(hue: Double, brightness: Float) -> [Float] {
        let sector = hue * 6
        let ramp = Float(sector - sector.rounded(.down))
        let low = brightness * 0.1
        let rising = low + (brightness - low) * ramp, falling = brightness - (brightness - low) * ramp
        switch Int(sector) {
        case 0: return [brightness, rising, low]
        case 1: return [falling, brightness, low]
        case 2: return [low, brightness, rising]
        case 3: return [low, falling, brightness]
        case 4: return [rising, low, brightness]
        default: return [brightness, low, falling]
        }
    }
}
