#!/usr/bin/env bash
# End-to-end speed against what a user would write instead: OpenCV's pipeline (its decoder, one
# TrackerNano per box, a CSV: ../shared/tools/opencv_pipeline.py), on the same 720p clips and boxes,
# in one call, the runs alternating (OpenCV, vtrack fast, vtrack accurate, then again) so that both
# see the same machine; absolute times are noisy here, the ratios are what to read. vtrack runs as a
# user would: `vtrack track CLIP --box ... --level L --csv OUT` (default options: learned trackers,
# re-seeding every 50 frames). Prints, per case and tracker, the best of the runs' frames/s, the
# ratio to OpenCV's and the peak memory.
# Usage: scripts/speed-check.sh [ROUNDS]   (default 2; needs ../shared/data and the OpenCV venv of
#        ../shared/tools (its README); VTRACK_DATA, VTRACK_TOOLS, VTRACK_BIN and PEERS_PYTHON override)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-2}"
data="${VTRACK_DATA:-../shared/data}"
tools="${VTRACK_TOOLS:-../shared/tools}"
python="${PEERS_PYTHON:-$tools/.venv/bin/python}"
vtrack="${VTRACK_BIN:-.build/release/vtrack}"
[ -n "${VTRACK_BIN:-}" ] || swift build -c release --product vtrack >/dev/null
for needed in "$data/sequences" "$tools/opencv_pipeline.py" "$python"; do
  [ -e "$needed" ] || { echo "speed-check: $needed is missing" >&2; exit 1; }
done
scratch="$(mktemp -d "${TMPDIR:-/tmp}/vtrack-speed.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

one_clip="$data/sequences/wakeboard5/wakeboard5.mp4"
one_box=1059,518,81,99
many_clip="$data/sequences/group1_1/group1_1.mp4"
many_boxes=()
for row in 0 1 2 3; do for column in 0 1 2 3; do many_boxes+=("$((100 + column * 280)),$((80 + row * 150)),60,90"); done; done

measure() {  # prints "seconds peak_kB" of the command
  /usr/bin/time -f "%e %M" "$@" 2>&1 >/dev/null | tail -1
}

run_case() {  # name clip box...
  local name=$1 clip=$2; shift 2
  local boxes=("$@") flags=()
  for box in "${boxes[@]}"; do flags+=(--box "$box"); done
  local frames
  frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$clip")
  : >"$scratch/times"
  for _ in $(seq "$rounds"); do
    echo "opencv $(measure "$python" "$tools/opencv_pipeline.py" "$clip" "$scratch/ocv.csv" "${boxes[@]}")" >>"$scratch/times"
    for level in fast accurate; do
      echo "$level $(measure "$vtrack" track "$clip" "${flags[@]}" --level "$level" --csv "$scratch/$level.csv" --quiet)" >>"$scratch/times"
    done
  done
  python3 - "$scratch/times" "$name" "$frames" <<'PY'
import sys
rows = [line.split() for line in open(sys.argv[1])]
name, frames = sys.argv[2], int(sys.argv[3])
best = {}
for who, seconds, kb in rows:
    s, m = float(seconds), int(kb)
    if who not in best or s < best[who][0]:
        best[who] = (s, max(m, best.get(who, (0, 0))[1]))
ocv = best["opencv"][0]
for who in ("opencv", "fast", "accurate"):
    s, kb = best[who]
    label = "OpenCV pipeline" if who == "opencv" else f"vtrack {who}"
    print(f"   {name:34} {label:16} {frames / s:6.1f} frames/s  {ocv / s:4.2f}x OpenCV's  peak {kb / 1024:4.0f} MB")
PY
}

echo "end to end (decode, track, CSV), best of $rounds alternating runs:"
run_case "one object, wakeboard5 (1280x720)" "$one_clip" "$one_box"
run_case "16 objects, group1_1 (1280x720)" "$many_clip" "${many_boxes[@]}"
