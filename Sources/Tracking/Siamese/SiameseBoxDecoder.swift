import Foundation

/// Turns a Siamese head's maps into the one box it believes: each cell's object probability
/// (softmax of its two logits) times a penalty on the change of scale and aspect ratio its box
/// implies, blended with a cosine window that favours small displacements; the best cell wins.
/// The window is made once per grid; nothing is allocated per frame.
package struct SiameseBoxDecoder {
    /// The chosen cell and what it says, in search-crop pixels relative to the crop's centre.
    package struct Candidate: Equatable {
        /// Row-major index of the chosen cell.
        package var cell: Int
        /// Centre offset of the cell's box from the crop's centre, and its size.
        package var dx: Float, dy: Float, width: Float, height: Float
        /// The cell's object probability and its scale/ratio penalty.
        package var score: Float, penalty: Float
        /// Peak-to-sidelobe ratio of the object-probability map at the chosen cell (the cells more
        /// than two from it are the sidelobe): how distinct the object is from everything else.
        package var sharpness: Float
        /// The highest object probability more than two cells from the chosen cell (the strongest
        /// look-alike on the map, whatever its score; 0 for a look-alike's own candidate).
        package var sidelobePeak: Float = 0
    }

    let side: Int
    let stride: Int
    let settings: SiameseSettings
    private let window: [Float]
    /// Each cell's object probability and penalty on the last decoded map (per-frame scratch).
    private(set) var scores: [Float], penalties: [Float]

    package init(side: Int, stride: Int, settings: SiameseSettings) {
        self.side = side
        self.stride = stride
        self.settings = settings
        let hann: [Double]
        switch settings.convention {
        case .ostrack: hann = (1...max(1, side)).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(side + 1)) }
        case .authors, .openCVTrackerNano:
            hann = (0..<side).map { side > 1 ? 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(side - 1)) : 1 }
        }
        window = (0..<(side * side)).map { index in
            let product = hann[index / side] * hann[index % side]
            switch settings.convention {
            case .openCVTrackerNano: return Float(product.squareRoot())
            case .authors: return Float(product)
            case .ostrack: return Float(pow(product, Double(settings.windowInfluence)))
            }
        }
        scores = [Float](repeating: 0, count: side * side)
        penalties = [Float](repeating: 0, count: side * side)
    }

    /// The best cell of `response`. `targetWidth` x `targetHeight` is the object's last size in
    /// search-crop pixels; `scaleReference` is the size the scale change is measured against
    /// (sz of the target's size; OpenCV's convention passes sz of its position).
    package mutating func decode(_ response: SiameseResponse, targetWidth: Float, targetHeight: Float, scaleReference: Float) -> Candidate {
        precondition(response.side == side)
        let cells = side * side
        let ratio = targetWidth / targetHeight
        let k = settings.scaleChangePenalty, influence = settings.windowInfluence
        // OSTrack's window multiplies the penalised score; pysot's is blended with it.
        let multipliesWindow = settings.convention == .ostrack
        var best = 0
        var bestValue = -Float.greatestFiniteMagnitude
        response.classLogits.withUnsafeBufferPointer { logits in
            response.edgeDistances.withUnsafeBufferPointer { edges in
                for cell in 0..<cells {
                    let score = 1 / (1 + exp(logits[cell] - logits[cells + cell]))
                    let width = edges[cell] + edges[2 * cells + cell]
                    let height = edges[cells + cell] + edges[3 * cells + cell]
                    let scaleChange = Self.change(Self.paddedSize(width, height) / scaleReference)
                    let ratioChange = Self.change(ratio / (width / height))
                    let penalty = exp(-(ratioChange * scaleChange - 1) * k)
                    scores[cell] = score
                    penalties[cell] = penalty
                    let value = multipliesWindow ? penalty * score * window[cell]
                                                 : penalty * score * (1 - influence) + window[cell] * influence
                    if value > bestValue {
                        bestValue = value
                        best = cell
                    }
                }
            }
        }
        let row = best / side, column = best % side
        var sum: Float = 0, squares: Float = 0, count: Float = 0, sidelobePeak: Float = 0
        for cell in 0..<cells where abs(cell / side - row) > 2 || abs(cell % side - column) > 2 {
            sum += scores[cell]
            squares += scores[cell] * scores[cell]
            sidelobePeak = max(sidelobePeak, scores[cell])
            count += 1
        }
        let mean = count > 0 ? sum / count : 0
        let spread = count > 1 ? max(squares / count - mean * mean, 1e-6).squareRoot() : 1
        let sharpness = (scores[best] - mean) / spread
        var chosen = candidate(at: best, of: response, sharpness: sharpness.isFinite ? sharpness : 0)
        chosen.sidelobePeak = sidelobePeak
        return chosen
    }

    /// The box `cell` of `response` asks for, with the cell's score and penalty from the last ``decode``.
    func candidate(at cell: Int, of response: SiameseResponse, sharpness: Float) -> Candidate {
        let cells = side * side, half = side / 2
        let gx = Float((cell % side - half) * stride), gy = Float((cell / side - half) * stride)
        let (left, top, right, bottom) = response.edgeDistances.withUnsafeBufferPointer { edges in
            (edges[cell], edges[cells + cell], edges[2 * cells + cell], edges[3 * cells + cell])
        }
        let x1 = gx - left, x2 = gx + right, y1 = gy - top, y2 = gy + bottom
        return Candidate(cell: cell, dx: (x1 + x2) / 2, dy: (y1 + y2) / 2, width: x2 - x1, height: y2 - y1,
                         score: scores[cell], penalty: penalties[cell], sharpness: sharpness)
    }

    /// The side of the square with the same area as the box grown by half its perimeter's half:
    /// sqrt((w + p)(h + p)), p = (w + h) / 2.
    package static func paddedSize(_ width: Float, _ height: Float) -> Float {
        let pad = (width + height) * 0.5
        return ((width + pad) * (height + pad)).squareRoot()
    }

    /// max(r, 1 / r): how far a ratio is from 1, either way.
    static func change(_ ratio: Float) -> Float { max(ratio, 1 / ratio) }
}
