#!/usr/bin/env bash
# Writes a synthetic clip with exact ground truth in OTB layout:
#   DIR/synthetic/synthetic.mp4 and DIR/synthetic/groundtruth_rect.txt
# (a textured object moving along a smooth path and growing 40% over a textured background).
# Extra arguments go to `vtrack synth` (see `vtrack synth --help`), e.g. --hide-from 60 --jump 100,0.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir="${1:-synthetic-data}"; shift || true
swift build -c release --product vtrack >/dev/null
mkdir -p "$dir/synthetic"
.build/release/vtrack synth "$dir/synthetic/synthetic.mp4" --final-scale 1.4 "$@"
