#!/usr/bin/env bash
# Makes a Debian bookworm base image locally, for machines that cannot pull one from a registry:
# a minimal root file system from Debian's mirror (debootstrap --variant=minbase, about 2 minutes)
# imported as IMAGE (default localhost/debian:bookworm). Does nothing when IMAGE already exists.
# Needs root; installs debootstrap when it is missing. DEBIAN_MIRROR overrides the mirror.
#   scripts/container/build-base-image.sh [IMAGE]
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/container/container-engine.sh
image="${1:-localhost/debian:bookworm}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
if "${engine[@]}" image inspect "$image" >/dev/null 2>&1; then
  echo "build-base-image: $image exists"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "error: build-base-image: debootstrap needs root" >&2
  exit 1
fi
bash scripts/setup/apt-install.sh debootstrap
rootfs="$(mktemp -d "${TMPDIR:-/tmp}/vtrack-rootfs.XXXXXX")"
trap 'rm -rf --one-file-system "$rootfs"' EXIT
echo "build-base-image: debootstrap bookworm from $mirror"
if ! debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1; then
  tail -n 20 "$rootfs.log" >&2
  echo "error: build-base-image: debootstrap failed (log above, whole log in $rootfs.log)" >&2
  exit 1
fi
rm -f "$rootfs.log"
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
tar -C "$rootfs" -c . | "${engine[@]}" import --change 'CMD ["/bin/bash"]' - "$image"
echo "build-base-image: made $image"
