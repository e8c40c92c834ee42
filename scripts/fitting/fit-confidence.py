#!/usr/bin/env python3
"""Fits vtrack's confidence models and reports their calibration, fitted leave-one-sequence-out and
leave-one-benchmark-out.

Usage:
  scripts/fitting/fit-confidence.py RUNS_DIR [--sequences ../shared/data/sequences] [--write] [--json OUT.json]

RUNS_DIR holds the outputs of `vtrack eval SEQUENCES --level both --evidence` for each protocol
(ope, sre, tre) and re-seeding setting (0 = bare tracker, 50 = pipeline), as folders named
`<protocol>-<reseed>` (ope-0, sre-0, tre-0, ope-50, sre-50, tre-50); scripts/fitting/refit-confidence.sh
makes them. Every run's `<run>.evidence.csv` gives per frame the box, the features of
ConfidenceModel (`tracker_*`, the bare tracker's cues) and of TrackConfidenceModel (`track_*`,
the re-seeder's findings); the ground truth gives the label: IoU >= 0.5.

Two models per level:
  1. ConfidenceModel on the bare tracker's frames (all three protocols pooled): a logistic regression
     (Newton's method, ridge 1 on the non-bias weights) or boosted trees (depth 2, 100 rounds, learning
     rate 0.1, leaf ridge 10, at least 50 of Hessian weight per leaf, splits at 32 quantiles), whichever
     has the lower log loss over the bare frames held out (one benchmark at a time when --benchmarks
     names them, as docs/dev-set-benchmarks.json does by default; else one sequence at a time);
  2. TrackConfidenceModel, a logistic regression on the pipeline's frames, its first input the logit of
     model 1's probability as model 1 fitted without that frame's sequence gives it (the logits of a
     model on its own training frames are more sure than they will be on new footage; model 2 learns
     how far to trust them from held-out ones, as in stacked generalisation).
Both are fitted twice when the runs have the appearance cues (`tracker_appearance_similarity` and its
running average, written when the neural runtime is installed): without them (`fast`, `accurate`: what a
machine without the runtime reports) and with them (`fastWithAppearance`, `accurateWithAppearance`).
Frames where the object is out of view (less than half the box inside the frame) are
reported at confidence 0 by rule and are left out of the fit (not of the figures).

Figures (frames pooled, the first frame of each run and nan ground truth not scored), for the
leave-one-sequence-out fit (each sequence scored by models fitted on the others), the
leave-one-benchmark-out fit (each benchmark's sequences scored by models fitted on the other benchmarks:
what to expect on footage from elsewhere, and what the shipped choices are made on) and the
in-sample fit: ECE (10 equal-width bins, against IoU >= 0.5), Brier score, share of frames solid
(> 0.5), share of dashed frames with IoU >= 0.5, share of solid frames with IoU < 0.1, share of
`lost` frames (< 0.2, not re-seeded) with IoU >= 0.5, mean per-sequence ROC AUC of the confidence
for failure (IoU < 0.1) and the lowest. --write puts the in-sample weights in
Sources/Tracking/Confidence/ConfidenceModel+Fitted.swift and Sources/Pipeline/Reseeding/TrackConfidenceModel+Fitted.swift
(with --learned, for runs of the Siamese trackers alone (`vtrack eval --level fast`, and `--level accurate
--set fusion=off`): the +Learned.swift files; with --fused, for runs of the learned `accurate` level, whose
tracker is the Siamese tracker fused with the correlation filter: `fusedAccurate` in the +Fused.swift files;
the correlation filters' runs take `--correlation-filter`).

--track-model-only writes only TrackConfidenceModel (the tracker's model, which steers re-finding and the
fused choice, stays as shipped, so no box changes); model 2 is still fitted on model 1's held-out logits.

--bootstrap N also prints, for the held-out ECE of each run, the 5th to 95th percentile over N
development sets resampled by sequence (twenty sequences drawn with replacement): how much the
figure moves with the footage, which bounds what a difference between two ECEs can mean.
"""
import argparse
import csv
import glob
import json
import os
import re
import sys

import numpy as np

LEVELS = ("fast", "accurate")
PROTOCOLS = ("ope", "sre", "tre")
LOST_BELOW = 0.2
MIN_VISIBLE = 0.5
RIDGE = 1.0
KINDS = ("logistic", "trees")  # the forms of model 1 compared held out
FORMS = [KINDS]  # the forms tried, set by main (--tracker-form)
TREE_ROUNDS, TREE_DEPTH, TREE_RATE, TREE_RIDGE, TREE_MIN_HESSIAN, TREE_BINS = 100, 2, 0.1, 10.0, 50.0, 32
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Hold-out units: each sequence, and each benchmark the sequences come from (--benchmarks).
HOLD_OUT = {"seq": "leave_one_sequence_out", "bench": "leave_one_benchmark_out"}
BENCHMARK_OF = {}


def load_ground_truth(path):
    rows = []
    for line in open(path).read().splitlines():
        parts = [p for p in re.split(r"[,\s]+", line.strip()) if p]
        if len(parts) == 4:
            rows.append([float(p) for p in parts])
    return np.array(rows, dtype=float).reshape(-1, 4)


def iou(a, b):
    x1 = np.maximum(a[:, 0], b[:, 0]); y1 = np.maximum(a[:, 1], b[:, 1])
    x2 = np.minimum(a[:, 0] + a[:, 2], b[:, 0] + b[:, 2]); y2 = np.minimum(a[:, 1] + a[:, 3], b[:, 1] + b[:, 3])
    inter = np.clip(x2 - x1, 0, None) * np.clip(y2 - y1, 0, None)
    union = a[:, 2] * a[:, 3] + b[:, 2] * b[:, 3] - inter
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(union > 0, inter / union, 0.0)


def evidence_files(folder, protocol, level):
    if protocol == "ope":
        return sorted(glob.glob(f"{folder}/{level}/*.evidence.csv"))
    return sorted(glob.glob(f"{folder}/{level}/{protocol}/*/*.evidence.csv"))


def load(runs_dir, sequences_dir, protocol, reseed, level):
    """Rows of every run: sequence, IoU, tracker features, track features, visible, reseeded, and where
    each row is (its evidence file and its index among the file's rows)."""
    folder = f"{runs_dir}/{protocol}-{reseed}"
    out = {"seq": [], "bench": [], "iou": [], "tracker": [], "track": [], "visible": [], "reseeded": [], "has_tracker": [],
           "path": [], "row": [], "log_share": [], "confidence": []}
    gts = {}
    for path in evidence_files(folder, protocol, level):
        seq = os.path.basename(path)[: -len(".evidence.csv")] if protocol == "ope" else os.path.basename(os.path.dirname(path))
        if seq not in gts:
            gts[seq] = load_ground_truth(f"{sequences_dir}/{seq}/groundtruth_rect.txt")
        gt = gts[seq]
        with open(path) as f:
            reader = csv.reader(f)
            header = next(reader)
            rows = list(reader)
        tcols = [i for i, h in enumerate(header) if h.startswith("tracker_")]
        kcols = [i for i, h in enumerate(header) if h.startswith("track_")]
        share = header.index("tracker_" + SHARE) if "tracker_" + SHARE in header else None
        for n, r in enumerate(rows):
            frame = int(r[0])
            if n == 0 or frame >= len(gt) or np.isnan(gt[frame, 0]):
                continue  # the start frame is the given box; nan ground truth is not scored
            box = np.array([[float(r[1]), float(r[2]), float(r[3]), float(r[4])]])
            out["seq"].append(seq)
            out["bench"].append(BENCHMARK_OF.get(seq, seq))
            out["path"].append(path)
            out["row"].append(n)
            out["iou"].append(float(iou(box, gt[frame:frame + 1])[0]))
            has = r[tcols[0]] != ""
            out["has_tracker"].append(has)
            out["tracker"].append([float(r[i]) if has else 0.0 for i in tcols])
            out["track"].append([float(r[i]) for i in kcols])
            out["visible"].append(float(r[7]) if r[7] != "" else 1.0)
            out["reseeded"].append(r[6] == "reseeded")
            out["confidence"].append(float(r[5]))
            out["log_share"].append(float(r[share]) if has and share is not None else 0.0)
    return {k: np.array(v) for k, v in out.items()}, [header[i][len("tracker_"):] for i in tcols], [header[i][len("track_"):] for i in kcols]


def fit_logistic(X, y):
    """Ridge-regularised logistic regression by Newton's method; the bias (column 0) is not penalised."""
    w = np.zeros(X.shape[1])
    penalty = np.full(X.shape[1], RIDGE); penalty[0] = 0
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(X @ w, -30, 30)))
        gradient = X.T @ (p - y) + penalty * w
        hessian = (X * (p * (1 - p))[:, None]).T @ X + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.max(np.abs(step)) < 1e-7:
            break
    return w


def split_points(X):
    """Per feature, up to TREE_BINS - 1 thresholds at its quantiles, each halfway to the next larger value
    (so that a value equal to a quantile is on the same side in the fit and in Swift's single precision)."""
    points = []
    for j in range(X.shape[1]):
        values = np.unique(X[:, j])
        q = np.unique(np.quantile(X[:, j], np.linspace(0, 1, TREE_BINS + 1)[1:-1]))
        above = np.searchsorted(values, q, side="right")
        q = q[above < len(values)]
        points.append((q + values[above[above < len(values)]]) / 2)
    return points


def fit_trees(X, y):
    """Boosted regression trees for the log loss (Newton leaves, histogram splits), from the base rate.
    Returns the model: a weight vector (the bias only) and the trees, each a list of (feature, threshold)
    per internal node in level order (feature -1: not split, every sample goes left) and its leaves."""
    points = split_points(X)
    bins = np.column_stack([np.searchsorted(points[j], X[:, j], side="left") for j in range(X.shape[1])])
    width = TREE_BINS
    rate = np.clip(y.mean(), 1e-6, 1 - 1e-6)
    w = np.zeros(X.shape[1]); w[0] = np.log(rate / (1 - rate))
    z = np.full(len(y), w[0])
    trees = []
    for _ in range(TREE_ROUNDS):
        p = sigmoid(z); g = p - y; h = p * (1 - p)
        node = np.zeros(len(y), dtype=np.int64)
        splits = []
        for level in range(TREE_DEPTH):
            nodes = 1 << level
            G = np.bincount(node, g, nodes); H = np.bincount(node, h, nodes)
            best = [(0.0, -1, 0)] * nodes
            for j in range(X.shape[1]):
                if len(points[j]) == 0:
                    continue
                cell = node * width + bins[:, j]
                GL = np.cumsum(np.bincount(cell, g, nodes * width).reshape(nodes, width), 1)[:, :len(points[j])]
                HL = np.cumsum(np.bincount(cell, h, nodes * width).reshape(nodes, width), 1)[:, :len(points[j])]
                GR, HR = G[:, None] - GL, H[:, None] - HL
                gain = GL ** 2 / (HL + TREE_RIDGE) + GR ** 2 / (HR + TREE_RIDGE) - (G ** 2 / (H + TREE_RIDGE))[:, None]
                gain[(HL < TREE_MIN_HESSIAN) | (HR < TREE_MIN_HESSIAN)] = 0
                for k in range(nodes):
                    b = int(np.argmax(gain[k]))
                    if gain[k, b] > best[k][0]:
                        best[k] = (gain[k, b], j, b)
            child = node * 2
            for k, (_, j, b) in enumerate(best):
                splits.append((j, float(points[j][b]) if j >= 0 else 0.0))
                if j >= 0:
                    child[(node == k) & (bins[:, j] > b)] += 1
            node = child
        leaves = 1 << TREE_DEPTH
        G = np.bincount(node, g, leaves); H = np.bincount(node, h, leaves)
        values = -TREE_RATE * G / (H + TREE_RIDGE)
        z += values[node]
        trees.append((splits, values))
    return {"weights": w, "trees": trees}


def log_odds(model, X):
    """The log-odds of a model (fit_trees's, or fit_logistic's weight vector) for the feature rows X."""
    if not isinstance(model, dict):
        return X @ model
    z = X @ model["weights"]
    for splits, values in model["trees"]:
        node = np.zeros(len(X), dtype=np.int64)
        for level in range(TREE_DEPTH):
            base = (1 << level) - 1
            above = np.zeros(len(X), dtype=bool)
            for k in range(1 << level):
                j, t = splits[base + k]
                if j >= 0:
                    m = node == k
                    above[m] = X[m, j] > t
            node = 2 * node + above
        z = z + values[node]
    return z


def log_loss(p, y):
    q = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(np.where(y > 0.5, np.log(q), np.log(1 - q))))


def sigmoid(z):
    return 1 / (1 + np.exp(-np.clip(z, -30, 30)))


def logit(p):
    q = np.clip(p, 1e-3, 1 - 1e-3)
    return np.log(q / (1 - q))


def tracker_probability(data, model):
    """Model 1's probability; times the identity share by rule where the model does not weigh it as a cue
    (`rule_share`, the log of the share, set by fit_level), as ConfidenceModel.probability does."""
    p = sigmoid(log_odds(model, data["tracker"])) * np.exp(data.get("rule_share", 0.0))
    return np.where(data["has_tracker"], p, 1.0)  # a (re)start reports the given box at confidence 1


def track_matrix(data, w_tracker):
    X = data["track"].copy()
    X[:, 1] = logit(tracker_probability(data, w_tracker))
    return X


def rule(p, data):
    return np.where(data["visible"] < MIN_VISIBLE, 0.0, p)


def roc_auc(scores, positives):
    pos = scores[positives]; neg = scores[~positives]
    if len(pos) == 0 or len(neg) == 0:
        return None
    order = np.argsort(np.concatenate([pos, neg]), kind="mergesort")
    ranks = np.empty(len(order)); ranks[order] = np.arange(1, len(order) + 1)
    allv = np.concatenate([pos, neg])
    for v in np.unique(allv):  # average ranks of ties
        m = allv == v
        if m.sum() > 1:
            ranks[m] = ranks[m].mean()
    return (ranks[: len(pos)].sum() - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg))


def figures(p, data):
    I = data["iou"]; y = I >= 0.5
    solid = p > 0.5
    lost = (p < LOST_BELOW) & ~data["reseeded"]
    aucs = {}
    for s in np.unique(data["seq"]):
        m = data["seq"] == s
        a = roc_auc(1 - p[m], I[m] < 0.1)
        if a is not None:
            aucs[str(s)] = a
    return {
        "frames": int(len(p)), "on_object": float(y.mean()), "mean_confidence": float(p.mean()), "ece": float(ece(p, y.astype(float))),
        "brier": float(np.mean((p - y) ** 2)), "solid_share": float(solid.mean()),
        "dashed_on_object": float(y[~solid].mean()) if (~solid).any() else 0.0,
        "solid_failures": float((I[solid] < 0.1).mean()) if solid.any() else 0.0,
        "lost_on_object": float(y[lost].mean()) if lost.any() else 0.0, "lost_share": float(lost.mean()),
        "mean_sequence_roc_auc": float(np.mean(list(aucs.values()))) if aucs else None,
        "lowest_sequence_roc_auc": min(aucs.items(), key=lambda kv: kv[1]) if aucs else None,
    }


def ece(p, y):
    total = 0.0
    for k in range(10):
        m = (p >= k / 10) & (p < (k + 1) / 10) if k < 9 else (p >= 0.9)
        if m.any():
            total += m.mean() * abs(p[m].mean() - y[m].mean())
    return total


def bootstrap_ece(p, data, count, rng):
    """5th and 95th percentiles of the ECE over `count` resamplings of the sequences."""
    y = (data["iou"] >= 0.5).astype(float)
    rows = {s: np.where(data["seq"] == s)[0] for s in np.unique(data["seq"])}
    names = sorted(rows)
    values = []
    for _ in range(count):
        picked = np.concatenate([rows[s] for s in rng.choice(names, len(names))])
        values.append(ece(p[picked], y[picked]))
    return float(np.percentile(values, 5)), float(np.percentile(values, 95))


def held_out_bare_figures(data_by_protocol, features=lambda d: d["tracker"]):
    """Figures per protocol of the bare tracker's model on `features(data)` (default: the shipped cues),
    fitted leave-one-sequence-out on all protocols pooled: what experiments with another cue compare."""
    pooled = concat(list(data_by_protocol.values()))
    X, y = features(pooled), (pooled["iou"] >= 0.5).astype(float)
    usable = pooled["has_tracker"] & (pooled["visible"] >= MIN_VISIBLE)
    sequences = sorted(set(pooled["seq"]))
    weights = {s: fit_logistic(X[usable & (pooled["seq"] != s)], y[usable & (pooled["seq"] != s)]) for s in sequences}
    out = {}
    for protocol, d in data_by_protocol.items():
        Xp, p = features(d), np.zeros(len(d["iou"]))
        for s in sequences:
            m = d["seq"] == s
            p[m] = np.where(d["has_tracker"][m], sigmoid(Xp[m] @ weights[s]), 1.0)
        out[protocol] = figures(rule(p, d), d)
    return out


def concat(parts):
    return {k: np.concatenate([d[k] for d in parts]) for k in parts[0]}


def swift_weights(w):
    return ", ".join(f"{v:.6g}" for v in w)


def read_swift_weights(path, type_name, name):
    """The weights of the static model `name` of `type_name` in a Swift file this script wrote."""
    source = open(path).read()
    body = re.search(name + r" = " + type_name + r"\(weights: \[(.*?)\]", source, re.S).group(1)
    return np.array([float(v) for v in body.replace("\n", " ").split(",") if v.strip()])


def swift_model(type_name, model):
    """The Swift initialiser of a fitted model: weights, and trees when model 1 is boosted trees."""
    if not isinstance(model, dict):
        return [f"    public static let {{key}} = {type_name}(weights: [", f"        {swift_weights(model)},", "    ])"]
    lines = [f"    public static let {{key}} = {type_name}(", f"        weights: [{swift_weights(model['weights'])}],", "        trees: ["]
    for splits, values in model["trees"]:
        lines.append(f"            LogOddsTree(features: [{', '.join(str(j) for j, _ in splits)}], "
                     f"thresholds: [{', '.join(f'{t:.9g}' for _, t in splits)}], leaves: [{swift_weights(values)}]),")
    return lines + ["        ])"]


def existing_models(path):
    """The declarations in a file this script wrote, by model name: each one's doc comment and initialiser lines."""
    if not os.path.exists(path):
        return {}
    blocks, current = {}, []
    for line in open(path).read().splitlines()[3:-1]:
        current.append(line)
        found = re.match(r"    public static let (\w+) = ", line)
        if found:
            name = found.group(1)
        if line in ("    ])", "        ])"):
            blocks[name] = current
            current = []
    return blocks


def write_swift(path, type_name, comment, fits, names, prefix="", flag="", single=None):
    """Writes one static model per fit: `fast`, `accurate` (without the appearance cues, whose weights are
    then left out) and, when fitted, `fastWithAppearance`, `accurateWithAppearance`; with a `prefix`,
    `learnedFast` and so on; with `single`, one model for every level named `single` (and
    `singleWithAppearance`), fitted on the one level's runs. The file's models of levels not fitted now are
    kept as they are."""
    def length(model):
        return len(model["weights"] if isinstance(model, dict) else model)
    kept = existing_models(path)
    covered = max([length(model) for model in fits.values()] + [len(names) if not kept else 0])
    lines = [f"// Written by scripts/fitting/fit-confidence.py{flag}: do not edit by hand, refit instead.",
             f"// Features: {', '.join(names[:covered])}.", f"extension {type_name} {{"]
    fitted_levels = {key.replace("WithAppearance", "") for key in fits}
    for key in [level + variant for variant in ("", "WithAppearance") for level in LEVELS
                if level + variant in fits or level not in fitted_levels]:
        name = prefix + key[0].upper() + key[1:] if prefix else key
        if single:
            if key not in fits:
                continue
            name = single + ("WithAppearance" if key.endswith("WithAppearance") else "")
        if key not in fits:
            lines += kept.get(name, [])
            continue
        level, with_cue = key.replace("WithAppearance", ""), key.endswith("WithAppearance")
        cue = " with the appearance cues" if with_cue else (" without the appearance cues" if APPEARANCE[0] in names else "")
        if with_cue and fits[key] is fits.get(level):
            cue = " offered the appearance cues, which did not lower the held-out log loss: the model without them"
        kind = " (boosted trees)" if isinstance(fits[key], dict) else ""
        lines += [f"    /// {comment.format(level=level, cue=cue)}{kind}" + ("; used at every level." if single else ".")]
        lines += [line.replace("{key}", name) for line in swift_model(type_name, fits[key])]
    lines.append("}")
    open(path, "w").write("\n".join(lines) + "\n")


APPEARANCE = ("appearance_similarity", "smoothed_appearance_similarity")
# The identity share among look-alikes (its log): a rule that multiplies the probability unless a model weighs it.
SHARE = "log_identity_share"
SHARE_INDEX = [None]  # its index among the runs' tracker features, set by main


def fit_level(bare, piped, protocols, columns, bootstrap, unit):
    """Fits both stages on the tracker features in `columns` and scores them, holding out one `unit`
    ("seq": sequence, "bench": benchmark) at a time. Returns the figures per run, model 1 (a logistic weight vector, or a dict of weights and trees whose feature indices are
    those of all tracker features), model 2's weights, and the held-out log loss of each kind of model 1."""
    share = SHARE_INDEX[0]

    def select(data):
        rule_share = data["log_share"] if share is None or share not in columns else np.zeros(len(data["log_share"]))
        return {**data, "tracker": data["tracker"][:, columns], "rule_share": rule_share}
    bare = {p: select(d) for p, d in bare.items()}; piped = {p: select(d) for p, d in piped.items()}
    all_bare, all_piped = concat(list(bare.values())), concat(list(piped.values()))
    sequences = sorted(set(all_bare[unit]))
    usable = all_bare["has_tracker"] & (all_bare["visible"] >= MIN_VISIBLE)
    X, y = all_bare["tracker"], (all_bare["iou"] >= 0.5).astype(float)

    def fit_tracker(kind, exclude):
        m = usable & (all_bare[unit] != exclude)
        return fit_logistic(X[m], y[m]) if kind == "logistic" else fit_trees(X[m], y[m])

    held_out_tracker, losses = {}, {}
    for kind in FORMS[0]:
        models = {s: fit_tracker(kind, s) for s in sequences}
        p = np.zeros(len(y))
        for s in sequences:
            m = all_bare[unit] == s
            p[m] = sigmoid(log_odds(models[s], X[m])) * np.exp(all_bare["rule_share"][m])
        losses[kind] = log_loss(p[usable], y[usable])
        held_out_tracker[kind] = models
    kind = min(losses, key=losses.get)
    held_out_tracker = held_out_tracker[kind]
    w1 = fit_tracker(kind, None)

    def part(data, m):
        return {k: v[m] for k, v in data.items()}

    # Model 2 learns from the logits model 1 gives a sequence it was not fitted on.
    X2 = all_piped["track"].copy()
    for s in sequences:
        m = all_piped[unit] == s
        X2[m] = track_matrix(part(all_piped, m), held_out_tracker[s])
    y2, visible = (all_piped["iou"] >= 0.5).astype(float), all_piped["visible"] >= MIN_VISIBLE

    def fit_track(exclude):
        m = visible & (all_piped[unit] != exclude)
        return fit_logistic(X2[m], y2[m])

    w2 = fit_track(None)
    held_out = {s: (held_out_tracker[s], fit_track(s)) for s in sequences}

    def predictions(data, pipeline, fitted):
        p = np.zeros(len(data["iou"]))
        for s in np.unique(data[unit]):
            m = data[unit] == s
            w_tracker, w_track = fitted(s)
            p[m] = sigmoid(track_matrix(part(data, m), w_tracker) @ w_track) if pipeline else tracker_probability(part(data, m), w_tracker)
        return rule(p, data)

    figures_by_run = {}
    for mode, data_by in (("bare", bare), ("pipeline", piped)):
        for protocol in protocols:
            data = data_by[protocol]
            held = predictions(data, mode == "pipeline", lambda s: held_out[s])
            loso = figures(held, data)
            if bootstrap:
                loso["ece_bootstrap_5_95"] = bootstrap_ece(held, data, bootstrap, np.random.default_rng(0))
            insample = figures(predictions(data, mode == "pipeline", lambda s: (w1, w2)), data)
            figures_by_run[f"{mode} {protocol}"] = {HOLD_OUT[unit]: loso, "in_sample": insample}
    def full_length(weights):
        """The weights of the selected columns placed at their features' indices (0 elsewhere)."""
        out = np.zeros(max(columns) + 1)
        out[columns] = weights
        return out
    if isinstance(w1, dict):
        w1 = {"weights": full_length(w1["weights"]), "trees": [([(columns[j] if j >= 0 else -1, t) for j, t in splits], values)
                                                               for splits, values in w1["trees"]]}
    else:
        w1 = full_length(w1)
    return figures_by_run, w1, w2, losses


def model_json(model):
    if not isinstance(model, dict):
        return {"kind": "logistic", "weights": model.tolist()}
    return {"kind": "trees", "weights": model["weights"].tolist(),
            "trees": [{"features": [j for j, _ in splits], "thresholds": [t for _, t in splits], "leaves": values.tolist()}
                      for splits, values in model["trees"]]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("runs")
    parser.add_argument("--sequences", default=os.path.join(ROOT, "..", "shared", "data", "sequences"))
    parser.add_argument("--write", action="store_true", help="write the in-sample weights into the Swift sources")
    parser.add_argument("--json", help="also write every figure to this file")
    parser.add_argument("--benchmarks", default=os.path.join(ROOT, "docs", "dev-set-benchmarks.json"),
                        help="JSON {benchmark: [sequence, ...]}: also fit leave-one-benchmark-out, and ship that fit's choices")
    parser.add_argument("--learned", action="store_true",
                        help="the runs are of the learned-feature (Siamese) levels: write learnedFast, learnedAccurate, ... "
                             "into the +Learned.swift files")
    parser.add_argument("--fused", action="store_true",
                        help="the runs are of the learned levels, whose `accurate` tracker is fused: fit `accurate` only and write "
                             "fusedAccurate, fusedAccurateWithAppearance into the +Fused.swift files")
    parser.add_argument("--lightfc", action="store_true",
                        help="the runs are of LightFC's tracker (`vtrack eval --level fast --set siamese=authors-lightfc`): fit `fast` "
                             "and write lightFC, lightFCWithAppearance (used at every level) into the +LightFC.swift files")
    parser.add_argument("--levels", default=None,
                        help="comma-separated levels to fit (default: both, or accurate with --fused); with --write, the models "
                             "of the other levels are kept as the file has them")
    parser.add_argument("--without", default="",
                        help="comma-separated tracker features the models leave out (their weights 0); "
                             f"leaving out {SHARE} keeps it as a rule that multiplies the probability")
    parser.add_argument("--track-model-only", action="store_true",
                        help="with --write, write only the re-seeded track's model (TrackConfidenceModel) and keep the tracker's "
                             "(ConfidenceModel), which drives re-finding and the fusion choice, as shipped: the boxes do not change")
    parser.add_argument("--tracker-form", choices=("best",) + KINDS, default="best",
                        help="model 1's form: the one with the lower held-out log loss (best), or the one named (with "
                             "--track-model-only, the shipped model's, so that model 2 learns from logits like those it will get)")
    parser.add_argument("--bootstrap", type=int, default=0, metavar="N",
                        help="also print the held-out ECE's 5-95%% range over N resamplings of the sequences")
    args = parser.parse_args()

    if args.benchmarks and os.path.exists(args.benchmarks):
        for bench, names in json.load(open(args.benchmarks)).items():
            BENCHMARK_OF.update({name: bench for name in names})
    units = ("seq", "bench") if BENCHMARK_OF else ("seq",)
    FORMS[0] = KINDS if args.tracker_form == "best" else (args.tracker_form,)
    protocols = [p for p in PROTOCOLS if all(os.path.exists(f"{args.runs}/{p}-{r}/results.json") for r in (0, 50))]
    if not protocols:
        sys.exit(f"{args.runs}: no complete <protocol>-0 and <protocol>-50 evaluations (see scripts/fitting/refit-confidence.sh)")
    print(f"protocols: {', '.join(protocols)}")
    report = {}
    fits = {}
    levels = (tuple(args.levels.split(",")) if args.levels else ("accurate",) if args.fused else ("fast",) if args.lightfc
              else LEVELS)
    left_out = set(filter(None, args.without.split(",")))
    for level in levels:
        bare = {p: load(args.runs, args.sequences, p, 0, level) for p in protocols}
        piped = {p: load(args.runs, args.sequences, p, 50, level) for p in protocols}
        tracker_names, track_names = bare[protocols[0]][1], piped[protocols[0]][2]
        bare = {p: v[0] for p, v in bare.items()}; piped = {p: v[0] for p, v in piped.items()}
        SHARE_INDEX[0] = tracker_names.index(SHARE) if SHARE in tracker_names else None
        kept = [i for i, name in enumerate(tracker_names) if name not in left_out]
        without = [i for i in kept if tracker_names[i] not in APPEARANCE]
        variants = {"": without}
        appearance = [i for i, name in enumerate(tracker_names) if name in APPEARANCE]
        if appearance and np.ptp(concat(list(bare.values()))["tracker"][:, appearance[0]]) > 0:
            variants["WithAppearance"] = kept
        report[level] = {"tracker_features": tracker_names, "track_features": track_names}
        for variant, columns in variants.items():
            figures_by_run = {}
            for unit in units:  # the last unit's choices ship: benchmarks held out when given
                by_run, w1, w2, losses = fit_level(bare, piped, protocols, columns, args.bootstrap, unit)
                for run, both in by_run.items():
                    figures_by_run.setdefault(run, {}).update(both)
                model = model_json(w1)
                print(f"{level} {variant or 'shipped cues'}: model 1 {HOLD_OUT[unit]} log loss " +
                      ", ".join(f"{k} {v:.4f}" for k, v in losses.items()) + f"; kept {model['kind']}", flush=True)
            fits[level + variant] = (w1, w2)
            if variant and min(losses.values()) >= min(report[level]["tracker_held_out_log_loss"].values()):
                # The appearance cues did not predict held-out frames better: the model with them is the one without.
                print(f"{level}: the appearance cues do not lower the held-out log loss; {level}WithAppearance = {level}")
                fits[level + variant] = fits[level]
                report[level]["appearance_cues_dropped"] = True
            report[level]["figures" + variant] = figures_by_run
            report[level]["tracker_model" + variant] = model
            report[level]["tracker_held_out_log_loss" + variant] = losses
            report[level]["track_weights" + variant] = w2.tolist()

    columns = ("ece", "brier", "solid_share", "dashed_on_object", "solid_failures", "lost_on_object", "mean_sequence_roc_auc")
    print("level     cues        run            fit        " + " ".join(f"{c[:16]:>16}" for c in columns) + "  lowest seq ROC")
    for level in levels:
        for key in [k for k in report[level] if k.startswith("figures")]:
            cues = "appearance" if key.endswith("WithAppearance") else "shipped"
            for run, both in report[level][key].items():
                for fit, name in [("LOSO", HOLD_OUT["seq"]), ("LOBO", HOLD_OUT["bench"]), ("in-sample", "in_sample")]:
                    if name not in both:
                        continue
                    f = both[name]
                    low = f["lowest_sequence_roc_auc"]
                    print(f"{level:9} {cues:11} {run:14} {fit:10} " + " ".join(f"{f[c]:16.3f}" for c in columns)
                          + (f"  {low[0]} {low[1]:.3f}" if low else ""))
    if args.bootstrap:
        print(f"held-out ECE, 5th-95th percentile over {args.bootstrap} resamplings of the sequences:")
        for level in levels:
            for key in [k for k in report[level] if k.startswith("figures")]:
                for run, both in report[level][key].items():
                    f = both["leave_one_sequence_out"]
                    low, high = f["ece_bootstrap_5_95"]
                    print(f"{level:9} {key[len('figures'):] or 'shipped':15} {run:14} {f['ece']:.3f}  ({low:.3f}-{high:.3f})")
    if args.json:
        json.dump(report, open(args.json, "w"), indent=1)
    if args.write:
        names = report[levels[0]]["tracker_features"]
        suffix, prefix, flag = (("Fused", "fused", " --fused") if args.fused else ("Learned", "learned", " --learned") if args.learned
                                else ("LightFC", "", " --lightfc") if args.lightfc else ("Fitted", "", ""))
        kind = ("fused (Siamese and correlation filter) " if args.fused else "learned-feature (Siamese) " if args.learned
                else "LightFC Siamese " if args.lightfc else "")
        single = "lightFC" if args.lightfc else None
        flag += " --track-model-only" if args.track_model_only else ""
        runs = "/".join(p.upper() for p in protocols)
        held = "; choices made leave-one-benchmark-out" if "bench" in units else ""
        if not args.track_model_only:
            write_swift(os.path.join(ROOT, f"Sources/Tracking/Confidence/ConfidenceModel+{suffix}.swift"), "ConfidenceModel",
                        f"Fitted on the bare {kind}`{{level}}` tracker's {runs} frames of the development set{{cue}}{held}",
                        {k: w1 for k, (w1, _) in fits.items()}, names, prefix, flag, single)
        write_swift(os.path.join(ROOT, f"Sources/Pipeline/Reseeding/TrackConfidenceModel+{suffix}.swift"), "TrackConfidenceModel",
                    f"Fitted on the {kind}`{{level}}` pipeline's {runs} frames of the development set (re-seeding every 50 frames){{cue}}{held}",
                    {k: w2 for k, (_, w2) in fits.items()}, report[levels[0]]["track_features"], prefix, flag, single)


if __name__ == "__main__":
    sys.exit(main())
