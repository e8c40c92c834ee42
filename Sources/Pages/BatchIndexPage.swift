import Files
import Foundation
import TrackFormats

/// The page that opens a batch's results: `OUT/index.html`, one row per clip with its thumbnail, its
/// objects (each with a bar of its frames drawn solid, dashed and `lost`, in the MP4's colours), its
/// status (done, or the one-line reason it failed or was skipped) and a link to its review page
/// (``ClipReviewPage``). No server, no network: one file with inline styles, a few lines of inline
/// script, and links relative to the output folder, so the folder can be moved.
///
///     let page = BatchIndexPage(summary: try BatchSummary.read(path: "tracks/summary.json"), outputFolder: "tracks")   // Pipeline
///     try page.write(into: "tracks")   // tracks/index.html
///
/// Rows come in "needs review" order: done clips with the largest share of object-frames drawn
/// dashed or `lost` first (ties by clip path), then failed clips, then skipped ones; a control
/// re-sorts them by clip path. Everything is read from the summary and the files on disk, so clips
/// done by an earlier run appear as well as this run's.
public struct BatchIndexPage: Sendable {
    /// The page's file name in the output folder.
    public static let fileName = "index.html"

    /// The rows in "needs review" order.
    public let rows: [BatchIndexRow]

    /// Sorts `rows` into "needs review" order.
    public init(rows: [BatchIndexRow]) {
        func group(_ row: BatchIndexRow) -> Int {
            switch row.status {
            case .done: return 0
            case .failed: return 1
            case .skipped: return 2
            }
        }
        self.rows = rows.sorted { a, b in
            if group(a) != group(b) { return group(a) < group(b) }
            if a.needsReview != b.needsReview { return a.needsReview > b.needsReview }
            return a.clip.utf8.lexicographicallyPrecedes(b.clip.utf8)
        }
    }

    /// Writes ``fileName`` into `folder` atomically and returns its path. Throws ``OutputError``.
    @discardableResult
    public func write(into folder: String) throws -> String {
        let path = FilePath.joining(folder, Self.fileName)
        try TextOutputFile.write(html, to: path, kind: "index page")
        return path
    }

    /// The page's HTML.
    public var html: String {
        func count(_ matches: (BatchIndexRow.Status) -> Bool) -> Int { rows.count { matches($0.status) } }
        let done = count { $0 == .done }
        let failed = count { if case .failed = $0 { return true } else { return false } }
        let nameRanks = Dictionary(uniqueKeysWithValues: rows.map(\.clip)
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.enumerated().map { ($1, $0) })
        var lines = [
            "<!doctype html>",
            #"<html lang="en">"#,
            "<head>",
            #"<meta charset="utf-8">"#,
            "<title>vtrack batch: \(rows.count) clip\(rows.count == 1 ? "" : "s")</title>",
            "<style>",
            "body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }",
            "table { border-collapse: collapse; } td, th { padding: 0.4em 0.8em; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }",
            "td.thumb img { display: block; max-width: 160px; max-height: 160px; }",
            ".object { white-space: nowrap; } .needs, .shares { color: #555; }",
            ".bar { display: inline-flex; width: 160px; height: 10px; background: #eee; vertical-align: middle; margin: 0 0.4em; }",
            ".bar span { display: block; height: 100%; }",
            ".status-failed { color: #b00; } .status-skipped { color: #777; }",
            "</style>",
            "</head>",
            "<body>",
            "<h1>vtrack batch</h1>",
            "<p>\(rows.count) clip\(rows.count == 1 ? "" : "s"): \(done) done, \(failed) failed, \(rows.count - done - failed) skipped. "
                + "Each bar is an object's frames as the MP4 draws them: solid, dashed (confidence 0.5 or below) and lost (grey).</p>",
            #"<p><label>Order: <select id="order" autocomplete="off"><option value="review" selected="selected">needs review first</option><option value="name">by name</option></select></label></p>"#,
            #"<table id="clips">"#,
            "<thead><tr><th></th><th>Clip</th><th>Objects</th><th>Status</th></tr></thead>",
            "<tbody>",
        ]
        for (position, row) in rows.enumerated() {
            lines += rowHTML(row, reviewRank: position, nameRank: nameRanks[row.clip] ?? position)
        }
        lines += [
            "</tbody>",
            "</table>",
            "<script>",
            "const body = document.querySelector('#clips tbody');",
            "const order = document.getElementById('order');",
            "function sortRows() {",
            "  const key = order.value === 'name' ? 'nameRank' : 'reviewRank';",
            "  const rows = Array.from(body.querySelectorAll('tr.clip'));",
            "  rows.sort((a, b) => Number(a.dataset[key]) - Number(b.dataset[key]));",
            "  for (const row of rows) body.appendChild(row);",
            "}",
            "order.addEventListener('change', sortRows);",
            "sortRows();",
            "</script>",
            "</body>",
            "</html>",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One clip's table row.
    private func rowHTML(_ row: BatchIndexRow, reviewRank: Int, nameRank: Int) -> [String] {
        let name = MarkupText.escaped(row.clip)
        func linked(_ inner: String) -> String {
            row.pageHref.map { #"<a href="\#(ClipReviewPage.href($0))">\#(inner)</a>"# } ?? inner
        }
        var lines = [#"<tr class="clip" data-name="\#(name)" data-review-rank="\#(reviewRank)" data-name-rank="\#(nameRank)">"#]
        let thumbnail = row.thumbnailHref.map { #"<img src="\#(ClipReviewPage.href($0))" alt="first frame of \#(name)"/>"# }
        lines.append(#"<td class="thumb">\#(thumbnail.map(linked) ?? "")</td>"#)
        var clipCell = #"<td class="name">\#(linked(name))"#
        if row.status == .done && !row.objects.isEmpty {
            clipCell += #"<div class="needs">\#(String(format: "%.0f%%", row.needsReview * 100)) dashed or lost</div>"#
        }
        lines.append(clipCell + "</td>")
        lines.append(#"<td class="objects">"#)
        if let problem = row.objectsProblem { lines.append(#"<div class="problem">\#(MarkupText.escaped(problem))</div>"#) }
        for object in row.objects {
            let css = ClipReviewPage.cssColour(trackID: object.trackID)
            func width(_ look: TrackTimeline.Look) -> String { String(format: "%.2f%%", object.share(look) * 100) }
            func percent(_ look: TrackTimeline.Look) -> String { String(format: "%.0f%%", object.share(look) * 100) }
            lines.append(#"<div class="object" data-track="\#(object.trackID)" data-solid="\#(object.solid)" data-dashed="\#(object.dashed)" data-lost="\#(object.lost)">"#
                + #"<span class="label" style="color: \#(css)">\#(MarkupText.escaped(object.name))</span>"#
                + #"<span class="bar"><span class="solid" style="width: \#(width(.solid)); background: \#(css)"></span>"#
                + #"<span class="dashed" style="width: \#(width(.dashed)); background: \#(css); opacity: 0.35"></span>"#
                + ##"<span class="lost" style="width: \##(width(.lost)); background: #777"></span></span>"##
                + #"<span class="shares">solid \#(percent(.solid)) · dashed \#(percent(.dashed)) · lost \#(percent(.lost))</span></div>"#)
        }
        lines.append("</td>")
        switch row.status {
        case .done: lines.append(#"<td class="status status-done">done</td>"#)
        case .failed(let error): lines.append(#"<td class="status status-failed">failed: \#(MarkupText.escaped(error))</td>"#)
        case .skipped(let reason): lines.append(#"<td class="status status-skipped">skipped: \#(MarkupText.escaped(reason))</td>"#)
        }
        lines.append("</tr>")
        return lines
    }
}
