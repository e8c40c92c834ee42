import Foundation
import Imaging
import Tracking
import XCTest

final class SequenceRequestHandlerTests: XCTestCase {
    private let scene = ScriptedScene(width: 200, height: 150, seed: 3)

    private func objectBox(_ t: Int) -> PixelRect { PixelRect(x: 60 + 2 * Double(t), y: 50 + Double(t), width: 30, height: 36) }

    private func normalised(_ box: PixelRect) -> NormalizedRect { NormalizedRect(box, imageWidth: 200, imageHeight: 150) }

    private func pixels(_ box: NormalizedRect) -> PixelRect { PixelRect(box, imageWidth: 200, imageHeight: 150) }

    func testIdsStayAndResultsConvertBackToPixels() throws {
        let handler = SequenceRequestHandler()
        let seed = DetectedObjectObservation(boundingBox: normalised(objectBox(0)))
        let request = TrackObjectRequest(detectedObjectObservation: seed, trackingLevel: .fast)
        try handler.perform([request], on: scene.frame(object: objectBox(0)))
        XCTAssertEqual(request.results.count, 1)
        XCTAssertEqual(request.results[0].id, seed.id)
        XCTAssertEqual(request.results[0].confidence, 1)
        let start = pixels(request.results[0].boundingBox)
        XCTAssertEqual(start.x, 60, accuracy: 1e-9)
        XCTAssertEqual(start.y, 50, accuracy: 1e-9)
        XCTAssertEqual(start.width, 30, accuracy: 1e-9)
        // Lower-left origin: the box's normalised y is measured from the bottom.
        XCTAssertEqual(request.results[0].boundingBox.y, (150 - 86) / 150.0, accuracy: 1e-9)

        for t in 1..<15 {
            request.inputObservation = request.results[0]
            try handler.perform([request], on: scene.frame(object: objectBox(t)))
            XCTAssertEqual(request.results[0].id, seed.id)
            XCTAssertGreaterThan(pixels(request.results[0].boundingBox).iou(objectBox(t)), 0.7, "frame \(t)")
        }
        XCTAssertEqual(handler.liveTrackerCount, 1)
    }

    func testSeventeenthTrackerThrowsWithoutChangingState() throws {
        let handler = SequenceRequestHandler()
        let frame = scene.frame(object: objectBox(0))
        let requests = (0..<16).map { i in
            TrackObjectRequest(detectedObjectObservation: DetectedObjectObservation(
                boundingBox: normalised(PixelRect(x: Double(i % 4) * 45 + 5, y: Double(i / 4) * 35 + 5, width: 30, height: 25))),
                trackingLevel: .fast)
        }
        try handler.perform(requests, on: frame)
        XCTAssertEqual(handler.liveTrackerCount, 16)
        let extra = TrackObjectRequest(detectedObjectObservation: DetectedObjectObservation(boundingBox: normalised(objectBox(0))),
                                       trackingLevel: .fast)
        for r in requests { r.inputObservation = r.results[0] }
        let before = requests.map(\.results)
        XCTAssertThrowsError(try handler.perform(requests + [extra], on: frame)) { error in
            XCTAssertEqual(error as? TrackingError, .tooManyTrackers(kind: "object", limit: 16))
            XCTAssertTrue("\(error)".contains("16"))
        }
        XCTAssertEqual(handler.liveTrackerCount, 16)
        XCTAssertEqual(requests.map(\.results), before)
        XCTAssertTrue(extra.results.isEmpty)
        // Releasing one frees a slot for the new one.
        requests[0].isLastFrame = true
        try handler.perform([requests[0]], on: frame)
        XCTAssertEqual(handler.liveTrackerCount, 15)
        try handler.perform([extra], on: frame)
        XCTAssertEqual(handler.liveTrackerCount, 16)
    }

    func testLastFrameReleasesTracker() throws {
        let handler = SequenceRequestHandler()
        let object = TrackObjectRequest(detectedObjectObservation: DetectedObjectObservation(boundingBox: normalised(objectBox(0))),
                                        trackingLevel: .fast)
        let corners = RectangleObservation(topLeft: NormalizedPoint(x: 0.1, y: 0.9), topRight: NormalizedPoint(x: 0.3, y: 0.9),
                                           bottomRight: NormalizedPoint(x: 0.3, y: 0.7), bottomLeft: NormalizedPoint(x: 0.1, y: 0.7))
        let rectangle = TrackRectangleRequest(rectangleObservation: corners, trackingLevel: .fast)
        try handler.perform([object, rectangle], on: scene.frame(object: objectBox(0)))
        XCTAssertEqual(handler.liveTrackerCount, 2)
        object.inputObservation = object.results[0]
        object.isLastFrame = true
        try handler.perform([object], on: scene.frame(object: objectBox(1)))
        XCTAssertEqual(object.results.count, 1)
        XCTAssertEqual(handler.liveTrackerCount, 1)
        rectangle.inputObservation = rectangle.results[0]
        rectangle.isLastFrame = true
        try handler.perform([rectangle], on: scene.frame(object: objectBox(1)))
        XCTAssertEqual(handler.liveTrackerCount, 0)
    }

    func testReseedWithSameIdRestartsAtNewBox() throws {
        let handler = SequenceRequestHandler()
        let request = TrackObjectRequest(detectedObjectObservation: DetectedObjectObservation(boundingBox: normalised(objectBox(0))),
                                         trackingLevel: .fast)
        let id = request.inputObservation.id
        for t in 0..<5 {
            try handler.perform([request], on: scene.frame(object: objectBox(t)))
            request.inputObservation = request.results[0]
        }
        // The detector says the object is elsewhere: same id, new box.
        let moved = PixelRect(x: 20, y: 90, width: 30, height: 36)
        request.inputObservation = DetectedObjectObservation(id: id, boundingBox: normalised(moved), confidence: 0.9)
        try handler.perform([request], on: scene.frame(object: moved))
        XCTAssertEqual(request.results[0].id, id)
        XCTAssertEqual(request.results[0].confidence, 1)
        XCTAssertEqual(pixels(request.results[0].boundingBox).x, 20, accuracy: 1e-9)
        XCTAssertEqual(handler.liveTrackerCount, 1)
        // It tracks from there.
        let next = PixelRect(x: 23, y: 91, width: 30, height: 36)
        request.inputObservation = request.results[0]
        try handler.perform([request], on: scene.frame(object: next))
        XCTAssertGreaterThan(pixels(request.results[0].boundingBox).iou(next), 0.8)
    }

    func testRectangleCornersFollowTheObject() throws {
        let handler = SequenceRequestHandler()
        let box = objectBox(0)
        let n = normalised(box)
        let corners = RectangleObservation(topLeft: NormalizedPoint(x: n.x, y: n.maxY), topRight: NormalizedPoint(x: n.maxX, y: n.maxY),
                                           bottomRight: NormalizedPoint(x: n.maxX, y: n.y), bottomLeft: NormalizedPoint(x: n.x, y: n.y))
        let request = TrackRectangleRequest(rectangleObservation: corners, trackingLevel: .fast)
        for t in 0..<10 {
            try handler.perform([request], on: scene.frame(object: objectBox(t)))
            XCTAssertEqual(request.results[0].id, corners.id)
            request.inputObservation = request.results[0]
        }
        let tracked = pixels(request.results[0].boundingBox)
        XCTAssertGreaterThan(tracked.iou(objectBox(9)), 0.7)
        let topLeft = request.results[0].topLeft
        XCTAssertEqual(topLeft.x * 200, objectBox(9).x, accuracy: 4)
        XCTAssertEqual((1 - topLeft.y) * 150, objectBox(9).y, accuracy: 4)
    }

    func testInvalidRequestsThrow() {
        let handler = SequenceRequestHandler()
        let frame = scene.frame(object: objectBox(0))
        let empty = TrackObjectRequest(detectedObjectObservation: DetectedObjectObservation(
            boundingBox: NormalizedRect(x: 0.1, y: 0.1, width: 0, height: 0.2)))
        XCTAssertThrowsError(try handler.perform([empty], on: frame))
        let outside = TrackObjectRequest(detectedObjectObservation: DetectedObjectObservation(
            boundingBox: NormalizedRect(x: 1.5, y: 0.1, width: 0.1, height: 0.2)))
        XCTAssertThrowsError(try handler.perform([outside], on: frame))
        let seed = DetectedObjectObservation(boundingBox: normalised(objectBox(0)))
        let twice = [TrackObjectRequest(detectedObjectObservation: seed), TrackObjectRequest(detectedObjectObservation: seed)]
        XCTAssertThrowsError(try handler.perform(twice, on: frame))
        let colour = TrackObjectRequest(detectedObjectObservation: seed, trackingLevel: .accurate)
        XCTAssertThrowsError(try handler.perform([colour], on: ImageFrame(luma: frame.luma))) { error in
            XCTAssertEqual(error as? TrackingError, .colourRequired)
        }
        XCTAssertEqual(handler.liveTrackerCount, 0)
    }
}
