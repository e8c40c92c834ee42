import Foundation

extension TrackerParameters {
    /// The parameter set with `name=value` assignments applied in order, for ablations and tuning
    /// (`vtrack eval --set padding=2`). Names are the property names; values are numbers, `true` /
    /// `false`, or the raw value of a feature enum (`fhog`, `unsigned`, `intensity`, `opponent`).
    /// Throws ``TrackingError/invalidParameter(_:)`` for an unknown name, a value of the wrong kind,
    /// or a number outside the parameter's range (``ranges``).
    public func applying(_ assignments: [String]) throws -> TrackerParameters {
        var result = self
        for assignment in assignments {
            let parts = assignment.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty else {
                throw TrackingError.invalidParameter("'\(assignment)' is not name=value")
            }
            try result.assign(parts[1], to: parts[0])
        }
        return result
    }

    /// Every name ``applying(_:)`` accepts.
    public static var assignableNames: [String] {
        (Array(doubles.keys) + Array(floats.keys) + Array(integers.keys) + Array(flags.keys)
            + ["gradientFeatures", "colourFeatures", "scaleFeatures"]).sorted()
    }

    private mutating func assign(_ value: String, to name: String) throws {
        func bad(_ kind: String) -> TrackingError { .invalidParameter("\(name)=\(value): expected \(kind)") }
        let range = Self.ranges[name] ?? -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
        let inRange = "a number in \(range.lowerBound)...\(range.upperBound)"
        if let path = Self.doubles[name] {
            guard let number = Double(value), range.contains(number) else { throw bad(inRange) }
            self[keyPath: path] = number
        } else if let path = Self.floats[name] {
            guard let number = Float(value), range.contains(Double(number)) else { throw bad(inRange) }
            self[keyPath: path] = number
        } else if let path = Self.integers[name] {
            guard let number = Int(value), range.contains(Double(number)) else {
                throw bad("an integer in \(Int(range.lowerBound))...\(Int(range.upperBound))")
            }
            self[keyPath: path] = number
        } else if let path = Self.flags[name] {
            guard let flag = Bool(value) else { throw bad("true or false") }
            self[keyPath: path] = flag
        } else if name == "gradientFeatures" || name == "scaleFeatures" {
            guard let features = GradientFeatures(rawValue: value) else { throw bad("fhog or unsigned") }
            if name == "gradientFeatures" { gradientFeatures = features } else { scaleFeatures = features }
        } else if name == "colourFeatures" {
            guard let features = ColourFeatures(rawValue: value) else { throw bad("intensity or opponent") }
            colourFeatures = features
        } else {
            throw TrackingError.invalidParameter("unknown parameter '\(name)' (known: \(Self.assignableNames.joined(separator: ", ")))")
        }
    }

    /// The values each numeric parameter may take: wide enough for any ablation, narrow enough
    /// that the tracker's windows, filters and weights stay meaningful (and allocations bounded).
    public static let ranges: [String: ClosedRange<Double>] = [
        "padding": 0.1...8, "filterSupport": 0...8, "motionPrediction": 0...2, "velocitySmoothing": 0...1,
        "motionGate": 0...100, "motionGateSpread": 0...1000, "motionGateFloor": 0...100, "outputSigmaFactor": 0.001...1, "scaleStep": 1.0001...2, "scaleSigma": 0.01...100,
        "aspectStep": 1.0001...2, "aspectLimit": 1...10, "driftSpread": 0...10,
        "regularisation": 1e-8...1e3, "learningRate": 0...1, "colourHistogramWeight": 0...1,
        "colourHistogramLearningRate": 0...1, "scaleColourWeight": 0...100, "scaleLearningRate": 0...1,
        "scaleRegularisation": 1e-8...1e3, "responseMidpoint": -100...100, "responseWidth": 0.001...100,
        "minimumLearningConfidence": 0...1, "fullLearningConfidence": 0...1, "holdConfidence": 0...1,
        "agreementWeight": 0...1000, "agreementSmoothing": 0...1, "confidenceMidpoint": -100...100,
        "confidenceWidth": 0.001...100, "learningPeakTolerance": 0...1,
        "cellSize": 1...16, "templateCells": 4...128, "scaleCount": 1...129, "scaleModelArea": 16...16384, "aspectCount": 1...33,
    ]

    private static let doubles: [String: WritableKeyPath<TrackerParameters, Double> & Sendable] = [
        "padding": \.padding, "filterSupport": \.filterSupport, "motionPrediction": \.motionPrediction,
        "velocitySmoothing": \.velocitySmoothing, "motionGate": \.motionGate, "motionGateSpread": \.motionGateSpread, "motionGateFloor": \.motionGateFloor, "outputSigmaFactor": \.outputSigmaFactor, "scaleStep": \.scaleStep,
        "scaleSigma": \.scaleSigma, "aspectStep": \.aspectStep, "aspectLimit": \.aspectLimit, "driftSpread": \.driftSpread,
    ]
    private static let floats: [String: WritableKeyPath<TrackerParameters, Float> & Sendable] = [
        "regularisation": \.regularisation, "learningRate": \.learningRate,
        "colourHistogramWeight": \.colourHistogramWeight, "colourHistogramLearningRate": \.colourHistogramLearningRate,
        "scaleColourWeight": \.scaleColourWeight, "scaleLearningRate": \.scaleLearningRate,
        "scaleRegularisation": \.scaleRegularisation, "responseMidpoint": \.responseMidpoint,
        "responseWidth": \.responseWidth, "minimumLearningConfidence": \.minimumLearningConfidence,
        "fullLearningConfidence": \.fullLearningConfidence, "holdConfidence": \.holdConfidence,
        "agreementWeight": \.agreementWeight, "agreementSmoothing": \.agreementSmoothing,
        "confidenceMidpoint": \.confidenceMidpoint, "confidenceWidth": \.confidenceWidth,
        "learningPeakTolerance": \.learningPeakTolerance,
    ]
    private static let integers: [String: WritableKeyPath<TrackerParameters, Int> & Sendable] = [
        "cellSize": \.cellSize, "templateCells": \.templateCells, "scaleCount": \.scaleCount,
        "scaleModelArea": \.scaleModelArea, "aspectCount": \.aspectCount,
    ]
    private static let flags: [String: WritableKeyPath<TrackerParameters, Bool> & Sendable] = [
        "learnFromSearchWindow": \.learnFromSearchWindow, "scaleLearnFromSearch": \.scaleLearnFromSearch,
    ]
}
