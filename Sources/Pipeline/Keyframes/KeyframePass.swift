import TrackFormats
import Tracking

/// One tracker following an object from a keyframe through consecutive frames, forward or backward
/// in time: a ``BoxTrackGroup`` of one box, started on the keyframe, re-seeded by the run's detector
/// as a track of `vtrack track` is, counting frames from the keyframe.
///
/// Per frame, in order: ``prepare(on:isLast:)``, the handler performs ``requests``, then
/// ``record(on:)``. On the pass's last frame its tracker is released.
final class KeyframePass {
    private let group: BoxTrackGroup
    private let keyframe: Int
    private var started = false

    init(trackID: Int, label: String, keyframe: Keyframe, options: TrackingOptions, reseeder: TrackReseeder, appearanceCue: Bool) {
        group = BoxTrackGroup(targets: [(trackID, TrackTarget(label: label, box: keyframe.box))], options: options,
                              reseeder: reseeder, appearanceCue: appearanceCue)
        self.keyframe = keyframe.frame
    }

    /// Starts the tracker on the keyframe's context, or re-seeds it as due on a later one; `isLast`
    /// makes this frame the pass's last.
    func prepare(on context: FrameContext, isLast: Bool) throws {
        if started {
            try group.prepare(on: context, frameOffset: abs(context.index - keyframe))
        } else {
            try group.start(on: context)
            started = true
        }
        if isLast { group.endAll() }
    }

    var requests: [TrackingRequest] { group.requests }

    /// Takes in the frame just performed and returns its record.
    func record(on context: FrameContext) -> TrackRecord? {
        group.observe(context)
        let record = group.records(on: context).first
        group.advance()
        return record
    }
}
