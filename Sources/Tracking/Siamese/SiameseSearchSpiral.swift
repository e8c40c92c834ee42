/// Where a lost ``SiameseTracker`` looks next: the centres of search crops on square rings around
/// the object's last confident position, one crop per call, each ring one crop step wider than the
/// last, so that the searched region widens frame by frame until the crops have tiled the object's
/// reach or the whole frame; then it starts again from the innermost ring. Centres that would put
/// the crop's cells wholly outside the frame are skipped.
///
///     var spiral = SiameseSearchSpiral()
///     let centre = spiral.next(around: (x: 320, y: 180), step: 110, reach: 400, frameWidth: 1280, frameHeight: 720)
///
/// Frame pixels, top-left origin. Nothing is allocated.
struct SiameseSearchSpiral {
    /// The current ring (1: the eight crops around the anchor) and the position on it (0..<8 x ring).
    private var ring = 1, position = 0

    /// Back to the innermost ring, for the next time the object is lost.
    mutating func reset() {
        ring = 1
        position = 0
    }

    /// The next crop centre around `anchor`, crops `step` pixels apart (the width of frame the
    /// crop's response cells cover), on rings no farther than `reach` pixels (the ring whose cells
    /// start beyond it is not searched). `step` must be positive. Returns the anchor itself when
    /// no ring has a centre on the frame.
    mutating func next(around anchor: (x: Float, y: Float), step: Float, reach: Float, frameWidth: Int,
                       frameHeight: Int) -> (x: Float, y: Float) {
        let width = Float(frameWidth), height = Float(frameHeight), margin = step / 2
        // The first ring whose crops are all farther from the anchor than the frame is wide and high,
        // or whose cells all lie beyond the reach.
        let beyond = min(Int((max(width, height) / step).rounded(.up)) + 1, Int((reach / step + 0.5).rounded(.down)) + 1)
        var wrapped = false
        while true {
            if ring >= beyond {
                // No ring has a centre on the frame within the reach: the anchor is all there is.
                if wrapped { return anchor }
                reset()
                wrapped = true
            }
            let side = position / (2 * ring), along = Float(position % (2 * ring) - ring), r = Float(ring)
            let offset: (Float, Float)
            switch side {
            case 0: offset = (along, -r)
            case 1: offset = (r, along)
            case 2: offset = (-along, r)
            default: offset = (-r, -along)
            }
            position += 1
            if position == 8 * ring {
                ring += 1
                position = 0
            }
            let x = anchor.x + offset.0 * step, y = anchor.y + offset.1 * step
            if x > -margin, x < width + margin, y > -margin, y < height + margin { return (x, y) }
        }
    }
}
