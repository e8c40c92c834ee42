#!/usr/bin/env python3
"""The re-seeding pipeline's verdict held out by benchmark, from a run's CSVs alone.

A learned track that no detection re-seeds reports TrackConfidenceModel's probability over two inputs:
the tracker's own calibrated confidence (its logit) and the frames since the start (log1p). Both are
recovered from the CSV: the frame number, and the tracker's logit by inverting the shipped model
(read from Sources/Pipeline/Reseeding/TrackConfidenceModel+Fused.swift and +Learned.swift: the
models with the appearance cue, which `vtrack eval` runs with). On every frame with a ground-truth
box it scores three verdicts of the same boxes: the shipped one, the tracker's confidence alone (no
time input), and the shipped form refitted leave-one-benchmark-out (docs/dev-set-benchmarks.json).
Figures: ECE (10 bins, against IoU >= 0.5), dashed frames on the object (IoU >= 0.5 at confidence
<= 0.5), solid frames failing (IoU < 0.1 above 0.5), `lost` frames on the object (below 0.2).

    vtrack eval ../shared/data/sequences --level both --reseed-every 50 --out r50
    python3 scripts/experiments/reseed-verdict-held-out.py r50
"""
import csv
import importlib.util
import json
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_spec = importlib.util.spec_from_file_location("fit_confidence", os.path.join(ROOT, "scripts/fitting/fit-confidence.py"))
fc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fc)
SHIPPED = {"fast": ("TrackConfidenceModel+Learned.swift", "learnedFastWithAppearance"),
           "accurate": ("TrackConfidenceModel+Fused.swift", "fusedAccurateWithAppearance")}


def shipped_weights(level):
    file, name = SHIPPED[level]
    return fc.read_swift_weights(os.path.join(ROOT, "Sources/Pipeline/Reseeding", file), "TrackConfidenceModel", name)


SEQUENCES = os.path.join(ROOT, "..", "shared", "data", "sequences")
b_of = {s: b for b, ss in json.load(open(os.path.join(ROOT, "docs", "dev-set-benchmarks.json"))).items() for s in ss}


def logit(p):
    p = np.clip(p, 1e-4, 1 - 1e-4)
    return np.log(p / (1 - p))


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def load(run, level):
    """Per sequence: the reported confidence, the tracker's logit recovered from it, log1p(frame), IoU."""
    w = shipped_weights(level)
    out = {}
    for seq in b_of:
        path = os.path.join(run, level, seq + ".csv")
        if not os.path.exists(path):
            continue
        rows = list(csv.DictReader(open(path)))
        truth = fc.load_ground_truth(os.path.join(SEQUENCES, seq, "groundtruth_rect.txt"))
        frames = np.array([int(r["frame"]) for r in rows])
        confidence = np.array([float(r["confidence"]) for r in rows])
        boxes = np.array([[float(r[k]) for k in ("x", "y", "width", "height")] for r in rows])
        keep = (frames > 0) & (frames < len(truth))
        frames, confidence, boxes = frames[keep], confidence[keep], boxes[keep]
        scored = ~np.isnan(truth[frames][:, 0])
        frames, confidence, boxes = frames[scored], confidence[scored], boxes[scored]
        out[seq] = {"confidence": confidence, "time": np.log1p(frames), "out_of_view": confidence <= 0,
                    "tracker_logit": (logit(confidence) - w[0] - w[3] * np.log1p(frames)) / w[1],
                    "iou": fc.iou(boxes, truth[frames])}
    return out


def figures(p, overlap):
    """ECE, dashed frames on the object, solid frames failing, lost frames on the object."""
    on = overlap >= 0.5
    bins = np.minimum((p * 10).astype(int), 9)
    ece = sum((bins == k).mean() * abs(p[bins == k].mean() - on[bins == k].mean()) for k in range(10) if (bins == k).any())
    dashed, lost = p <= 0.5, p < 0.2
    return ece, on[dashed].mean(), (overlap[~dashed] < 0.1).mean(), on[lost].mean()


def design(d):
    return np.column_stack([np.ones(len(d["time"])), d["tracker_logit"], d["time"]])


def held_out_by_benchmark(data):
    """The shipped form (bias, tracker logit, time) refitted without each benchmark, applied to it."""
    result = {}
    for benchmark in {b_of[s] for s in data}:
        train = [d for s, d in data.items() if b_of[s] != benchmark]
        X = np.concatenate([design(d)[~d["out_of_view"]] for d in train])
        y = np.concatenate([(d["iou"] >= 0.5)[~d["out_of_view"]] for d in train]).astype(float)
        w = fc.fit_logistic(X, y)
        for s in (s for s in data if b_of[s] == benchmark):
            result[s] = np.where(data[s]["out_of_view"], 0, sigmoid(design(data[s]) @ w))
    return result


def main():
    for run in sys.argv[1:]:
        for level in SHIPPED:
            data = load(run, level)
            if not data:
                continue
            seqs = list(data)
            pooled = lambda key: np.concatenate([data[s][key] for s in seqs])
            held = held_out_by_benchmark(data)
            verdicts = {"shipped": pooled("confidence"),
                        "tracker confidence alone": np.where(pooled("out_of_view"), 0, sigmoid(pooled("tracker_logit"))),
                        "refitted, held out by benchmark": np.concatenate([held[s] for s in seqs])}
            for name, p in verdicts.items():
                ece, dashed_on, solid_failing, lost_on = figures(p, pooled("iou"))
                print(f"{run} {level:8} {name:32} ECE {ece:.3f}, dashed on the object {dashed_on:.1%}, "
                      f"solid failing {solid_failing:.1%}, lost on the object {lost_on:.1%}")


if __name__ == "__main__":
    main()
