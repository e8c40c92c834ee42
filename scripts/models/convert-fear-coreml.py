#!/usr/bin/env python3
"""Converts the FEAR-XS authors' two fp16 Core ML models to ONNX, and checks the result.

FEAR's authors (PinataFarms/FEARTracker, MIT) publish FEAR-XS for iOS as two Core ML "neuralNetwork"
models: `TrackerInit.mlmodel` (template branch: 1x3x128x128 image -> `features` 1x256x8x8) and
`Tracker.mlmodel` (search branch and head: 1x3x256x256 `image` and `template_features` 1x256x8x8 ->
`bbox` 1x4x16x16, edge distances already exponentiated, and `cls` 1x1x16x16, logits). This script
reads each model's protobuf spec (coremltools' generated `Model_pb2`, nothing of coremltools' own
converters) and writes one ONNX node per Core ML layer: convolution -> Conv (explicit pads from the
"valid" padding amounts), ReLU -> Relu, add -> Add, scale -> Mul (+ Add), reshapeStatic -> Reshape,
transpose -> Transpose, batchedMatmul -> MatMul, concat -> Concat on the channel axis, unary EXP ->
Exp. The fp16 weights are widened to fp32 (exactly; no other rounding). Opset 13.

The input convention. Each Core ML image input is an RGB image of 0...255 whose preprocessing is a
`scaler` (channelScale 1; red/green/blue biases -123.675, -116.28, -103.53, i.e. -255 x ImageNet's
mean), followed by the network's first layer `scale_layer`, an fp16 per-channel scale 0.01712,
0.0175, 0.01743 (1 / (255 x ImageNet's deviation), rounded to fp16). Both are kept in the graph as
Add then Mul nodes in front of the first convolution, so the ONNX input `image` is float32 RGB, NCHW,
0...255 (not normalised); `(x / 255 - mean) / std` happens inside. (Folding them into the first
convolution's weights would be wrong at the border: the convolution zero-pads the normalised image.)

    python3 scripts/models/convert-fear-coreml.py SOURCE_DIR OUT_DIR [--check [--reference DIR]]

SOURCE_DIR holds `TrackerInit.mlmodel` and `Tracker.mlmodel` (../shared/models/fear); OUT_DIR gets
`fear_xs_init.onnx` and `fear_xs_track.onnx`. `--check` runs the result and the shared reference
conversion (SOURCE_DIR/reference-onnx unless --reference) with onnxruntime on the same random
images and template features and prints the largest differences, then runs the result under OpenVINO
(f32 inference precision, one thread) against onnxruntime. Needs `coremltools` (for its protobuf
modules), `onnx`, `numpy` (and for --check `onnxruntime`, `openvino`).
"""
import argparse
import logging
import pathlib
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

PAIRS = (("TrackerInit.mlmodel", "fear_xs_init.onnx"), ("Tracker.mlmodel", "fear_xs_track.onnx"))
# Output shapes (Core ML leaves them open); inputs come from the spec.
OUTPUT_SHAPES = {"features": [1, 256, 8, 8], "bbox": [1, 4, 16, 16], "cls": [1, 1, 16, 16]}


def load_spec(path):
    logging.disable(logging.WARNING)  # coremltools warns that its macOS-only runtime is missing
    from coremltools.proto import Model_pb2
    logging.disable(logging.NOTSET)
    spec = Model_pb2.Model()
    spec.ParseFromString(pathlib.Path(path).read_bytes())
    if spec.WhichOneof("Type") != "neuralNetwork":
        raise SystemExit(f"{path}: expected a neuralNetwork model, got {spec.WhichOneof('Type')}")
    return spec


def weights(params, shape):
    """A Core ML WeightParams as fp32, reshaped (fp16 widened exactly)."""
    if len(params.floatValue):
        values = np.array(params.floatValue, np.float32)
    elif len(params.float16Value):
        values = np.frombuffer(params.float16Value, np.float16).astype(np.float32)
    else:
        raise SystemExit("unsupported weight storage (quantised or raw)")
    return values.reshape(shape)


class Graph:
    def __init__(self):
        self.nodes, self.initialisers = [], []

    def constant(self, name, array):
        self.initialisers.append(numpy_helper.from_array(np.asarray(array), name))
        return name

    def node(self, op, inputs, outputs, name, **attributes):
        self.nodes.append(helper.make_node(op, inputs, outputs, name=name, **attributes))


def image_preprocessing(graph, spec, name):
    """Core ML's image scaler: x * channelScale + per-channel bias, RGB order for an RGB input."""
    for entry in spec.neuralNetwork.preprocessing:
        if entry.featureName != name:
            continue
        kind = entry.WhichOneof("preprocessor")
        if kind != "scaler":
            raise SystemExit(f"unsupported preprocessing {kind}")
        scaler = entry.scaler
        bias = np.array([scaler.redBias, scaler.greenBias, scaler.blueBias], np.float32).reshape(1, 3, 1, 1)
        current = name
        if scaler.channelScale not in (0.0, 1.0):  # 0 is the protobuf default, meaning 1
            graph.node("Mul", [current, graph.constant(name + "_channel_scale", np.float32(scaler.channelScale))],
                       [name + "_scaled_input"], name + "_channel_scale")
            current = name + "_scaled_input"
        graph.node("Add", [current, graph.constant(name + "_bias", bias)], [name + "_preprocessed"], name + "_bias")
        return name + "_preprocessed"
    return name


def convolution(graph, layer, source):
    p = layer.convolution
    if p.isDeconvolution or p.WhichOneof("ConvolutionPaddingType") != "valid":
        raise SystemExit(f"{layer.name}: only forward convolutions with explicit padding are handled")
    kernel = list(p.kernelSize) or [3, 3]
    shape = [p.outputChannels, p.kernelChannels] + kernel
    inputs = [source, graph.constant(layer.name + "_weight", weights(p.weights, shape))]
    if p.hasBias:
        inputs.append(graph.constant(layer.name + "_bias", weights(p.bias, [p.outputChannels])))
    borders = p.valid.paddingAmounts.borderAmounts  # height, then width
    begin = [b.startEdgeSize for b in borders] or [0, 0]
    end = [b.endEdgeSize for b in borders] or [0, 0]
    graph.node("Conv", inputs, [layer.output[0]], layer.name, kernel_shape=kernel,
               strides=list(p.stride) or [1, 1], dilations=list(p.dilationFactor) or [1, 1],
               group=max(1, p.nGroups), pads=begin + end)


def scale(graph, layer, source):
    p = layer.scale
    factor = weights(p.scale, [1] + list(p.shapeScale))
    output = layer.output[0]
    scaled = layer.name + "_scaled" if p.hasBias else output
    graph.node("Mul", [source, graph.constant(layer.name + "_scale", factor)], [scaled], layer.name)
    if p.hasBias:
        bias = weights(p.bias, [1] + list(p.shapeBias))
        graph.node("Add", [scaled, graph.constant(layer.name + "_bias", bias)], [output], layer.name + "_bias")


def convert_layer(graph, layer, renamed):
    kind = layer.WhichOneof("layer")
    inputs = [renamed.get(name, name) for name in layer.input]
    output, name = layer.output[0], layer.name
    if kind == "convolution":
        convolution(graph, layer, inputs[0])
    elif kind == "activation":
        if layer.activation.WhichOneof("NonlinearityType") != "ReLU":
            raise SystemExit(f"{name}: unsupported activation")
        graph.node("Relu", inputs, [output], name)
    elif kind == "add":
        if len(inputs) != 2:
            raise SystemExit(f"{name}: add of {len(inputs)} inputs")
        graph.node("Add", inputs, [output], name)
    elif kind == "scale":
        scale(graph, layer, inputs[0])
    elif kind == "reshapeStatic":
        shape = np.array(layer.reshapeStatic.targetShape, np.int64)
        graph.node("Reshape", [inputs[0], graph.constant(name + "_shape", shape)], [output], name)
    elif kind == "transpose":
        graph.node("Transpose", inputs, [output], name, perm=list(layer.transpose.axes))
    elif kind == "batchedMatmul":
        p = layer.batchedMatmul
        if p.transposeA or p.transposeB or p.weightMatrixFirstDimension or p.hasBias or len(inputs) != 2:
            raise SystemExit(f"{name}: only a plain two-input batched matmul is handled")
        graph.node("MatMul", inputs, [output], name)
    elif kind == "concat":
        if layer.concat.sequenceConcat:
            raise SystemExit(f"{name}: sequence concat")
        graph.node("Concat", inputs, [output], name, axis=-3)  # Core ML concatenates channels
    elif kind == "unary":
        p = layer.unary
        if p.type != p.EXP or (p.scale not in (0.0, 1.0)) or p.shift != 0:
            raise SystemExit(f"{name}: only exp(x) is handled")
        graph.node("Exp", inputs, [output], name)
    else:
        raise SystemExit(f"{name}: unsupported layer {kind}")


def convert(spec):
    graph, renamed, inputs = Graph(), {}, []
    for feature in spec.description.input:
        kind = feature.type.WhichOneof("Type")
        if kind == "imageType":
            image = feature.type.imageType
            if image.colorSpace != image.RGB:
                raise SystemExit(f"{feature.name}: only RGB image inputs are handled")
            shape = [1, 3, image.height, image.width]
            renamed[feature.name] = image_preprocessing(graph, spec, feature.name)
        else:
            shape = list(feature.type.multiArrayType.shape)
        inputs.append(helper.make_tensor_value_info(feature.name, TensorProto.FLOAT, shape))
    for layer in spec.neuralNetwork.layers:
        convert_layer(graph, layer, renamed)
    outputs = [helper.make_tensor_value_info(f.name, TensorProto.FLOAT, OUTPUT_SHAPES.get(f.name))
               for f in spec.description.output]
    body = helper.make_graph(graph.nodes, "fear_xs", inputs, outputs, graph.initialisers)
    model = helper.make_model(body, opset_imports=[helper.make_opsetid("", 13)],
                              producer_name="vtrack convert-fear-coreml.py")
    model.ir_version = 8
    model.doc_string = spec.description.metadata.shortDescription
    onnx.checker.check_model(model, full_check=True)
    return model


def check(out, reference):
    import onnxruntime
    import openvino
    rng = np.random.default_rng(7)
    quiet = onnxruntime.SessionOptions()
    quiet.log_severity_level = 3
    quiet.intra_op_num_threads = 1
    session = lambda path: onnxruntime.InferenceSession(str(path), quiet, providers=["CPUExecutionProvider"])
    core = openvino.Core()
    compiled = lambda path: core.compile_model(str(path), "CPU", {"INFERENCE_PRECISION_HINT": "f32",
                                                                 "INFERENCE_NUM_THREADS": 1})
    (init_name, track_name) = (converted for _, converted in PAIRS)
    ours = session(out / init_name), session(out / track_name)
    theirs = session(reference / init_name), session(reference / track_name)
    vino = compiled(out / init_name), compiled(out / track_name)
    against_reference, against_openvino, magnitude = {}, {}, {}

    def note(table, name, a, b):
        table[name] = max(table.get(name, 0.0), float(np.abs(np.asarray(a) - np.asarray(b)).max()))

    for trial in range(5):
        template = rng.integers(0, 256, (1, 3, 128, 128)).astype(np.float32)
        search = rng.integers(0, 256, (1, 3, 256, 256)).astype(np.float32)
        features = ours[0].run(None, {"image": template})[0]
        note(against_reference, "features", features, theirs[0].run(None, {"image": template})[0])
        note(against_openvino, "features", features, vino[0]({"image": template})[0])
        magnitude["features"] = max(magnitude.get("features", 0.0), float(np.abs(features).max()))
        feeds = {"image": search, "template_features": features}
        names = [o.name for o in ours[1].get_outputs()]
        mine = dict(zip(names, ours[1].run(None, feeds)))
        reference_outputs = dict(zip([o.name for o in theirs[1].get_outputs()], theirs[1].run(None, feeds)))
        result = vino[1](feeds)
        for name in names:
            note(against_reference, name, mine[name], reference_outputs[name])
            note(against_openvino, name, mine[name], result[vino[1].output(name)])
            magnitude[name] = max(magnitude.get(name, 0.0), float(np.abs(mine[name]).max()))
    for name in against_reference:
        print(f"{name}: largest |value| {magnitude[name]:.4g}; largest difference against the reference "
              f"(onnxruntime) {against_reference[name]:.3g}; OpenVINO f32 against onnxruntime "
              f"{against_openvino[name]:.3g} (5 random inputs)")
    return against_reference, against_openvino


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=pathlib.Path)
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--reference", type=pathlib.Path, help="folder of the reference ONNX pair "
                        "(default SOURCE_DIR/reference-onnx)")
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)
    for original, converted in PAIRS:
        model = convert(load_spec(arguments.source / original))
        onnx.save(model, str(arguments.out / converted))
        print(f"wrote {arguments.out / converted} ({len(model.graph.node)} nodes)")
    if arguments.check:
        check(arguments.out, arguments.reference or arguments.source / "reference-onnx")


if __name__ == "__main__":
    sys.exit(main())
