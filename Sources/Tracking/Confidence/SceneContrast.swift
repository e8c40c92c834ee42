import Foundation
import Imaging

/// A tracker's cues from outside its own model: how its box changes and moves against the scene.
/// A box left on the background changes like the rest of the picture and moves with the camera; a
/// box on a moving object changes more than the scene; a box sliding off its object moves against
/// the scene faster than objects do. (In the fitted ``ConfidenceModel`` the change, averaged over
/// recent frames, raises the probability and the motion lowers it.)
///
/// Each frame it takes the tracker's box and the frame's ``SceneChange``, and gives:
/// - the motion against the scene: the box centre's displacement over the last ``span`` frames
///   minus the camera's (the summed registration shifts), in object sizes (sqrt of the box area);
/// - the change: ``SceneChange/relativeChange(in:)`` of the box, now and as a running average
///   (rate ``smoothing``).
struct SceneContrast {
    /// Frames over which the motion against the scene is measured.
    static let span = 5
    /// Rate of the change's running average.
    static let smoothing: Float = 0.2

    /// Box centres and the camera's summed shift, frame pixels, for the last ``span`` + 1 frames (oldest first).
    private var history: [(x: Double, y: Double, cameraX: Double, cameraY: Double)] = []
    private var camera: (x: Double, y: Double) = (0, 0)
    private var smoothedChange: Float?

    /// Starts at the tracker's first box.
    init(box: PixelRect) {
        history.reserveCapacity(Self.span + 1)
        history.append((box.centerX, box.centerY, 0, 0))
    }

    /// The cues of a frame whose box is `box` (frame pixels); `sceneChange` nil when unknown (the
    /// camera then counts as still and the change as 0).
    mutating func measure(box: PixelRect, sceneChange: SceneChange?) -> (motion: Float, change: Float, smoothedChange: Float) {
        let cues = preview(box: box, sceneChange: sceneChange)
        if let shift = sceneChange?.shift { camera = (camera.x + shift.dx, camera.y + shift.dy) }
        if history.count > Self.span { history.removeFirst() }
        history.append((box.centerX, box.centerY, camera.x, camera.y))
        smoothedChange = cues.smoothedChange
        return cues
    }

    /// The cues ``measure(box:sceneChange:)`` would give for `box`, remembering nothing: for a box
    /// the tracker considers but may not take.
    func preview(box: PixelRect, sceneChange: SceneChange?) -> (motion: Float, change: Float, smoothedChange: Float) {
        var cameraX = camera.x, cameraY = camera.y
        if let shift = sceneChange?.shift {
            cameraX += shift.dx
            cameraY += shift.dy
        }
        let oldest = history.count > Self.span ? history[1] : history[0]
        let relativeX = box.centerX - oldest.x - (cameraX - oldest.cameraX)
        let relativeY = box.centerY - oldest.y - (cameraY - oldest.cameraY)
        let size = max(1, (max(0, box.width * box.height)).squareRoot())
        let distance = hypot(relativeX, relativeY) / size
        let motion = distance.isFinite ? Float(log1p(min(distance, 4))) : 0
        let change = sceneChange?.relativeChange(in: box) ?? 0
        let smoothed = smoothedChange.map { $0 + Self.smoothing * (change - $0) } ?? change
        return (motion, change, smoothed)
    }
}
