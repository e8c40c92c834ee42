#!/usr/bin/env bash
# Checks that a change leaves vtrack's outputs as they were: runs the same `vtrack track` and
# `vtrack pick` commands with the release builds of two checkouts and compares every file written
# byte for byte (pages apart from the clip's absolute path and their run id, which differ by checkout).
#
# The runs cover the sample clip with three boxes and --detector person at both levels (CSV,
# MOTChallenge, JSON Lines, CVAT, MP4, the review page and its stills), carphone with --detector face
# in every format, keyframes, the cockatoo with --camera-motion --show-motion, --rect, everyone by
# --detector person, and a pick page.
#
# Usage: scripts/ci/compare-outputs.sh BEFORE_CHECKOUT [AFTER_CHECKOUT] [OUT_DIR]
#   each checkout built with `swift build -c release --product vtrack`; AFTER defaults to this one.
set -euo pipefail
before=$(cd "$1" && pwd)
after=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
out="${3:-$(mktemp -d "${TMPDIR:-/tmp}/vtrack-compare.XXXXXX")}"
mkdir -p "$out"
out=$(cd "$out" && pwd)

runs() {
  local repo=$1 o=$2
  mkdir -p "$o"
  cd "$repo"
  local v=.build/release/vtrack s=SampleVideos
  local p=$s/pets09_s2l1_vtest_pedestrians.mp4
  for level in fast accurate; do
    $v track $p --quiet --level $level --box left=157,138,22,55 --box middle=312,97,20,48 --box right=401,149,27,52 \
      --detector person --out "$o/sample-$level" --report "$o/sample-$level/review.html" \
      --mot "$o/sample-$level/s.mot.txt" --jsonl "$o/sample-$level/s.jsonl" --cvat "$o/sample-$level/s.cvat.xml"
    $v track $s/carphone_face_in_car.mp4 --quiet --level $level --box face=70,30,45,55 --detector face \
      --csv "$o/face-$level.csv" --mot "$o/face-$level.mot.txt" --jsonl "$o/face-$level.jsonl" \
      --cvat "$o/face-$level.cvat.xml" --video "$o/face-$level.mp4"
    $v track $p --quiet --level $level --box walker=157,138,22,55@0 --box walker=170,130,22,55@60 \
      --csv "$o/key-$level.csv" --video "$o/key-$level.mp4" --cvat "$o/key-$level.cvat.xml"
    $v track $s/cockatoo_handheld.mp4 --quiet --level $level --box bird=100,60,80,80 --camera-motion --show-motion \
      --csv "$o/cockatoo-$level.csv" --video "$o/cockatoo-$level.mp4"
  done
  $v track $p --quiet --rect sign=258,127,278,127,278,152,258,152 --csv "$o/rect.csv" --jsonl "$o/rect.jsonl" --video "$o/rect.mp4"
  $v track $p --quiet --detector person --csv "$o/everyone.csv" --mot "$o/everyone.mot.txt" --video "$o/everyone.mp4" \
    --report "$o/everyone.html"
  $v pick $p --frame 10 --page "$o/pick/pick.html" > /dev/null
}

( runs "$before" "$out/before" )
( runs "$after" "$out/after" )

# A page names its clip by absolute path and carries a run id; nothing else may differ.
normalised() { sed -e "s#$2/##g" -e "s#$3#OUT#g" -e 's#"run":"[0-9A-F-]*"##g' "$1"; }
files=0 differ=0
while IFS= read -r name; do
  files=$((files + 1))
  a="$out/before/$name" b="$out/after/$name"
  if [ ! -f "$b" ]; then echo "only before: $name"; differ=$((differ + 1)); continue; fi
  cmp -s "$a" "$b" && continue
  case "$name" in
    *.html) cmp -s <(normalised "$a" "$before" "$out/before") <(normalised "$b" "$after" "$out/after") && continue ;;
  esac
  echo "differs: $name"
  differ=$((differ + 1))
done < <(cd "$out/before" && find . -type f | sed 's#^\./##' | sort)
extra=$(comm -13 <(cd "$out/before" && find . -type f | sort) <(cd "$out/after" && find . -type f | sort) | wc -l)
echo "$files files compared, $differ differ, $extra only after (outputs in $out)"
[ "$differ" -eq 0 ] && [ "$extra" -eq 0 ]
