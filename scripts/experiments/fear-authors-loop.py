#!/usr/bin/env python3
"""FEAR-XS's authors' test loop (their `model_training/tracker/fear_tracker.py` and `base_tracker.py`
with `config/tracker/siam_tracker.yaml`), written here to check vtrack's loop and the Core ML -> ONNX
conversion against: OPE from the first ground-truth box, success AUC as the shared READMEs score it
(21 thresholds, every frame with ground truth, the first included).

    python3 scripts/experiments/fear-authors-loop.py --runtime onnxruntime --models /tmp/fear Bolt2 bag
    python3 scripts/experiments/fear-authors-loop.py --runtime openvino --models /tmp/fear --out /tmp/fear-ov Bolt2

--models is a folder with `fear_xs_init.onnx` and `fear_xs_track.onnx` from
scripts/models/convert-fear-coreml.py (or ../shared/models/fear/reference-onnx); their `image` inputs
take RGB float 0...255, the normalisation being inside the graph.

The loop, on RGB frames: boxes are kept as integers (x, y, w, h), clamped into the frame with sides of
at least 3. The template is the box extended by 0.2 of its width and height on each side (corner and
size truncated to integers), cut out and padded with the first frame's mean colour, resized to
128 x 128 (bilinear; not kept square). Each update cuts the box extended by 2 sizes on each side (5w x
5h) the same way and resizes it to 256 x 256, so the crop's scale differs in x and y. The network gives
logits (sigmoid) and edge distances (left, top, right, bottom) on a 16 x 16 grid of stride 16 whose
cells sit at 16 (i - 8) + 128. With `--smooth` (the authors' `smooth` option, which their released
configuration does not set) the score is penalised for change of scale and aspect (penalty_k 0.062)
against the previous box's size in crop pixels, blended with a Hann window (window_influence 0.38),
and the size is smoothed with lr = penalty x score x 0.765 in the authors' formula; without it the box
is read at the plain score's peak. The box (corner at the peak minus the left/top distances, size
the sums) is scaled back by the crop's x and y factors, rounded, and clamped. One inference thread.

Without --smooth (the authors' code as released) this gives the fear AUC column of
../shared/models/fear/README.md to the third decimal on its 8 sequences, with onnxruntime and with
OpenVINO at f32 alike. The printed time is the update's (crop, network, decoding) mean per frame.
"""
import argparse
import pathlib
import time

import cv2
import numpy as np

import authors_loop_sequences as sequences

SETTINGS = {"penalty_k": 0.062, "window_influence": 0.38, "lr": 0.765, "template_offset": 0.2,
            "search_context": 2, "instance_size": 256, "template_size": 128, "score_size": 16, "stride": 16}
FILES = ("fear_xs_init.onnx", "fear_xs_track.onnx")


def networks(runtime, folder):
    init, track = (str(pathlib.Path(folder) / name) for name in FILES)
    if runtime == "onnxruntime":
        import onnxruntime
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        i = onnxruntime.InferenceSession(init, options, providers=["CPUExecutionProvider"])
        t = onnxruntime.InferenceSession(track, options, providers=["CPUExecutionProvider"])
        names = [o.name for o in t.get_outputs()]
        return (lambda z: i.run(None, {"image": z})[0],
                lambda f, x: dict(zip(names, t.run(None, {"image": x, "template_features": f}))))
    import openvino
    core = openvino.Core()
    options = {"INFERENCE_PRECISION_HINT": "f32", "INFERENCE_NUM_THREADS": 1}
    i, t = core.compile_model(init, "CPU", options), core.compile_model(track, "CPU", options)
    outputs = {name: t.output(name) for name in ("bbox", "cls")}

    def respond(features, search):
        result = t({"image": search, "template_features": features})
        return {name: result[port] for name, port in outputs.items()}
    return lambda z: i({"image": z})[0], respond


def within(box, height, width):
    """The authors' ensure_bbox_boundaries: corners clipped into the frame, then truncated to integers."""
    x1, y1, w, h = box
    x1, y1 = min(max(0, x1), width), min(max(0, y1), height)
    x2, y2 = min(max(0, x1 + w), width), min(max(0, y1 + h), height)
    return np.array([x1, y1, x2 - x1, y2 - y1]).astype(np.int32)


def clamp(box, height, width, least=3):
    """The authors' clamp_bbox: within the frame, sides at least 3."""
    x, y, w, h = (int(v) for v in within(box, height, width))
    if w < least:
        w, x = least, x - max(0, x + least - width)
    if h < least:
        h, y = least, y - max(0, y + least - height)
    return [x, y, w, h]


def extended_crop(image, box, offset, side, colour):
    """The box grown by `offset` of its size on each side (integers), padded with `colour`, resized to
    side x side. Returns the crop, the previous box's size in crop pixels, and the context box."""
    x, y, w, h = box
    context = np.array([x - w * offset, y - h * offset, w * (1 + 2 * offset), h * (1 + 2 * offset)]).astype(np.int32)
    cx, cy, cw, ch = (int(v) for v in context)
    left, top = max(-cx, 0), max(-cy, 0)
    right, bottom = max(cx + cw - image.shape[1], 0), max(cy + ch - image.shape[0], 0)
    patch = image[cy + top:cy + ch - bottom, cx + left:cx + cw - right]
    if patch.size == 0:  # the context lies outside the frame: all padding
        patch = np.empty((0, 0, 3), image.dtype)
    padded = cv2.copyMakeBorder(patch, top, bottom, left, right, cv2.BORDER_CONSTANT,
                                value=[float(c) for c in colour])
    if padded.shape[:2] != (ch, cw):
        padded = np.full((ch, cw, 3), np.round(colour), np.uint8)
    inner = within([x - cx, y - cy, w, h], ch, cw)
    size = (inner[2] * side / cw, inner[3] * side / ch)
    crop = cv2.resize(padded, (side, side), interpolation=cv2.INTER_LINEAR)
    return crop.astype(np.float32).transpose(2, 0, 1)[None], size, context


def grid():
    s, half = SETTINGS["score_size"], SETTINGS["instance_size"] // 2
    cells = (np.arange(s) - s // 2) * SETTINGS["stride"] + half
    return np.meshgrid(cells, cells)  # x varies along columns, y along rows


def change(r):
    return np.maximum(r, 1.0 / r)


def squared(w, h):
    pad = (w + h) * 0.5
    return np.sqrt((w + pad) * (h + pad))


class Tracker:
    def __init__(self, embed, respond, smooth):
        self.embed, self.respond, self.smooth = embed, respond, smooth
        self.grid_x, self.grid_y = grid()
        self.window = np.outer(np.hanning(SETTINGS["score_size"]), np.hanning(SETTINGS["score_size"]))

    def initialize(self, image, box):
        height, width = image.shape[:2]
        self.box = clamp(box, height, width)
        self.colour = image.reshape(-1, 3).mean(axis=0)
        template, _, _ = extended_crop(image, self.box, SETTINGS["template_offset"], SETTINGS["template_size"],
                                       self.colour)
        self.features = np.asarray(self.embed(template))

    def update(self, image):
        height, width = image.shape[:2]
        side = SETTINGS["instance_size"]
        search, previous, context = extended_crop(image, self.box, SETTINGS["search_context"], side, self.colour)
        outputs = self.respond(self.features, search)
        score = 1 / (1 + np.exp(-np.asarray(outputs["cls"], np.float64)[0, 0]))
        edges = np.asarray(outputs["bbox"], np.float64)[0]
        x1, y1 = self.grid_x - edges[0], self.grid_y - edges[1]
        x2, y2 = self.grid_x + edges[2], self.grid_y + edges[3]
        if self.smooth:
            w, h = x2 - x1, y2 - y1
            scale = change(squared(w, h) / squared(*previous))
            ratio = change((previous[0] / previous[1]) / (w / h))
            penalty = np.exp(-(ratio * scale - 1) * SETTINGS["penalty_k"])
            influence = SETTINGS["window_influence"]
            ranked = penalty * score * (1 - influence) + self.window * influence
        else:
            ranked = score
        row, column = np.unravel_index(int(np.argmax(ranked)), ranked.shape)
        box = [x1[row, column], y1[row, column], x2[row, column] - x1[row, column], y2[row, column] - y1[row, column]]
        if self.smooth:
            lr = penalty[row, column] * score[row, column] * SETTINGS["lr"]
            size, before = np.array(box[2:]) * lr, np.array(previous) * (1 - lr)
            box[2], box[3] = before[0] + lr * (size[0] + before[0]), before[1] + lr * (size[1] + before[1])
        x_scale, y_scale = context[2] / side, context[3] / side
        box = [round(float(box[0] * x_scale + context[0])), round(float(box[1] * y_scale + context[1])),
               max(3, round(float(box[2] * x_scale))), max(3, round(float(box[3] * y_scale)))]
        self.box = clamp(box, height, width)
        return self.box


def track(frames, first, embed, respond, smooth):
    tracker = Tracker(embed, respond, smooth)
    tracker.initialize(frames[0], first)
    boxes, seconds = [list(first)], []
    for image in frames[1:]:
        start = time.perf_counter()
        boxes.append(tracker.update(image))
        seconds.append(time.perf_counter() - start)
    return boxes, seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runtime", choices=("onnxruntime", "openvino"), required=True)
    parser.add_argument("--models", required=True)
    parser.add_argument("--sequences", default="../shared/data/sequences")
    parser.add_argument("--out", help="folder for <Seq>.csv boxes")
    parser.add_argument("--smooth", action="store_true",
                        help="the window, penalty and size smoothing (the authors' unset `smooth` option)")
    parser.add_argument("names", nargs="+")
    arguments = parser.parse_args()
    embed, respond = networks(arguments.runtime, arguments.models)
    scores, all_seconds = [], []
    for name in arguments.names:
        frames, truth = sequences.load(arguments.sequences, name)
        boxes, seconds = track(frames, truth[0], embed, respond, arguments.smooth)
        score = sequences.auc(boxes, truth)
        scores.append(score)
        all_seconds += seconds
        print(f"{name}\t{score:.3f}\t{1000 * np.mean(seconds):.1f} ms", flush=True)
        if arguments.out:
            sequences.write_csv(arguments.out, name, boxes)
    print(f"mean\t{np.mean(scores):.3f}\t({len(scores)} sequences; update {1000 * np.mean(all_seconds):.1f} ms "
          f"a frame over {len(all_seconds)} frames)")


if __name__ == "__main__":
    main()
