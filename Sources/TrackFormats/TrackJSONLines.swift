import Foundation
import Imaging

/// The JSON Lines format of vtrack's per-frame output: one JSON object per tracked frame, on one line,
/// with every record of that frame (an empty `tracks` array when the frame has none).
///
///     {"frame":0,"time_s":0.0,"tracks":[{"id":1,"label":"walker","x":157,"y":138,"width":22,"height":55,"confidence":1.0,"style":"solid","state":"tracked","source":"keyframe"}]}
///
/// `frame` is the 0-based decoded frame and `time_s` its presentation time in seconds; each track has
/// the columns of ``TrackCSV`` (`id` is `track_id`): the box in pixels with the origin at the top-left
/// pixel, `confidence` in 0...1, `style`, `state` and `source`; a planar object also has `corners`, four
/// `[x, y]` pairs in pixels clockwise from the top left. Numbers carry the CSV's precision (0.01 px,
/// 4 decimals of confidence, microseconds), so both files hold the same values.
public enum TrackJSONLines {
    /// The line (no newline) for frame `frame` at `time` seconds with its `records`.
    public static func line(frame: Int, time: Double, records: [TrackRecord]) -> String {
        let tracks = records.map { r in
            "{\"id\":\(r.trackID),\"label\":\(string(r.label)),\"x\":\(formatPixels(r.box.x)),\"y\":\(formatPixels(r.box.y))"
                + ",\"width\":\(formatPixels(r.box.width)),\"height\":\(formatPixels(r.box.height))"
                + ",\"confidence\":\(decimal(Double(r.confidence), places: 4)),\"style\":\"\(r.style.rawValue)\",\"state\":\"\(r.state.rawValue)\""
                + ",\"source\":\"\(r.source.rawValue)\""
                + (r.corners.map { ",\"corners\":[\($0.corners.map { "[\(formatPixels($0.x)),\(formatPixels($0.y))]" }.joined(separator: ","))]" } ?? "")
                + "}"
        }
        return "{\"frame\":\(frame),\"time_s\":\(decimal(time, places: 6)),\"tracks\":[\(tracks.joined(separator: ","))]}"
    }

    /// `value` rounded to `places` decimals, without trailing zeros but with at least one decimal
    /// (`2.4`, `1.0`, `0.7626`).
    static func decimal(_ value: Double, places: Int) -> String {
        var text = String(format: "%.\(places)f", value)
        while text.hasSuffix("0") && !text.hasSuffix(".0") { text.removeLast() }
        return text
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
