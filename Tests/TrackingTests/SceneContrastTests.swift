import Foundation
import Imaging
import TestFootage
import Tracking
import VideoIO
import XCTest

/// The cues from outside the tracker's model (``SceneContrast``, from the handler's ``SceneChange``)
/// on real footage: a box on a moving object changes more than the scene and moves against it; a box
/// left on the background does neither.
final class SceneContrastTests: XCTestCase {
    /// Two trackers in one handler: one started on the object (ground truth), one on a patch of the
    /// background of the same size. On the frames where the first is on the object (IoU >= 0.5) and
    /// the second is off it (IoU < 0.1), the object's box has the larger scene change and motion
    /// against the scene (medians), by a clear margin. truck2: a drone follows a truck past palms, so
    /// the background moves through the picture; Crossing: a still camera, a pedestrian walks across.
    func testBoxOnMovingObjectStandsOutFromBoxOnBackground() throws {
        for (name, offset) in [("truck2", (dx: 0.0, dy: -4.0)), ("Crossing", (dx: 2.5, dy: 0.0))] {
            let (clip, truth) = try TestFootage.developmentSequence(name)
            let reader = try VideoReader(path: clip)
            let handler = SequenceRequestHandler()
            var object: TrackObjectRequest?, background: TrackObjectRequest?
            var onObject: [TrackingEvidence] = [], onBackground: [TrackingEvidence] = []
            while let frame = try reader.nextFrame(), frame.index < truth.count {
                let image = frame.imageFrame(colour: true)
                let size = (width: Double(image.width), height: Double(image.height))
                if object == nil {
                    let box = truth[0]
                    let patch = PixelRect(x: box.x + offset.dx * box.width, y: box.y + offset.dy * box.height,
                                          width: box.width, height: box.height)
                    XCTAssertEqual(patch.clipped(toWidth: image.width, height: image.height), patch,
                                   "\(name): the background patch must lie inside the frame")
                    object = request(box, size)
                    background = request(patch, size)
                }
                guard let object, let background else { continue }
                try handler.perform([object, background], on: image)
                let objectBox = object.results[0].boundingBox, backgroundBox = background.results[0].boundingBox
                object.inputObservation = object.results[0]
                background.inputObservation = background.results[0]
                let target = truth[frame.index]
                guard frame.index > 0, target.isValid, let a = object.evidence, let b = background.evidence else { continue }
                let objectPixels = PixelRect(objectBox, imageWidth: image.width, imageHeight: image.height)
                let backgroundPixels = PixelRect(backgroundBox, imageWidth: image.width, imageHeight: image.height)
                if objectPixels.iou(target) >= 0.5, backgroundPixels.iou(target) < 0.1 {
                    onObject.append(a)
                    onBackground.append(b)
                }
            }
            let change = (median(onObject.map(\.sceneChange)), median(onBackground.map(\.sceneChange)))
            let motion = (median(onObject.map(\.motionAgainstScene)), median(onBackground.map(\.motionAgainstScene)))
            print("[scene contrast] \(name): \(onObject.count) frames; median scene change \(change.0) on the object, "
                  + "\(change.1) on the background; motion against the scene \(motion.0) / \(motion.1)")
            XCTAssertGreaterThan(onObject.count, 50, "\(name): the object tracker was expected to follow the object")
            XCTAssertGreaterThan(change.0, change.1 + 0.3, "\(name): the object's box should change more than the background's")
            XCTAssertGreaterThan(motion.0, motion.1 + 0.05, "\(name): the object's box should move against the scene")
        }
    }

    private func request(_ box: PixelRect, _ size: (width: Double, height: Double)) -> TrackObjectRequest {
        let observation = DetectedObjectObservation(boundingBox: NormalizedRect(box, imageWidth: Int(size.width), imageHeight: Int(size.height)))
        return TrackObjectRequest(detectedObjectObservation: observation, trackingLevel: .accurate)
    }

    private func median(_ values: [Float]) -> Float {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
