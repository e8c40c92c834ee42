#!/usr/bin/env bash
# Mean success AUC on the shared sequences with re-seeding on (every 50 frames) and off, at both
# levels: runs `vtrack track` per sequence from the first ground-truth box and scores the CSVs with
# shared/tools/otb_metrics.py. Usage: scripts/reseed-eval.sh [SEQUENCES_DIR] [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
sequences="${1:-../shared/data/sequences}"
out="${2:-${TMPDIR:-/tmp}/vtrack-reseed-eval}"
metrics="$(dirname "$sequences")/../tools/otb_metrics.py"
swift build -c release --product vtrack >/dev/null
for reseed in 0 50; do
  for level in fast accurate; do
    dir="$out/reseed-$reseed/$level"
    mkdir -p "$dir"
    for seq in "$sequences"/*/; do
      name="$(basename "$seq")"
      box="$(head -n 1 "$seq/groundtruth_rect.txt" | tr -s ' \t' ',,')"
      .build/release/vtrack track "$seq/$name.mp4" --box "$box" --level "$level" \
        --reseed-every "$reseed" --csv "$dir/$name.csv" --quiet
    done
    printf 'reseed-every %-3s %-9s ' "$reseed" "$level"
    python3 "$metrics" --results "$dir" | grep '^mean/seq' | awk '{print "mean AUC " $3 ", Prec@20 " $4}'
  done
done
