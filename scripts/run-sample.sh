#!/usr/bin/env bash
# The main job on the bundled sample clip: installs what is missing, builds vtrack (release),
# tracks three pedestrians through SampleVideos/pets09_s2l1_vtest_pedestrians.mp4, re-seeding
# them from the person detector every 50 frames, and writes
# out/pets09_s2l1_vtest_pedestrians.csv and out/pets09_s2l1_vtest_pedestrians.mp4.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product vtrack
.build/release/vtrack track SampleVideos/pets09_s2l1_vtest_pedestrians.mp4 \
  --box left=157,138,22,55 --box middle=312,97,20,48 --box right=401,149,27,52 \
  --detector person --out "${1:-out}"
