#!/usr/bin/env bash
# CI regression guard: OPE and SRE at both levels on the development sequences, for the bare tracker
# and for the pipeline re-seeding every 50 frames, failing (exit 1, one line per figure) when a
# figure is worse than its floor in scripts/ci/eval-floors.json (OPE) or scripts/ci/eval-floors-sre.json
# (SRE), or when re-seeding lowers a sequence's AUC by more than 0.01 (scripts/ci/reseed-guard.py; the
# sequences it is known to hurt have their own recorded ceiling in scripts/ci/reseed-allowances.json).
# Usage: scripts/ci/eval-guard.sh [SEQUENCES_DIR] [OUT_DIR]   (default ../shared/data/sequences, a temp folder)
set -euo pipefail
cd "$(dirname "$0")/../.."
sequences="${1:-../shared/data/sequences}"
if [ ! -d "$sequences" ]; then
  echo "eval-guard: no sequences folder at $sequences (pass it as the first argument)" >&2
  exit 1
fi
out="${2:-$(mktemp -d "${TMPDIR:-/tmp}/vtrack-eval-guard.XXXXXX")}"
swift build -c release --product vtrack >/dev/null
status=0
for protocol in ope sre; do
  floors=scripts/ci/eval-floors.json
  [ "$protocol" = sre ] && floors=scripts/ci/eval-floors-sre.json
  for reseed in 0 50; do
    .build/release/vtrack eval "$sequences" --level both --protocol "$protocol" --reseed-every "$reseed" \
      --categories docs/dev-set-categories.json --require "$floors" --out "$out/$protocol-reseed-$reseed" || status=1
  done
  python3 scripts/ci/reseed-guard.py "$out/$protocol-reseed-0/results.json" "$out/$protocol-reseed-50/results.json" \
    --allowances scripts/ci/reseed-allowances.json --protocol "$protocol" || status=1
done
exit "$status"
