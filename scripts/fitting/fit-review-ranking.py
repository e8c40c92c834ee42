#!/usr/bin/env python3
"""Fits the review page's ranking (Sources/Pages/ReviewMomentRanking.swift) from the first runs of
`vtrack eval review-loop --frames-csv FRAMES.csv`, held out by benchmark.

- holdSeconds: how long a keyframe's pass holds the object, from P(on the object t seconds after
  the first box) = exp(-t / hold), by maximum likelihood over the annotated frames.
- offWhenDisputed: the share of frames the forward-backward check disputes that are off the object.
- Which frames are off, compared by mean log-loss on each benchmark left out of the fit: logistic
  models of the confidence alone (logit(1 - confidence)), the confidence and the dispute, and those
  and the distance prior (logit(1 - exp(-t / hold)), t: seconds from the first box, the first run's
  only keyframe), against the ranking's own (1 - confidence, at least offWhenDisputed where disputed).

For each benchmark (from the sequences' meta.json "dataset"), everything is fitted on the other
benchmarks' sequences and scored on that benchmark's, so that a value fitted on all can be checked
against the spread of its held-out fits, and a model is chosen on frames it was not fitted on.

    python3 scripts/fitting/fit-review-ranking.py FRAMES.csv /work/shared/data/sequences
"""
import csv
import json
import math
import os
import sys

import numpy as np


def benchmark(dataset):
    for prefix, name in (("OTB", "OTB"), ("DTB70", "DTB70"), ("UAVDT", "UAVDT"), ("UAV123", "UAV123"), ("VOT", "VOT")):
        if dataset.startswith(prefix):
            return name
    return "other"


def fit_hold(seconds, off):
    """Maximum-likelihood hold time (seconds) of P(on at t) = exp(-t / hold), on a log grid."""
    grid = [0.25 * 1.05 ** k for k in range(200)]

    def log_likelihood(hold):
        p_on = np.exp(-seconds / hold)
        return np.sum(np.where(off, np.log(np.maximum(1 - p_on, 1e-12)), -seconds / hold))
    return max(grid, key=log_likelihood)


def logit(p):
    p = np.clip(p, 1e-3, 1 - 1e-3)
    return np.log(p / (1 - p))


MODELS = ("confidence", "confidence+disputed", "confidence+disputed+distance")


def features(frames, hold, model):
    """Columns: 1, the confidence's log-odds of off, then disputed and the distance prior's log-odds as `model` names."""
    columns = [np.ones(len(frames["off"])), logit(1 - frames["confidence"])]
    if "disputed" in model:
        columns.append(frames["disputed"].astype(float))
    if "distance" in model:
        columns.append(logit(1 - np.exp(-frames["seconds"] / hold)))
    return np.stack(columns, axis=1)


def fit_logistic(x, y, ridge=1e-3):
    """Newton's method (IRLS) with a small ridge on the weights."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (y - p) - ridge * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        w += step
        if np.max(np.abs(step)) < 1e-9:
            break
    return w


def log_loss(p, y):
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.sum(np.where(y, np.log(p), np.log(1 - p))))


def fit(frames):
    """The hold, and each model's weights."""
    hold = fit_hold(frames["seconds"], frames["off"])
    y = frames["off"].astype(float)
    return hold, {model: fit_logistic(features(frames, hold, model), y) for model in MODELS}


def off_when_disputed(frames):
    disputed = frames["off"][frames["disputed"]]
    return (float(disputed.mean()), len(disputed)) if len(disputed) else (float("nan"), 0)


def losses(frames, hold, weights, disputed_off):
    """Summed log-loss of each model, and of the ranking's own (at least `disputed_off` where disputed)."""
    y = frames["off"]
    before = np.where(frames["disputed"], np.maximum(1 - frames["confidence"], disputed_off), 1 - frames["confidence"])
    found = {model: log_loss(1 / (1 + np.exp(-features(frames, hold, model) @ weights[model])), y) for model in MODELS}
    found["ranking"] = log_loss(before, y)
    return found


def main():
    frames_csv, sequences = sys.argv[1], sys.argv[2]
    rows = list(csv.DictReader(open(frames_csv)))
    group = {}
    for row in rows:
        name = row["sequence"]
        if name not in group:
            meta = json.load(open(os.path.join(sequences, name, "meta.json")))
            group[name] = benchmark(meta.get("dataset", ""))
    names = np.array([group[r["sequence"]] for r in rows])
    data = {"seconds": np.array([float(r["seconds"]) for r in rows]),
            "confidence": np.array([float(r["confidence"]) for r in rows]),
            "disputed": np.array([r["disputed"] == "1" for r in rows]),
            "off": np.array([r["off"] == "1" for r in rows])}

    def subset(mask):
        return {key: value[mask] for key, value in data.items()}

    names_all = MODELS + ("ranking",)
    print("benchmark,sequences,frames,held_out_hold_seconds,held_out_off_when_disputed,disputed_frames_held_out,"
          + ",".join(f"log_loss_{m}" for m in names_all))
    held_out = dict.fromkeys(names_all, 0.0)
    for name in sorted(set(group.values())):
        others = subset(names != name)
        hold, weights = fit(others)
        disputed_off, disputed_count = off_when_disputed(others)
        frames = subset(names == name)
        found = losses(frames, hold, weights, disputed_off)
        for model in names_all:
            held_out[model] += found[model]
        count = sum(1 for g in group.values() if g == name)
        n = len(frames["off"])
        print(f"{name},{count},{n},{hold:.2f},{disputed_off:.3f},{disputed_count},"
              + ",".join(f"{found[m] / n:.4f}" for m in names_all))
    n = len(data["off"])
    hold, weights = fit(data)
    disputed_off, disputed_count = off_when_disputed(data)
    print(f"all,{len(group)},{n},{hold:.2f},{disputed_off:.3f},{disputed_count},"
          + ",".join(f"{losses(data, hold, weights, disputed_off)[m] / n:.4f}" for m in names_all))
    print("# held-out log-loss per frame, all benchmarks: " + ", ".join(f"{m} {held_out[m] / n:.4f}" for m in names_all))
    for model in MODELS:
        print(f"# {model}, fitted on all: weights " + " ".join(f"{v:.3f}" for v in weights[model]))
    solid = subset(data["confidence"] > 0.5)
    share, count = off_when_disputed(solid)
    print(f"# of the disputed frames drawn solid (confidence > 0.5), off the object: {share:.3f} of {count}")

if __name__ == "__main__":
    main()
