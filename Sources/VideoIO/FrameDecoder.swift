import CFFmpeg
import Foundation

/// Reads packets of one video stream and decodes them in presentation order, surviving damaged
/// data: a packet the decoder rejects is skipped and reported, a read error ends the stream
/// (after draining the decoder) and is reported.
final class FrameDecoder {
    let input: InputFile
    let stream: UnsafeMutablePointer<AVStream>
    private let codecOwner: OwnedCodecContext
    private let packetOwner: OwnedPacket
    private let frameOwner: OwnedFrame
    private var packetPending = false
    private var draining = false
    private var finished = false
    /// Problems met so far, one line each, at most ``warningLimit``.
    private(set) var warnings: [String] = []
    /// Packets the decoder rejected, when sent or when decoding their picture failed (skipped).
    private(set) var damagedPacketCount = 0
    private var warningsDropped = 0
    private let warningLimit = 50

    /// Opens the decoder for `stream` of `input` with frame threading on every core (at most 16,
    /// FFmpeg's recommended maximum).
    init(input: InputFile, stream: UnsafeMutablePointer<AVStream>) throws {
        let path = input.path
        guard let parameters = stream.pointee.codecpar else { throw VideoError.noVideoStream(path: path) }
        guard let decoder = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw VideoError.unsupportedCodec(path: path, codec: ffmpegString(avcodec_get_name(parameters.pointee.codec_id)))
        }
        guard let codec = OwnedCodecContext(codec: decoder), let packet = OwnedPacket(), let frame = OwnedFrame() else {
            throw VideoError.decoderFailed(path: path, reason: "out of memory")
        }
        self.input = input
        self.stream = stream
        self.codecOwner = codec
        self.packetOwner = packet
        self.frameOwner = frame
        let context = codec.pointer
        let copied = avcodec_parameters_to_context(context, parameters)
        guard copied >= 0 else { throw VideoError.decoderFailed(path: path, reason: ffmpegMessage(copied)) }
        context.pointee.pkt_timebase = stream.pointee.time_base
        // One frame in flight more than there are cores: the caller's own work on the previous frame
        // (tracking) then overlaps with decoding instead of leaving a core idle. Measured on 2 cores
        // (scripts/benchmarks/bench.sh): decode + track of a 720p clip 500 -> 590 frames/s, 1080p unchanged;
        // decode alone 7-14% slower, which the pipeline never runs.
        context.pointee.thread_count = Int32(clamping: min(16, max(1, ProcessInfo.processInfo.activeProcessorCount + 1)))
        context.pointee.thread_type = FF_THREAD_FRAME
        let opened = avcodec_open2(context, decoder, nil)
        guard opened >= 0 else { throw VideoError.decoderFailed(path: path, reason: ffmpegMessage(opened)) }
    }

    /// The most recently decoded picture, valid until the next call to ``decodeNext()``.
    var frame: UnsafeMutablePointer<AVFrame> { frameOwner.pointer }
    private var codec: UnsafeMutablePointer<AVCodecContext> { codecOwner.pointer }
    private var packet: UnsafeMutablePointer<AVPacket> { packetOwner.pointer }

    /// Decodes the next picture into ``frame``; false at the end of the stream.
    func decodeNext() -> Bool {
        var consecutiveErrors = 0
        while !finished {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 {
                if frame.pointee.decode_error_flags != 0 || frame.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0 {
                    warn("picture at \(timeText(frame.pointee.best_effort_timestamp)) decoded with errors (kept)")
                }
                return true
            }
            if received == FFmpegStatus.endOfFile { break }
            if received != FFmpegStatus.tryAgain {
                consecutiveErrors += 1
                damagedPacketCount += 1
                warn("decoding error, picture skipped: \(ffmpegMessage(received))")
                if consecutiveErrors > 100 {
                    warn("too many decoding errors in a row, stopping")
                    break
                }
                if draining { continue }
            } else if draining {
                break
            }
            feedDecoder()
        }
        finished = true
        return false
    }

    /// Sends the next packet of the stream to the decoder, or starts draining at the end of the input.
    private func feedDecoder() {
        while !draining {
            if !packetPending {
                let read = av_read_frame(input.context, packet)
                if read < 0 {
                    if read != FFmpegStatus.endOfFile {
                        warn("read error, treating it as the end of the file: \(ffmpegMessage(read))")
                    }
                    draining = true
                    _ = avcodec_send_packet(codec, nil)  // enters draining; cannot fail on an open decoder
                    return
                }
                guard packet.pointee.stream_index == stream.pointee.index else {
                    av_packet_unref(packet)
                    continue
                }
                packetPending = true
            }
            let sent = avcodec_send_packet(codec, packet)
            if sent == FFmpegStatus.tryAgain { return }  // decoder full: keep the packet for the next call
            if sent < 0 {
                damagedPacketCount += 1
                warn("skipped damaged packet at \(timeText(packet.pointee.pts)): \(ffmpegMessage(sent))")
            }
            av_packet_unref(packet)
            packetPending = false
            return
        }
    }

    /// Adds a warning, keeping at most ``warningLimit`` lines.
    func warn(_ message: String) {
        if warnings.count < warningLimit {
            warnings.append(message)
        } else {
            warningsDropped += 1
            let summary = "\(warningsDropped) further warnings not listed"
            if warningsDropped == 1 { warnings.append(summary) } else { warnings[warnings.count - 1] = summary }
        }
    }

    /// `12.345 s`, or `unknown time` for a missing timestamp.
    private func timeText(_ timestamp: Int64) -> String {
        guard timestamp != FFmpegStatus.noTimestamp else { return "unknown time" }
        let seconds = Double(timestamp) * av_q2d(stream.pointee.time_base)
        return String(format: "%.3f s", seconds)
    }
}
