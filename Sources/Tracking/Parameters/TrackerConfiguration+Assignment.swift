extension TrackerConfiguration {
    /// The configuration with `name=value` assignments applied in order (`vtrack eval --set`):
    /// `siamese=NAME` sets the Siamese tracker's settings to a preset of ``SiameseSettings/presets``
    /// (a filter configuration becomes a Siamese one, with the learned models of `level`) and
    /// `siamese=off` leaves the correlation filter alone; every other name is a
    /// ``TrackerParameters`` field of the correlation filter (``TrackerParameters/applying(_:)``).
    /// `fusion=off` runs a fused configuration's Siamese tracker alone (an ablation);
    /// `fusionChoice=siamese-box` makes it report the Siamese box everywhere (``FusionChoiceModel/siameseBox``).
    /// `lookAlikes=on|off` sets the Siamese tracker's ``SiameseSettings/tellsLookAlikesApart``, and
    /// `refindingZooms=1:2:0.5` its ``SiameseSettings/refindingZooms`` (positive multiples, `:` between).
    /// `network=NAME` runs the Siamese tracker on another ``SiameseNetworkRelease`` with its authors'
    /// loop, keeping the level's search, judged by the models fitted on that network's evidence
    /// (``SiameseConfiguration/withNetwork(_:)``).
    /// Throws ``TrackingError/invalidParameter(_:)`` for text that is not `name=value`, an unknown
    /// name (whatever the level), a wrong value, or a name of a tracker that `level`'s
    /// configuration does not run (a filter field at `fast`, `fusionChoice` off a fused level).
    public func applying(_ assignments: [String], level: TrackingLevel) throws -> TrackerConfiguration {
        var result = self
        for assignment in assignments {
            let parts = assignment.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty else {
                throw TrackingError.invalidParameter("'\(assignment)' is not name=value")
            }
            let (name, value) = (parts[0], parts[1])
            guard Self.assignableNames.contains(name) else {
                throw TrackingError.invalidParameter("unknown parameter '\(name)' (known: \(Self.assignableNames.joined(separator: ", ")))")
            }
            switch name {
            case "fusion": result = try result.withoutFusion(value)
            case "fusionChoice": result = try result.withSiameseBoxChoice(value, level: level)
            case "network": result = try result.withNetwork(value, level: level)
            case "lookAlikes", "refindingZooms": result = try result.withSiameseSetting(name, value, level: level)
            case "siamese": result = try result.withSiamesePreset(value, level: level)
            default: result = try result.applyingToFilter(assignment, level: level)
            }
        }
        return result
    }

    /// Every name ``applying(_:level:)`` accepts.
    public static var assignableNames: [String] { (TrackerParameters.assignableNames + ["fusion", "fusionChoice", "lookAlikes", "network", "refindingZooms", "siamese"]).sorted() }

    private func applyingToFilter(_ assignment: String, level: TrackingLevel) throws -> TrackerConfiguration {
        switch self {
        case .correlationFilter(let parameters): return .correlationFilter(try parameters.applying([assignment]))
        case .fused(var fused):
            fused.filter = try fused.filter.applying([assignment])
            return .fused(fused)
        case .siamese:
            throw TrackingError.invalidParameter("\(assignment) sets the correlation filter; level \(level.rawValue) \(trackersRun)"
                + " (the filter runs at --level accurate, or with --correlation-filter)")
        }
    }

    /// What the configuration runs, for the messages that name a tracker it does not run.
    private var trackersRun: String {
        switch self {
        case .correlationFilter: return "runs the correlation filter alone"
        case .siamese: return "runs the Siamese tracker alone"
        case .fused: return "runs the fused trackers"
        }
    }

    /// The fused configuration reporting the Siamese box everywhere (`fusionChoice=siamese-box`).
    private func withSiameseBoxChoice(_ value: String, level: TrackingLevel) throws -> TrackerConfiguration {
        guard value == "siamese-box" else { throw TrackingError.invalidParameter("fusionChoice=\(value): expected siamese-box") }
        guard case .fused(var fused) = self else {
            throw TrackingError.invalidParameter("fusionChoice=\(value) sets the fused trackers' choice; level \(level.rawValue) \(trackersRun)"
                + " (they run at --level accurate)")
        }
        fused.choice = .siameseBox
        return .fused(fused)
    }

    /// The configuration with the Siamese tracker's `lookAlikes` or `refindingZooms` set to `value`.
    private func withSiameseSetting(_ name: String, _ value: String, level: TrackingLevel) throws -> TrackerConfiguration {
        var settings: SiameseSettings
        switch self {
        case .correlationFilter:
            throw TrackingError.invalidParameter("\(name)=\(value) sets the Siamese tracker; level \(level.rawValue) \(trackersRun)"
                + " (the Siamese tracker runs without --correlation-filter or siamese=off)")
        case .siamese(let siamese): settings = siamese.settings
        case .fused(let fused): settings = fused.siamese.settings
        }
        if name == "lookAlikes" {
            guard value == "on" || value == "off" else { throw TrackingError.invalidParameter("lookAlikes=\(value): expected on or off") }
            settings.tellsLookAlikesApart = value == "on"
        } else {
            let zooms = value.split(separator: ":").map { Float($0) }
            guard !zooms.isEmpty, zooms.allSatisfy({ ($0 ?? 0) > 0 && ($0 ?? .infinity).isFinite }) else {
                throw TrackingError.invalidParameter("refindingZooms=\(value): expected positive numbers separated by ':', e.g. 1:2:0.5")
            }
            settings.refindingZooms = zooms.compactMap { $0 }
        }
        return replacingSiameseSettings(settings)
    }

    /// The configuration whose Siamese tracker runs the network `name` names, with that network's
    /// confidence models (a filter configuration becomes the level's learned one first).
    private func withNetwork(_ name: String, level: TrackingLevel) throws -> TrackerConfiguration {
        guard let release = SiameseNetworkRelease(rawValue: name) else {
            throw TrackingError.invalidParameter(
                "network=\(name): expected one of \(SiameseNetworkRelease.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        switch self {
        case .correlationFilter: return .siamese(SiameseConfiguration.learned(level).withNetwork(release))
        case .siamese(let siamese): return .siamese(siamese.withNetwork(release))
        case .fused(var fused):
            fused.siamese = fused.siamese.withNetwork(release)
            return .fused(fused)
        }
    }

    /// The configuration with its Siamese tracker's settings replaced by `settings`; a filter configuration unchanged.
    private func replacingSiameseSettings(_ settings: SiameseSettings) -> TrackerConfiguration {
        switch self {
        case .correlationFilter: return self
        case .siamese(var siamese):
            siamese.settings = settings
            return .siamese(siamese)
        case .fused(var fused):
            fused.siamese.settings = settings
            return .fused(fused)
        }
    }

    private func withoutFusion(_ value: String) throws -> TrackerConfiguration {
        guard value == "off" else { throw TrackingError.invalidParameter("fusion=\(value): expected off") }
        guard case .fused(let fused) = self else { return self }
        return .siamese(fused.siamese)
    }

    private func withSiamesePreset(_ name: String, level: TrackingLevel) throws -> TrackerConfiguration {
        if name == "off" { return .correlationFilter(filterParameters ?? .for(level)) }
        guard let preset = SiameseSettings.preset(named: name) else {
            throw TrackingError.invalidParameter(
                "siamese=\(name): expected off or one of \(SiameseSettings.presets.keys.sorted().joined(separator: ", "))")
        }
        guard case .correlationFilter = self else { return replacingSiameseSettings(preset) }
        var siamese = SiameseConfiguration.learned(level)
        siamese.settings = preset
        return .siamese(siamese)
    }
}
