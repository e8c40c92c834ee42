#!/usr/bin/env python3
"""Keyframe-guided tracking against tracking from the first box and against linear interpolation.

On every development sequence, the ground-truth box every EVERY frames (0, EVERY, 2*EVERY, ...;
frames without a ground-truth box are skipped) is given to `vtrack track --keyframes`; the same
keyframes are joined by straight lines (the last box held after the last keyframe, as annotation
tools do); and `vtrack track --box` follows the first box alone. All three are scored on every
frame with a ground-truth box: success AUC (OTB: the share of frames with IoU above each threshold
0, 0.05, ..., 1, averaged). For the guided run it also reports:

- flags: the share of its frames with IoU < 0.5 that the CSV marks `disputed` (the passes
  disagree), and the share of all frames marked `disputed`; then the same for the frames a
  reviewer is pointed to, `disputed` or dashed (confidence <= 0.5);
- calibration: the expected calibration error of its confidence (10 bins, "on the object" is
  IoU >= 0.5), and what a constant confidence would score.

Prints the mean, the worst sequence, each category (docs/dev-set-categories.json) and each
benchmark (meta.json's "dataset"); --json writes every sequence's figures.

    python3 scripts/experiments/keyframe-benchmark.py --vtrack .build/release/vtrack \\
        --sequences ../shared/data/sequences --categories docs/dev-set-categories.json
"""
import argparse
import concurrent.futures
import csv
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

THRESHOLDS = np.arange(0, 1.0001, 0.05)


def load_truth(path):
    boxes = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            values = [float(v) if v.lower() != "nan" else np.nan for v in line.replace("\t", ",").split(",")]
            boxes.append(values[:4])
    return np.array(boxes, dtype=float)


def has_box(b):
    return np.isfinite(b).all(axis=-1) & (b[..., 2] > 0) & (b[..., 3] > 0)


def iou(a, b):
    x1 = np.maximum(a[:, 0], b[:, 0])
    y1 = np.maximum(a[:, 1], b[:, 1])
    x2 = np.minimum(a[:, 0] + a[:, 2], b[:, 0] + b[:, 2])
    y2 = np.minimum(a[:, 1] + a[:, 3], b[:, 1] + b[:, 3])
    inter = np.clip(x2 - x1, 0, None) * np.clip(y2 - y1, 0, None)
    union = a[:, 2] * a[:, 3] + b[:, 2] * b[:, 3] - inter
    out = np.where(union > 0, inter / np.where(union > 0, union, 1), 0.0)
    return np.where(has_box(a), out, 0.0)


def auc(ious):
    return float(np.mean([(ious > t).mean() for t in THRESHOLDS])) if len(ious) else float("nan")


def read_csv(path, frames):
    boxes = np.full((frames, 4), np.nan)
    confidence = np.zeros(frames)
    source = np.array([""] * frames, dtype=object)
    with open(path) as f:
        for row in csv.DictReader(f):
            i = int(row["frame"])
            if i < frames:
                boxes[i] = [float(row[k]) for k in ("x", "y", "width", "height")]
                confidence[i] = float(row["confidence"])
                source[i] = row.get("source", "")
    return boxes, confidence, source


def interpolate(truth, keys):
    boxes = np.full(truth.shape, np.nan)
    for a, b in zip(keys, keys[1:]):
        for i in range(a, b + 1):
            t = (i - a) / (b - a)
            boxes[i] = (1 - t) * truth[a] + t * truth[b]
    boxes[keys[-1]:] = truth[keys[-1]]
    return boxes


def ece(confidence, on, bins=10):
    edges = np.linspace(0, 1, bins + 1)
    total = 0.0
    for lo, hi in zip(edges[:-1], edges[1:]):
        inside = (confidence >= lo) & ((confidence < hi) | (hi == 1))
        if inside.any():
            total += inside.sum() * abs(confidence[inside].mean() - on[inside].mean())
    return total / len(confidence)


def run_sequence(args, name):
    folder = os.path.join(args.sequences, name)
    truth = load_truth(os.path.join(folder, "groundtruth_rect.txt"))
    video = os.path.join(folder, f"{name}.mp4")
    valid = has_box(truth)
    keys = [i for i in range(0, len(truth), args.every) if valid[i]]
    with tempfile.TemporaryDirectory() as temporary:
        work = os.path.join(args.keep, name) if args.keep else temporary
        os.makedirs(work, exist_ok=True)
        key_file = os.path.join(work, "keys.csv")
        with open(key_file, "w") as f:
            f.write("frame,track_id,x,y,width,height,source\n")
            for i in keys:
                f.write("%d,1,%.2f,%.2f,%.2f,%.2f,keyframe\n" % (i, *truth[i]))
        common = ["--level", args.level, "--quiet"] + args.extra
        guided_csv, first_csv = os.path.join(work, "guided.csv"), os.path.join(work, "first.csv")
        started = time.monotonic()
        subprocess.run([args.vtrack, "track", video, "--keyframes", key_file, "--csv", guided_csv] + common, check=True)
        guided_seconds = time.monotonic() - started
        started = time.monotonic()
        b = truth[keys[0]]
        subprocess.run([args.vtrack, "track", video, "--box", "%.2f,%.2f,%.2f,%.2f" % tuple(b), "--start-frame", str(keys[0]),
                        "--csv", first_csv] + common, check=True)
        first_seconds = time.monotonic() - started
        guided, confidence, source = read_csv(guided_csv, len(truth))
        first, _, _ = read_csv(first_csv, len(truth))
    scored = valid.copy()
    guided_iou, first_iou = iou(guided[scored], truth[scored]), iou(first[scored], truth[scored])
    linear_iou = iou(interpolate(truth, keys)[scored], truth[scored])
    wrong = guided_iou < 0.5
    flagged = source[scored] == "disputed"
    to_review = flagged | (confidence[scored] <= 0.5)
    return {
        "sequence": name, "frames": int(scored.sum()), "keyframes": len(keys),
        "guided": auc(guided_iou), "first_box": auc(first_iou), "linear": auc(linear_iou),
        "wrong_frames": int(wrong.sum()), "wrong_flagged": int((wrong & flagged).sum()), "flagged": int(flagged.sum()),
        "wrong_to_review": int((wrong & to_review).sum()), "to_review": int(to_review.sum()),
        "confidence": confidence[scored].tolist(), "on": (guided_iou >= 0.5).tolist(),
        "dashed": int((confidence[scored] <= 0.5).sum()),
        "guided_seconds": guided_seconds, "first_seconds": first_seconds,
    }


def summary(label, results):
    frames = sum(r["frames"] for r in results)
    wrong = sum(r["wrong_frames"] for r in results)
    caught = sum(r["wrong_flagged"] for r in results)
    flagged = sum(r["flagged"] for r in results)
    review_caught = sum(r["wrong_to_review"] for r in results)
    to_review = sum(r["to_review"] for r in results)
    mean = lambda key: np.mean([r[key] for r in results])
    worst = min(results, key=lambda r: r["guided"])
    return (f"{label:34s} n={len(results):2d}  guided {mean('guided'):.3f}  first box {mean('first_box'):.3f}  "
            f"linear {mean('linear'):.3f}  worst {worst['sequence']} {worst['guided']:.3f}  "
            f"IoU<0.5 disputed {caught / max(wrong, 1):.0%} of {wrong}, disputed {flagged / frames:.1%} of frames; "
            f"disputed or dashed {review_caught / max(wrong, 1):.0%}, {to_review / frames:.1%}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vtrack", default=".build/release/vtrack")
    parser.add_argument("--sequences", default="../shared/data/sequences")
    parser.add_argument("--categories", default="docs/dev-set-categories.json")
    parser.add_argument("--every", type=int, default=50)
    parser.add_argument("--level", default="accurate")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seqs", help="comma-separated names (default: all)")
    parser.add_argument("--json", help="write every sequence's figures here")
    parser.add_argument("--keep", help="keep each sequence's keyframes and CSVs in this folder")
    parser.add_argument("extra", nargs="*", help="more vtrack track options, after --")
    args = parser.parse_args()
    names = args.seqs.split(",") if args.seqs else sorted(
        d for d in os.listdir(args.sequences) if os.path.isfile(os.path.join(args.sequences, d, "groundtruth_rect.txt")))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda n: run_sequence(args, n), names))
    print(f"keyframe every {args.every} frames, level {args.level}, {len(results)} sequences; success AUC over every frame with a box")
    print(summary("all", results))
    with open(args.categories) as f:
        categories = json.load(f)
    for category, members in categories.items():
        chosen = [r for r in results if r["sequence"] in members]
        if chosen:
            print(summary(category, chosen))
    datasets = {}
    for r in results:
        with open(os.path.join(args.sequences, r["sequence"], "meta.json")) as f:
            datasets.setdefault(json.load(f).get("dataset", "?"), []).append(r)
    for dataset, chosen in sorted(datasets.items()):
        print(summary(dataset, chosen))
    confidence = np.concatenate([r["confidence"] for r in results])
    on = np.concatenate([r["on"] for r in results]).astype(float)
    print(f"guided confidence: ECE {ece(confidence, on):.3f} (a constant {on.mean():.2f} scores {ece(np.full_like(on, on.mean()), on):.3f}); "
          f"dashed {np.mean(confidence <= 0.5):.1%} of frames; on the object {on.mean():.1%}")
    per_sequence = [ece(np.array(r["confidence"]), np.array(r["on"], dtype=float)) for r in results]
    print(f"per-sequence ECE: mean {np.mean(per_sequence):.3f}, worst {max(per_sequence):.3f}")
    guided_time = sum(r["guided_seconds"] for r in results)
    first_time = sum(r["first_seconds"] for r in results)
    print(f"time: guided {guided_time:.0f} s, first box {first_time:.0f} s ({guided_time / first_time:.2f}x)")
    print("per sequence (guided / first box / linear):")
    for r in sorted(results, key=lambda r: r["guided"] - r["linear"]):
        print(f"  {r['sequence']:14s} {r['guided']:.3f} / {r['first_box']:.3f} / {r['linear']:.3f}  "
              f"flagged {r['flagged']}/{r['frames']}  IoU<0.5 {r['wrong_frames']} ({r['wrong_flagged']} flagged)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump([{k: v for k, v in r.items() if k not in ("confidence", "on")} for r in results], f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
