#!/usr/bin/env python3
"""Whether NanoTrack's search backbone runs cheaper per object on a batch of crops, one thread, f32.

Usage (an experiment, not part of the build; needs numpy and the OpenVINO wheel that
scripts/install-deps.sh keeps in .deps/wheels, unpacked):
  unzip -q .deps/wheels/openvino-*.whl -d /tmp/ovpy
  PYTHONPATH=/tmp/ovpy taskset -c 1 python3 scripts/experiments/batch-time.py [--deps .deps] [--rounds 25]

Both releases' backbones fix their batch at 1 inside the graph (the squeeze-and-excitation blocks
reshape to [1, C, 1, 1]), so the script first lets those reshapes copy the batch dimension (0 with
special_zero) and then compiles the backbone for batches of 1, 2, 4, 8 and 16 crops as
NanoTrackNetwork compiles a lane (one thread, f32). It checks that a batch of 8 gives exactly the
8 single-crop results, then prints the CPU time per object of each batch size, the sizes
alternating round after round (CPU time, not wall time, so that other jobs on the machine count
less). The head cannot be batched this way: it correlates by using the template's features as
convolution weights. docs/performance.md has the results.
"""
import argparse
import time

import numpy as np
import openvino as ov
from openvino import opset13 as ops

BACKBONES = {"v2": "v2/nanotrack_backbone_sim.onnx", "v3": "v3/nanotrack_backbone.onnx"}
SETTINGS = {"INFERENCE_NUM_THREADS": "1", "INFERENCE_PRECISION_HINT": "f32", "PERFORMANCE_HINT": "LATENCY",
            "ENABLE_CPU_PINNING": "NO"}
BATCHES = (1, 2, 4, 8, 16)


def free_batch(model):
    """Makes every constant-shape Reshape whose first dimension is 1 copy its input's batch instead."""
    for node in model.get_ordered_ops():
        if node.get_type_name() != "Reshape":
            continue
        shape = node.input_value(1).get_node()
        if shape.get_type_name() != "Constant":
            continue
        dims = shape.get_data().copy()
        if len(dims) and dims[0] == 1:
            dims[0] = 0
            node.input(1).replace_source_output(ops.constant(dims.astype(np.int64)).output(0))
            node.set_special_zero(True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deps", default=".deps")
    parser.add_argument("--rounds", type=int, default=25)
    args = parser.parse_args()
    core = ov.Core()
    rng = np.random.default_rng(0)
    for version, file in BACKBONES.items():
        requests = {}
        for batch in BATCHES:
            model = core.read_model(f"{args.deps}/models/nanotrack/{file}")
            free_batch(model)
            model.reshape([batch, 3, 255, 255])
            crops = (rng.random((batch, 3, 255, 255)) * 255).astype(np.float32)
            requests[batch] = (core.compile_model(model, "CPU", SETTINGS).create_infer_request(), crops)
        single, (eight, crops) = requests[1][0], requests[8]
        together = eight.infer([crops])[0].copy()
        apart = np.concatenate([single.infer([crops[i:i + 1]])[0].copy() for i in range(8)])
        print(f"NanoTrack {version}: a batch of 8 equals 8 single crops: {bool((together == apart).all())}")
        spent = dict.fromkeys(BATCHES, 0.0)
        for _ in range(args.rounds):
            for batch, (request, crops) in requests.items():
                start = time.process_time()
                for _ in range(16 // batch):
                    request.infer([crops])
                spent[batch] += time.process_time() - start
        for batch in BATCHES:
            print(f"NanoTrack {version} backbone, batch {batch:2}: {spent[batch] / (16 * args.rounds) * 1e3:.2f} CPU-ms per object")


if __name__ == "__main__":
    main()
