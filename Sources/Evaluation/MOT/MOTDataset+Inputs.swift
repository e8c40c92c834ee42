import Foundation
import Pipeline

extension MOTDataset {
    /// Adds every sequence's video (its MP4, or the folder of its numbered frames), ground truth and
    /// `seqinfo.ini` to `files` as inputs of the command that reads them.
    public func addInputs(to files: inout CommandFiles) {
        for sequence in sequences {
            let frames = sequence.videoPath.contains("%") ? (sequence.videoPath as NSString).deletingLastPathComponent : sequence.videoPath
            files.input("the video of \(sequence.name)", frames)
            files.input("the ground truth of \(sequence.name)", sequence.groundTruthPath)
            files.input("the sequence information of \(sequence.name)", sequence.infoPath)
        }
    }
}
