import Foundation
import Imaging
import XCTest

/// Timings of the hot paths; printed, not asserted. Runs only with `VTRACK_BENCHMARK=1`:
///
///     VTRACK_BENCHMARK=1 swift test -c release --filter ImagingBenchmarks
final class ImagingBenchmarks: XCTestCase {
    private func milliseconds(repeating count: Int, _ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<count { body() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(count)
    }

    func testPrintTimings() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["VTRACK_BENCHMARK"] == "1",
                          "set VTRACK_BENCHMARK=1 to run the imaging benchmarks")
        for (width, height) in [(640, 360), (1920, 1080)] {
            let parameters = SyntheticSceneParameters(width: width, height: height, frameCount: 100, seed: 1,
                                                      motion: .lissajous(amplitudeX: 80, amplitudeY: 40,
                                                                         periodX: 50, periodY: 25),
                                                      finalScale: 1.4, cameraNoise: 4)
            var scene: SyntheticScene?
            let build = milliseconds(repeating: 1) { scene = SyntheticScene(parameters) }
            let rendered = try XCTUnwrap(scene)
            var frameIndex = 0
            let render = milliseconds(repeating: 20) {
                _ = rendered.render(frame: frameIndex)
                frameIndex += 1
            }
            let frame = rendered.render(frame: 0)
            let rgb = try XCTUnwrap(frame.rgb)
            var luma = Image<UInt8>(width: 1, height: 1, channels: 1, repeating: 0)
            let lumaTime = milliseconds(repeating: 20) { rgb.luma(into: &luma) }
            let resize = milliseconds(repeating: 20) { _ = frame.luma.resized(width: width / 2, height: height / 2) }
            let downscale = milliseconds(repeating: 20) { _ = frame.luma.downscaled(by: 2) }
            var patch = Image<Float>(width: 64, height: 64, channels: 1, repeating: 0)
            let region = PixelRect(x: 100.3, y: 50.7, width: 150, height: 120)
            let sample = milliseconds(repeating: 200) { frame.luma.sampleBilinear(region: region, into: &patch) }
            var input = [UInt8](repeating: 0, count: 300 * 300 * 3)
            let square = PixelRect(x: 0.4 * Double(width), y: 0, width: Double(height) * 0.6, height: Double(height) * 0.6)
            let network = milliseconds(repeating: 200) {
                input.withUnsafeMutableBufferPointer { rgb.sampleBilinear(region: square, outputWidth: 300, outputHeight: 300, into: $0) }
            }
            var annotated = rgb
            let style = AnnotationStyle.forFrame(width: width, height: height)
            let draw = milliseconds(repeating: 200) {
                annotated.drawRectangle(region, colour: .red, thickness: style.thickness, style: style.dashedLine)
                annotated.drawLabel("track 3 0.42", at: region, colour: .red, scale: style.textScale)
            }
            print(String(format: "imaging %dx%d: scene build %.1f ms, render %.2f ms/frame, luma %.2f ms, "
                + "resize to half %.2f ms, box downscale x2 %.2f ms, 64x64 window %.3f ms, 300x300 RGB bytes %.3f ms, "
                + "box+label %.3f ms", width, height, build, render, lumaTime, resize, downscale, sample, network, draw))
        }
    }
}
