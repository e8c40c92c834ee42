import Foundation
import Imaging

/// One object followed by a Siamese correlation tracker (SiamFC's idea with NanoTrack's networks):
/// the object's box with context is embedded once, at the network's template size, when the
/// tracker starts; on each frame a larger crop around where the object should be is embedded and
/// correlated with it by the network's head, and ``SiameseBoxDecoder`` picks the cell and box it
/// believes, with a penalty on sudden changes of scale and shape and a window against jumps. The
/// box's size follows the head's at a rate set by how sure the head is. With
/// ``SiameseSettings/redetectsWhenLost`` an object its motion carries out of the picture is held
/// out of view, and a lost object is searched for on rings widening from where it was last seen
/// (one more crop per frame) and taken back when the confidence says it is there. With
/// ``SiameseSettings/tellsLookAlikesApart`` the head's other peaks are followed as look-alikes
/// (``LookAlikeMemory``): the box does not jump onto one followed as someone else, and while the
/// object and a look-alike overlap the confidence says that either may be the object.
///
///     let tracker = try SiameseTracker(frame: first, box: box, network: nanoTrack, settings: .authorsV2)
///     let estimate = tracker.update(on: next)
///
/// Needs colour frames. Pixels, top-left origin.
public final class SiameseTracker: ObjectTracker {
    public private(set) var box: PixelRect
    private let network: SiameseNetwork
    private let settings: SiameseSettings
    private let frameWidth: Int, frameHeight: Int
    /// The object's centre and size, frame pixels (sub-pixel).
    private var centreX: Float, centreY: Float, width: Float, height: Float
    /// The colour outside the picture, with the authors' convention (the first frame's mean).
    private let firstFramePad: SIMD3<Int32>
    private var templateFeatures: [Float]
    /// The storage of the crops searched at once: the first for the crop around the object, the
    /// second for the re-detection crop searched beside it, and one per core for the whole-frame
    /// search (one crop in all when the tracker does neither).
    private let crops: [SiameseSearchCrop]
    /// The decoder of the crop around the object, with the window against jumps.
    private var decoder: SiameseBoxDecoder
    private let confidenceModel: ConfidenceModel
    private var sceneContrast: SceneContrast
    /// The first box's size (sqrt of its area), for the size-change cue.
    private let firstSize: Float
    /// Running average of the chosen cell's score on frames with a fix, for the peak-ratio cue (nil before the first).
    private var averageScore: Float?
    private var framesWithoutFix = 0
    /// The last frame's confidence (1 at the start) and whether its box was out of view.
    private var confidence: Float = 1, isOutOfView = false
    /// The centre on the last frame the confidence reached ``believedFrom``: where a lost object is searched from.
    private var anchorX: Float, anchorY: Float
    /// Frames since the anchor's, and the centre's smoothed motion per frame over confident frames (frame pixels).
    private var framesSinceAnchor = 0, velocityX: Float = 0, velocityY: Float = 0
    private var spiral = SiameseSearchSpiral()
    /// Re-detection crops cut on the spiral so far: which of ``SiameseSettings/refindingZooms`` the next expects.
    private var refindingCrops = 0
    /// Where the last frame's re-detection crop found the object, to be confirmed on this frame.
    private var unconfirmed: Placement?
    /// The size, as a multiple of the object's last, at which the crop that found it expected it.
    private var unconfirmedZoom: Float = 1
    /// Whether ``unconfirmed`` came from a whole-frame search (anywhere in the frame, beyond the
    /// object's reach, even for a track that is only doubtful).
    private var unconfirmedAnywhere = false
    /// Frames tracked since the start, and since the last whole-frame search.
    private var framesTracked = 0, framesSinceWholeFrameSearch = 0
    /// The confidence reported for the object on the last two frames by whoever reports this
    /// tracker's box (``noteReportedConfidence(_:)``); nil: the tracker's own.
    private var reportedConfidence: Float?, reportedBefore: Float?
    /// The whole-frame search's head choices, one per crop, and its candidates (storage kept between searches).
    private var wholeFrameChoices: [SiameseBoxDecoder.Candidate?] = []
    private var wholeFrameFinds: [(placement: Placement, candidate: SiameseBoxDecoder.Candidate)] = []
    /// The look-alikes followed around the object, and this frame's (storage kept between frames).
    private var lookAlikes: LookAlikeMemory
    private var peaks: [SiameseBoxDecoder.Candidate] = []

    /// Starts on `frame` (which must have `rgb`) at `box` (pixels, top-left origin, inside the frame);
    /// `confidenceModel` turns each frame's ``TrackingEvidence`` into the reported confidence. Throws ``TrackingError/colourRequired`` without colour, ``TrackingError/invalidObservation(_:)``
    /// for an empty box, and the network's error when the template cannot be embedded.
    public init(frame: ImageFrame, box: PixelRect, network: SiameseNetwork, settings: SiameseSettings,
                confidenceModel: ConfidenceModel) throws {
        guard let rgb = frame.rgb else { throw TrackingError.colourRequired }
        guard box.isValid, box.width >= 1, box.height >= 1 else {
            throw TrackingError.invalidObservation("box \(box) is smaller than a pixel")
        }
        self.network = network
        self.settings = settings
        self.confidenceModel = confidenceModel
        sceneContrast = SceneContrast(box: box)
        firstSize = Float((box.width * box.height).squareRoot())
        frameWidth = frame.width
        frameHeight = frame.height
        let start = settings.convention == .openCVTrackerNano
            ? PixelRect(x: box.x.rounded(), y: box.y.rounded(), width: box.width.rounded(), height: box.height.rounded())
            : box
        self.box = start
        width = Float(start.width)
        height = Float(start.height)
        switch settings.convention {
        case .openCVTrackerNano, .ostrack:
            centreX = Float(start.x) + width * 0.5
            centreY = Float(start.y) + height * 0.5
        case .authors:
            centreX = Float(start.x) + (width - 1) / 2
            centreY = Float(start.y) + (height - 1) / 2
        }
        let mean = SiameseCropSampler.meanColour(of: rgb)
        firstFramePad = SIMD3(Int32(mean.x), Int32(mean.y), Int32(mean.z))
        templateFeatures = [Float](repeating: 0, count: network.templateFeatureCount)
        let searchesBeside = settings.redetectsWhenLost || settings.wholeFrameSearchInterval > 0
        crops = (0..<(searchesBeside ? max(2, ProcessInfo.processInfo.activeProcessorCount) : 1)).map { _ in
            SiameseSearchCrop(network: network, settings: settings)
        }
        decoder = SiameseBoxDecoder(side: network.responseSide, stride: network.stride, settings: settings)
        anchorX = centreX
        anchorY = centreY
        lookAlikes = LookAlikeMemory(x: centreX, y: centreY)
        peaks.reserveCapacity(LookAlikeMemory.capacity)
        if settings.wholeFrameSearchInterval > 0 {
            wholeFrameChoices.reserveCapacity(settings.wholeFrameSearchCrops)
            wholeFrameFinds.reserveCapacity(settings.wholeFrameSearchCrops)
        }

        let side: Int
        switch settings.convention {
        case .openCVTrackerNano, .authors:
            let contextSum = settings.contextAmount * (width + height)
            let exact = ((width + contextSum) * (height + contextSum)).squareRoot()
            side = settings.convention == .openCVTrackerNano ? Int(exact) : Int(exact.rounded())
        case .ostrack:
            side = Int(((width * height).squareRoot() * SiameseSettings.Convention.ostrackTemplateFactor).rounded(.up))
        }
        var templateSampler = SiameseCropSampler(outputSide: network.templateSide)
        var templateCrop = [Float](repeating: 0, count: 3 * network.templateSide * network.templateSide)
        let origin = cropOrigin(centreX: centreX, centreY: centreY, side: max(1, side))
        templateCrop.withUnsafeMutableBufferPointer { crop in
            templateSampler.sample(rgb, originX: origin.x, originY: origin.y, side: max(1, side), pad: pad(for: rgb),
                                   bgr: settings.convention.takesBGR, into: crop)
        }
        try templateCrop.withUnsafeMutableBufferPointer { crop in
            try templateFeatures.withUnsafeMutableBufferPointer { features in
                try network.embedTemplate(crop, into: features)
            }
        }
    }

    public func update(on frame: ImageFrame, cameraShift: (dx: Double, dy: Double), sceneChange: SceneChange?) -> TrackerEstimate {
        guard let rgb = frame.rgb, frame.width == frameWidth, frame.height == frameHeight else {
            return TrackerEstimate(box: box.clipped(toWidth: frame.width, height: frame.height) ?? box, confidence: 0)
        }
        centreX += Float(cameraShift.dx)
        centreY += Float(cameraShift.dy)
        anchorX += Float(cameraShift.dx)
        anchorY += Float(cameraShift.dy)
        unconfirmed?.centreX += Float(cameraShift.dx)
        unconfirmed?.centreY += Float(cameraShift.dy)
        lookAlikes.shift(dx: Float(cameraShift.dx), dy: Float(cameraShift.dy))
        let (side, scale) = searchCrop()
        let padColour = pad(for: rgb)
        let refinding = settings.redetectsWhenLost && confidence < ConfidenceModel.lostBelow || unconfirmed != nil && unconfirmedAnywhere
            ? planRefinding(side: side, scale: scale) : nil
        let searched = searchObject(rgb, side: side, scale: scale, pad: padColour, refinding: refinding)
        guard let decoded = searched.object else {
            return TrackerEstimate(box: box.clipped(toWidth: frameWidth, height: frameHeight) ?? box, confidence: 0)
        }
        let (candidate, identity) = tellApart(decoded, scale: scale)
        let previousSize = (width * height).squareRoot()
        let followed = identity.choice == .objectMotion
            ? Placement(centreX: lookAlikes.objectPrediction.x, centreY: lookAlikes.objectPrediction.y, width: width, height: height)
            : follow(candidate, fromX: centreX, y: centreY, scale: scale)
        let displacement = identity.choice == .objectMotion
            ? hypot(followed.centreX - centreX, followed.centreY - centreY)
            : (candidate.dx * candidate.dx + candidate.dy * candidate.dy).squareRoot() / scale
        var chosen = assess(followed, candidate, displacement: displacement, previousSize: previousSize, sceneChange: sceneChange,
                            identityShare: identity.identityShare)
        if settings.redetectsWhenLost, chosen.confidence < Self.believedFrom, isCarriedPastEdge(headBox(candidate, scale: scale)) {
            // Unsure of the head, whose box one more frame of the object's motion carries past the edge,
            // the tracker believes that motion (as the filters coast): an object it carries out of the
            // picture has left, instead of the box clinging to the edge (an object that turned back near
            // the edge is still where the head sees it, and is not coasted).
            let steps = Float(framesSinceAnchor + 1)
            let coasted = Placement(centreX: anchorX + velocityX * steps, centreY: anchorY + velocityY * steps,
                                    width: chosen.placement.width, height: chosen.placement.height)
            let leaving = assess(coasted, candidate, displacement: displacement, previousSize: previousSize, sceneChange: sceneChange,
                                 identityShare: identity.identityShare)
            if leaving.evidence.isOutOfView { chosen = leaving }
        }
        var reacquired = false
        if let refinding {
            // An object that left the picture stays out of view until a box's confidence says it is back.
            if isOutOfView, chosen.confidence < Self.believedFrom {
                let held = Placement(centreX: centreX, centreY: centreY, width: width, height: height)
                chosen = assess(held, candidate, displacement: 0, previousSize: previousSize, sceneChange: sceneChange,
                                identityShare: identity.identityShare)
            }
            if let found = redetect(refinding, found: searched.refinding, against: chosen, scale: scale, previousSize: previousSize,
                                    sceneChange: sceneChange) {
                chosen = found
                reacquired = true
            }
        } else {
            spiral.reset()
            unconfirmed = nil
        }
        framesTracked += 1
        framesSinceWholeFrameSearch += 1
        if !reacquired, unconfirmed == nil, isWholeFrameSearchDue(chosen.confidence) {
            framesSinceWholeFrameSearch = 0
            if let found = searchWholeFrame(rgb, against: chosen, side: side, scale: scale, pad: padColour,
                                            previousSize: previousSize, sceneChange: sceneChange) {
                unconfirmed = found
                unconfirmedZoom = min(max((found.width * found.height).squareRoot() / max(previousSize, 1), 0.5), 2)
                unconfirmedAnywhere = true
            }
        }
        commit(chosen, reacquired: reacquired, sceneChange: sceneChange)
        if reacquired {
            lookAlikes.restart(x: centreX, y: centreY)
        } else {
            lookAlikes.commit(x: centreX, y: centreY)
        }
        return TrackerEstimate(box: chosen.clipped, evidence: chosen.evidence, model: confidenceModel)
    }

    /// Where the object is and how large, frame pixels (sub-pixel).
    private struct Placement {
        var centreX: Float, centreY: Float, width: Float, height: Float
    }

    /// A placement the tracker may take on this frame, with the head's cell that gave it, the box as
    /// reported (clipped to the frame), its cues and its confidence.
    private struct Proposal {
        var placement: Placement
        var candidate: SiameseBoxDecoder.Candidate
        var box: PixelRect, clipped: PixelRect
        var evidence: TrackingEvidence
        var confidence: Float
    }

    /// The head's chosen cell on the `side`-pixel crop around the object (`scale` crop pixels per
    /// frame pixel), searched with the first of ``crops`` (whose response is then the frame's); with
    /// `refinding`, the re-detection decoder's choice on that plan's crop too, searched at once on
    /// another core. Nil where the network fails.
    private func searchObject(_ rgb: Image<UInt8>, side: Int, scale: Float, pad: SIMD3<Int32>, refinding: Refinding?)
        -> (object: SiameseBoxDecoder.Candidate?, refinding: SiameseBoxDecoder.Candidate?) {
        var found: (object: SiameseBoxDecoder.Candidate?, refinding: SiameseBoxDecoder.Candidate?) = (nil, nil)
        let (x, y) = (centreX, centreY)
        nonisolated(unsafe) let tracker = self
        templateFeatures.withUnsafeMutableBufferPointer { features in
            withUnsafeMutablePointer(to: &found) { pointer in
                nonisolated(unsafe) let (template, results) = (features, pointer)
                DispatchQueue.concurrentPerform(iterations: refinding == nil ? 1 : 2) { job in
                    if job == 0 {
                        results.pointee.object = tracker.choice(on: tracker.crops[0], template, rgb, centreX: x, centreY: y, side: side,
                                                                scale: scale, zoom: 1, pad: pad, windowed: true)
                    } else if let refinding {
                        let zoomedSide = max(1, Int((Float(side) * refinding.zoom).rounded()))
                        results.pointee.refinding = tracker.choice(on: tracker.crops[1], template, rgb, centreX: refinding.centreX,
                                                                   centreY: refinding.centreY, side: zoomedSide,
                                                                   scale: scale / refinding.zoom, zoom: refinding.zoom, pad: pad,
                                                                   windowed: false)
                    }
                }
            }
        }
        return found
    }

    /// The head's chosen cell on `crop`, the `side`-pixel square centred at (`centreX`, `centreY`) of
    /// `rgb` with `scale` crop pixels per frame pixel, expecting the object `zoom` times its last
    /// size: with the window against jumps (the tracker's own decoder, one thread at a time) when
    /// `windowed`, else with the crop's decoder (no window: the object may be anywhere in the crop).
    /// Nil when the network fails. Changes nothing else of the tracker's: crops of one frame may be
    /// searched on several threads, each with its own `crop`.
    private func choice(on crop: SiameseSearchCrop, _ template: UnsafeMutableBufferPointer<Float>, _ rgb: Image<UInt8>,
                        centreX: Float, centreY: Float, side: Int, scale: Float, zoom: Float, pad: SIMD3<Int32>,
                        windowed: Bool) -> SiameseBoxDecoder.Candidate? {
        guard crop.respond(to: template, network: network, in: rgb, origin: cropOrigin(centreX: centreX, centreY: centreY, side: side),
                           side: side, pad: pad, bgr: settings.convention.takesBGR) else { return nil }
        let targetWidth = width * zoom * scale, targetHeight = height * zoom * scale
        let reference = settings.convention == .openCVTrackerNano ? SiameseBoxDecoder.paddedSize(centreX, centreY)
                                                                  : SiameseBoxDecoder.paddedSize(targetWidth, targetHeight)
        return windowed
            ? decoder.decode(crop.response, targetWidth: targetWidth, targetHeight: targetHeight, scaleReference: reference)
            : crop.decoder.decode(crop.response, targetWidth: targetWidth, targetHeight: targetHeight, scaleReference: reference)
    }

    public func noteObjects(_ boxes: [PixelRect], own: Int) {
        guard settings.tellsLookAlikesApart else { return }
        lookAlikes.noteOthers(boxes, own: own)
    }

    /// Whether `box` (pixels) sits on someone else: another tracked object or a look-alike followed
    /// as someone else (``SiameseSettings/tellsLookAlikesApart``; false without it).
    func isSomeoneElses(_ box: PixelRect) -> Bool {
        settings.tellsLookAlikesApart && lookAlikes.isSomeoneElses(
            x: Float(box.x + box.width / 2), y: Float(box.y + box.height / 2), width: width, height: height)
    }

    /// The cell to follow and the share of identity: the decoder's choice `decoded`, unless it
    /// continues a look-alike followed as someone else (``LookAlikeMemory``); the decoder's choice and
    /// full identity without ``SiameseSettings/tellsLookAlikesApart``.
    private func tellApart(_ decoded: SiameseBoxDecoder.Candidate, scale: Float)
        -> (SiameseBoxDecoder.Candidate, LookAlikeMemory.Resolution) {
        guard settings.tellsLookAlikesApart else { return (decoded, .init(choice: .decoderChoice, identityShare: 1)) }
        decoder.lookAlikes(of: crops[0].response, apartFrom: decoded.cell, minimumScore: Self.lookAlikeScore,
                           limit: LookAlikeMemory.capacity, into: &peaks)
        let (x, y) = (centreX, centreY)
        let resolution = lookAlikes.resolve(chosen: (x + decoded.dx / scale, y + decoded.dy / scale),
                                            peaks: peaks.lazy.map { (x + $0.dx / scale, y + $0.dy / scale) },
                                            width: width, height: height, isSure: confidence >= Self.believedFrom)
        if case .lookAlike(let index) = resolution.choice {
            var continued = peaks[index]
            continued.sidelobePeak = decoded.score  // the decoder's choice is now the nearest look-alike
            return (continued, resolution)
        }
        return (decoded, resolution)
    }

    /// The placement the head's `candidate` on a crop centred at (`x`, `y`) asks for: the centre
    /// moved by its offset (held on the frame, or up to half the box past an edge with
    /// ``SiameseSettings/followsOutOfFrame``), the size following the head's at a rate set by how sure
    /// it is, from the last size times `zoom` (the size the crop expected).
    private func follow(_ candidate: SiameseBoxDecoder.Candidate, fromX x: Float, y: Float, scale: Float,
                        zoom: Float = 1) -> Placement {
        let rate = settings.convention == .ostrack ? settings.sizeLearningRate
                                                   : candidate.penalty * candidate.score * settings.sizeLearningRate
        let newWidth = candidate.width / scale * rate + (1 - rate) * width * zoom
        let newHeight = candidate.height / scale * rate + (1 - rate) * height * zoom
        let least = settings.convention.smallestSide
        let w = min(max(newWidth, least), Float(frameWidth)), h = min(max(newHeight, least), Float(frameHeight))
        let marginX = settings.followsOutOfFrame ? w / 2 : 0, marginY = settings.followsOutOfFrame ? h / 2 : 0
        return Placement(centreX: min(max(x + candidate.dx / scale, -marginX), Float(frameWidth) + marginX),
                         centreY: min(max(y + candidate.dy / scale, -marginY), Float(frameHeight) + marginY),
                         width: w, height: h)
    }

    /// The head's box for `candidate` on this frame, as it decoded it (no smoothing of the size).
    private func headBox(_ candidate: SiameseBoxDecoder.Candidate, scale: Float) -> Placement {
        Placement(centreX: centreX + candidate.dx / scale, centreY: centreY + candidate.dy / scale,
                  width: candidate.width / scale, height: candidate.height / scale)
    }

    /// Whether one frame of the object's velocity carries `placement`'s box past the frame's edge
    /// (some of it outside the picture).
    private func isCarriedPastEdge(_ placement: Placement) -> Bool {
        let (w, h) = (placement.width, placement.height)
        let moved = PixelRect(x: Double(placement.centreX + velocityX - w / 2), y: Double(placement.centreY + velocityY - h / 2),
                              width: Double(w), height: Double(h))
        return moved.shareInside(width: frameWidth, height: frameHeight) < 1
    }

    /// `placement` with its box, its cues and its confidence, remembering nothing. The cues: the
    /// object map's peak-to-sidelobe ratio, the chosen score against its running average, the head's
    /// probability as the fix decision, the jump (`displacement` frame pixels) in object sizes, the
    /// size's change since the start, the share of the box in the picture and how the box moves and
    /// changes against the scene.
    private func assess(_ placement: Placement, _ candidate: SiameseBoxDecoder.Candidate, displacement: Float,
                        previousSize: Float, sceneChange: SceneChange?, identityShare: Float = 1) -> Proposal {
        let (cx, cy, w, h) = (placement.centreX, placement.centreY, placement.width, placement.height)
        let box = settings.convention == .openCVTrackerNano
            ? PixelRect(x: Double(Int(cx - w / 2)), y: Double(Int(cy - h / 2)), width: Double(Int(w)), height: Double(Int(h)))
            : PixelRect(x: Double(cx - w / 2), y: Double(cy - h / 2), width: Double(w), height: Double(h))
        let inside = box.clipped(toWidth: frameWidth, height: frameHeight)
        let clipped = inside ?? PixelRect(x: Double(min(max(cx, 0), Float(frameWidth - 1))),
                                          y: Double(min(max(cy, 0), Float(frameHeight - 1))), width: 1, height: 1)
        let visible = box.shareInside(width: frameWidth, height: frameHeight)
        let contrast = sceneContrast.preview(box: clipped, sceneChange: sceneChange)
        let peakRatio = averageScore.map { $0 > 0 ? min(candidate.score / $0, 4) : 1 } ?? 1
        let size = (w * h).squareRoot()
        var evidence = TrackingEvidence(
            sharpness: max(0, candidate.sharpness), peakRatio: peakRatio, firstAgreement: 1, smoothedAgreement: 1,
            fixConfidence: candidate.score, framesWithoutFix: candidate.score > FixConfidence.trustedAbove ? 0 : framesWithoutFix + 1,
            jump: previousSize > 0 ? displacement / previousSize : 0,
            sizeChange: firstSize > 0 && size > 0 ? abs(log(size / firstSize)) : 0, visibleFraction: Float(visible),
            colourContrast: 0, motionAgainstScene: contrast.motion, sceneChange: contrast.change,
            smoothedSceneChange: contrast.smoothedChange)
        evidence.identityShare = identityShare
        evidence.lookAlikeRatio = candidate.score > 0 ? candidate.sidelobePeak / candidate.score : 0
        return Proposal(placement: placement, candidate: candidate, box: box, clipped: clipped, evidence: evidence,
                        confidence: confidenceModel.probability(evidence))
    }

    /// Where a lost or doubtful object's re-detection crop goes on this frame (``planRefinding(side:scale:)``),
    /// worked out before the frame is searched so that the crop is searched beside the object's, and
    /// the search state it moves on to, taken by ``redetect(_:found:against:scale:previousSize:sceneChange:)``.
    private struct Refinding {
        /// The crop's centre (frame pixels) and the object's expected size there, times its last.
        let centreX: Float, centreY: Float, zoom: Float
        /// How far from its last confident position the object may be (frame pixels).
        let reach: Float
        /// The candidate the last frame's crop found, to be confirmed, and whether a whole-frame search found it.
        let earlier: Placement?, anywhere: Bool
        /// The spiral and the count of spiral crops once this crop is taken.
        let spiral: SiameseSearchSpiral, refindingCrops: Int
    }

    /// One more crop: the next on the search spiral around the last confident position, expecting the
    /// object at each of ``SiameseSettings/refindingZooms`` times its last size in turn (an object may
    /// come back nearer or farther), or, when the last frame's crop found a candidate, a crop on that
    /// candidate expecting the same size as the crop that found it. Changes nothing.
    private func planRefinding(side: Int, scale: Float) -> Refinding {
        let step = Float((network.responseSide - 1) * network.stride) / scale
        let reach = (width * height).squareRoot() * (1 + settings.motionSpread * Float(framesSinceAnchor + 1).squareRoot())
        if let earlier = unconfirmed {
            return Refinding(centreX: earlier.centreX, centreY: earlier.centreY, zoom: unconfirmedZoom, reach: reach, earlier: earlier,
                             anywhere: unconfirmedAnywhere, spiral: spiral, refindingCrops: refindingCrops)
        }
        var next = spiral
        let centre = next.next(around: (anchorX, anchorY), step: step, reach: reach, frameWidth: frameWidth, frameHeight: frameHeight)
        let zooms = settings.refindingZooms
        return Refinding(centreX: centre.x, centreY: centre.y, zoom: zooms.isEmpty ? 1 : zooms[refindingCrops % zooms.count],
                         reach: reach, earlier: nil, anywhere: false, spiral: next, refindingCrops: refindingCrops + 1)
    }

    /// Takes `plan`'s search state and judges `found`, the head's choice on its crop (nil: the network
    /// failed). A candidate is a box wholly in the picture, within the object's reach since it was
    /// last seen confidently (``SiameseSettings/motionSpread``), where the head has a fix at least as
    /// sure as its running average on the object and whose confidence says the object is there
    /// (``believedFrom`` or more) and more surely than at `current`. Returns a candidate found on two
    /// frames in a row (its centre inside the first's box: a look-alike that wins one crop by chance
    /// rarely does twice); else nil, keeping a first find for the next frame to confirm.
    private func redetect(_ plan: Refinding, found: SiameseBoxDecoder.Candidate?, against current: Proposal, scale: Float,
                          previousSize: Float, sceneChange: SceneChange?) -> Proposal? {
        unconfirmed = nil
        unconfirmedAnywhere = false
        spiral = plan.spiral
        refindingCrops = plan.refindingCrops
        let zoomedScale = scale / plan.zoom
        guard let found, found.score > max(FixConfidence.trustedAbove, averageScore ?? 0) else { return nil }
        let placement = follow(found, fromX: plan.centreX, y: plan.centreY, scale: zoomedScale, zoom: plan.zoom)
        let (w, h) = (placement.width, placement.height)
        guard placement.centreX - w / 2 >= 0, placement.centreY - h / 2 >= 0, placement.centreX + w / 2 <= Float(frameWidth),
              placement.centreY + h / 2 <= Float(frameHeight),
              plan.anywhere || hypot(placement.centreX - anchorX, placement.centreY - anchorY) <= plan.reach else { return nil }
        let displacement = hypot(placement.centreX - centreX, placement.centreY - centreY)
        let proposal = assess(placement, found, displacement: displacement, previousSize: previousSize, sceneChange: sceneChange)
        guard proposal.confidence >= Self.believedFrom, proposal.confidence > current.confidence else { return nil }
        guard let earlier = plan.earlier, abs(placement.centreX - earlier.centreX) < earlier.width / 2,
              abs(placement.centreY - earlier.centreY) < earlier.height / 2 else {
            unconfirmed = placement
            unconfirmedZoom = plan.zoom
            return nil
        }
        spiral.reset()
        return proposal
    }

    /// Takes the confidence that whoever reports this tracker's box (a ``FusedTracker``, whose
    /// filter may hold the object where this tracker doubts) gave it on the frame just tracked: the
    /// whole-frame search then judges by it whether the object is doubtful or lost.
    func noteReportedConfidence(_ confidence: Float) {
        reportedBefore = reportedConfidence
        reportedConfidence = confidence
    }

    /// True when this frame's box, of confidence `confidence` (or the reported one's, when noted),
    /// is doubtful (below ``believedFrom``) and either the whole-frame search's interval has come
    /// round or the object was just lost (and the last search is at least a tenth of the interval
    /// old, which bounds its cost).
    private func isWholeFrameSearchDue(_ confidence: Float) -> Bool {
        let interval = settings.wholeFrameSearchInterval
        let now = reportedConfidence ?? confidence, before = reportedBefore ?? self.confidence
        guard interval > 0, now < Self.believedFrom else { return false }
        if framesTracked % interval == 0 { return true }
        let justLost = now < ConfidenceModel.lostBelow && before >= ConfidenceModel.lostBelow
        return justLost && framesSinceWholeFrameSearch >= max(1, interval / 10)
    }

    /// The place in the whole frame where the head is surest of the object, searched with crops
    /// that tile the frame (``SiameseFrameTiling``) at the object's last size; nil unless it is away
    /// from the tracker's box, the head is at least as sure there as its running average on the
    /// object, its confidence says the object is there (``believedFrom``) and more surely than at
    /// `current`, and it is distinct: at least ``wholeFrameOddsRatio`` times as likely the object
    /// (in odds) as the best place elsewhere (more than an object's size away) and the tracker's own.
    private func searchWholeFrame(_ rgb: Image<UInt8>, against current: Proposal, side: Int, scale: Float, pad: SIMD3<Int32>,
                                  previousSize: Float, sceneChange: SceneChange?) -> Placement? {
        let step = Float((network.responseSide - 1) * network.stride) / scale
        let tiling = SiameseFrameTiling(frameWidth: frameWidth, frameHeight: frameHeight, step: step,
                                        maximumCrops: settings.wholeFrameSearchCrops)
        let zoomedSide = max(1, Int((Float(side) * tiling.zoom).rounded())), zoomedScale = scale / tiling.zoom
        // The crops are searched on all cores at once, each core with its own crop storage and the
        // crops it takes in turn; the choices are then read in the tiling's order, as one core would.
        wholeFrameChoices.removeAll(keepingCapacity: true)
        wholeFrameChoices.append(contentsOf: repeatElement(nil, count: tiling.count))
        let cores = min(crops.count, tiling.count)
        nonisolated(unsafe) let tracker = self
        templateFeatures.withUnsafeMutableBufferPointer { features in
            wholeFrameChoices.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let (template, choices) = (features, buffer)
                DispatchQueue.concurrentPerform(iterations: cores) { core in
                    for index in stride(from: core, to: tiling.count, by: cores) {
                        let centre = tiling.centre(index)
                        choices[index] = tracker.choice(on: tracker.crops[core], template, rgb, centreX: centre.x, centreY: centre.y,
                                                        side: zoomedSide, scale: zoomedScale, zoom: 1, pad: pad, windowed: false)
                    }
                }
            }
        }
        wholeFrameFinds.removeAll(keepingCapacity: true)
        for (index, choice) in wholeFrameChoices.enumerated() {
            guard let found = choice else { continue }
            let centre = tiling.centre(index)
            wholeFrameFinds.append((follow(found, fromX: centre.x, y: centre.y, scale: zoomedScale), found))
        }
        guard let best = wholeFrameFinds.max(by: { $0.candidate.score < $1.candidate.score }),
              best.candidate.score > max(FixConfidence.trustedAbove, averageScore ?? 0) else { return nil }
        let placement = best.placement
        let size = (placement.width * placement.height).squareRoot()
        let elsewhere = wholeFrameFinds.lazy
            .filter { hypot($0.placement.centreX - placement.centreX, $0.placement.centreY - placement.centreY) > size }
            .map(\.candidate.score).max() ?? 0
        let (w, h) = (placement.width, placement.height)
        guard abs(placement.centreX - current.placement.centreX) > current.placement.width / 2
                || abs(placement.centreY - current.placement.centreY) > current.placement.height / 2,
              placement.centreX - w / 2 >= 0, placement.centreY - h / 2 >= 0, placement.centreX + w / 2 <= Float(frameWidth),
              placement.centreY + h / 2 <= Float(frameHeight),
              Self.odds(max(elsewhere, current.candidate.score)) * Self.wholeFrameOddsRatio < Self.odds(best.candidate.score) else { return nil }
        let displacement = hypot(placement.centreX - centreX, placement.centreY - centreY)
        let proposal = assess(placement, best.candidate, displacement: displacement, previousSize: previousSize, sceneChange: sceneChange)
        guard proposal.confidence >= Self.believedFrom, proposal.confidence > current.confidence else { return nil }
        return placement
    }

    /// Takes `proposal` as this frame's: the object's placement, the running score, the cues' memory
    /// and, on a confident frame, the anchor and the velocity (which a re-detection's jump restarts).
    private func commit(_ proposal: Proposal, reacquired: Bool, sceneChange: SceneChange?) {
        centreX = proposal.placement.centreX
        centreY = proposal.placement.centreY
        width = proposal.placement.width
        height = proposal.placement.height
        box = proposal.box
        let score = proposal.candidate.score
        if score > FixConfidence.trustedAbove {
            averageScore = averageScore.map { $0 + Self.scoreAveraging * (score - $0) } ?? score
            framesWithoutFix = 0
        } else {
            framesWithoutFix += 1
        }
        _ = sceneContrast.measure(box: proposal.clipped, sceneChange: sceneChange)
        confidence = proposal.confidence
        isOutOfView = proposal.evidence.isOutOfView
        guard confidence >= Self.believedFrom else {
            framesSinceAnchor += 1
            return
        }
        if reacquired {
            velocityX = 0
            velocityY = 0
        } else {
            let steps = Float(framesSinceAnchor + 1), rate = Self.velocitySmoothing
            velocityX += rate * ((centreX - anchorX) / steps - velocityX)
            velocityY += rate * ((centreY - anchorY) / steps - velocityY)
        }
        anchorX = centreX
        anchorY = centreY
        framesSinceAnchor = 0
    }

    /// The confidence from which the tracker believes its box: it anchors the search for a lost object
    /// there, learns the object's motion from it and accepts a re-detection. It is the probability at
    /// which the object is as likely there as not, the solid threshold's (``ConfidenceModel/solidAbove``)
    /// reached inclusively.
    private static let believedFrom = ConfidenceModel.solidAbove
    /// The object probability at which the head's other peaks count as look-alikes: places it takes
    /// for the object more likely than not.
    private static let lookAlikeScore: Float = 0.5
    /// How many times likelier (in odds) the whole-frame search's best place must be the object than
    /// the best place elsewhere and the tracker's own: the head's probabilities crowd near 1 on
    /// anything object-like, so their ratio says little where their odds still differ.
    private static let wholeFrameOddsRatio: Float = 8

    /// p / (1 - p), for a head's probability p (0...1; capped where p is 1).
    private static func odds(_ probability: Float) -> Float {
        probability / max(1 - probability, 1e-6)
    }
    /// Weight of each fixed frame in the running average of the chosen cell's score.
    private static let scoreAveraging: Float = 0.1
    /// Weight of each confident frame's motion in the velocity (the `accurate` filter's).
    private static let velocitySmoothing: Float = 0.5

    /// The search crop's side (frame pixels) around the object's current size and the crop's scale
    /// (search-crop pixels per frame pixel), by the convention's context and rounding.
    private func searchCrop() -> (side: Int, scale: Float) {
        switch settings.convention {
        case .openCVTrackerNano, .authors:
            let opencv = settings.convention == .openCVTrackerNano
            // OpenCV sums the sides as a whole number before adding the context; the authors do not.
            let sideSum = opencv ? (width + height).rounded(.towardZero) : width + height
            let contextSum = settings.contextAmount * sideSum
            let templateExtent = ((width + contextSum) * (height + contextSum)).squareRoot()
            let scale = Float(network.templateSide) / templateExtent
            let searchExtent = opencv
                ? templateExtent * Float(network.searchSide / network.templateSide)
                : templateExtent * Float(network.searchSide) / Float(network.templateSide)
            return (max(1, opencv ? Int(searchExtent) : Int(searchExtent.rounded())), scale)
        case .ostrack:
            let factor = SiameseSettings.Convention.ostrackTemplateFactor * Float(network.searchSide) / Float(network.templateSide)
            let side = max(1, Int(((width * height).squareRoot() * factor).rounded(.up)))
            return (side, Float(network.searchSide) / Float(side))
        }
    }

    /// Top-left pixel of a `side` square centred at (`centreX`, `centreY`), by the convention's rounding.
    private func cropOrigin(centreX: Float, centreY: Float, side: Int) -> (x: Int, y: Int) {
        switch settings.convention {
        case .openCVTrackerNano:
            let half = (side + 1) / 2
            return (Int(centreX) - half, Int(centreY) - half)
        case .authors:
            let half = Float(side + 1) / 2
            return (Int((centreX - half + 0.5).rounded(.down)), Int((centreY - half + 0.5).rounded(.down)))
        case .ostrack:
            let half = Float(side) / 2
            return (Int((centreX - half).rounded(.toNearestOrEven)), Int((centreY - half).rounded(.toNearestOrEven)))
        }
    }

    /// The colour outside the picture: OpenCV's current-frame mean (rounded), the authors' first frame's
    /// (truncated), or black (OSTrack's).
    private func pad(for rgb: Image<UInt8>) -> SIMD3<Int32> {
        switch settings.convention {
        case .authors: return firstFramePad
        case .ostrack: return .zero
        case .openCVTrackerNano: break
        }
        let mean = SiameseCropSampler.meanColour(of: rgb)
        return SIMD3(Int32(mean.x.rounded()), Int32(mean.y.rounded()), Int32(mean.z.rounded()))
    }
}
