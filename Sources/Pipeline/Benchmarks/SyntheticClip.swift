import Files
import Foundation
import Imaging
import VideoIO

/// Writes a ``SyntheticScene`` as a real encoded clip with its exact ground truth, for tests and
/// demonstrations: an MP4 (H.264) and an OTB-style `groundtruth_rect.txt` (one `x,y,w,h` line per
/// frame, pixels, top-left origin; `NaN,NaN,NaN,NaN` on frames where the object is hidden).
public enum SyntheticClip {
    /// Renders every frame of `scene`, encodes it to `videoPath` at `frameRate`, and writes the ground
    /// truth to `groundTruthPath`. Throws `VideoError` or ``OutputError`` naming the file.
    public static func write(_ scene: SyntheticScene, videoPath: String, groundTruthPath: String,
                             frameRate: FrameRate = FrameRate(numerator: 30, denominator: 1)) throws {
        let writer = try VideoWriter(path: videoPath, width: scene.width, height: scene.height, frameRate: frameRate)
        var lines: [String] = []
        for frame in 0..<scene.parameters.frameCount {
            guard let rgb = scene.render(frame: frame).rgb else { preconditionFailure("SyntheticScene renders colour") }
            try writer.write(rgb: rgb, time: Double(frame) / frameRate.framesPerSecond)
            let truth = scene.groundTruth(frame: frame)
            lines.append(truth.isVisible ? truth.box.description : "NaN,NaN,NaN,NaN")
        }
        try writer.finish()
        try TextOutputFile.write(lines.joined(separator: "\n") + "\n", to: groundTruthPath)
    }
}
