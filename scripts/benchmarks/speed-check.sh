#!/usr/bin/env bash
# End to end speed against what a user would write instead: OpenCV's pipeline (its decoder, one
# TrackerNano per box, a CSV: ../shared/tools/opencv_pipeline.py), on the same 720p clips and boxes,
# in one call, the runs alternating (OpenCV, vtrack fast, vtrack accurate, then again) so that both
# see the same machine; absolute times are noisy here, the ratios are what to read. vtrack runs as a
# user would: `vtrack track CLIP --box ... --level L --csv OUT` (default options: learned trackers,
# re-seeding every 50 frames). Then the annotated MP4: `vtrack track ... --level fast --video OUT`
# against ffmpeg's libx264 `veryfast` re-encode of the same clip (vtrack's encoder settings).
# Prints a table (docs/performance.md has the reading): per case and program the best run's
# frames/s and its ratio to the reference's best, the CPU time a frame took (user + system, summed
# over threads: what a loaded machine charges) and the peak memory.
# With VTRACK_BASELINE=/path/to/another/vtrack, that build runs in every round too (rows marked
# "baseline"): before-and-after figures from the same call.
# Usage: scripts/benchmarks/speed-check.sh [ROUNDS]   (default 2; needs ../shared/data and the OpenCV venv of
#        ../shared/tools (its README); VTRACK_DATA, VTRACK_TOOLS, VTRACK_BIN and PEERS_PYTHON override)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-2}"
data="${VTRACK_DATA:-../shared/data}"
tools="${VTRACK_TOOLS:-../shared/tools}"
python="${PEERS_PYTHON:-$tools/.venv/bin/python}"
vtrack="${VTRACK_BIN:-.build/release/vtrack}"
baseline="${VTRACK_BASELINE:-}"
[ -n "${VTRACK_BIN:-}" ] || swift build -c release --product vtrack >/dev/null
for needed in "$data/sequences" "$tools/opencv_pipeline.py" "$python"; do
  [ -e "$needed" ] || { echo "speed-check: $needed is missing" >&2; exit 1; }
done
command -v ffmpeg >/dev/null || { echo "speed-check: ffmpeg is missing" >&2; exit 1; }
scratch="$(mktemp -d "${TMPDIR:-/tmp}/vtrack-speed.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

one_clip="$data/sequences/wakeboard5/wakeboard5.mp4"
one_box=1059,518,81,99
many_clip="$data/sequences/group1_1/group1_1.mp4"
many_boxes=()
for row in 0 1 2 3; do for column in 0 1 2 3; do many_boxes+=("$((100 + column * 280)),$((80 + row * 150)),60,90"); done; done

measure() {  # prints "seconds peak_kB cpu_seconds" of the command
  /usr/bin/time -f "%e %M %U %S" "$@" 2>&1 >/dev/null | tail -1 | awk '{print $1, $2, $3 + $4}'
}

frames_of() {
  ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$1"
}

table() {  # name frames reference: prints the rows of the runs in $scratch/times, best run each
  python3 - "$scratch/times" "$1" "$2" "$3" <<'PY'
import sys
name, frames, reference = sys.argv[2], int(sys.argv[3]), sys.argv[4]
best, order = {}, []
for line in open(sys.argv[1]):
    who, values = line.rstrip("\n").split("|")
    seconds, kb, cpu = map(float, values.split())
    if who not in best:
        order.append(who)
        best[who] = (seconds, kb, cpu)
    else:
        s, k, c = best[who]
        best[who] = (seconds, max(k, kb), cpu) if seconds < s else (s, max(k, kb), c)
for who in order:
    seconds, kb, cpu = best[who]
    print(f"| {name} | {who} | {frames / seconds:.1f} | {best[reference][0] / seconds:.2f}x | {cpu * 1000 / frames:.1f} | {kb / 1024:.0f} |")
PY
}

run_case() {  # name clip box...
  local name=$1 clip=$2; shift 2
  local boxes=("$@") flags=()
  for box in "${boxes[@]}"; do flags+=(--box "$box"); done
  : >"$scratch/times"
  for _ in $(seq "$rounds"); do
    echo "OpenCV pipeline|$(measure "$python" "$tools/opencv_pipeline.py" "$clip" "$scratch/ocv.csv" "${boxes[@]}")" >>"$scratch/times"
    for level in fast accurate; do
      echo "vtrack $level|$(measure "$vtrack" track "$clip" "${flags[@]}" --level "$level" --csv "$scratch/$level.csv" --quiet)" >>"$scratch/times"
      [ -z "$baseline" ] || echo "vtrack $level, baseline|$(measure "$baseline" track "$clip" "${flags[@]}" --level "$level" --csv "$scratch/$level.csv" --quiet)" >>"$scratch/times"
    done
  done
  table "$name" "$(frames_of "$clip")" "OpenCV pipeline"
}

run_video_case() {  # name clip box
  local name=$1 clip=$2 box=$3
  : >"$scratch/times"
  for _ in $(seq "$rounds"); do
    echo "ffmpeg libx264 veryfast|$(measure ffmpeg -v error -y -i "$clip" -an -c:v libx264 -preset veryfast "$scratch/ffmpeg.mp4")" >>"$scratch/times"
    echo "vtrack fast + MP4|$(measure "$vtrack" track "$clip" --box "$box" --level fast --csv "$scratch/fast.csv" --video "$scratch/fast.mp4" --quiet)" >>"$scratch/times"
    [ -z "$baseline" ] || echo "vtrack fast + MP4, baseline|$(measure "$baseline" track "$clip" --box "$box" --level fast --csv "$scratch/fast.csv" --video "$scratch/fast.mp4" --quiet)" >>"$scratch/times"
  done
  table "$name" "$(frames_of "$clip")" "ffmpeg libx264 veryfast"
}

echo "end to end, best of $rounds alternating runs (ratio: to the first row of its case; CPU: user + system over all threads):"
echo
echo "| case (1280x720) | program | frames/s | ratio | CPU ms/frame | peak MB |"
echo "|---|---|---:|---:|---:|---:|"
run_case "one object, CSV (wakeboard5)" "$one_clip" "$one_box"
run_case "16 objects, CSV (group1_1)" "$many_clip" "${many_boxes[@]}"
run_video_case "one object, annotated MP4 (wakeboard5)" "$one_clip" "$one_box"
