#!/usr/bin/env python3
"""Rewrites LightFC's int8 ONNX pair so that OpenVINO reads it, and checks the result.

OpenVINO's ONNX reader refuses the carrier's per-channel `QLinearConv` nodes. Each becomes
DequantizeLinear (the activation) -> Conv -> QuantizeLinear, its int8 weights and int32 bias
dequantised per output channel by DequantizeLinear nodes ((w - w_zero) * w_scale, bias * x_scale *
w_scale): the same arithmetic as the fused node, the weights still stored as 8-bit integers (opset 13
for the per-channel axis). Every other node is kept as it is.

    python3 scripts/models/convert-lightfc-int8.py SOURCE_DIR OUT_DIR [--check]

SOURCE_DIR holds the carrier's `lightfc_w8a8_backbone_opset12.onnx` and
`lightfc_w8a8_tracking_opset12.onnx` (../shared/models/lightfc/int8); OUT_DIR gets
`lightfc_backbone.onnx` and `lightfc_tracking.onnx`. `--check` runs the original with onnxruntime and
the rewrite with OpenVINO (f32 inference precision) on the same crops and prints the largest
differences. Needs `onnx` (and for --check `onnxruntime`, `openvino`, `numpy`).
"""
import argparse
import pathlib
import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper

PAIRS = (("lightfc_w8a8_backbone_opset12.onnx", "lightfc_backbone.onnx"),
         ("lightfc_w8a8_tracking_opset12.onnx", "lightfc_tracking.onnx"))


def constant_values(graph):
    """Every constant tensor by name: initialisers and the outputs of Constant nodes."""
    values = {init.name: numpy_helper.to_array(init) for init in graph.initializer}
    for node in graph.node:
        if node.op_type == "Constant":
            for attribute in node.attribute:
                if attribute.name == "value":
                    values[node.output[0]] = numpy_helper.to_array(attribute.t)
    return values


def rewrite(model):
    graph = model.graph
    values = constant_values(graph)
    nodes, initialisers = [], []
    for index, node in enumerate(graph.node):
        if node.op_type != "QLinearConv":
            nodes.append(node)
            continue
        x, x_scale, x_zero, w, w_scale, w_zero, y_scale, y_zero = node.input[:8]
        bias = node.input[8] if len(node.input) > 8 and node.input[8] else None
        stem = f"qlinearconv{index}"
        nodes.append(helper.make_node("DequantizeLinear", [w, w_scale, w_zero], [stem + "_weight"], axis=0,
                                      name=stem + "_dequantise_weight"))
        conv_inputs = [stem + "_x", stem + "_weight"]
        if bias:
            input_scale = np.float32(np.asarray(values[x_scale]).reshape(()))
            bias_scale = (input_scale * np.asarray(values[w_scale], dtype=np.float32).reshape(-1)).astype(np.float32)
            initialisers.append(numpy_helper.from_array(bias_scale, stem + "_bias_scale"))
            nodes.append(helper.make_node("DequantizeLinear", [bias, stem + "_bias_scale"], [stem + "_bias"], axis=0,
                                          name=stem + "_dequantise_bias"))
            conv_inputs.append(stem + "_bias")
        nodes.append(helper.make_node("DequantizeLinear", [x, x_scale, x_zero], [stem + "_x"], name=stem + "_dequantise"))
        conv = helper.make_node("Conv", conv_inputs, [stem + "_y"], name=stem + "_conv")
        conv.attribute.extend(node.attribute)
        nodes.append(conv)
        nodes.append(helper.make_node("QuantizeLinear", [stem + "_y", y_scale, y_zero], [node.output[0]], name=stem + "_quantise"))
    del graph.node[:]
    graph.node.extend(nodes)
    used = {name for node in nodes for name in node.input}
    kept = [init for init in graph.initializer if init.name in used] + initialisers
    del graph.initializer[:]
    graph.initializer.extend(kept)
    for opset in model.opset_import:
        if opset.domain in ("", "ai.onnx"):
            opset.version = max(opset.version, 13)  # DequantizeLinear's per-channel axis
    onnx.checker.check_model(model)
    return model


def check(source, out):
    import onnxruntime
    import openvino
    rng = np.random.default_rng(7)
    mean = np.array([0.485, 0.456, 0.406], np.float32).reshape(1, 3, 1, 1)
    std = np.array([0.229, 0.224, 0.225], np.float32).reshape(1, 3, 1, 1)

    def crop(side):
        pixels = rng.integers(0, 256, (1, 3, side, side)).astype(np.float32)
        return ((pixels / 255 - mean) / std).astype(np.float32)

    core = openvino.Core()
    options = {"INFERENCE_PRECISION_HINT": "f32", "INFERENCE_NUM_THREADS": 1}
    quiet = onnxruntime.SessionOptions()
    quiet.log_severity_level = 3
    session = lambda name: onnxruntime.InferenceSession(str(source / name), quiet, providers=["CPUExecutionProvider"])
    compiled = lambda name: core.compile_model(str(out / name), "CPU", options)
    worst = {}
    backbone, tracking = session(PAIRS[0][0]), session(PAIRS[1][0])
    converted_backbone, converted_tracking = compiled(PAIRS[0][1]), compiled(PAIRS[1][1])
    for trial in range(5):
        template, search = crop(128), crop(256)
        reference_features = backbone.run(None, {"template": template})[0]
        converted_features = converted_backbone({"template": template})[0]
        worst["template_features"] = max(worst.get("template_features", 0), float(np.abs(reference_features - converted_features).max()))
        reference = tracking.run(None, {"template_features": reference_features, "search": search})
        result = converted_tracking({"template_features": reference_features, "search": search})
        for index, expected in enumerate(reference):
            name = tracking.get_outputs()[index].name
            worst[name] = max(worst.get(name, 0), float(np.abs(result[index] - expected).max()))
    for name, difference in worst.items():
        print(f"{name}: largest difference {difference:.6f} over 5 random crops")
    return worst


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=pathlib.Path)
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--check", action="store_true")
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)
    for original, converted in PAIRS:
        model = rewrite(onnx.load(str(arguments.source / original)))
        onnx.save(model, str(arguments.out / converted))
        print(f"wrote {arguments.out / converted}")
    if arguments.check:
        check(arguments.source, arguments.out)


if __name__ == "__main__":
    sys.exit(main())
