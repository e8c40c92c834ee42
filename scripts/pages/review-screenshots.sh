#!/usr/bin/env bash
# Remakes the README's "Reviewing results" screenshots (docs/pick-page.png, review-page.png,
# review-correct.png, review-retracked.png) in headless Chromium, with the browser scripts the tests
# use (Tests/CLITests/Browser/). Works in a neutral folder (default /tmp/demo, emptied first) so that
# no checkout path shows in the pages' commands.
#
# Usage: scripts/pages/review-screenshots.sh [WORK_DIR]   (needs .build/release/vtrack, chromium, ffmpeg)
#
# The correction (frame 31: `right` moved 13 px right and 23 px down, back onto its walker) was read
# off that frame's still for the run the default level gives today; check it still holds after a
# tracker change, and the README's captions with it.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-/tmp/demo}
vtrack=$root/.build/release/vtrack
browser=$root/Tests/CLITests/Browser
chromium=$(command -v chromium || command -v chromium-browser)
clip=pets09_s2l1_vtest_pedestrians
page=vtrack-out/$clip.html

rm -rf "$work" && mkdir -p "$work/clips" && cp "$root/SampleVideos/$clip.mp4" "$work/clips/"
cd "$work"

# Palette PNG of the top-left WIDTHxHEIGHT of a screenshot: a few hundred KB at most.
shrink() { ffmpeg -loglevel error -y -i "$1" -vf "crop=$3:0:0,split[a][b];[a]palettegen=max_colors=96:stats_mode=full[p];[b][p]paletteuse=dither=none" -pred mixed "$2"; }
# The value of KEY in the JSON object a browser script printed.
field() { python3 -c "import json, sys; print(json.load(open(sys.argv[1]))$2)" "$1"; }

"$vtrack" pick "clips/$clip.mp4"
cat > pick.json <<EOF
{"downloads": "$work/pick-downloads", "runs": [{"dpr": 1, "zoom": "1", "screenshot": "$work/pick-page.png",
  "boxes": [{"box": [157, 138, 22, 55], "name": "left"}, {"box": [401, 149, 27, 52], "name": "right"}]}]}
EOF
python3 "$browser/pick_page_check.py" "$chromium" "vtrack-out/$clip.pick.html" pick.json > pick-result.json
command=$(field pick-result.json "['runs'][0]['command']")
echo "$command"
eval "${command/vtrack /\"$vtrack\" } --quiet"

python3 "$browser/review_page_check.py" "$chromium" "$page" 0 review-page.png > review-result.json
cat > correct.json <<EOF
{"downloads": "$work/downloads", "frame": 31, "move": {"track": 2, "by": [13, 23]}, "absent": null, "add": null,
 "screenshot": "$work/review-correct.png"}
EOF
python3 "$browser/review_correction_check.py" "$chromium" "$page" correct.json > correct-result.json
retrack=$(field correct-result.json "['command']")
echo "$retrack"
(cd downloads && eval "${retrack/vtrack /\"$vtrack\" } --quiet")
python3 "$browser/review_page_check.py" "$chromium" "downloads/vtrack-out/retracked/$clip.html" 0 review-retracked.png > retracked-result.json

shrink pick-page.png "$root/docs/pick-page.png" 1600:900
shrink review-page.png "$root/docs/review-page.png" 1000:1000
shrink review-correct.png "$root/docs/review-correct.png" 1200:620
shrink review-retracked.png "$root/docs/review-retracked.png" 1000:1000
ls -l "$root"/docs/pick-page.png "$root"/docs/review-*.png
