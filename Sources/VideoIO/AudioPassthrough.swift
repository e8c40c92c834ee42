import CFFmpeg

/// Copies the packets of one audio stream from a source file into an output, unchanged
/// (no decoding), on the source's timeline: a packet at second `t` of the source's video lands
/// at second `t` of the output, in step with video frames written with the reader's times.
final class AudioPassthrough {
    /// The audio codec being copied, e.g. `mp3`.
    let codecName: String
    private let input: InputFile
    private let source: UnsafeMutablePointer<AVStream>
    private let output: UnsafeMutablePointer<AVStream>
    private let packetOwner: OwnedPacket
    /// The source's time zero (start of its video stream) in the audio stream's time base.
    private let originTimestamp: Int64
    private var packetPending = false
    private var exhausted = false

    /// Adds an audio stream to `file` copied from `input`'s first audio stream. Returns `nil`, with
    /// the reason in `skipped`, when there is no audio stream or the container cannot hold its codec.
    init?(input: InputFile, into file: OutputFile, skipped: inout String?) throws {
        guard let source = input.firstAudioStream, let parameters = source.pointee.codecpar else {
            skipped = "\(input.path) has no audio stream; the video is written without sound"
            return nil
        }
        let codec = parameters.pointee.codec_id
        let codecName = ffmpegString(avcodec_get_name(codec))
        guard file.accepts(codec) else {
            skipped = "\(codecName) audio cannot be stored in \(file.path); the video is written without sound"
            return nil
        }
        guard let packetOwner = OwnedPacket() else {
            throw VideoError.writeFailed(path: file.path, reason: "out of memory")
        }
        let output = try file.addStream()
        let copied = avcodec_parameters_copy(output.pointee.codecpar, parameters)
        guard copied >= 0 else { throw VideoError.writeFailed(path: file.path, reason: ffmpegMessage(copied)) }
        output.pointee.codecpar.pointee.codec_tag = 0  // let the muxer pick its own tag for the codec
        output.pointee.time_base = source.pointee.time_base

        self.codecName = codecName
        self.input = input
        self.source = source
        self.output = output
        self.packetOwner = packetOwner
        self.originTimestamp = Self.origin(of: input, in: source.pointee.time_base)
    }

    /// Writes every not yet copied audio packet that starts before `seconds` (output timeline).
    /// A read error in the source ends the audio early; packets before time 0 are dropped.
    func copy(before seconds: Double, into file: OutputFile) throws {
        let packet = packetOwner.pointer
        let secondsPerTick = av_q2d(source.pointee.time_base)
        while !exhausted {
            if !packetPending {
                guard av_read_frame(input.context, packet) >= 0 else {
                    exhausted = true
                    return
                }
                guard packet.pointee.stream_index == source.pointee.index else {
                    av_packet_unref(packet)
                    continue
                }
                packetPending = true
            }
            let start = packet.pointee.pts != FFmpegStatus.noTimestamp ? packet.pointee.pts : packet.pointee.dts
            let startSeconds = start == FFmpegStatus.noTimestamp
                ? 0 : (Double(start) - Double(originTimestamp)) * secondsPerTick
            if startSeconds >= seconds { return }
            packetPending = false
            guard startSeconds >= 0, shiftToOrigin(packet) else {
                av_packet_unref(packet)
                continue
            }
            av_packet_rescale_ts(packet, source.pointee.time_base, output.pointee.time_base)
            packet.pointee.stream_index = output.pointee.index
            packet.pointee.pos = -1
            try file.write(packet)
        }
    }

    /// Moves the packet's timestamps so the origin is 0; false when that would overflow.
    private func shiftToOrigin(_ packet: UnsafeMutablePointer<AVPacket>) -> Bool {
        guard let pts = shifted(packet.pointee.pts), let dts = shifted(packet.pointee.dts) else { return false }
        packet.pointee.pts = pts
        packet.pointee.dts = dts
        return true
    }

    private func shifted(_ timestamp: Int64) -> Int64? {
        guard timestamp != FFmpegStatus.noTimestamp else { return timestamp }
        let (value, overflow) = timestamp.subtractingReportingOverflow(originTimestamp)
        return overflow ? nil : value
    }

    /// Start of the source's video stream (what ``VideoReader`` calls time 0), else of the container.
    private static func origin(of input: InputFile, in timeBase: AVRational) -> Int64 {
        if let video = input.firstVideoStream, video.pointee.start_time != FFmpegStatus.noTimestamp {
            return av_rescale_q(video.pointee.start_time, video.pointee.time_base, timeBase)
        }
        let start = input.context.pointee.start_time
        guard start != FFmpegStatus.noTimestamp else { return 0 }
        return av_rescale_q(start, AVRational(num: 1, den: AV_TIME_BASE), timeBase)
    }
}
