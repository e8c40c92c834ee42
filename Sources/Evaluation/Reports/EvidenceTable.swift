import Foundation
import Pipeline
import TrackFormats
import Tracking

/// The table `vtrack eval --evidence` writes beside each run's CSV: per frame, the record's box,
/// confidence and state, then the features of ``ConfidenceModel`` (prefixed `tracker_`, empty on a
/// frame where the tracker started) and of ``TrackConfidenceModel`` (prefixed `track_`, empty
/// without evidence), then a fused tracker's partner box (`partner_x`, `partner_y`, `partner_width`,
/// `partner_height`; empty without one). `scripts/fitting/fit-confidence.py` fits both models on these
/// tables, and `scripts/fitting/fit-fusion-choice.py` the fused tracker's ``FusionChoiceModel``.
enum EvidenceTable {
    static var header: String {
        (["frame", "x", "y", "width", "height", "confidence", "state", "visible_fraction"]
            + ConfidenceModel.featureNames.map { "tracker_" + $0 } + TrackConfidenceModel.featureNames.map { "track_" + $0 }
            + ["partner_x", "partner_y", "partner_width", "partner_height"])
            .joined(separator: ",")
    }

    static func text(of records: [TrackRecord]) -> String {
        var lines = [header]
        lines.reserveCapacity(records.count + 1)
        for r in records {
            let tracker = r.evidence?.tracker
            var fields = [String(r.frame), number(r.box.x), number(r.box.y), number(r.box.width), number(r.box.height),
                          number(Double(r.confidence)), r.state.rawValue,
                          tracker.map { number(Double($0.visibleFraction)) } ?? ""]
            fields += tracker.map { ConfidenceModel.features(of: $0).map { number(Double($0)) } }
                ?? Array(repeating: "", count: ConfidenceModel.featureNames.count)
            fields += r.evidence.map { TrackConfidenceModel.features(of: $0).map { number(Double($0)) } }
                ?? Array(repeating: "", count: TrackConfidenceModel.featureNames.count)
            let partner = tracker?.partnerBox
            fields += partner.map { [number($0.x), number($0.y), number($0.width), number($0.height)] } ?? ["", "", "", ""]
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func number(_ value: Double) -> String { String(format: "%.6g", value) }
}
