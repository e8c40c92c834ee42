"""What the authors'-loop scripts (`lightfc-authors-loop.py`, `fear-authors-loop.py`) share: a
development sequence's RGB frames and ground truth, the success AUC as the shared READMEs score it
(21 IoU thresholds 0, 0.05, ..., 1, every frame with ground truth, the first included), and the boxes
written as CSV."""
import math
import pathlib

import cv2
import numpy as np


def load(sequences, name):
    """The frames of `<sequences>/<name>/<name>.mp4` (RGB, decoded by OpenCV) and the ground truth per
    frame ([x, y, w, h] pixels, top-left origin; None where the line is nan or the box empty)."""
    folder = pathlib.Path(sequences) / name
    truth = []
    for line in (folder / "groundtruth_rect.txt").read_text().splitlines():
        values = [float(v) for v in line.replace("\t", ",").split(",")]
        truth.append(None if any(math.isnan(v) for v in values) or values[2] <= 0 else values)
    capture, frames = cv2.VideoCapture(str(folder / f"{name}.mp4")), []
    while True:
        ok, frame = capture.read()
        if not ok:
            break
        frames.append(cv2.cvtColor(frame, cv2.COLOR_BGR2RGB))
    return frames, truth


def auc(boxes, truth):
    """Success AUC of `boxes` against `truth` (both [x, y, w, h] per frame)."""
    overlaps = []
    for box, expected in zip(boxes, truth):
        if expected is None:
            continue
        ax2, ay2, bx2, by2 = box[0] + box[2], box[1] + box[3], expected[0] + expected[2], expected[1] + expected[3]
        iw = max(0, min(ax2, bx2) - max(box[0], expected[0]))
        ih = max(0, min(ay2, by2) - max(box[1], expected[1]))
        union = box[2] * box[3] + expected[2] * expected[3] - iw * ih
        overlaps.append(iw * ih / union if union > 0 else 0)
    overlaps = np.array(overlaps)
    return float(np.mean([(overlaps > t).mean() for t in np.linspace(0, 1, 21)]))


def write_csv(folder, name, boxes):
    """`<folder>/<name>.csv`: frame,x,y,width,height per frame."""
    out = pathlib.Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    rows = ["frame,x,y,width,height"] + [f"{i},{b[0]:.2f},{b[1]:.2f},{b[2]:.2f},{b[3]:.2f}" for i, b in enumerate(boxes)]
    (out / f"{name}.csv").write_text("\n".join(rows) + "\n")
