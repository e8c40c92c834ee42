import Foundation
import Pages
import TrackFormats

extension BatchIndexRow {
    /// The row of `result`, reading the clip's outputs under `layout`. A clip is done when it was
    /// tracked in this run (`ok`) or skipped as complete from an earlier run (its summary line then
    /// lists its outputs).
    public init(result: BatchClipResult, layout: BatchOutputLayout) {
        let clip = result.clip
        switch result.status {
        case .failed: self.init(clip: clip, status: .failed(result.error)); return
        case .skipped where result.outputs.isEmpty: self.init(clip: clip, status: .skipped(result.error)); return
        case .ok, .skipped: break
        }
        func existing(_ path: String, _ href: String) -> String? { FileManager.default.fileExists(atPath: path) ? href : nil }
        self.init(clip: clip, status: .done,
                  pageHref: existing(layout.reviewPagePath(for: clip), layout.relativeReviewPage(for: clip)),
                  thumbnailHref: existing(layout.thumbnailPath(for: clip), layout.relativeThumbnail(for: clip)))
        do {
            var byTrack: [Int: Object] = [:]
            for record in try TrackCSV.read(path: layout.csvPath(for: clip)) where record.state != .tentative {
                var object = byTrack[record.trackID] ?? Object(trackID: record.trackID, name: record.displayName)
                switch TrackTimeline.Look(record) {
                case .solid: object.solid += 1
                case .dashed: object.dashed += 1
                case .lost: object.lost += 1
                }
                byTrack[record.trackID] = object
            }
            objects = byTrack.values.sorted { $0.trackID < $1.trackID }
        } catch {
            objectsProblem = BatchClipResult.oneLine("\(error)")
        }
    }
}
