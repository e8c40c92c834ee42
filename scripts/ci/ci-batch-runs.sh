# Sourced by the CI scripts that run batches (scripts/ci/ci-container.sh, scripts/ci/ci-slurm.sh): the
# footage they track, the checks of what a batch wrote, and the check that docs/batch.md quotes the
# recipe files they run. Defines `fail`, `write_footage`, `check_outputs` and `check_quoted`;
# CI_NAME names the calling script in messages.

fail() { echo "${CI_NAME:-ci}: FAILED: $*" >&2; exit 1; }

# write_footage DIR VTRACK...: four short clips with sidecar boxes, under DIR:
# cam1/carphone.mp4 (SampleVideos' carphone clip, 120 frames, its face) and cam2/synth-1..3.mp4
# (written by `VTRACK... synth`, 60 frames of 320x240, boxed where their ground truth starts).
write_footage() {
  local dir=$1 seed; shift
  mkdir -p "$dir/cam1" "$dir/cam2"
  cp SampleVideos/carphone_face_in_car.mp4 "$dir/cam1/carphone.mp4"
  printf 'frame,label,x,y,width,height\n0,face,58,32,60,62\n' >"$dir/cam1/carphone.boxes.csv"
  for seed in 1 2 3; do
    "$@" synth "$dir/cam2/synth-$seed.mp4" --ground-truth "$dir/cam2/synth-$seed.groundtruth.txt" \
      --frames 60 --width 320 --height 240 --seed "$seed" >/dev/null || fail "vtrack synth"
    { echo "x,y,width,height"; head -n 1 "$dir/cam2/synth-$seed.groundtruth.txt"; } >"$dir/cam2/synth-$seed.boxes.csv"
  done
}

# check_outputs OUT SUMMARY CLIP=FRAMES...: OUT/SUMMARY lists exactly these clips, each ok with that
# many frames, and each has its marker, its CSV (a header and a row per frame) and its MP4 (as many
# frames).
check_outputs() {
  local out=$1 summary=$2 pair clip frames; shift 2
  python3 - "$out/$summary" "$@" <<'PY' || fail "$out/$summary does not list exactly $* as ok"
import json, sys
path = sys.argv[1]
wanted = sorted((clip, "ok", int(frames)) for clip, frames in (pair.split("=") for pair in sys.argv[2:]))
got = sorted((entry["clip"], entry["status"], entry["frames"]) for entry in json.load(open(path))["clips"])
if got != wanted:
    sys.exit(f"{path}: {got}, expected {wanted}")
PY
  for pair in "$@"; do
    clip="$out/${pair%.mp4=*}" frames="${pair##*=}"
    [ -f "$clip.done.json" ] || fail "no marker $clip.done.json"
    [ "$(wc -l <"$clip.csv")" -eq $((frames + 1)) ] || fail "$clip.csv does not have a header and $frames rows"
    [ "$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$clip.mp4")" = "$frames" ] \
      || fail "$clip.mp4 does not have $frames frames"
  done
}

# check_quoted FILE: docs/batch.md holds FILE verbatim as an indented code block, so the recipe
# the documentation shows is the one CI runs.
check_quoted() {
  python3 - "$1" <<'PY' || fail "docs/batch.md does not quote $1 verbatim: copy the file into it again"
import sys
quoted = "".join("    " + line if line.strip() else line for line in open(sys.argv[1]))
sys.exit(0 if quoted in open("docs/batch.md").read() else 1)
PY
}
