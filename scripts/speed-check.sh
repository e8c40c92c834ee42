#!/usr/bin/env bash
# Speed against peers measured side by side in one run (absolute times are noisy; ratios are not):
#   1. decode + track one box at fast, over decoding alone (vtrack bench), on 720p clips;
#   2. track one box at fast + write the annotated MP4, over ffmpeg's libx264 veryfast re-encode of
#      the same clip (wall time, both single runs back to back);
#   3. 16 boxes at accurate on a 720p clip, end to end (decode, track, CSV), frames/s;
#   4. peak memory of 2. against ffmpeg's re-encode.
# Usage: scripts/speed-check.sh   (needs ../shared/data beside the repository; VTRACK_DATA overrides;
#        VTRACK_BIN measures another vtrack binary, such as an earlier build, instead of this one)
set -euo pipefail
cd "$(dirname "$0")/.."
data="${VTRACK_DATA:-../shared/data}"
vtrack="${VTRACK_BIN:-.build/release/vtrack}"
[ -n "${VTRACK_BIN:-}" ] || swift build -c release --product vtrack >/dev/null
scratch="$(mktemp -d "${TMPDIR:-/tmp}/vtrack-speed.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

clip_a="$data/sequences/wakeboard5/wakeboard5.mp4"; box_a=1059,518,81,99
clip_b="$data/sequences/group1_1/group1_1.mp4"; box_b=712,438,45,107

echo "1. decode + track (fast, one box) over decode alone"
"$vtrack" bench --json "$clip_a=$box_a" "$clip_b=$box_b" | python3 -c '
import json, sys
for r in json.load(sys.stdin):
    name = r["clip"].split("/")[-1]
    width, height, decode, track = r["width"], r["height"], r["decodeOnly"], r["decodeAndTrack"]
    print(f"   {name:16} {width}x{height}: decode {decode:.0f} fps, decode + track {track:.0f} fps: ratio {track / decode:.2f}")'

measure() {  # label, command...: prints "label seconds peak_kB"
  local label=$1; shift
  /usr/bin/time -f "$label %e %M" "$@" 2>&1 >/dev/null | tail -1
}
echo "2. track + annotated MP4 over ffmpeg's libx264 veryfast re-encode; 4. peak memory"
for pair in "$clip_a=$box_a" "$clip_b=$box_b"; do
  clip=${pair%%=*}; box=${pair#*=}
  frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$clip")
  read -r _ ffmpeg_s ffmpeg_kb < <(measure ffmpeg ffmpeg -v error -y -i "$clip" -c:v libx264 -preset veryfast -an "$scratch/ffmpeg.mp4")
  read -r _ vtrack_s vtrack_kb < <(measure vtrack "$vtrack" track "$clip" --box "$box" --level fast --reseed-every 0 \
    --csv "$scratch/t.csv" --video "$scratch/t.mp4" --quiet)
  python3 -c "
f, fs, fk, vs, vk = $frames, $ffmpeg_s, $ffmpeg_kb, $vtrack_s, $vtrack_kb
print(f'   {\"$clip\".split(\"/\")[-1]:16} {f} frames: ffmpeg {f/fs:.0f} fps, vtrack {f/vs:.0f} fps: speed ratio {fs/vs:.2f}; peak memory ffmpeg {fk/1024:.0f} MB, vtrack {vk/1024:.0f} MB: ratio {vk/fk:.2f}')"
done

echo "3. 16 boxes at accurate, 720p, end to end"
boxes=()
for row in 0 1 2 3; do for column in 0 1 2 3; do boxes+=(--box "$((100 + column * 280)),$((80 + row * 150)),60,90"); done; done
frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$clip_b")
read -r _ seconds _ < <(measure vtrack "$vtrack" track "$clip_b" "${boxes[@]}" --level accurate --csv "$scratch/16.csv" --quiet)
python3 -c "print(f'   group1_1.mp4     {$frames} frames: {$frames / $seconds:.1f} fps')"
