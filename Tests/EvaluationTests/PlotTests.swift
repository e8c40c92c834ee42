import Evaluation
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

final class PlotTests: XCTestCase {
    /// Counts elements by name while parsing; fails on malformed XML.
    private final class ElementCounter: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        var texts: [String] = []
        private var text = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            counts[name, default: 0] += 1
            text = ""
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { texts.append(text) }
            text = ""
        }
    }

    func testSuccessPlotIsWellFormedSVGWithRankedLegend() throws {
        let good = PlottedTracker(name: "vtrack <fast>", successCurve: OTBProtocol.successThresholds.map { 1 - $0 },
                                  precisionCurve: OTBProtocol.precisionThresholds.map { min(1, $0 / 20) })
        let weak = PlottedTracker(name: "peer & co", successCurve: OTBProtocol.successThresholds.map { (1 - $0) / 2 },
                                  precisionCurve: OTBProtocol.precisionThresholds.map { min(1, $0 / 40) }, isReference: true)
        for (plot, first, second) in [(OTBPlots.success([weak, good]), "vtrack <fast> [0.500]", "peer & co [0.250]"),
                                      (OTBPlots.precision([weak, good]), "vtrack <fast> [1.000]", "peer & co [0.500]")] {
            let svg = plot.svg()
            let counter = ElementCounter()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = counter
            XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
            XCTAssertEqual(counter.counts["svg"], 1)
            XCTAssertEqual(counter.counts["polyline"], 2)
            let labels = counter.texts.joined(separator: "|")
            let firstRange = try XCTUnwrap(labels.range(of: first))
            let secondRange = try XCTUnwrap(labels.range(of: second))
            XCTAssertLessThan(firstRange.lowerBound, secondRange.lowerBound, "legend is ranked best first")
            XCTAssertTrue(svg.contains("stroke-dasharray"), "the reference curve is dashed")
        }
    }

    func testCurvePointsMapIntoThePlotArea() {
        var plot = CurvePlot(title: "t", xLabel: "x", yLabel: "y", xTicks: [0, 1])
        plot.series = [.init(label: "diagonal", xs: [0, 1, .nan], ys: [0, 1, 0.5])]
        // x 0...1 -> 70...590, y 0...1 -> 420...40; the NaN point is dropped.
        XCTAssertTrue(plot.svg().contains("points=\"70.00,420.00 590.00,40.00\""), plot.svg())
    }
}
