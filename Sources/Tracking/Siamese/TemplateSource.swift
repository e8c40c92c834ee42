import Imaging

/// Where a learned tracker cuts its template: a frame of the clip it tracks and the object's box
/// there. A tracker started on one frame with the template of another follows the object as it
/// looked there: a keyframe on a blurred or occluded frame re-centres the tracker without making
/// the blur or the occluder what it follows (``TrackObjectRequest/templateSource``).
///
///     let source = TemplateSource(frame: firstFrame, box: PixelRect(x: 157, y: 138, width: 22, height: 55))
///     let tracker = try SiameseTracker(frame: hardFrame, box: correctedBox, network: network,
///                                      settings: .authorsV2, confidenceModel: model, template: source)
///
/// The frame must have colour (`rgb`) and the clip's size; the box is in pixels, top-left origin,
/// on that frame.
public struct TemplateSource: Sendable {
    /// The frame the template is cut from, with colour.
    public let frame: ImageFrame
    /// The object's box on ``frame``, pixels, top-left origin.
    public let box: PixelRect

    public init(frame: ImageFrame, box: PixelRect) {
        self.frame = frame
        self.box = box
    }
}

extension SiameseTracker {
    /// Whether `template`'s view still recognises the object on `frame` at `box` (pixels, top-left
    /// origin): a tracker with that template, started at `box` and searching `frame` around it, lands
    /// on `box` (IoU >= 0.5) and believes it (confidence above ``ConfidenceModel/solidAbove``). False
    /// when the object's look changed since the template's frame, and also when `frame` hides or
    /// blurs it beyond what the template matches. Costs a template embedding and one search. Throws
    /// what ``init(frame:box:network:settings:confidenceModel:template:)`` throws.
    public static func recognises(_ template: TemplateSource, on frame: ImageFrame, at box: PixelRect, network: SiameseNetwork,
                                  settings: SiameseSettings, confidenceModel: ConfidenceModel) throws -> Bool {
        let probe = try SiameseTracker(frame: frame, box: box, network: network, settings: settings, confidenceModel: confidenceModel,
                                       template: template)
        let estimate = probe.update(on: frame)
        return estimate.box.iou(box) >= 0.5 && estimate.confidence > ConfidenceModel.solidAbove
    }
}
