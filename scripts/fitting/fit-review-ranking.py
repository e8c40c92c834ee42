#!/usr/bin/env python3
"""Fits the review page's ranking (ReviewMomentRanking.OffModel in
Sources/Pages/ReviewMomentRanking.swift) from the first runs of `vtrack eval review-loop
--frames-csv FRAMES.csv`, held out by benchmark.

- holdSeconds: how long a keyframe's pass holds the object, from P(on the object t seconds after
  the first box) = exp(-t / hold), by maximum likelihood over the annotated frames.
- The off model: P(off) = sigmoid(intercept + confidenceWeight * logit(1 - confidence)), by logistic
  regression. Beside it, the same with the forward-backward check's dispute, and with the dispute
  and the distance prior (logit(1 - exp(-t / hold)), t: seconds from the first box, the first run's
  only keyframe), and the ranking's model before (1 - confidence, at least 0.5 where disputed).

For each benchmark (from the sequences' meta.json "dataset"), the hold and the weights are fitted on
the other benchmarks' sequences and scored (mean log-loss per frame) on that benchmark's frames, so
that the model is chosen on frames it was not fitted on (the one with the least log-loss over all
held-out frames ships). Then, per benchmark, the `vtrack eval review-loop` options that measure the
ranking held out (its sequences, ranked by the fit without them), and last the fit on all, as
OffModel.fitted takes it.

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


def losses(frames, hold, weights):
    """Summed log-loss of each model, and of the ranking's model before."""
    y = frames["off"]
    before = np.where(frames["disputed"], np.maximum(1 - frames["confidence"], 0.5), 1 - frames["confidence"])
    found = {model: log_loss(1 / (1 + np.exp(-features(frames, hold, model) @ weights[model])), y) for model in MODELS}
    found["before"] = log_loss(before, y)
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

    names_all = MODELS + ("before",)
    print("benchmark,sequences,frames,hold_seconds,intercept,confidence_weight," + ",".join(f"log_loss_{m}" for m in names_all))
    held_out = dict.fromkeys(names_all, 0.0)
    folds = {}
    for name in sorted(set(group.values())):
        hold, weights = fit(subset(names != name))
        frames = subset(names == name)
        found = losses(frames, hold, weights)
        for model in names_all:
            held_out[model] += found[model]
        folds[name] = (hold, weights["confidence"])
        count = sum(1 for g in group.values() if g == name)
        n = len(frames["off"])
        print(f"{name},{count},{n},{hold:.2f},{weights['confidence'][0]:.3f},{weights['confidence'][1]:.3f},"
              + ",".join(f"{found[m] / n:.4f}" for m in names_all))
    n = len(data["off"])
    print("# held-out log-loss per frame, all benchmarks: " + ", ".join(f"{m} {held_out[m] / n:.4f}" for m in names_all))
    for name, (hold, w) in folds.items():
        members = ",".join(sorted(s for s, g in group.items() if g == name))
        print(f"# held out {name}: --sequences {members} --ranking-model {w[0]:.4f},{w[1]:.4f},{hold:.2f}")
    hold, weights = fit(data)
    w = weights["confidence"]
    for model in MODELS:
        print(f"# {model} on all: weights " + " ".join(f"{v:.3f}" for v in weights[model]))
    disputed = data["off"][data["disputed"]]
    print(f"# disputed frames off the object: {disputed.mean():.3f} of {len(disputed)}")
    print(f"OffModel(intercept: {w[0]:.3f}, confidenceWeight: {w[1]:.3f}, holdSeconds: {hold:.1f})")

if __name__ == "__main__":
    main()
