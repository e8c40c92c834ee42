#!/usr/bin/env bash
# CI: docs/batch.md's Slurm recipe on a one-node Slurm cluster started here. Submits
# deploy/vtrack-batch.sbatch as a job array over the four short clips of scripts/ci/ci-batch-runs.sh and
# `vtrack merge` as a job that runs after it, with the commands of docs/batch.md (the array sized for
# this node: --array=0-1 --cpus-per-task=1), then checks both jobs' states, the shard summaries and
# the merged summary. The cluster (munged, slurmctld, slurmd) runs from a temporary folder with its
# own configuration and is shut down on exit.
# Installs slurm-wlm, slurm-client and munge when missing; needs root. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"
CI_NAME=ci-slurm
source scripts/ci/ci-batch-runs.sh
started=$SECONDS
step() { echo "ci-slurm: [$((SECONDS - started)) s] $*"; }

[ "$(id -u)" -eq 0 ] || fail "needs root (it starts munged, slurmctld and slurmd)"
check_quoted deploy/vtrack-batch.sbatch
bash scripts/setup/apt-install.sh slurm-wlm slurm-client munge
bash scripts/install-deps.sh
swift build -c release --product vtrack >/dev/null
export PATH="$repo/.build/release:$PATH"   # `vtrack` in the job scripts, as on a cluster's nodes

work="$(mktemp -d "${TMPDIR:-/tmp}/vtrack-ci-slurm.XXXXXX")"
chmod 755 "$work"
mkdir -p "$work/munge" "$work/state" "$work/spool" "$work/submit/logs"
chown munge:munge "$work/munge"
chmod 755 "$work/munge"   # munged wants its socket reachable by everyone
# Stops the daemons this script started, by the process ids in their pid files.
stop_cluster() {
  local status=$? file pid
  if [ -f "$work/slurmctld.pid" ]; then scontrol shutdown >/dev/null 2>&1 || true; fi
  for file in slurmd.pid slurmctld.pid munge/munged.pid; do
    [ -f "$work/$file" ] || continue
    pid="$(cat "$work/$file")"
    if [ "$file" = munge/munged.pid ]; then kill "$pid" 2>/dev/null || true; fi
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid" || true; fi
  done
  if [ "$status" -eq 0 ]; then rm -rf "$work"; else echo "ci-slurm: kept $work (daemon logs: *.log)" >&2; fi
}
trap stop_cluster EXIT

export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<CONF
ClusterName=vtrack-ci
SlurmctldHost=localhost
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$(($(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 1024))
PartitionName=ci Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF

step "starting munged, slurmctld and slurmd"
runuser -u munge -- /usr/sbin/munged --socket="$work/munge/munge.socket" --pid-file="$work/munge/munged.pid" \
  --log-file="$work/munge/munged.log" --seed-file="$work/munge/munged.seed" || fail "munged did not start"
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start (log: $work/slurmctld.log)"
slurmd -f "$SLURM_CONF" -N localhost || fail "slurmd did not start (log: $work/slurmd.log)"
for _ in $(seq 60); do
  [ "$(sinfo -h -N -o %t 2>/dev/null)" = idle ] && break
  sleep 1
done
[ "$(sinfo -h -N -o %t 2>/dev/null)" = idle ] || fail "the node is not idle after 60 s: $(sinfo -N 2>&1)"
step "node idle"

footage="$work/footage" tracks="$work/tracks"
write_footage "$footage" vtrack
cd "$work/submit"
# docs/batch.md, Slurm:
array=$(sbatch --parsable --array=0-1 --cpus-per-task=1 "$repo/deploy/vtrack-batch.sbatch" "$footage" "$tracks")
merge=$(sbatch --parsable --dependency=afterany:"$array" --job-name=vtrack-merge \
    --output=logs/vtrack-merge-%j.log --wrap "vtrack merge $tracks")
step "submitted the array $array and the merge $merge"
for _ in $(seq 300); do
  [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && break
  sleep 1
done
[ -z "$(squeue -h -j "$array,$merge")" ] || fail "jobs still queued or running after 300 s: $(squeue)"
step "both jobs done"

states="$(scontrol -o show job "$array" | grep -o 'JobState=[A-Z]*' | sort | uniq -c | tr -s ' ')"
[ "$states" = " 2 JobState=COMPLETED" ] || fail "array tasks: $states (logs: $work/submit/logs)"
scontrol -o show job "$merge" | grep -q 'JobState=COMPLETED' || fail "the merge job: $(scontrol -o show job "$merge")"
for task in 0 1; do
  [ -s "logs/vtrack-batch-${array}_$task.log" ] || fail "no log logs/vtrack-batch-${array}_$task.log"
done
grep -q "merged 2 shards: 4 ok, 0 failed, 0 skipped" "logs/vtrack-merge-$merge.log" \
  || fail "the merge said: $(cat "logs/vtrack-merge-$merge.log")"
check_outputs "$tracks" summary.shard-0-of-2.json cam1/carphone.mp4=120 cam2/synth-2.mp4=60
check_outputs "$tracks" summary.shard-1-of-2.json cam2/synth-1.mp4=60 cam2/synth-3.mp4=60
check_outputs "$tracks" summary.json cam1/carphone.mp4=120 cam2/synth-1.mp4=60 cam2/synth-2.mp4=60 cam2/synth-3.mp4=60
step "passed"
