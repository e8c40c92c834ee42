#!/usr/bin/env bash
# Throughput benchmark on a 720p and a 1080p clip, measured in one run:
# decode-only fps, decode + track (1 box, fast) fps, + annotated encode fps, tracker-only fps per level.
# Uses shared/data beside the repository; the 1080p clip is the 720p cockatoo clip upscaled (made once in /tmp).
set -euo pipefail
cd "$(dirname "$0")/../.."
data="${VTRACK_DATA:-../shared/data}"
swift build -c release --product vtrack >/dev/null
clip720="$data/clips/cockatoo_handheld.mp4"
clip1080="${TMPDIR:-/tmp}/vtrack-bench-cockatoo-1080p.mp4"
if [ ! -s "$clip1080" ]; then
  ffmpeg -v error -y -i "$clip720" -vf scale=1920:1080 -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p -an "$clip1080"
fi
.build/release/vtrack bench "$@" \
  "$clip720=430,20,180,190" \
  "$data/sequences/wakeboard7/wakeboard7.mp4=622,298,11,38" \
  "$clip1080=645,30,270,285"
