import Imaging

/// What one frame of a ``CorrelationTracker`` says about whether it is still on its object: the cues
/// that ``ConfidenceModel`` turns into the reported confidence.
///
/// Each cue survives a different kind of appearance change or failure: the response's sharpness
/// and height (the adapting model, i.e. the recent appearance, found something distinct), the
/// agreement with the model as first learnt (the tracker has not drifted onto something else),
/// the tracker's own fix decision and how long it has gone without one (drift grows as a random
/// walk), the size of the jump the peak asked for, how far the size has moved from the start, how
/// much of the box is still inside the picture, how well colour singles the object out, and
/// how the box changes and moves against the scene (``SceneContrast``: a box left on the background
/// changes like the rest of the picture, one sliding off its object moves faster than objects do),
/// and, with an ``AppearanceDescriber``, how much the box still looks like the object's first view
/// (on the latest description and on average). A ``FusedTracker``'s evidence is its Siamese
/// tracker's, with its partner's (the correlation filter's) view: how much their boxes agree, how
/// sure the partner is, and whose box was reported. A ``SiameseTracker`` adds how close the
/// strongest look-alike on its map comes to the chosen cell.
public struct TrackingEvidence: Sendable, Equatable, Hashable {
    /// Peak-to-sidelobe ratio of the translation response (>= 0).
    public var sharpness: Float
    /// Peak height over its running average on the frames the model learnt from (1 before the
    /// first; limited to 0...4).
    public var peakRatio: Float
    /// Response of the model as first learnt at the tracked position, over its first value
    /// (0...1.5; 1 when the level does not compute it).
    public var firstAgreement: Float
    /// The same, averaged over recent frames.
    public var smoothedAgreement: Float
    /// The tracker's own decision, 0...1: above 0.5 it trusts this frame enough to follow the peak
    /// and learn (the control signal of tracking and re-seeding; not a probability).
    public var fixConfidence: Float
    /// Frames in a row without a fix (``fixConfidence`` at or below 0.5).
    public var framesWithoutFix: Int
    /// Distance from the predicted position to the response peak, in object sizes (sqrt of area).
    public var jump: Float
    /// |log| of the box's size relative to the start (0: same size).
    public var sizeChange: Float
    /// Share of the tracker's box (before clipping) inside the frame, 0...1.
    public var visibleFraction: Float
    /// How well colour singles the object out of its window, 0...1 (0 without colour).
    public var colourContrast: Float
    /// log(1 + the box's displacement over the last 5 frames minus the camera's, in object sizes,
    /// at most 4); 0...1.61.
    public var motionAgainstScene: Float
    /// ``SceneChange/relativeChange(in:)`` of the box: above 0 where it changed more than the scene.
    public var sceneChange: Float
    /// The same, as a running average.
    public var smoothedSceneChange: Float
    /// Cosine similarity (-1...1) of an ``AppearanceDescriber``'s description of the box with its
    /// description of the first box, refreshed every few frames; 1 when the handler has no describer.
    public var appearanceSimilarity: Float
    /// Its running average over tracked frames (weight 0.05 per frame); 1 when the handler has no describer.
    public var smoothedAppearanceSimilarity: Float
    /// IoU (0...1) of the box with the box of the fused partner tracker; 1 without a partner.
    public var partnerAgreement: Float = 1
    /// The partner tracker's own confidence (0...1) in its box; 1 without a partner.
    public var partnerConfidence: Float = 1
    /// The partner tracker's box (pixels, top-left origin); nil without a partner. Not a cue: kept
    /// for fitting which box to report (`vtrack eval --evidence`).
    public var partnerBox: PixelRect? = nil
    /// The reported box is the partner's (the fusion trusted it over the evidence's own tracker).
    public var boxFromPartner = false
    /// Probability (0...1) that the box's place is the object rather than a look-alike it cannot be
    /// told from there (``SiameseSettings/tellsLookAlikesApart``): 1 / the number of followed places
    /// that overlap it; 1 without look-alikes. The confidence is multiplied by it.
    public var identityShare: Float = 1
    /// The nearest look-alike's margin: the Siamese head's highest object probability more than two
    /// cells from the chosen cell, over the chosen cell's (0...2; 0 without a Siamese map).
    public var lookAlikeRatio: Float = 0

    /// Less than ``ConfidenceModel/outOfViewBelow`` of the box is inside the frame: the object left the picture.
    public var isOutOfView: Bool { !(visibleFraction >= ConfidenceModel.outOfViewBelow) }

    public init(sharpness: Float, peakRatio: Float, firstAgreement: Float, smoothedAgreement: Float, fixConfidence: Float,
                framesWithoutFix: Int, jump: Float, sizeChange: Float, visibleFraction: Float, colourContrast: Float,
                motionAgainstScene: Float, sceneChange: Float, smoothedSceneChange: Float, appearanceSimilarity: Float = 1,
                smoothedAppearanceSimilarity: Float = 1) {
        self.sharpness = sharpness
        self.peakRatio = peakRatio
        self.firstAgreement = firstAgreement
        self.smoothedAgreement = smoothedAgreement
        self.fixConfidence = fixConfidence
        self.framesWithoutFix = framesWithoutFix
        self.jump = jump
        self.sizeChange = sizeChange
        self.visibleFraction = visibleFraction
        self.colourContrast = colourContrast
        self.motionAgainstScene = motionAgainstScene
        self.sceneChange = sceneChange
        self.smoothedSceneChange = smoothedSceneChange
        self.appearanceSimilarity = appearanceSimilarity
        self.smoothedAppearanceSimilarity = smoothedAppearanceSimilarity
    }
}
