import Imaging

/// One identified box on one frame of a MOTChallenge file (ground truth or a tracker's results).
public struct MOTBox: Sendable, Equatable {
    /// The object's id in its file (ground-truth and result ids are unrelated numbers).
    public var id: Int
    /// Pixels, `bb_left,bb_top,bb_width,bb_height` exactly as the file has them (MOT15 ground truth
    /// counts pixels from 1, vtrack from 0: neither is shifted, as py-motmetrics and TrackEval do).
    public var box: PixelRect

    public init(id: Int, box: PixelRect) {
        self.id = id
        self.box = box
    }
}
