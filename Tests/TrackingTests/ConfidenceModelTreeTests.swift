import Tracking
import XCTest

/// The boosted trees of ``ConfidenceModel``: how a sample walks a ``LogOddsTree`` and how the trees
/// add to the weighted features, on evidence whose features are known.
final class ConfidenceModelTreeTests: XCTestCase {
    /// Evidence whose features (``ConfidenceModel/featureNames``) are: peak_ratio 1.2 (index 2),
    /// jump 0.3 (index 7), visible_fraction 1 (index 9), appearance_similarity 0.6 (index 15).
    private let evidence = TrackingEvidence(
        sharpness: 0, peakRatio: 1.2, firstAgreement: 0, smoothedAgreement: 0, fixConfidence: 0.5, framesWithoutFix: 0,
        jump: 0.3, sizeChange: 0, visibleFraction: 1, colourContrast: 0, motionAgainstScene: 0, sceneChange: 0,
        smoothedSceneChange: 0, appearanceSimilarity: 0.6, smoothedAppearanceSimilarity: 0.6)

    func testASampleGoesRightOnlyWhenItsFeatureIsAboveTheThreshold() {
        // Root splits on jump at 0.25 (0.3 is above: right), its right child on appearance at 0.6
        // (0.6 is not above: left), so the sample lands on leaf 2 of 4.
        let tree = LogOddsTree(features: [7, 2, 15], thresholds: [0.25, 1.0, 0.6], leaves: [10, 20, 30, 40])
        XCTAssertEqual(tree.depth, 2)
        XCTAssertEqual(ConfidenceModel(weights: [0], trees: [tree]).logOdds(evidence), 30)
        let lower = LogOddsTree(features: [7, 2, 15], thresholds: [0.25, 1.0, 0.55], leaves: [10, 20, 30, 40])
        XCTAssertEqual(ConfidenceModel(weights: [0], trees: [lower]).logOdds(evidence), 40)
    }

    func testAnUnsplitNodeSendsEverySampleLeft() {
        // The root is not split (feature -1): leaf 0 or 1 by its left child, on peak_ratio at 1.
        let tree = LogOddsTree(features: [-1, 2, 7], thresholds: [0, 1.0, 0], leaves: [-1, 1, 5, 7])
        XCTAssertEqual(ConfidenceModel(weights: [], trees: [tree]).logOdds(evidence), 1)
    }

    func testTheTreesAddToTheWeightedFeaturesAndTheProbabilityIsTheirLogistic() {
        let weights: [Float] = [-0.5, 0, 2]   // bias, log_sharpness (0 here), peak_ratio
        let trees = [LogOddsTree(features: [9], thresholds: [0.5], leaves: [-3, 0.25]),
                     LogOddsTree(features: [15], thresholds: [0.8], leaves: [-0.75, 4])]
        let model = ConfidenceModel(weights: weights, trees: trees)
        let expected: Float = -0.5 + 2 * 1.2 + 0.25 - 0.75
        XCTAssertEqual(model.logOdds(evidence), expected, accuracy: 1e-5)
        XCTAssertEqual(model.probability(evidence), 1 / (1 + exp(-expected)), accuracy: 1e-6)
        XCTAssertEqual(ConfidenceModel(weights: weights).logOdds(evidence), -0.5 + 2 * 1.2, accuracy: 1e-5)
    }

    func testAnOutOfViewBoxHasProbabilityZeroWhateverTheTreesSay() {
        var outside = evidence
        outside.visibleFraction = 0.2
        let model = ConfidenceModel(weights: [5], trees: [LogOddsTree(features: [-1], thresholds: [0], leaves: [9, 9])])
        XCTAssertEqual(model.probability(outside), 0)
    }
}
