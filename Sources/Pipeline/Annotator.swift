import Foundation
import Imaging

/// Draws track records onto a frame: one colour per track, a solid outline when the confidence is
/// above 0.5 and a dashed one otherwise, and a label tag with the track's name and confidence.
/// `lost` and `ended` records are drawn dashed whatever their confidence. Sizes follow
/// ``AnnotationStyle/forFrame(width:height:)`` so that 176x144 and 1920x1080 are both legible.
public enum Annotator {
    /// Draws `records` (pixels, top-left origin) onto an RGB image in place.
    public static func draw(_ records: [TrackRecord], on image: inout Image<UInt8>) {
        let style = AnnotationStyle.forFrame(width: image.width, height: image.height)
        for record in records {
            let colour = TrackPalette.colour(for: record.trackID - 1)
            let confident = record.style == .solid && record.state != .lost && record.state != .ended
            image.drawRectangle(record.box, colour: colour, thickness: style.thickness,
                                style: confident ? .solid : style.dashedLine)
            image.drawLabel(label(for: record), at: record.box, colour: colour, scale: style.textScale)
        }
    }

    /// The tag text: name and confidence, plus the state when the track is not simply tracked.
    static func label(for record: TrackRecord) -> String {
        var text = "\(record.displayName) \(String(format: "%.2f", record.confidence))"
        if record.state == .lost { text += " lost" }
        return text
    }
}
