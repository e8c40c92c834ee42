"""Writes a tiny ONNX "detector" whose output is a known constant, in the YOLOv5 ([1, N, 5+C]) or
YOLOv8 ([1, 4+C, N]) layout, with Ultralytics-style class names in its metadata.

usage: make_yolo_onnx.py v5|v8 OUT.onnx [--no-names] [--first-class N]
--first-class N gives the first candidate (the 0.9 person) class N instead: a model of the same
size with other contents. --uint8-input makes the input 8-bit ([1, 3, 320, 320] uint8), cast to float inside.
--names TEXT writes TEXT as the names metadata instead (e.g. "{0: 'person', 2: 'dog'}").
The output does not depend on the image (it adds 0 x the image mean), so the decoding of boxes,
scores, classes and the letterbox mapping can be checked exactly.
"""
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

SIZE = 320
NAMES = ["person", "car", "dog"]
# centre x, centre y, width, height (input pixels), class, score
CANDIDATES = [
    (160.0, 160.0, 64.0, 128.0, 0, 0.9),
    (80.0, 200.0, 40.0, 40.0, 1, 0.8),
    (82.0, 202.0, 40.0, 40.0, 1, 0.6),   # overlaps the previous car: suppressed
    (84.0, 198.0, 40.0, 40.0, 2, 0.7),   # overlaps the car but is a dog: kept
    (250.0, 100.0, 30.0, 30.0, 2, 0.2),  # below the minimum score
] + [(16.0 * i, 16.0 * i, 8.0, 8.0, i % 3, 0.0) for i in range(59)]  # empty candidates, as real models have thousands


def output_array(layout):
    classes = len(NAMES)
    if layout == "v5":
        rows = []
        for cx, cy, w, h, c, s in CANDIDATES:
            probabilities = [0.0] * classes
            probabilities[c] = 1.0
            rows.append([cx, cy, w, h, s] + probabilities)
        return np.array([rows], dtype=np.float32)
    columns = []
    for cx, cy, w, h, c, s in CANDIDATES:
        scores = [0.0] * classes
        scores[c] = s
        columns.append([cx, cy, w, h] + scores)
    return np.array([columns], dtype=np.float32).transpose(0, 2, 1).copy()


def main():
    layout, path = sys.argv[1], sys.argv[2]
    if "--first-class" in sys.argv:
        cx, cy, w, h, _, s = CANDIDATES[0]
        CANDIDATES[0] = (cx, cy, w, h, int(sys.argv[sys.argv.index("--first-class") + 1]), s)
    constant = output_array(layout)
    uint8_input = "--uint8-input" in sys.argv
    cast = [helper.make_node("Cast", ["images"], ["pixels"], to=TensorProto.FLOAT)] if uint8_input else []
    graph = helper.make_graph(
        cast + [
            helper.make_node("ReduceMean", ["pixels" if uint8_input else "images"], ["mean"], keepdims=0),
            helper.make_node("Mul", ["mean", "zero"], ["nothing"]),
            helper.make_node("Add", ["table", "nothing"], ["output0"]),
        ],
        "constant_detector",
        [helper.make_tensor_value_info("images", TensorProto.UINT8 if uint8_input else TensorProto.FLOAT, [1, 3, SIZE, SIZE])],
        [helper.make_tensor_value_info("output0", TensorProto.FLOAT, list(constant.shape))],
        initializer=[numpy_helper.from_array(constant, "table"), numpy_helper.from_array(np.array(0, dtype=np.float32), "zero")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    if "--no-names" not in sys.argv:
        names = "{" + ", ".join(f"{i}: '{n}'" for i, n in enumerate(NAMES)) + "}"
        if "--names" in sys.argv:
            names = sys.argv[sys.argv.index("--names") + 1]
        helper.set_model_props(model, {"names": names, "stride": "32"})
    onnx.checker.check_model(model)
    onnx.save(model, path)


if __name__ == "__main__":
    main()
