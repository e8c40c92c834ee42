/// A ``SiameseTracker``'s settings and the confidence models fitted on its evidence.
public struct SiameseConfiguration: Sendable, Equatable {
    public var settings: SiameseSettings
    /// Turns each frame's ``TrackingEvidence`` into the reported confidence.
    public var confidenceModel: ConfidenceModel
    /// The same with the appearance cue (a handler with an ``AppearanceDescriber``).
    public var appearanceConfidenceModel: ConfidenceModel

    public init(settings: SiameseSettings, confidenceModel: ConfidenceModel, appearanceConfidenceModel: ConfidenceModel) {
        self.settings = settings
        self.confidenceModel = confidenceModel
        self.appearanceConfidenceModel = appearanceConfidenceModel
    }

    /// A level's learned tracker with the authors' settings, following its object out of the picture
    /// (``SiameseSettings/followsOutOfFrame``) and searching for it when lost
    /// (``SiameseSettings/redetectsWhenLost``) and telling it from look-alikes
    /// (``SiameseSettings/tellsLookAlikesApart``); a lost object is searched for at its last size
    /// (searching at twice and half it too, ``SiameseSettings/refindingZooms``, found look-alikes
    /// more often than the object on the development set: docs/fusion.md): `fast` runs NanoTrack v2 (48 feature channels),
    /// `accurate` v3 (96 channels and a depthwise correlation; about 1.2x the time), each with the
    /// models fitted on its own evidence. Figures: docs/siamese-tracker.md.
    public static func learned(_ level: TrackingLevel) -> SiameseConfiguration {
        switch level {
        case .fast: withSearch(.authorsV2, .learnedFast, .learnedFastWithAppearance)
        case .accurate: withSearch(.authorsV3, .learnedAccurate, .learnedAccurateWithAppearance)
        }
    }

    /// LightFC's tracker with its authors' loop (``SiameseSettings/authorsLightFC``), nothing of vtrack's
    /// search around it, judged by the models fitted on its own evidence.
    public static let lightFC = SiameseConfiguration(settings: .authorsLightFC, confidenceModel: .lightFC,
                                                     appearanceConfidenceModel: .lightFCWithAppearance)

    /// The configuration running `release` with the authors' loop for it (``SiameseSettings/withNetwork(_:)``,
    /// keeping this one's search) and the confidence models fitted on that network's own evidence:
    /// NanoTrack v2's `fast` models, v3's `accurate` ones, LightFC's.
    public func withNetwork(_ release: SiameseNetworkRelease) -> SiameseConfiguration {
        let models: (ConfidenceModel, ConfidenceModel) = switch release {
        case .nanoTrackV2: (.learnedFast, .learnedFastWithAppearance)
        case .nanoTrackV3: (.learnedAccurate, .learnedAccurateWithAppearance)
        case .lightFC: (.lightFC, .lightFCWithAppearance)
        }
        return SiameseConfiguration(settings: settings.withNetwork(release), confidenceModel: models.0,
                                    appearanceConfidenceModel: models.1)
    }

    private static func withSearch(_ settings: SiameseSettings, _ model: ConfidenceModel,
                                   _ withAppearance: ConfidenceModel) -> SiameseConfiguration {
        var settings = settings
        settings.followsOutOfFrame = true
        settings.redetectsWhenLost = true
        settings.tellsLookAlikesApart = true
        return SiameseConfiguration(settings: settings, confidenceModel: model, appearanceConfidenceModel: withAppearance)
    }
}
