import Foundation
import Imaging
import TrackFormats

/// A static HTML page for reviewing one clip's run: the annotated MP4, a timeline per object (its
/// confidence over time over a band drawn as the MP4 draws it: solid, dashed or `lost`), and the
/// moments to check, the correction expected to fix most first (``ReviewMomentRanking``), each a link that seeks the video to its time and, with a ``ReviewCorrection``,
/// opens a still of that exact frame with the run's boxes on it to correct (``ReviewCorrectionScript``).
/// No server, no network, no script from elsewhere: one file with inline styles and script, linking
/// the MP4 and the stills by paths relative to the page.
public struct ClipReviewPage: Sendable {
    /// The clip's file name, shown as the title.
    public var clipName: String
    /// The annotated MP4, relative to the page's folder; nil when the run wrote none.
    public var videoHref: String?
    /// Frames per second, to seek to the middle of a moment's frame.
    public var frameRate: Double
    public var timelines: [TrackTimeline]
    /// In time order, as ``ReviewMomentFinder`` finds them; the page lists them ranked.
    public var moments: [ReviewMoment]
    /// The stills and keyframes for correcting the run; nil: the page only seeks the video.
    public var correction: ReviewCorrection?

    public init(clipName: String, videoHref: String?, frameRate: Double, timelines: [TrackTimeline], moments: [ReviewMoment],
                correction: ReviewCorrection? = nil) {
        self.clipName = clipName
        self.videoHref = videoHref
        self.frameRate = frameRate
        self.timelines = timelines
        self.moments = moments
        self.correction = correction
    }

    /// The timelines' width in SVG units; a timeline draws at most this many confidence points.
    static let timelineWidth = 1000

    /// The page's HTML. Throws only when the correction data cannot be written as JSON (a box that
    /// is not a finite number).
    public func html() throws -> String {
        let first = timelines.compactMap { $0.points.first?.frame }.min() ?? 0
        let lastFrame = timelines.compactMap { $0.points.last?.frame }.max() ?? first, last = max(lastFrame, first + 1)
        var lines = [
            "<!doctype html>",
            #"<html lang="en">"#,
            "<head>",
            #"<meta charset="utf-8">"#,
            "<title>vtrack review: \(MarkupText.escaped(clipName))</title>",
            "<style>",
            "body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }",
            "video { max-width: 100%; background: #000; }",
            ".object { margin: 0.8em 0; } .object h2 { font-size: 15px; margin: 0 0 0.2em; }",
            ".shares { color: #555; } svg.timeline { width: 100%; height: 64px; display: block; background: #f6f6f6; }",
            ".moments a { text-decoration: none; } .moments a:hover { text-decoration: underline; } .moments .stake { color: #666; }",
            ".kind-lost { color: #b00; } .kind-found { color: #070; } .kind-overlap { color: #a50; }",
            correction == nil ? "" : ReviewCorrectionScript.style,
            correction == nil ? "" : BoxEditorScript.style,
            "</style>",
            "</head>",
            "<body>",
            "<h1>\(MarkupText.escaped(clipName))</h1>",
            "<p>\(timelines.count) object\(timelines.count == 1 ? "" : "s"), frames \(first)–\(lastFrame), \(moments.count) moment\(moments.count == 1 ? "" : "s") to check.</p>",
        ]
        if let videoHref {
            lines.append(#"<video id="clip" src="\#(Self.href(videoHref))" controls="controls" preload="metadata"></video>"#)
        } else {
            lines.append("<p>No annotated MP4 was written for this run.</p>")
        }
        lines.append(#"<section class="timelines">"#)
        for (index, timeline) in timelines.enumerated() {
            lines += timelineHTML(timeline, index: index, first: first, last: last)
        }
        lines.append("</section>")
        if correction != nil { lines += ReviewCorrectionScript.panel }
        lines.append(#"<section class="moments">"#)
        lines.append("<h2>Moments to check</h2>")
        let listed = ReviewMomentRanking.ranked(moments, timelines: timelines, checks: ReviewMomentRanking.pageChecks)
        if listed.isEmpty {
            lines.append("<p>None: no track was lost, re-seeded or doubtful, and no two boxes overlapped.</p>")
        } else {
            lines.append("<p>Check these first: beside each moment, the frames on which its box is likely off the object that a correction there is expected to put back on it (from the confidence, the forward-backward check and how long a keyframe holds the object), as if the moments above it were corrected; <q>worth a keyframe</q> marks a frame where nothing looked wrong but a keyframe is expected to fix most.</p>")
            lines.append("<ol>")
            for (moment, stake) in listed {
                lines.append(##"<li><a href="#" data-time="\##(seekTime(moment))" data-frame="\##(moment.frame)" class="moment kind-\##(Self.kindClass(moment.kind))">\##(Self.clock(moment.time)) (frame \##(moment.frame)): \##(MarkupText.escaped(moment.summary))</a> <span class="stake">\##(String(format: "%.0f", stake)) frames to fix</span></li>"##)
            }
            lines.append("</ol>")
        }
        lines.append("</section>")
        if let correction {
            lines += ReviewCorrectionScript.corrections
            lines.append(try ReviewCorrectionScript.data(correction, clipName: clipName, timelines: timelines))
        }
        lines += [
            // CDATA keeps the page's body well-formed XML around the script's `<` and `&`.
            "<script>//<![CDATA[",
            "const video = document.getElementById('clip');",
            "for (const link of document.querySelectorAll('[data-time]')) {",
            "  link.addEventListener('click', event => {",
            "    event.preventDefault();",
            "    if (!video) return;",
            "    video.pause();",
            "    video.currentTime = parseFloat(link.dataset.time);",
            "  });",
            "}",
            correction == nil ? "" : BoxEditorScript.source,
            correction == nil ? "" : ReviewCorrectionScript.source,
            "//]]></script>",
            "</body>",
            "</html>",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One object's heading, its shares and its timeline.
    private func timelineHTML(_ timeline: TrackTimeline, index: Int, first: Int, last: Int) -> [String] {
        let css = Self.cssColour(trackID: timeline.trackID)
        let width = Double(Self.timelineWidth), span = Double(last - first)
        func x(_ frame: Int) -> String { String(format: "%.1f", Double(frame - first) / span * width) }
        func percent(_ look: TrackTimeline.Look) -> String { String(format: "%.0f%%", timeline.share(look) * 100) }
        var lines = [
            #"<div class="object" data-track="\#(timeline.trackID)">"#,
            #"<h2 style="color: \#(css)">\#(MarkupText.escaped(timeline.name))</h2>"#,
            #"<div class="shares">solid \#(percent(.solid)) · dashed \#(percent(.dashed)) · lost \#(percent(.lost))</div>"#,
            #"<svg class="timeline" viewBox="0 0 \#(Self.timelineWidth) 64" preserveAspectRatio="none" role="img" aria-label="\#(MarkupText.escaped(timeline.name)): confidence and state over time">"#,
            ##"<line x1="0" x2="\##(Self.timelineWidth)" y1="24" y2="24" stroke="#bbb" stroke-dasharray="4 4"/>"##,
        ]
        for run in timeline.runs {
            let start = x(run.first), runWidth = String(format: "%.1f", max(0.5, Double(run.last + 1 - run.first) / span * width))
            switch run.look {
            case .solid: lines.append(#"<rect class="solid" x="\#(start)" y="50" width="\#(runWidth)" height="14" fill="\#(css)"/>"#)
            case .dashed: lines.append(#"<rect class="dashed" x="\#(start)" y="50" width="\#(runWidth)" height="14" fill="\#(css)" fill-opacity="0.35"/>"#)
            case .lost: lines.append(##"<rect class="lost" x="\##(start)" y="50" width="\##(runWidth)" height="14" fill="#777"/>"##)
            }
        }
        // Keyframe-guided runs: an amber strip over the frames whose passes disagree, a tick at each
        // keyframe after the track's first frame (the box it starts from).
        let startFrame = timeline.points.first?.frame ?? first
        for run in timeline.sourceRuns where run.source == .disputed || (run.source == .keyframe && run.first > startFrame) {
            let start = x(run.first), runWidth = String(format: "%.1f", max(1, Double(run.last + 1 - run.first) / span * width))
            lines.append(run.source == .disputed
                ? ##"<rect class="disputed" x="\##(start)" y="44" width="\##(runWidth)" height="5" fill="#e69500"/>"##
                : ##"<rect class="keyframe" x="\##(start)" y="42" width="1.5" height="22" fill="#111"/>"##)
        }
        lines.append(#"<polyline fill="none" stroke="\#(css)" stroke-width="1.5" points="\#(confidencePoints(timeline, x: x))"/>"#)
        for moment in moments where moment.trackIDs.contains(timeline.trackID) {
            lines.append(##"<a href="#" data-time="\##(seekTime(moment))" data-frame="\##(moment.frame)"><title>\##(MarkupText.escaped(moment.summary)) at frame \##(moment.frame)</title><rect x="\##(x(moment.frame))" y="0" width="3" height="50" fill="\##(moment.kind == .foundAgain ? "#070" : "#b00")" fill-opacity="0.6"/></a>"##)
        }
        lines += ["</svg>", "</div>"]
        return lines
    }

    /// The confidence as SVG points (height 48 for 0...1), at most ``timelineWidth`` of them: the
    /// lowest confidence of each slice of frames, so that a dip is never smoothed away.
    private func confidencePoints(_ timeline: TrackTimeline, x: (Int) -> String) -> String {
        let points = timeline.points
        guard !points.isEmpty else { return "" }
        let step = max(1, (points.count + Self.timelineWidth - 1) / Self.timelineWidth)
        return stride(from: 0, to: points.count, by: step).map { start in
            let slice = points[start..<min(points.count, start + step)]
            let lowest = slice.min { $0.confidence < $1.confidence }!
            return "\(x(lowest.frame)),\(String(format: "%.1f", 48 * (1 - Double(lowest.confidence))))"
        }.joined(separator: " ")
    }

    /// The time to seek to for a moment: the middle of its frame, seconds.
    private func seekTime(_ moment: ReviewMoment) -> String {
        String(format: "%.3f", moment.time + (frameRate > 0 ? 0.5 / frameRate : 0))
    }

    private static func kindClass(_ kind: ReviewMoment.Kind) -> String {
        switch kind {
        case .lost: return "lost"
        case .foundAgain: return "found"
        case .reseeded: return "reseeded"
        case .doubtful: return "doubtful"
        case .overlap: return "overlap"
        case .disagreement: return "disagreement"
        case .check: return "check"
        }
    }

    /// A relative path (`/`-separated) as an attribute value: each component percent-encoded, then escaped.
    static func href(_ relativePath: String) -> String {
        MarkupText.escaped(PageLink.url(relativePath))
    }

    /// The track's colour in the MP4 (``TrackPalette``) as CSS, `#rrggbb`.
    static func cssColour(trackID: Int) -> String {
        let colour = TrackPalette.colour(for: trackID - 1)
        return String(format: "#%02x%02x%02x", colour.red, colour.green, colour.blue)
    }

    /// `m:ss.s`.
    static func clock(_ seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        return String(format: "%d:%04.1f", minutes, seconds - Double(minutes) * 60)
    }
}
