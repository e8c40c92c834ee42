import Imaging

/// How `vtrack eval` starts the tracker on each sequence, as in the OTB benchmark
/// (Wu, Lim and Yang, "Online Object Tracking: A Benchmark", CVPR 2013).
///
///     let starts = EvaluationProtocol.sre.starts(groundTruth: truth, frameWidth: 640, frameHeight: 360)
public enum EvaluationProtocol: String, Sendable, CaseIterable, Codable {
    /// One-pass evaluation: one run from frame 0 at the ground-truth box.
    case ope
    /// Spatial robustness: 12 runs from frame 0 at shifted and scaled ground-truth boxes
    /// (see ``RunStart/spatial(box:frameWidth:frameHeight:)``).
    case sre
    /// Temporal robustness: up to 20 runs starting at evenly spaced frames
    /// (see ``RunStart/temporal(groundTruth:)``).
    case tre

    /// The runs of this protocol on one sequence, in order.
    /// - Parameters:
    ///   - groundTruth: element `k` is frame `k`'s box, pixels, top-left origin; NaN or empty boxes
    ///     mark frames without a target.
    ///   - frameWidth: video width in pixels (SRE clips its boxes to the frame).
    ///   - frameHeight: video height in pixels.
    /// - Returns: OPE and SRE: no run when frame 0's box is not valid (the caller reports it);
    ///   TRE: no run when no frame has a valid box.
    ///   - names: only the starts with these names (``RunStart/name``), in the protocol's order; `nil` = all.
    public func starts(groundTruth: [PixelRect], frameWidth: Int, frameHeight: Int, names: Set<String>? = nil) -> [RunStart] {
        let all = allStarts(groundTruth: groundTruth, frameWidth: frameWidth, frameHeight: frameHeight)
        guard let names else { return all }
        return all.filter { names.contains($0.name) }
    }

    private func allStarts(groundTruth: [PixelRect], frameWidth: Int, frameHeight: Int) -> [RunStart] {
        switch self {
        case .ope:
            guard let first = groundTruth.first, first.isValid else { return [] }
            return [RunStart(name: "ope", frame: 0, box: first)]
        case .sre:
            guard let first = groundTruth.first, first.isValid else { return [] }
            return RunStart.spatial(box: first, frameWidth: frameWidth, frameHeight: frameHeight)
        case .tre:
            return RunStart.temporal(groundTruth: groundTruth)
        }
    }
}
