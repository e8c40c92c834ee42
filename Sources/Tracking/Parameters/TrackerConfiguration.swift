/// What follows one object, and with which settings: a correlation filter, a Siamese tracker, or
/// both fused. Each case carries only its own parameters.
///
///     let configuration = TrackerConfiguration.for(.accurate, kind: .learned)   // .fused(.accurate)
public enum TrackerConfiguration: Sendable, Equatable {
    /// A ``CorrelationTracker`` on hand-made features.
    case correlationFilter(TrackerParameters)
    /// A ``SiameseTracker`` on learned features.
    case siamese(SiameseConfiguration)
    /// A ``FusedTracker``: both on every frame, the verdict choosing.
    case fused(FusedConfiguration)

    /// The configuration of `level` for `kind`: with ``TrackerKind/learned``, the Siamese tracker at
    /// `fast` and the fused pair at `accurate`; with ``TrackerKind/correlationFilter``, the level's filter.
    public static func `for`(_ level: TrackingLevel, kind: TrackerKind) -> TrackerConfiguration {
        switch (kind, level) {
        case (.correlationFilter, _): .correlationFilter(.for(level))
        case (.learned, .fast): .siamese(.learned(.fast))
        case (.learned, .accurate): .fused(.accurate)
        case (.lightFC, _): .siamese(.lightFC)
        }
    }

    /// True when the tracker reads `frame.rgb`.
    public var needsColour: Bool {
        switch self {
        case .correlationFilter(let parameters): parameters.needsColour
        case .siamese, .fused: true
        }
    }

    /// True when the tracker needs a ``SiameseNetworkLibrary``.
    public var needsNetworks: Bool {
        if case .correlationFilter = self { return false }
        return true
    }

    /// True when one of the tracker's confidence models weighs the scene cues (``SceneChange``): the
    /// handler then registers each frame against the last.
    public var readsSceneCues: Bool {
        switch self {
        case .correlationFilter(let parameters):
            parameters.confidenceModel.readsSceneCues || parameters.appearanceConfidenceModel.readsSceneCues
        case .siamese(let siamese):
            siamese.confidenceModel.readsSceneCues || siamese.appearanceConfidenceModel.readsSceneCues
        case .fused(let fused):
            TrackerConfiguration.siamese(fused.siamese).readsSceneCues || TrackerConfiguration.correlationFilter(fused.filter).readsSceneCues
                || fused.confidenceModel.readsSceneCues || fused.appearanceConfidenceModel.readsSceneCues
        }
    }

    /// True when the reported confidence's model with the appearance cue weighs it: the handler's
    /// describer then describes the tracker's boxes.
    public var readsAppearanceCues: Bool { appearanceConfidenceModel.readsAppearanceCues }

    /// The model of the reported confidence when the handler adds the appearance cue.
    public var appearanceConfidenceModel: ConfidenceModel {
        switch self {
        case .correlationFilter(let parameters): parameters.appearanceConfidenceModel
        case .siamese(let siamese): siamese.appearanceConfidenceModel
        case .fused(let fused): fused.appearanceConfidenceModel
        }
    }

    /// The correlation filter's parameters, when the configuration runs one.
    public var filterParameters: TrackerParameters? {
        switch self {
        case .correlationFilter(let parameters): parameters
        case .siamese: nil
        case .fused(let fused): fused.filter
        }
    }

    /// The Siamese tracker's configuration, when the configuration runs one.
    public var siameseConfiguration: SiameseConfiguration? {
        switch self {
        case .correlationFilter: nil
        case .siamese(let siamese): siamese
        case .fused(let fused): fused.siamese
        }
    }

    /// This configuration with its Siamese tracker searching the whole frame every `interval` frames
    /// (``SiameseSettings/wholeFrameSearchInterval``; 0 never); the correlation filter's unchanged.
    public func searchingWholeFrame(every interval: Int) -> TrackerConfiguration {
        switch self {
        case .correlationFilter: return self
        case .siamese(var siamese):
            siamese.settings.wholeFrameSearchInterval = interval
            return .siamese(siamese)
        case .fused(var fused):
            fused.siamese.settings.wholeFrameSearchInterval = interval
            return .fused(fused)
        }
    }
}
