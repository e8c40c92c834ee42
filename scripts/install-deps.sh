#!/usr/bin/env bash
# Installs the Debian packages vtrack builds against and its tests use, when they are missing.
# Idempotent: does nothing (and needs no root) when everything is present.
set -euo pipefail

packages=(pkg-config libavformat-dev libavcodec-dev libswscale-dev libavutil-dev libfftw3-dev ffmpeg opencv-data)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The scoring script of the shared tools (used by some tests when present) needs numpy.
if command -v python3 >/dev/null && ! python3 -c "import numpy" 2>/dev/null; then
  python3 -m pip install -q numpy || echo "note: numpy not installed; tests that score with otb_metrics.py will be skipped"
fi
