#!/usr/bin/env python3
"""Fits the review page's ranking (Sources/Pages/ReviewMomentRanking.swift) from the first runs of
`vtrack eval review-loop --frames-csv FRAMES.csv`, held out by benchmark.

- holdSeconds: how long a keyframe's pass holds the object, from P(on the object t seconds after
  the first box) = exp(-t / hold), by maximum likelihood over the annotated frames.
- offWhenDisputed: the share of frames the forward-backward check disputes that are off the object.

For each benchmark (from the sequences' meta.json "dataset"), both are fitted on the other
benchmarks' sequences and printed beside the fit on all, so that a value fitted on all can be
checked against the spread of its held-out fits.

    python3 scripts/fitting/fit-review-ranking.py FRAMES.csv /work/shared/data/sequences
"""
import csv
import json
import math
import os
import sys


def benchmark(dataset):
    for prefix, name in (("OTB", "OTB"), ("DTB70", "DTB70"), ("UAVDT", "UAVDT"), ("UAV123", "UAV123"), ("VOT", "VOT")):
        if dataset.startswith(prefix):
            return name
    return "other"


def fit_hold(rows):
    """Maximum-likelihood hold time (seconds) of P(on at t) = exp(-t / hold), on a log grid."""
    def log_likelihood(hold):
        total = 0.0
        for seconds, off in rows:
            p_on = math.exp(-seconds / hold)
            total += math.log(max(1 - p_on, 1e-12)) if off else -seconds / hold
        return total
    if not rows:
        return float("nan")
    grid = [0.25 * 1.05 ** k for k in range(200)]
    return max(grid, key=log_likelihood)


def off_when_disputed(rows):
    disputed = [off for disputed, off in rows if disputed]
    return (sum(disputed) / len(disputed), len(disputed)) if disputed else (float("nan"), 0)


def main():
    frames_csv, sequences = sys.argv[1], sys.argv[2]
    rows = list(csv.DictReader(open(frames_csv)))
    group = {}
    for row in rows:
        name = row["sequence"]
        if name not in group:
            meta = json.load(open(os.path.join(sequences, name, "meta.json")))
            group[name] = benchmark(meta.get("dataset", ""))
    def hold_rows(keep):
        return [(float(r["seconds"]), r["off"] == "1") for r in rows if keep(group[r["sequence"]])]
    def dispute_rows(keep):
        return [(r["disputed"] == "1", r["off"] == "1") for r in rows if keep(group[r["sequence"]])]
    print("benchmark,sequences,held_out_hold_seconds,held_out_off_when_disputed,disputed_frames_held_out")
    for name in sorted(set(group.values())):
        count = sum(1 for g in group.values() if g == name)
        p, n = off_when_disputed(dispute_rows(lambda g: g != name))
        print(f"{name},{count},{fit_hold(hold_rows(lambda g: g != name)):.2f},{p:.3f},{n}")
    p, n = off_when_disputed(dispute_rows(lambda g: True))
    solid = [(r["disputed"] == "1", r["off"] == "1") for r in rows if float(r["confidence"]) > 0.5]
    ps, ns = off_when_disputed(solid)
    print(f"all,{len(group)},{fit_hold(hold_rows(lambda g: True)):.2f},{p:.3f},{n}")
    print(f"# of the disputed frames drawn solid (confidence > 0.5), off the object: {ps:.3f} of {ns}")


if __name__ == "__main__":
    main()
