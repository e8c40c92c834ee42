import Foundation
import TrackFormats

/// A line chart of curves in 0...1 drawn as a standalone SVG file: axes with ticks and labels, a
/// light grid, one polyline per series and a legend beside the plot.
///
///     var plot = CurvePlot(title: "Success plots of OPE", xLabel: "Overlap threshold",
///                          yLabel: "Success rate", xTicks: stride(from: 0, through: 1, by: 0.1).map { $0 })
///     plot.series.append(.init(label: "fast [0.612]", xs: OTBProtocol.successThresholds, ys: curve))
///     try plot.svg().write(toFile: "success.svg", atomically: true, encoding: .utf8)
public struct CurvePlot: Sendable {
    /// One curve. Points with a non-finite coordinate are skipped.
    public struct Series: Sendable {
        public var label: String
        public var xs: [Double]
        public var ys: [Double]
        /// Dashed lines mark reference curves (peers) apart from the results being evaluated.
        public var dashed: Bool
        /// Index into the plot's palette; `nil` = the series' position.
        public var colourIndex: Int?

        public init(label: String, xs: [Double], ys: [Double], dashed: Bool = false, colourIndex: Int? = nil) {
            self.label = label
            self.xs = xs
            self.ys = ys
            self.dashed = dashed
            self.colourIndex = colourIndex
        }
    }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    /// Tick positions on the x axis, in data units; the axis spans their minimum to maximum.
    public var xTicks: [Double]
    /// Tick positions on the y axis; the axis spans 0...1 unless the ticks say otherwise.
    public var yTicks: [Double]
    /// Drawn in order; the legend lists them in the same order.
    public var series: [Series] = []
    /// Lines of text drawn under the legend.
    public var notes: [String] = []

    public init(title: String, xLabel: String, yLabel: String, xTicks: [Double],
                yTicks: [Double] = stride(from: 0.0, through: 1.0, by: 0.1).map { $0 }) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.xTicks = xTicks
        self.yTicks = yTicks
    }

    static let palette = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                          "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"]

    /// The chart as an SVG document (UTF-8 text, 820 x 480 user units).
    public func svg() -> String {
        let left = 70.0, top = 40.0, plotWidth = 520.0, plotHeight = 380.0
        let legendX = left + plotWidth + 20
        let width = 820.0, height = top + plotHeight + 60
        let (xMin, xMax) = range(xTicks, fallback: (0, 1))
        let (yMin, yMax) = range(yTicks, fallback: (0, 1))
        func px(_ x: Double) -> Double { left + (x - xMin) / (xMax - xMin) * plotWidth }
        func py(_ y: Double) -> Double { top + plotHeight - (y - yMin) / (yMax - yMin) * plotHeight }

        var svg = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
        <rect x="0" y="0" width="\(n(width))" height="\(n(height))" fill="white"/>
        <text x="\(n(left + plotWidth / 2))" y="24" text-anchor="middle" font-size="15" font-weight="bold">\(MarkupText.escaped(title))</text>

        """
        for t in xTicks {
            svg += "<line x1=\"\(n(px(t)))\" y1=\"\(n(top))\" x2=\"\(n(px(t)))\" y2=\"\(n(top + plotHeight))\" stroke=\"#e3e3e3\"/>\n"
            svg += "<line x1=\"\(n(px(t)))\" y1=\"\(n(top + plotHeight))\" x2=\"\(n(px(t)))\" y2=\"\(n(top + plotHeight + 5))\" stroke=\"black\"/>\n"
            svg += "<text x=\"\(n(px(t)))\" y=\"\(n(top + plotHeight + 19))\" text-anchor=\"middle\">\(tickLabel(t))</text>\n"
        }
        for t in yTicks {
            svg += "<line x1=\"\(n(left))\" y1=\"\(n(py(t)))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(py(t)))\" stroke=\"#e3e3e3\"/>\n"
            svg += "<line x1=\"\(n(left - 5))\" y1=\"\(n(py(t)))\" x2=\"\(n(left))\" y2=\"\(n(py(t)))\" stroke=\"black\"/>\n"
            svg += "<text x=\"\(n(left - 8))\" y=\"\(n(py(t) + 4))\" text-anchor=\"end\">\(tickLabel(t))</text>\n"
        }
        svg += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(plotHeight))\" fill=\"none\" stroke=\"black\"/>\n"
        svg += "<text x=\"\(n(left + plotWidth / 2))\" y=\"\(n(top + plotHeight + 42))\" text-anchor=\"middle\" font-size=\"13\">\(MarkupText.escaped(xLabel))</text>\n"
        svg += "<text x=\"20\" y=\"\(n(top + plotHeight / 2))\" text-anchor=\"middle\" font-size=\"13\" transform=\"rotate(-90 20 \(n(top + plotHeight / 2)))\">\(MarkupText.escaped(yLabel))</text>\n"

        for (i, s) in series.enumerated() {
            let colour = Self.palette[abs(s.colourIndex ?? i) % Self.palette.count]
            let dash = s.dashed ? " stroke-dasharray=\"6 4\"" : ""
            let strokeWidth = s.dashed ? "1.5" : "2.5"
            let points = zip(s.xs, s.ys).filter { $0.0.isFinite && $0.1.isFinite }
                .map { "\(n(px(min(max($0.0, xMin), xMax)))),\(n(py(min(max($0.1, yMin), yMax))))" }
                .joined(separator: " ")
            svg += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(strokeWidth)\"\(dash)/>\n"
            let y = top + 10 + Double(i) * 20
            svg += "<line x1=\"\(n(legendX))\" y1=\"\(n(y))\" x2=\"\(n(legendX + 28))\" y2=\"\(n(y))\" stroke=\"\(colour)\" stroke-width=\"\(strokeWidth)\"\(dash)/>\n"
            svg += "<text x=\"\(n(legendX + 34))\" y=\"\(n(y + 4))\">\(MarkupText.escaped(s.label))</text>\n"
        }
        for (i, note) in notes.enumerated() {
            let y = top + 30 + Double(series.count + i) * 18
            svg += "<text x=\"\(n(legendX))\" y=\"\(n(y))\" font-size=\"11\">\(MarkupText.escaped(note))</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    private func range(_ ticks: [Double], fallback: (Double, Double)) -> (Double, Double) {
        let finite = ticks.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max(), high > low else { return fallback }
        return (low, high)
    }

    private func n(_ value: Double) -> String { String(format: "%.2f", value) }

    private func tickLabel(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%g", value)
    }
}
