#!/usr/bin/env bash
# Builds the vtrack container image IMAGE (default localhost/vtrack:latest) from the Containerfile:
# vtrack linked statically against the Swift runtime (swift build --static-swift-stdlib, in
# .build-static so that .build is left alone), the OpenVINO runtime and models of .deps/, on the
# base image BASE_IMAGE (default debian:bookworm-slim; scripts/container/build-base-image.sh makes
# localhost/debian:bookworm where no registry is reachable). Uses podman, else docker
# (CONTAINER_ENGINE chooses).
#   scripts/container/build-image.sh [IMAGE]
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/container/container-engine.sh
image="${1:-localhost/vtrack:latest}"
base="${BASE_IMAGE:-debian:bookworm-slim}"
bash scripts/install-deps.sh
swift build -c release --static-swift-stdlib --product vtrack --scratch-path .build-static
context=.build-static/image-context
rm -rf "$context"
mkdir -p "$context/deps"
cp .build-static/release/vtrack "$context/vtrack"
cp -r .deps/openvino .deps/models "$context/deps/"
revision="$(git rev-parse HEAD 2>/dev/null || echo unknown)"
"${engine[@]}" build --file Containerfile --build-arg BASE_IMAGE="$base" --build-arg REVISION="$revision" \
  --tag "$image" "$context"
echo "build-image: built $image (vtrack at $revision, on $base)"
