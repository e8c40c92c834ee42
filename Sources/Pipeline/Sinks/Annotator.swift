import Foundation
import Imaging
import TrackFormats

/// Draws track records onto a frame: one colour per track, the box (or a planar object's
/// quadrilateral) outlined solid when the confidence is above 0.5 and dashed otherwise, and a
/// label tag with the track's name and confidence.
/// `lost` and `ended` records are drawn dashed whatever their confidence. Sizes follow
/// ``AnnotationStyle/forFrame(width:height:)`` so that 176x144 and 1920x1080 are both legible.
public enum Annotator {
    /// Draws `records` (pixels, top-left origin) onto a picture in place: an RGB image, or the planes
    /// the encoder takes (``YUV420Canvas``).
    public static func draw<Canvas: DrawingCanvas>(_ records: [TrackRecord], on image: inout Canvas) {
        let style = AnnotationStyle.forFrame(width: image.width, height: image.height)
        for record in records where record.state != .tentative {
            let colour = TrackPalette.colour(for: record.trackID - 1)
            let confident = record.style == .solid && record.state != .lost && record.state != .ended
            let line = confident ? LineStyle.solid : style.dashedLine
            if let corners = record.corners {
                image.drawQuadrilateral(corners, colour: colour, thickness: style.thickness, style: line)
            } else {
                image.drawRectangle(record.box, colour: colour, thickness: style.thickness, style: line)
            }
            image.drawLabel(label(for: record), at: record.box, colour: colour, scale: style.textScale)
        }
    }

    /// The tag text: name and confidence, plus the state when the track is not simply tracked.
    static func label(for record: TrackRecord) -> String {
        var text = "\(record.displayName) \(String(format: "%.2f", record.confidence))"
        if record.state == .lost { text += " lost" }
        return text
    }

    /// Draws the camera's motion in the top-right corner: a green `still` tag while the scene is
    /// stable, else an orange tag with the frame's shift in pixels (`moving dx,dy`).
    public static func drawMotion<Canvas: DrawingCanvas>(_ motion: SceneMotion, on image: inout Canvas) {
        let style = AnnotationStyle.forFrame(width: image.width, height: image.height)
        let text = motion.isStable ? "still"
            : String(format: "moving %+.0f,%+.0f", motion.shift.dx.isFinite ? motion.shift.dx : 0, motion.shift.dy.isFinite ? motion.shift.dy : 0)
        let colour = motion.isStable ? Self.stillColour : Self.movingColour
        let width = Double(BitmapFont.textSize(text, scale: style.textScale).width + 2 * style.textScale)
        // A zero-height anchor at the top edge, right-aligned: the tag goes just below it.
        image.drawLabel(text, at: PixelRect(x: Double(image.width) - width - 2, y: 0, width: width, height: 1),
                        colour: colour, scale: style.textScale)
    }

    static let stillColour = RGBColour(red: 40, green: 200, blue: 60)
    static let movingColour = RGBColour(red: 255, green: 140, blue: 0)
}
