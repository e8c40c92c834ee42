#!/usr/bin/env bash
# Runs the whole test suite (release build: the tests decode, track and encode real video) and
# ends with one summary line: "N passed, N failed, N skipped".
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product vtrack
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
swift test -c release --disable-swift-testing "$@" 2>&1 | tee "$log" || status=$?
summary="$(grep -E 'Executed [0-9]+ tests?, with' "$log" | tail -n 1 || true)"
if [ -n "$summary" ]; then
  total=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$summary")
  failed=$(sed -E 's/.* ([0-9]+) failures?.*/\1/' <<<"$summary")
  skipped=0
  if grep -qE '[0-9]+ tests? skipped' <<<"$summary"; then
    skipped=$(sed -E 's/.* ([0-9]+) tests? skipped.*/\1/' <<<"$summary")
  fi
  echo "$((total - failed - skipped)) passed, $failed failed, $skipped skipped"
fi
exit "$status"
