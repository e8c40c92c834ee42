/// A ``FusedTracker``: a Siamese tracker and a correlation filter on the same object, each with its
/// own confidence, and the verdict fitted on both trackers' evidence.
public struct FusedConfiguration: Sendable, Equatable {
    public var siamese: SiameseConfiguration
    public var filter: TrackerParameters
    /// Turns a fused frame's evidence (the Siamese tracker's cues and its partner's: ``TrackingEvidence/partnerAgreement``
    /// and the like) into the reported confidence.
    public var confidenceModel: ConfidenceModel
    /// The same with the appearance cue.
    public var appearanceConfidenceModel: ConfidenceModel
    /// Picks the reported box where the two trackers disagree.
    public var choice: FusionChoiceModel = .accurate

    public init(siamese: SiameseConfiguration, filter: TrackerParameters, confidenceModel: ConfidenceModel,
                appearanceConfidenceModel: ConfidenceModel) {
        self.siamese = siamese
        self.filter = filter
        self.confidenceModel = confidenceModel
        self.appearanceConfidenceModel = appearanceConfidenceModel
    }

    /// `accurate`'s learned tracker: NanoTrack v3 fused with the `accurate` correlation filter, judged by
    /// ``ConfidenceModel/fusedAccurate``.
    public static let accurate = FusedConfiguration(siamese: .learned(.accurate), filter: .accurate,
                                                    confidenceModel: .fusedAccurate,
                                                    appearanceConfidenceModel: .fusedAccurateWithAppearance)
}
