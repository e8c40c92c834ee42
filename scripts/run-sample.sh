#!/usr/bin/env bash
# The main job on the bundled sample clip: installs what is missing, builds vtrack (release),
# tracks three pedestrians through SampleVideos/pets09_s2l1_vtest_pedestrians.mp4, re-seeding
# them from the person detector every 50 frames, and writes
# out/pets09_s2l1_vtest_pedestrians.csv, .mp4 and .html (the review page: open it in a browser).
# With --everyone, tracks every pedestrian the person detector finds instead (no boxes) and writes
# out-everyone/pets09_s2l1_vtest_pedestrians.{csv,mp4,mot.txt,html}. An argument other than
# --everyone names the output folder.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product vtrack
clip=SampleVideos/pets09_s2l1_vtest_pedestrians.mp4
if [ "${1:-}" = "--everyone" ]; then
  out="${2:-out-everyone}"
  .build/release/vtrack track "$clip" --detector person --out "$out" \
    --mot "$out/pets09_s2l1_vtest_pedestrians.mot.txt" --report "$out/pets09_s2l1_vtest_pedestrians.html"
else
  out="${1:-out}"
  .build/release/vtrack track "$clip" \
    --box left=157,138,22,55 --box middle=312,97,20,48 --box right=401,149,27,52 \
    --detector person --out "$out" --report "$out/pets09_s2l1_vtest_pedestrians.html"
fi
