import Files
import Foundation
import TrackFormats
import VideoIO

/// Writes a clip's tracks as CVAT for video 1.1 XML (``CVATVideoXML``). The document groups boxes by
/// track, so it is written at ``finish()`` (and gets its name at ``publish()``): until then the sink keeps each track's boxes (a frame
/// number, a box and a flag each: about 50 bytes per object and frame). The file appears under its
/// final name only once it is complete.
public final class CVATTrackSink: TrackSink {
    private let path: String
    private let info: VideoInfo
    private let name: String
    private var tracks: [Int: CVATVideoXML.Track] = [:]
    private var frames = 0
    private var file: TextOutputFile?

    /// `info` gives the picture size; `name` the task's name (the clip's). Nothing is created until
    /// ``finish()``, which throws ``OutputError`` when the file cannot be written.
    public init(path: String, info: VideoInfo, name: String) {
        self.path = path
        self.info = info
        self.name = name
    }

    public func write(frame: FrameContext, records: [TrackRecord]) throws {
        frames = max(frames, frame.index + 1)
        for record in records where record.state != .tentative {
            tracks[record.trackID, default: CVATVideoXML.Track(trackID: record.trackID, label: record.label)].append(record)
        }
    }

    public func finish() throws {
        let ordered = tracks.values.sorted { $0.trackID < $1.trackID }
        let document = CVATVideoXML.document(tracks: ordered, frameCount: max(frames, info.frameCount ?? 0),
                                             width: info.width, height: info.height, name: name)
        let file = try TextOutputFile(path: path, kind: "CVAT XML")
        file.append(document)
        try file.complete()
        self.file = file
    }

    public func publish() throws {
        try file?.commit()
    }
}
