import Foundation

/// One sequence of a MOTChallenge-layout folder:
///
///     Name/seqinfo.ini                  [Sequence] seqLength=..., frameRate=..., imDir=img1, imExt=.jpg
///     Name/gt/gt.txt                    frame,id,bb_left,bb_top,bb_width,bb_height,flag,... (1-based frames)
///     Name/Name.mp4                     the video, or
///     Name/img1/000001.jpg, ...         the frames as six-digit numbered images (imDir, imExt)
public struct MOTSequence: Sendable, Equatable {
    /// The folder name; result files are `<name>.txt`.
    public let name: String
    /// The sequence folder.
    public let directory: String
    /// What `VideoReader(path:)` opens: the MP4, or an image pattern such as `.../img1/%06d.jpg`.
    public let videoPath: String
    public let groundTruthPath: String
    /// Path of `seqinfo.ini`.
    public let infoPath: String
    public let info: MOTSequenceInfo
    /// The ground truth's scored rows (flag 1), frame by frame.
    public let groundTruth: MOTFrames
    /// Ground-truth rows with flag 0, not scored.
    public let unscoredRows: Int

    /// Loads the sequence in `directory` (whose last path component is its name). Throws
    /// ``EvaluationError`` naming the file when `seqinfo.ini` or `gt/gt.txt` is missing or malformed,
    /// or when there is neither `<Name>.mp4` nor `<imDir>/000001<imExt>`.
    public init(directory: String) throws {
        let url = URL(fileURLWithPath: directory).standardizedFileURL
        name = url.lastPathComponent
        self.directory = url.path
        infoPath = url.appendingPathComponent("seqinfo.ini").path
        info = try MOTSequenceInfo.read(path: infoPath)
        groundTruthPath = url.appendingPathComponent("gt/gt.txt").path
        let truth = try MOTGroundTruthFile.read(path: groundTruthPath, frameCount: info.length)
        groundTruth = truth.scored
        unscoredRows = truth.unscoredRows
        let mp4 = url.appendingPathComponent(name + ".mp4").path
        let frames = url.appendingPathComponent(info.imageDirectory)
        if FileManager.default.fileExists(atPath: mp4) {
            videoPath = mp4
        } else if FileManager.default.fileExists(atPath: frames.appendingPathComponent("000001" + info.imageExtension).path) {
            videoPath = frames.appendingPathComponent("%06d" + info.imageExtension).path
        } else {
            throw EvaluationError.malformedFile(
                path: url.path, reason: "no video (expected \(name).mp4 or \(info.imageDirectory)/000001\(info.imageExtension))")
        }
    }
}
