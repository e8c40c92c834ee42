/// The search crops that cover a whole frame for a ``SiameseTracker``'s whole-frame search: a grid
/// of crop centres whose response cells abut (`step` frame pixels apart, the width of frame a crop's
/// cells cover at the object's scale), the grid evenly spread over the frame. When that takes more
/// than `maximumCrops` crops, every crop is enlarged by the same factor (``zoom``: the object then
/// fills less of each crop) until the grid fits, which bounds the search's cost whatever the size
/// of the object.
///
///     let tiling = SiameseFrameTiling(frameWidth: 1280, frameHeight: 720, step: 180, maximumCrops: 32)
///     for index in 0..<tiling.count { let centre = tiling.centre(index) }
///
/// Frame pixels, top-left origin. Nothing is allocated.
struct SiameseFrameTiling: Equatable {
    /// Crops across and down.
    let columns: Int, rows: Int
    /// How many times larger than the tracker's own search crop each crop is cut (1 or more).
    let zoom: Float
    private let frameWidth: Float, frameHeight: Float

    /// `step` (positive) is the frame pixels a search crop's cells cover at zoom 1; `maximumCrops` at least 1.
    init(frameWidth: Int, frameHeight: Int, step: Float, maximumCrops: Int) {
        self.frameWidth = Float(frameWidth)
        self.frameHeight = Float(frameHeight)
        let limit = max(1, maximumCrops)
        var zoom: Float = 1
        var columns = Self.crops(Float(frameWidth), step), rows = Self.crops(Float(frameHeight), step)
        while columns * rows > limit {
            zoom *= 1.1
            columns = Self.crops(Float(frameWidth), step * zoom)
            rows = Self.crops(Float(frameHeight), step * zoom)
        }
        self.zoom = zoom
        self.columns = columns
        self.rows = rows
    }

    /// Number of crops.
    var count: Int { columns * rows }

    /// Centre of crop `index` (row-major, 0..<``count``).
    func centre(_ index: Int) -> (x: Float, y: Float) {
        let column = index % columns, row = index / columns
        return ((Float(column) + 0.5) * frameWidth / Float(columns), (Float(row) + 0.5) * frameHeight / Float(rows))
    }

    private static func crops(_ extent: Float, _ step: Float) -> Int {
        max(1, Int((extent / max(step, 1)).rounded(.up)))
    }
}
