import Foundation
import Imaging
import XCTest

/// The boxes of a development sequence's `groundtruth_rect.txt` (one `x,y,w,h` line per frame,
/// pixels, top-left origin; `nan` boxes are invalid rects). A malformed line skips the test.
func developmentGroundTruth(_ path: String) throws -> [PixelRect] {
    try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline).map { line in
        let v = line.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map { Double($0) ?? .nan }
        guard v.count == 4 else { throw XCTSkip("\(path): malformed ground truth line \(line)") }
        return PixelRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
}
