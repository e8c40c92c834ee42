import Imaging

/// What searching one crop takes, made once per tracker and reused from frame to frame: the crop
/// sampler, the crop's pixels, the head's response and a decoder without a window (the object may be
/// anywhere in a search crop away from the object). A ``SiameseTracker`` that re-detects owns one per
/// core, at least two: the crop around the object and the re-detection crop are searched at once, and
/// the whole-frame search's crops on all cores at once.
final class SiameseSearchCrop {
    /// The head's maps on the last crop searched.
    private(set) var response: SiameseResponse
    /// The decoder with no window.
    var decoder: SiameseBoxDecoder
    private var sampler: SiameseCropSampler
    private var pixels: [Float]

    init(network: SiameseNetwork, settings: SiameseSettings) {
        var unwindowed = settings
        unwindowed.windowInfluence = 0
        decoder = SiameseBoxDecoder(side: network.responseSide, stride: network.stride, settings: unwindowed)
        sampler = SiameseCropSampler(outputSide: network.searchSide)
        pixels = [Float](repeating: 0, count: 3 * network.searchSide * network.searchSide)
        response = SiameseResponse(side: network.responseSide)
    }

    /// Cuts the `side`-pixel square whose top-left pixel is `origin` from `rgb` (`pad` outside the
    /// picture; blue first when `bgr`) and runs `network`'s head on it against `template`, into
    /// ``response``. False when the network fails.
    func respond(to template: UnsafeMutableBufferPointer<Float>, network: SiameseNetwork, in rgb: Image<UInt8>,
                 origin: (x: Int, y: Int), side: Int, pad: SIMD3<Int32>, bgr: Bool) -> Bool {
        pixels.withUnsafeMutableBufferPointer { crop in
            sampler.sample(rgb, originX: origin.x, originY: origin.y, side: side, pad: pad, bgr: bgr, into: crop)
        }
        do {
            try pixels.withUnsafeMutableBufferPointer { crop in
                try network.respond(template: template, search: crop, into: &response)
            }
            return true
        } catch {
            return false
        }
    }
}
