#!/usr/bin/env python3
"""Checks the confidence on footage the confidence models were never fitted on: every person of the
MOTChallenge sequences, tracked by `vtrack track` from their first ground-truth box.

Usage:
  scripts/experiments/mot-identity-calibration.py [MOT_DIR] --out OUT [--vtrack .build/release/vtrack]
                                      [--levels fast,accurate] [--reseed 0,50] [--min-frames 20] [--detector person]

MOT_DIR (default ../shared/data/mot) holds MOTChallenge sequences (`<name>/<name>.mp4`,
`gt/gt.txt`). For each identity with at least `--min-frames` ground-truth boxes, its first box
(clipped to the frame) is given with `--box` and `--start-frame` at each level and re-seeding
setting (re-seeding with `--detector`, by default the template re-detector). Every later frame on which the
identity has a ground-truth box is scored against that box, frames pooled over identities and
sequences, with the definitions of `vtrack eval` and scripts/fitting/fit-confidence.py: ECE (10 bins,
against IoU >= 0.5), Brier score, frames solid (> 0.5), dashed frames on the object, solid frames
failing (IoU < 0.1), `lost` frames on the object. For scale it also prints the Brier score of a
constant confidence at the pooled on-object rate (what a confidence that says nothing scores).
"""
import argparse
import csv
import importlib.util
import os
import subprocess
import sys
from collections import defaultdict

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("fit_confidence", os.path.join(ROOT, "scripts", "fitting", "fit-confidence.py"))
fit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit)


def ground_truth(path):
    """{identity: {0-based frame: (x, y, w, h)}} of a MOTChallenge gt.txt (1-based frames)."""
    boxes = defaultdict(dict)
    for line in open(path):
        parts = line.strip().split(",")
        if len(parts) < 6:
            continue
        frame, identity = int(float(parts[0])) - 1, int(float(parts[1]))
        boxes[identity][frame] = tuple(float(v) for v in parts[2:6])
    return boxes


def frame_size(sequence_dir):
    values = {}
    for line in open(os.path.join(sequence_dir, "seqinfo.ini")):
        if "=" in line:
            key, value = line.strip().split("=", 1)
            values[key] = value
    return int(values["imWidth"]), int(values["imHeight"])


def clipped(box, width, height):
    x, y, w, h = box
    x1, y1 = max(0.0, x), max(0.0, y)
    x2, y2 = min(float(width), x + w), min(float(height), y + h)
    return (x1, y1, x2 - x1, y2 - y1) if x2 - x1 >= 4 and y2 - y1 >= 4 else None


def figures(confidence, tracked, truth, lost):
    """The verdict's figures of frames pooled: confidences, tracked and true boxes (x, y, w, h), lost."""
    p, overlap, lost = np.array(confidence), fit.iou(np.array(tracked), np.array(truth)), np.array(lost)
    y, solid = overlap >= 0.5, p > 0.5
    return {
        "frames": len(p), "on_object": y.mean(), "ece": fit.ece(p, y.astype(float)), "brier": np.mean((p - y) ** 2),
        "constant_brier": y.mean() * (1 - y.mean()), "solid": solid.mean(),
        "dashed_on_object": y[~solid].mean() if (~solid).any() else 0.0,
        "solid_failing": (overlap[solid] < 0.1).mean() if solid.any() else 0.0,
        "lost_on_object": y[lost].mean() if lost.any() else 0.0,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mot", nargs="?", default=os.path.join(ROOT, "..", "shared", "data", "mot"))
    parser.add_argument("--out", required=True, help="folder for the tracks' CSVs (created)")
    parser.add_argument("--vtrack", default=os.path.join(ROOT, ".build", "release", "vtrack"))
    parser.add_argument("--levels", default="fast,accurate")
    parser.add_argument("--reseed", default="0,50", help="--reseed-every settings, comma-separated")
    parser.add_argument("--min-frames", type=int, default=20)
    parser.add_argument("--detector", default="template", help="vtrack track's --detector for the re-seeding runs")
    args = parser.parse_args()

    sequences = sorted(d for d in os.listdir(args.mot) if os.path.exists(os.path.join(args.mot, d, "gt", "gt.txt")))
    if not sequences:
        sys.exit(f"{args.mot}: no MOTChallenge sequences (<name>/gt/gt.txt)")
    os.makedirs(args.out, exist_ok=True)
    print("level     reseed  frames  on-object  ECE    Brier  (constant)  solid  dashed-on  solid-failing  lost-on")
    for level in args.levels.split(","):
        for reseed in args.reseed.split(","):
            pooled = defaultdict(list)
            for name in sequences:
                folder = os.path.join(args.mot, name)
                width, height = frame_size(folder)
                for identity, boxes in sorted(ground_truth(os.path.join(folder, "gt", "gt.txt")).items()):
                    if len(boxes) < args.min_frames:
                        continue
                    start = min(boxes)
                    box = clipped(boxes[start], width, height)
                    if box is None:
                        continue
                    out = os.path.join(args.out, f"{name}-{identity}-{level}-{reseed}.csv")
                    command = [args.vtrack, "track", os.path.join(folder, f"{name}.mp4"), "--box", ",".join(f"{v:g}" for v in box),
                               "--start-frame", str(start), "--level", level, "--reseed-every", reseed, "--csv", out]
                    if reseed != "0":
                        command += ["--detector", args.detector]
                    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    for row in csv.DictReader(open(out)):
                        frame = int(row["frame"])
                        if frame <= start or frame not in boxes:
                            continue
                        pooled["confidence"].append(float(row["confidence"]))
                        pooled["tracked"].append([float(row[k]) for k in ("x", "y", "width", "height")])
                        pooled["truth"].append(boxes[frame])
                        pooled["lost"].append(row["state"] == "lost")
            f = figures(pooled["confidence"], pooled["tracked"], pooled["truth"], pooled["lost"])
            print(f"{level:9} {reseed:>6} {f['frames']:7d} {f['on_object']:9.1%}  {f['ece']:.3f}  {f['brier']:.3f}  ({f['constant_brier']:.3f})"
                  f"     {f['solid']:5.1%}  {f['dashed_on_object']:8.1%}  {f['solid_failing']:12.1%}  {f['lost_on_object']:7.1%}")


if __name__ == "__main__":
    main()
