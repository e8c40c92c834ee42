import Foundation
import Imaging
import NeuralDetection
import TestFootage
import Tracking
import VideoIO
import XCTest

/// A lost object that comes back at twice its size, away from where it left, is found again by the
/// learned trackers, searching at its last size (NanoTrack's head measures a box twice the
/// template's) and, with ``SiameseSettings/refindingZooms``, at twice and half that size too.
final class SiameseRefindingTests: XCTestCase {
    /// Dog1 (320x240) re-cut by ffmpeg: its frames 0-39, then 30 grey frames (the dog is gone), then
    /// its frames 40-99 zoomed 2x (a 160x120 crop scaled to 320x240), so that the dog comes back twice
    /// as large and 100 px from where it left. Returns the clip and the ground truth of
    /// the zoomed frames (output frame index to box).
    private func dogBackTwiceAsLarge(in folder: URL) throws -> (clip: String, truth: [Int: PixelRect]) {
        let (source, truth) = try TestFootage.developmentSequence("Dog1")
        let clip = folder.appendingPathComponent("dog-back-twice-as-large.mp4").path
        // The crop is centred 50 px right of the dog, so that it comes back 100 px left of where it left.
        let dog = truth[40]
        let (originX, originY) = ((dog.x + dog.width / 2 - 80 + 50).rounded(), (dog.y + dog.height / 2 - 60).rounded())
        let graph = "[0:v]split=3[a][b][c];"
            + "[a]trim=start_frame=0:end_frame=40,setpts=PTS-STARTPTS[before];"
            + "[b]trim=start_frame=40:end_frame=70,setpts=PTS-STARTPTS,drawbox=x=0:y=0:w=iw:h=ih:color=gray:t=fill[gone];"
            + "[c]trim=start_frame=40:end_frame=100,setpts=PTS-STARTPTS,crop=160:120:\(Int(originX)):\(Int(originY)),scale=320:240[back];"
            + "[before][gone][back]concat=n=3:v=1:a=0,format=yuv420p[out]"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", source, "-filter_complex", graph,
                             "-map", "[out]", "-c:v", "libx264", "-preset", "veryfast", "-crf", "18", clip]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("ffmpeg could not re-cut \(source)") }
        var zoomed: [Int: PixelRect] = [:]
        for frame in 70..<130 {
            let box = truth[frame - 30]
            zoomed[frame] = PixelRect(x: (box.x - originX) * 2, y: (box.y - originY) * 2, width: box.width * 2, height: box.height * 2)
        }
        return (clip, zoomed)
    }

    /// The learned `fast` level from Dog1's first box, searching for the lost dog at `zooms` times
    /// its last size (the level's own setting when nil); each frame's box.
    private func track(_ clip: String, from box: PixelRect, zooms: [Float]?) throws -> [PixelRect] {
        var configuration = SiameseConfiguration.learned(.fast)
        if let zooms { configuration.settings.refindingZooms = zooms }
        return try NeuralTestSupport.followWithSiamese(clip, from: box, configuration: configuration).map(\.box)
    }

    func testALostObjectBackAtTwiceItsSizeIsFoundAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vtrack-refinding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (clip, truth) = try dogBackTwiceAsLarge(in: folder)
        let start = try TestFootage.developmentSequence("Dog1").groundTruth[0]
        let byDefault = try track(clip, from: start, zooms: nil)
        let atSeveralSizes = try track(clip, from: start, zooms: [1, 2, 0.5])
        XCTAssertEqual(byDefault.count, 130)
        let last = 100..<130
        func found(_ boxes: [PixelRect]) -> Int { last.count { boxes[$0].iou(truth[$0]!) >= 0.5 } }
        print("[refinding] Dog1 back at twice its size, frames 100-129 on the dog: \(found(byDefault)) by default, \(found(atSeveralSizes)) at three sizes")
        XCTAssertLessThan(byDefault[60].iou(truth[100]!), 0.5, "the box was expected to be away from where the dog comes back")
        XCTAssertGreaterThanOrEqual(found(byDefault), last.count * 8 / 10, "the dog should be found again at twice its size")
        XCTAssertGreaterThanOrEqual(found(atSeveralSizes), last.count * 8 / 10, "the dog should be found again at three sizes too")
    }
}
