import Foundation
import Numerics

/// Solves for a multi-channel correlation filter whose coefficients are zero outside the
/// object's box (the spatial constraint of CSR-DCF, Lukezic et al. 2017, and BACF, Galoogahi et
/// al. 2017): the filter cannot learn the context around the object, only tell the object from
/// it, so a background that moves differently from the object (a panning camera, a passing
/// occluder) does not pull the response.
///
/// Takes the running model of ``CorrelationFilter`` (numerators `A_c`, shared energy `B`) and runs
/// the augmented-Lagrangian (ADMM) iterations of CSR-DCF: `H_c = (A_c + mu Hm_c - L_c) / (B + mu)`,
/// `hm_c = support x IFFT(L_c + mu H_c) / mu`, `L_c += mu (H_c - Hm_c)`, `mu *= 3`: four times on
/// the first solve, then twice per solve from the last solution and multipliers. The support is
/// a rectangle of cells centred in the window (where the object is in a training sample).
/// All buffers are allocated at init; ``solve`` allocates nothing.
final class SupportConstrainedFilter {
    let rows: Int
    let columns: Int
    let channels: Int
    /// The constrained filter's spectra, `channels x spectrumCount` complex: the response to a
    /// sample `Z` is `sum_c conj(filter_c) Z_c`.
    let filter: AlignedBuffer
    private let plan: FFTPlan
    private let unconstrained: AlignedBuffer
    private let lagrangian: AlignedBuffer
    private let spatial: AlignedBuffer
    private let mask: AlignedBuffer
    /// True once ``filter`` and the multipliers hold a solution to continue from.
    private var isSolved = false
    /// ADMM iterations of the first solve, as in CSR-DCF.
    private static let iterations = 4
    /// ADMM iterations of each later solve, started from the previous solution (warm start).
    private static let warmIterations = 2
    /// Growth of the penalty per iteration, as in CSR-DCF.
    private static let penaltyGrowth: Float = 3

    init(rows: Int, columns: Int, channels: Int) {
        self.rows = rows
        self.columns = columns
        self.channels = channels
        plan = FFTPlan.shared(rows: rows, columns: columns, count: channels)
        let spectrum = plan.spectrumCount
        filter = AlignedBuffer(count: 2 * spectrum * channels)
        unconstrained = AlignedBuffer(count: 2 * spectrum * channels)
        lagrangian = AlignedBuffer(count: 2 * spectrum * channels)
        spatial = AlignedBuffer(count: rows * columns * channels)
        mask = AlignedBuffer(count: rows * columns)
    }

    /// Recomputes ``filter`` from the model `numerator` (`A_c`) and `energy` (`B`), with a support
    /// of `supportWidth x supportHeight` cells centred in the window (at least one cell).
    func solve(numerator: UnsafePointer<Float>, energy: UnsafePointer<Float>, regularisation: Float,
               supportWidth: Double, supportHeight: Double) {
        fillMask(width: supportWidth, height: supportHeight)
        let count = plan.spectrumCount, planeSize = rows * columns
        let scale = 1 / Float(planeSize)
        var meanEnergy: Float = 0
        for i in 0..<count { meanEnergy += energy[i] }
        meanEnergy /= Float(count)
        // The penalty starts at the model's mean spectral energy, so the data term and the
        // constraint weigh alike whatever the features' scale.
        var mu = max(meanEnergy, Float.leastNormalMagnitude)
        let h = unconstrained.pointer, hm = filter.pointer, l = lagrangian.pointer
        // The first solve starts from the unconstrained solution cut to the support, with no
        // multiplier. The model moves little between frames, so later solves continue from the
        // last solution and its multipliers with fewer iterations.
        if !isSolved {
            for c in 0..<channels {
                for i in 0..<count {
                    let inverse = 1 / (energy[i] + regularisation)
                    let k = 2 * (c * count + i)
                    h[k] = numerator[k] * inverse
                    h[k + 1] = numerator[k + 1] * inverse
                }
            }
            project(h, scale: scale)
            lagrangian.fill(0)
        }
        let iterations = isSolved ? Self.warmIterations : Self.iterations
        isSolved = true
        for _ in 0..<iterations {
            for c in 0..<channels {
                for i in 0..<count {
                    let inverse = 1 / (energy[i] + mu)
                    let k = 2 * (c * count + i)
                    h[k] = (numerator[k] + mu * hm[k] - l[k]) * inverse
                    h[k + 1] = (numerator[k + 1] + mu * hm[k + 1] - l[k + 1]) * inverse
                }
            }
            // hm = FFT(support x IFFT(L + mu H) / mu); `spatial` takes L + mu H through the inverse.
            for k in 0..<(2 * count * channels) { hm[k] = l[k] + mu * h[k] }
            project(hm, scale: scale / mu)
            for k in 0..<(2 * count * channels) { l[k] += mu * (h[k] - hm[k]) }
            mu *= Self.penaltyGrowth
        }
    }

    /// `filter = FFT(support x IFFT(spectra) x scale)`; `spectra` may be ``filter`` itself and is
    /// destroyed otherwise.
    private func project(_ spectra: UnsafeMutablePointer<Float>, scale: Float) {
        if spectra != filter.pointer {
            filter.pointer.update(from: spectra, count: 2 * plan.spectrumCount * channels)
        }
        plan.inverse(filter, spatial)
        let planeSize = rows * columns, support = mask.pointer
        for c in 0..<channels {
            let plane = spatial.pointer + c * planeSize
            for i in 0..<planeSize { plane[i] *= support[i] * scale }
        }
        plan.forward(spatial, filter)
    }

    private func fillMask(width: Double, height: Double) {
        let halfWidth = max(0.5, width.isFinite ? width / 2 : 0.5)
        let halfHeight = max(0.5, height.isFinite ? height / 2 : 0.5)
        let centreRow = Double(rows) / 2, centreColumn = Double(columns) / 2
        for r in 0..<rows {
            let inRow = abs(Double(r) + 0.5 - centreRow) <= halfHeight
            for c in 0..<columns {
                mask.pointer[r * columns + c] = inRow && abs(Double(c) + 0.5 - centreColumn) <= halfWidth ? 1 : 0
            }
        }
    }
}
