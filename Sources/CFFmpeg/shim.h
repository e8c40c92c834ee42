// C glue for the parts of FFmpeg that Swift cannot import: function-like macros, macros built
// from casts or compound literals, and side-data lookups whose API changed between versions.
// No logic lives here; the Swift module VideoIO does the work.
#ifndef VTRACK_CFFMPEG_SHIM_H
#define VTRACK_CFFMPEG_SHIM_H

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdint.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/mem.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/sha.h>
#include <libswscale/swscale.h>

/// AVERROR(e): the FFmpeg error code for a POSIX errno value (e.g. EAGAIN, ENOENT).
static inline int vt_averror(int posix_errno) { return AVERROR(posix_errno); }

/// AVERROR_EOF: end of stream.
static inline int vt_averror_eof(void) { return AVERROR_EOF; }

/// AVERROR_INVALIDDATA: the input is not what the demuxer or decoder expected.
static inline int vt_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }

/// AV_NOPTS_VALUE: "no timestamp".
static inline int64_t vt_nopts_value(void) { return AV_NOPTS_VALUE; }

/// Fills `buffer` with the message for an FFmpeg error code, like av_err2str (which is a
/// compound-literal macro). Always NUL-terminates when `size` > 0.
static inline void vt_error_string(int errnum, char *buffer, size_t size) {
    if (size == 0) return;
    if (av_strerror(errnum, buffer, size) < 0) {
        snprintf(buffer, size, "error %d", errnum);
    }
}

/// The counter-clockwise rotation in degrees stored in the stream's display matrix, as
/// av_display_rotation_get returns it, or NAN when the stream carries no display matrix.
static inline double vt_stream_display_rotation(const AVStream *stream) {
    const uint8_t *matrix = NULL;
#if LIBAVFORMAT_VERSION_INT >= AV_VERSION_INT(60, 15, 100)
    const AVPacketSideData *side = av_packet_side_data_get(stream->codecpar->coded_side_data,
                                                           stream->codecpar->nb_coded_side_data,
                                                           AV_PKT_DATA_DISPLAYMATRIX);
    if (side && side->size >= 9 * sizeof(int32_t)) matrix = side->data;
#else
    size_t size = 0;
    matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (size < 9 * sizeof(int32_t)) matrix = NULL;
#endif
    if (!matrix) return NAN;
    return av_display_rotation_get((const int32_t *)matrix);
}

#endif
