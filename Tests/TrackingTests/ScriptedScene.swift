import Foundation
import Imaging

/// Renders test frames where each test scripts the object's box frame by frame, with an optional
/// occluder and a panning background (Imaging's ``SyntheticScene`` moves its object along a
/// ``SyntheticMotion`` instead): a textured object (a colourful, blocky pattern) over a differently
/// textured background, both deterministic. The object is drawn by sampling its texture in its
/// own normalised coordinates, so drawing it larger zooms it.
struct ScriptedScene {
    let width: Int
    let height: Int
    private let background: [UInt8]   // RGB
    private let objectTexture: [UInt8] // RGB, textureSize x textureSize
    private let occluderTexture: [UInt8]
    private let textureSize = 64

    init(width: Int, height: Int, seed: UInt64 = 1) {
        self.width = width
        self.height = height
        var random = SplitMix64(seed: seed)
        background = Self.blockTexture(width: width, height: height, block: 6, random: &random, palette: .muted)
        objectTexture = Self.blockTexture(width: textureSize, height: textureSize, block: 8, random: &random, palette: .vivid)
        occluderTexture = Self.blockTexture(width: textureSize, height: textureSize, block: 5, random: &random, palette: .muted)
    }

    /// A frame with the object drawn in `box` (pixels, top-left origin) and, optionally, an
    /// occluder drawn over `occluder`. `backgroundShift` moves the background by whole pixels
    /// (wrapping around), as a panning camera does.
    func frame(object box: PixelRect, occluder: PixelRect? = nil, backgroundShift: (dx: Int, dy: Int) = (0, 0)) -> ImageFrame {
        var rgb = background
        if backgroundShift != (0, 0) {
            for y in 0..<height {
                let sourceY = ((y - backgroundShift.dy) % height + height) % height
                for x in 0..<width {
                    let source = 3 * (sourceY * width + ((x - backgroundShift.dx) % width + width) % width)
                    for c in 0..<3 { rgb[3 * (y * width + x) + c] = background[source + c] }
                }
            }
        }
        draw(objectTexture, in: box, into: &rgb)
        if let occluder { draw(occluderTexture, in: occluder, into: &rgb) }
        var luma = [UInt8](repeating: 0, count: width * height)
        for i in 0..<(width * height) {
            let r = Double(rgb[3 * i]), g = Double(rgb[3 * i + 1]), b = Double(rgb[3 * i + 2])
            luma[i] = UInt8(min(255, max(0, (0.299 * r + 0.587 * g + 0.114 * b).rounded())))
        }
        return ImageFrame(luma: Image(width: width, height: height, channels: 1, pixels: luma),
                          rgb: Image(width: width, height: height, channels: 3, pixels: rgb))
    }

    private func draw(_ texture: [UInt8], in box: PixelRect, into rgb: inout [UInt8]) {
        let x0 = max(0, Int(box.x.rounded())), x1 = min(width, Int(box.maxX.rounded()))
        let y0 = max(0, Int(box.y.rounded())), y1 = min(height, Int(box.maxY.rounded()))
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            let v = min(textureSize - 1, max(0, Int((Double(y) + 0.5 - box.y) / box.height * Double(textureSize))))
            for x in x0..<x1 {
                let u = min(textureSize - 1, max(0, Int((Double(x) + 0.5 - box.x) / box.width * Double(textureSize))))
                for c in 0..<3 { rgb[3 * (y * width + x) + c] = texture[3 * (v * textureSize + u) + c] }
            }
        }
    }

    private enum Palette { case muted, vivid }

    private static func blockTexture(width: Int, height: Int, block: Int, random: inout SplitMix64,
                                     palette: Palette) -> [UInt8] {
        let blocksX = (width + block - 1) / block, blocksY = (height + block - 1) / block
        var colours = [UInt8]()
        for _ in 0..<(blocksX * blocksY) {
            switch palette {
            case .muted:
                let grey = 70 + Int(random.next() % 90)
                colours += [UInt8(grey), UInt8(grey + 10), UInt8(grey - 10)]
            case .vivid:
                colours += [UInt8(random.next() % 256), UInt8(random.next() % 256), UInt8(random.next() % 256)]
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let b = (y / block) * blocksX + x / block
                for c in 0..<3 { pixels[3 * (y * width + x) + c] = colours[3 * b + c] }
            }
        }
        return pixels
    }
}
