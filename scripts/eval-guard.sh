#!/usr/bin/env bash
# CI regression guard: OPE and SRE at both levels on the development sequences, failing (exit 1, one
# line per figure) when a figure is worse than its floor in scripts/eval-floors.json (OPE) or
# scripts/eval-floors-sre.json (SRE).
# Usage: scripts/eval-guard.sh [SEQUENCES_DIR] [OUT_DIR]   (default ../shared/data/sequences, a temp folder)
set -euo pipefail
cd "$(dirname "$0")/.."
sequences="${1:-../shared/data/sequences}"
if [ ! -d "$sequences" ]; then
  echo "eval-guard: no sequences folder at $sequences (pass it as the first argument)" >&2
  exit 1
fi
out="${2:-$(mktemp -d "${TMPDIR:-/tmp}/vtrack-eval-guard.XXXXXX")}"
swift build -c release --product vtrack >/dev/null
status=0
.build/release/vtrack eval "$sequences" --level both --protocol ope \
  --categories docs/dev-set-categories.json --require scripts/eval-floors.json --out "$out/ope" || status=1
.build/release/vtrack eval "$sequences" --level both --protocol sre \
  --categories docs/dev-set-categories.json --require scripts/eval-floors-sre.json --out "$out/sre" || status=1
exit "$status"
