#!/usr/bin/env bash
# Refits the correlation filters' confidence models on the whole development set: runs
# `vtrack eval --correlation-filter --evidence` for OPE,
# SRE and TRE, bare (--reseed-every 0) and re-seeding every 50 frames, at both levels, then
# scripts/fitting/fit-confidence.py, which prints the calibration figures (leave-one-sequence-out and
# in-sample) and, with --write, puts the new weights in the Swift sources (rebuild afterwards).
# Usage: scripts/fitting/refit-confidence.sh [SEQUENCES_DIR] [RUNS_DIR] [--write]   (about 25 min on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/../.."
sequences="${1:-../shared/data/sequences}"
runs="${2:-refit-out}"
write="${3:-}"
swift build -c release --product vtrack >/dev/null
mkdir -p "$runs"
for protocol in ope sre tre; do
  for reseed in 0 50; do
    .build/release/vtrack eval "$sequences" --level both --protocol "$protocol" --reseed-every "$reseed" --evidence --correlation-filter \
      --out "$runs/$protocol-$reseed" >"$runs/$protocol-$reseed.log"
  done
done
python3 scripts/fitting/fit-confidence.py "$runs" --sequences "$sequences" --json "$runs/fit.json" $write
