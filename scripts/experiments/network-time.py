#!/usr/bin/env python3
"""Times NanoTrack's search networks and the appearance describer alone, one thread, f32.

Usage (an experiment, not part of the build; needs numpy and the OpenVINO wheel that
scripts/install-deps.sh keeps in .deps/wheels, unpacked):
  unzip -q .deps/wheels/openvino-*.whl -d /tmp/ovpy
  PYTHONPATH=/tmp/ovpy taskset -c 1 python3 scripts/experiments/network-time.py [--deps .deps] [--runs 300]

Prints milliseconds per inference on random inputs: each NanoTrack version's backbone on a 255x255
search crop and its head, as vtrack's NanoTrackNetwork compiles them (one thread per lane, f32),
and the appearance describer on its 96x96 crop. docs/siamese-tracker.md ("Speed") has the results.
"""
import argparse
import time

import numpy as np
import openvino as ov

NANOTRACK = {"v2": ("v2/nanotrack_backbone_sim.onnx", "v2/nanotrack_head_sim.onnx"),
             "v3": ("v3/nanotrack_backbone.onnx", "v3/nanotrack_head.onnx")}
SETTINGS = {"INFERENCE_NUM_THREADS": "1", "INFERENCE_PRECISION_HINT": "f32"}


def milliseconds(request, inputs, runs):
    for _ in range(20):
        request.infer(inputs)
    start = time.perf_counter()
    for _ in range(runs):
        request.infer(inputs)
    return (time.perf_counter() - start) / runs * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deps", default=".deps")
    parser.add_argument("--runs", type=int, default=300)
    args = parser.parse_args()
    core = ov.Core()
    rng = np.random.default_rng(0)
    for version, (backbone_file, head_file) in NANOTRACK.items():
        model = core.read_model(f"{args.deps}/models/nanotrack/{backbone_file}")
        model.reshape([1, 3, 255, 255])
        backbone = core.compile_model(model, "CPU", SETTINGS).create_infer_request()
        head_model = core.compile_model(core.read_model(f"{args.deps}/models/nanotrack/{head_file}"), "CPU", SETTINGS)
        head = head_model.create_infer_request()
        crop = (rng.random((1, 3, 255, 255)) * 255).astype(np.float32)
        features = backbone.infer([crop])[0]
        template = rng.random(tuple(head_model.inputs[0].get_shape())).astype(np.float32)
        backbone_ms = milliseconds(backbone, [crop], args.runs)
        head_ms = milliseconds(head, [template, features], args.runs)
        print(f"NanoTrack {version}: backbone {backbone_ms:.2f} ms, head {head_ms:.2f} ms, search {backbone_ms + head_ms:.2f} ms")
    describer_model = core.compile_model(core.read_model(f"{args.deps}/models/appearance/appearance.xml"), "CPU",
                                         {"INFERENCE_NUM_THREADS": "1"})
    describer = describer_model.create_infer_request()
    picture = (rng.random(tuple(describer_model.inputs[0].get_shape())) * 255).astype(np.uint8)
    print(f"appearance describer: {milliseconds(describer, [picture], args.runs):.2f} ms")


if __name__ == "__main__":
    main()
