#!/usr/bin/env bash
# Runs the whole test suite (release build: the tests decode, track and encode real video).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product vtrack
swift test -c release "$@"
