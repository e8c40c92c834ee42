import Foundation

/// Floors that a CI run of `vtrack eval --require FILE` must meet, per level, from a JSON object
/// such as
///
///     {"accurate": {"meanAUC": 0.50, "meanConfidenceROCAUC": 0.80, "maxFailureRateAbove": 0.08},
///      "fast": {"meanAUC": 0.40}}
///
/// - `meanAUC`: the mean success AUC over sequences must be at least this;
/// - `meanConfidenceROCAUC`: the mean per-sequence confidence ROC AUC (over sequences with both
///   failures and successes) must be at least this; it is met when no sequence has both (the
///   ROC AUC is then undefined, as for a tracker that never fails);
/// - `maxFailureRateAbove`: the failure rate (IoU < 0.1) among frames with confidence > 0.5, all
///   runs' frames pooled, must be at most this; with no such frame it is met;
/// - `maxECE`: the expected calibration error of the confidence, all frames pooled (``CalibrationScore``),
///   must be at most this;
/// - `maxDashedOnObject`: the share of dashed frames (confidence <= 0.5) with IoU >= 0.5, all frames
///   pooled, must be at most this.
///
/// Levels the file names but the run did not evaluate are not checked.
///
///     let floors = try EvaluationFloors(path: "scripts/ci/eval-floors.json")
///     for line in floors.violations(in: report) { print(line) }
public struct EvaluationFloors: Sendable, Equatable {
    /// The floors of one level; `nil` = not checked.
    public struct LevelFloors: Sendable, Equatable {
        public var meanAUC: Double?
        public var meanConfidenceROCAUC: Double?
        public var maxFailureRateAbove: Double?
        public var maxECE: Double?
        public var maxDashedOnObject: Double?
    }

    /// The keys a level's object may hold.
    public static let keys = ["meanAUC", "meanConfidenceROCAUC", "maxFailureRateAbove", "maxECE", "maxDashedOnObject"]

    /// The file read.
    public let path: String
    /// Floors by level name (`fast`, `accurate`).
    public let levels: [String: LevelFloors]

    /// Throws ``EvaluationError/unreadable(path:reason:)`` when the file cannot be read and
    /// ``EvaluationError/malformedFile(path:reason:)`` for anything but an object of level names
    /// (`fast`, `accurate`) holding objects with the keys above and numeric values.
    public init(path: String) throws {
        try self.init(parsing: try EvaluationError.contents(of: path), path: path)
    }

    /// Parses the file's bytes; `path` only names the source in errors.
    public init(parsing data: Data, path: String) throws {
        guard let table = try? JSONDecoder().decode([String: [String: Double]].self, from: data) else {
            throw EvaluationError.malformedFile(path: path, reason: "expected a JSON object of levels holding numbers, such as {\"accurate\": {\"meanAUC\": 0.5}}")
        }
        var levels: [String: LevelFloors] = [:]
        for (level, figures) in table {
            guard ["fast", "accurate"].contains(level) else {
                throw EvaluationError.malformedFile(path: path, reason: "unknown level '\(level)' (expected fast or accurate)")
            }
            var floors = LevelFloors()
            for (key, number) in figures.sorted(by: { $0.key < $1.key }) {
                switch key {
                case "meanAUC": floors.meanAUC = number
                case "meanConfidenceROCAUC": floors.meanConfidenceROCAUC = number
                case "maxFailureRateAbove": floors.maxFailureRateAbove = number
                case "maxECE": floors.maxECE = number
                case "maxDashedOnObject": floors.maxDashedOnObject = number
                default:
                    throw EvaluationError.malformedFile(path: path, reason: "unknown key '\(level).\(key)' (expected \(Self.keys.joined(separator: ", ")))")
                }
            }
            levels[level] = floors
        }
        self.path = path
        self.levels = levels
    }

    /// One line per floor the report's levels do not meet, in the report's level order, such as
    /// `eval: accurate mean AUC 0.481 is below the floor 0.500`; empty when all are met.
    public func violations(in report: EvaluationReport) -> [String] {
        var lines: [String] = []
        for level in report.levels {
            guard let floors = levels[level.name] else { continue }
            let summary = level.summary
            if let floor = floors.meanAUC, summary.meanAUC < floor {
                lines.append("eval: \(level.name) mean AUC \(Self.pair(summary.meanAUC, floor)) is below the floor \(Self.pair(floor, summary.meanAUC))")
            }
            if let floor = floors.meanConfidenceROCAUC, let value = summary.meanSequenceConfidenceROCAUC, value < floor {
                lines.append("eval: \(level.name) mean confidence ROC AUC \(Self.pair(value, floor)) is below the floor \(Self.pair(floor, value))")
            }
            if let ceiling = floors.maxFailureRateAbove, let value = summary.pooledConfidence?.failureRateAbove, value > ceiling {
                lines.append("eval: \(level.name) failure rate at confidence > 0.5 \(Self.pair(value, ceiling)) is above the ceiling \(Self.pair(ceiling, value))")
            }
            if let ceiling = floors.maxECE, let value = summary.pooledCalibration?.expectedCalibrationError, value > ceiling {
                lines.append("eval: \(level.name) confidence ECE \(Self.pair(value, ceiling)) is above the ceiling \(Self.pair(ceiling, value))")
            }
            if let ceiling = floors.maxDashedOnObject, let value = summary.pooledCalibration?.dashedOnObject, value > ceiling {
                lines.append("eval: \(level.name) share of dashed frames on the object \(Self.pair(value, ceiling)) is above the ceiling \(Self.pair(ceiling, value))")
            }
        }
        return lines
    }

    /// `value` with 3 decimals, or as many more (up to 6) as it takes to tell it from `other`.
    private static func pair(_ value: Double, _ other: Double) -> String {
        var digits = 3
        while digits < 6 && String(format: "%.\(digits)f", value) == String(format: "%.\(digits)f", other) { digits += 1 }
        return String(format: "%.\(digits)f", value)
    }
}
