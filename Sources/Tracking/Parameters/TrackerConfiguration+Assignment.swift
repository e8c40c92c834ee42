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
    /// loop, keeping the level's search (``SiameseSettings/withNetwork(_:)``).
    /// Throws ``TrackingError/invalidParameter(_:)`` for an unknown name or value, or a filter
    /// field when the configuration runs no filter.
    public func applying(_ assignments: [String], level: TrackingLevel) throws -> TrackerConfiguration {
        var result = self
        for assignment in assignments {
            let parts = assignment.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == "fusion" {
                result = try result.withoutFusion(parts[1])
                continue
            }
            if parts.count == 2, parts[0] == "fusionChoice" {
                guard parts[1] == "siamese-box", case .fused(var fused) = result else {
                    throw TrackingError.invalidParameter("\(assignment): expected fusionChoice=siamese-box on a fused level")
                }
                fused.choice = .siameseBox
                result = .fused(fused)
                continue
            }
            if parts.count == 2, parts[0] == "network" {
                result = try result.withNetwork(parts[1], level: level)
                continue
            }
            if parts.count == 2, parts[0] == "lookAlikes" || parts[0] == "refindingZooms" {
                result = try result.withSiameseSetting(parts[0], parts[1])
                continue
            }
            guard parts.count == 2, parts[0] == "siamese" else {
                result = try result.applyingToFilter(assignment)
                continue
            }
            result = try result.withSiamesePreset(parts[1], level: level)
        }
        return result
    }

    /// Every name ``applying(_:level:)`` accepts.
    public static var assignableNames: [String] { (TrackerParameters.assignableNames + ["fusion", "fusionChoice", "lookAlikes", "network", "refindingZooms", "siamese"]).sorted() }

    private func applyingToFilter(_ assignment: String) throws -> TrackerConfiguration {
        switch self {
        case .correlationFilter(let parameters): return .correlationFilter(try parameters.applying([assignment]))
        case .fused(var fused):
            fused.filter = try fused.filter.applying([assignment])
            return .fused(fused)
        case .siamese:
            throw TrackingError.invalidParameter("'\(assignment)' sets the correlation filter, which this level's Siamese tracker does not run")
        }
    }

    /// The configuration with the Siamese tracker's `lookAlikes` or `refindingZooms` set to `value`.
    private func withSiameseSetting(_ name: String, _ value: String) throws -> TrackerConfiguration {
        var settings: SiameseSettings
        switch self {
        case .correlationFilter:
            throw TrackingError.invalidParameter("\(name)=\(value) sets the Siamese tracker, which this level does not run")
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

    /// The configuration whose Siamese tracker runs the network `name` names (a filter configuration
    /// becomes the level's learned one first).
    private func withNetwork(_ name: String, level: TrackingLevel) throws -> TrackerConfiguration {
        guard let release = SiameseNetworkRelease(rawValue: name) else {
            throw TrackingError.invalidParameter(
                "network=\(name): expected one of \(SiameseNetworkRelease.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        switch self {
        case .correlationFilter:
            var siamese = SiameseConfiguration.learned(level)
            siamese.settings = siamese.settings.withNetwork(release)
            return .siamese(siamese)
        case .siamese(let siamese): return replacingSiameseSettings(siamese.settings.withNetwork(release))
        case .fused(let fused): return replacingSiameseSettings(fused.siamese.settings.withNetwork(release))
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
