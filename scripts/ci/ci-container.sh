#!/usr/bin/env bash
# CI: the container image, for real. Makes the Debian base image locally (no registry is needed:
# scripts/container/build-base-image.sh) and the vtrack image (scripts/container/build-image.sh), then runs it as
# deploy/vtrack-batch-job.yaml does (nothing writable but the mounted folder that holds the footage
# and the outputs, the unprivileged user 65534) over the four short clips of scripts/ci/ci-batch-runs.sh:
#   1. the face detector on the carphone clip: the OpenVINO runtime and models in the image;
#   2. one shard of a batch, `vtrack batch --shard 1/2`: its shard summary, CSVs, MP4s and markers;
#   3. the Kubernetes Indexed Job deploy/vtrack-batch-job.yaml, run as the Job controller runs it
#      (scripts/ci/emulate-indexed-job.py: one container per JOB_COMPLETION_INDEX), then
#      `vtrack merge /data/tracks` as docs/batch.md says: the merged summary, and the CSVs of step
#      2's clips byte-identical to step 2's.
# Installs podman, runc and python3-yaml when missing; needs root. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
CI_NAME=ci-container
source scripts/ci/ci-batch-runs.sh
started=$SECONDS
step() { echo "ci-container: [$((SECONDS - started)) s] $*"; }

[ "$(id -u)" -eq 0 ] || fail "needs root (debootstrap, and the volume handed to the containers' user)"
bash scripts/setup/apt-install.sh podman runc python3-yaml
work="$(mktemp -d "${TMPDIR:-/tmp}/vtrack-ci-container.XXXXXX")"
trap 'status=$?; if [ "$status" -eq 0 ]; then rm -rf "$work"; else echo "ci-container: kept $work" >&2; fi' EXIT
source scripts/container/container-engine.sh
if [ "${engine[0]}" = podman ] && [ -z "${CONTAINERS_CONF:-}" ]; then
  # Podman asks for more open files and processes than a machine like CI's lets a container have
  # (and crun cannot set limits there): the machine's own limit of open files, and no more processes
  # than it has process ids, under runc.
  files="$(ulimit -Hn)" processes="$(cat /proc/sys/kernel/pid_max)"
  if [ "$(ulimit -Hu)" != unlimited ] && [ "$(ulimit -Hu)" -lt "$processes" ]; then processes="$(ulimit -Hu)"; fi
  [ "$files" != unlimited ] || files=1048576
  cat >"$work/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=$files:$files", "nproc=$processes:$processes"]
[engine]
runtime = "runc"
CONF
  export CONTAINERS_CONF="$work/containers.conf"
fi

manifest=deploy/vtrack-batch-job.yaml
check_quoted "$manifest"
image=localhost/vtrack:latest
named="$(/usr/bin/python3 -c 'import sys, yaml; print(yaml.safe_load(open(sys.argv[1]))["spec"]["template"]["spec"]["containers"][0]["image"])' "$manifest")"
[ "$named" = "$image" ] || fail "$manifest names the image $named, scripts/container/build-image.sh builds $image"

step "base image"
bash scripts/container/build-base-image.sh localhost/debian:bookworm
step "vtrack image"
BASE_IMAGE=localhost/debian:bookworm bash scripts/container/build-image.sh "$image"

data="$work/data"
write_footage "$data/footage" .build-static/release/vtrack
chown -R 65534:65534 "$data"   # the pod's user and fsGroup in the manifest
read_only=(--read-only)   # nothing writable but the volume, as in the pods of the manifest
if [ "${engine[0]}" = podman ]; then read_only+=(--read-only-tmpfs=false); fi
vtrack() { "${engine[@]}" run --rm "${read_only[@]}" --user 65534:65534 --volume "$data:/data" "$image" "$@"; }

step "1. the face detector in the container"
vtrack detect /data/footage/cam1/carphone.mp4 --detector face --every 10 --csv /data/faces.csv \
  || fail "vtrack detect --detector face in the container"
faces=$(grep -c ',face,' "$data/faces.csv" || true)
[ "$faces" -ge 10 ] || fail "the face detector found a face on $faces of the carphone clip's 12 probed frames"

step "2. one shard of a batch in the container"
vtrack batch /data/footage --out /data/shard --shard 1/2 || fail "vtrack batch --shard 1/2 in the container"
[ ! -e "$data/shard/summary.csv" ] || fail "a shard wrote summary.csv"
check_outputs "$data/shard" summary.shard-1-of-2.json cam2/synth-1.mp4=60 cam2/synth-3.mp4=60
written_by_others="$(find "$data" ! -user 65534 | head -n 3)"
[ -z "$written_by_others" ] || fail "files not written by the container's user: $written_by_others"

step "3. the Indexed Job of $manifest, then vtrack merge"
/usr/bin/python3 scripts/ci/emulate-indexed-job.py "$manifest" --volume "$data" --logs "$work/job-logs" --engine "${engine[0]}" \
  || fail "the Indexed Job"
vtrack merge /data/tracks || fail "vtrack merge /data/tracks in the container"
check_outputs "$data/tracks" summary.json cam1/carphone.mp4=120 cam2/synth-1.mp4=60 cam2/synth-2.mp4=60 cam2/synth-3.mp4=60
[ "$(grep -c ',ok,' "$data/tracks/summary.csv")" -eq 4 ] || fail "$data/tracks/summary.csv does not list 4 clips ok"
for clip in cam2/synth-1 cam2/synth-3; do
  cmp -s "$data/shard/$clip.csv" "$data/tracks/$clip.csv" || fail "$clip.csv differs between step 2's shard and the Indexed Job"
done
step "passed"
