#!/usr/bin/env python3
"""LightFC's authors' test loop (their `lib/test/tracker/lightfc.py`, OSTrack's), written here to
check vtrack's loop and the int8 conversion against: OPE from the first ground-truth box, success AUC
as the shared READMEs score it (21 thresholds, every frame with ground truth, the first included).

    python3 scripts/experiments/lightfc-authors-loop.py --runtime onnxruntime --models ../shared/models/lightfc/int8 Bolt2 bag
    python3 scripts/experiments/lightfc-authors-loop.py --runtime openvino --models Models/lightfc Bolt2 bag

The loop: a square crop of side ceil(sqrt(w h) x factor) around the box's centre (x + w/2), factor 2
for the template (resized to 128) and 4 for the search region (256), zero padding, RGB normalised by
ImageNet's mean and deviation; the score map times a centred Hann window, its peak; the box's centre
at (peak + offset) / 16 of the search crop and its size from the size map (a fraction of the crop),
scaled back around the previous centre; clipped 2 px inside the frame. One inference thread.
"""
import argparse
import math
import pathlib

import cv2
import numpy as np

import authors_loop_sequences as sequences

MEAN = np.array([0.485, 0.456, 0.406], np.float32).reshape(1, 3, 1, 1)
STD = np.array([0.229, 0.224, 0.225], np.float32).reshape(1, 3, 1, 1)
FILES = {"onnxruntime": ("lightfc_w8a8_backbone_opset12.onnx", "lightfc_w8a8_tracking_opset12.onnx"),
         "openvino": ("lightfc_backbone.onnx", "lightfc_tracking.onnx")}


def networks(runtime, folder):
    backbone, tracking = (str(pathlib.Path(folder) / name) for name in FILES[runtime])
    if runtime == "onnxruntime":
        import onnxruntime
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.log_severity_level = 3
        b = onnxruntime.InferenceSession(backbone, options, providers=["CPUExecutionProvider"])
        t = onnxruntime.InferenceSession(tracking, options, providers=["CPUExecutionProvider"])
        return (lambda z: b.run(None, {"template": z})[0],
                lambda f, x: t.run(None, {"template_features": f, "search": x}))
    import openvino
    core = openvino.Core()
    options = {"INFERENCE_PRECISION_HINT": "f32", "INFERENCE_NUM_THREADS": 1}
    b, t = core.compile_model(backbone, "CPU", options), core.compile_model(tracking, "CPU", options)
    return (lambda z: b({"template": z})[0],
            lambda f, x: [v for v in t({"template_features": f, "search": x}).values()])


def sample(image, box, factor, side):
    x, y, w, h = box
    crop = math.ceil(math.sqrt(w * h) * factor)
    x1, y1 = round(x + 0.5 * w - crop * 0.5), round(y + 0.5 * h - crop * 0.5)
    x2, y2 = x1 + crop, y1 + crop
    pads = max(0, -x1), max(x2 - image.shape[1] + 1, 0), max(0, -y1), max(y2 - image.shape[0] + 1, 0)
    patch = image[y1 + pads[2]:y2 - pads[3], x1 + pads[0]:x2 - pads[1]]
    patch = cv2.copyMakeBorder(patch, pads[2], pads[3], pads[0], pads[1], cv2.BORDER_CONSTANT)
    patch = cv2.resize(patch, (side, side)).astype(np.float32).transpose(2, 0, 1)[None]
    return ((patch / 255 - MEAN) / STD).astype(np.float32), side / crop


def hann(side):
    one = 0.5 * (1 - np.cos(2 * np.pi / (side + 1) * np.arange(1, side + 1)))
    return np.outer(one, one)


def track(frames, first, embed, respond):
    template, _ = sample(frames[0], first, 2, 128)
    features = embed(template)
    state, window, boxes = list(first), hann(16), [list(first)]
    for image in frames[1:]:
        search, factor = sample(image, state, 4, 256)
        outputs = respond(features, search)
        score, size, offset = (np.asarray(o)[0] for o in outputs)
        peak = int(np.argmax(score[0] * window))
        row, column = divmod(peak, 16)
        cx = (column + offset[0, row, column]) / 16 * 256 / factor
        cy = (row + offset[1, row, column]) / 16 * 256 / factor
        w, h = size[0, row, column] * 256 / factor, size[1, row, column] * 256 / factor
        half = 0.5 * 256 / factor
        cx += state[0] + 0.5 * state[2] - half
        cy += state[1] + 0.5 * state[3] - half
        state = clip([cx - w / 2, cy - h / 2, w, h], image.shape[0], image.shape[1], 2)
        boxes.append(state)
    return boxes


def clip(box, height, width, margin):
    x1, y1, w, h = box
    x2, y2 = x1 + w, y1 + h
    x1, x2 = min(max(0, x1), width - margin), min(max(margin, x2), width)
    y1, y2 = min(max(0, y1), height - margin), min(max(margin, y2), height)
    return [x1, y1, max(margin, x2 - x1), max(margin, y2 - y1)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runtime", choices=sorted(FILES), required=True)
    parser.add_argument("--models", required=True)
    parser.add_argument("--sequences", default="../shared/data/sequences")
    parser.add_argument("--out", help="folder for <Seq>.csv boxes")
    parser.add_argument("names", nargs="+")
    arguments = parser.parse_args()
    embed, respond = networks(arguments.runtime, arguments.models)
    scores = []
    for name in arguments.names:
        frames, truth = sequences.load(arguments.sequences, name)
        boxes = track(frames, truth[0], embed, respond)
        score = sequences.auc(boxes, truth)
        scores.append(score)
        print(f"{name}\t{score:.3f}", flush=True)
        if arguments.out:
            sequences.write_csv(arguments.out, name, boxes)
    print(f"mean\t{np.mean(scores):.3f}\t({len(scores)} sequences)")


if __name__ == "__main__":
    main()
