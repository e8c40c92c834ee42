#!/usr/bin/env python3
"""Measures what a cue derived over time from one evidence column would add to the bare tracker's
confidence model, before it is built.

Usage (an experiment, not part of the build):
  scripts/experiments/derived-cue-experiment.py RUNS_DIR --column tracker_jump --decayed-max 0.99 [--level fast]
  scripts/experiments/derived-cue-experiment.py RUNS_DIR --column tracker_appearance_similarity --running-average 0.05

RUNS_DIR is what scripts/fitting/refit-confidence.sh writes (ope-0, sre-0 and tre-0 with `--evidence`). For
every run the derived cue is computed frame by frame from the column, restarting where the tracker
restarts (a row without tracker features):
  --decayed-max L:      max(value, L * previous), the value limited to 0...2;
  --running-average R:  previous + R * (value - previous), started at the first value the tracker
                        reports on its 5th tracked frame (the appearance cue's first refresh) and 0
                        as a difference before it; the cue is the value minus the average of the
                        frames before.
The shipped cues alone and the shipped cues plus the derived one are then fitted
leave-one-sequence-out as scripts/fitting/fit-confidence.py fits ConfidenceModel, and both sets of
held-out figures are printed per protocol. docs/confidence.md has the results.
"""
import argparse
import csv
import importlib.util
import os

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("fit_confidence", os.path.join(ROOT, "scripts", "fitting", "fit-confidence.py"))
fit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit)
FIRST_REFRESH = 5


def derived_column(path, column, decayed_max, running_average):
    """The derived cue for every row of one evidence file."""
    with open(path) as f:
        reader = csv.reader(f)
        header = next(reader)
        rows = list(reader)
    index = header.index(column)
    out = np.zeros(len(rows))
    memory, tracked = None, 0
    for n, row in enumerate(rows):
        if row[index] == "":
            memory, tracked = None, 0  # a (re)start: the tracker reports no features
            continue
        value = float(row[index])
        tracked += 1
        if decayed_max is not None:
            memory = max(min(max(value, 0), 2), decayed_max * (memory or 0))
            out[n] = memory
        elif tracked >= FIRST_REFRESH:
            if memory is None:
                memory = value
            out[n] = value - memory
            memory += running_average * (value - memory)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("runs")
    parser.add_argument("--sequences", default=os.path.join(ROOT, "..", "shared", "data", "sequences"))
    parser.add_argument("--level", choices=fit.LEVELS, default="fast")
    parser.add_argument("--column", required=True, help="an evidence column, e.g. tracker_jump")
    kind = parser.add_mutually_exclusive_group(required=True)
    kind.add_argument("--decayed-max", type=float, metavar="L")
    kind.add_argument("--running-average", type=float, metavar="R")
    args = parser.parse_args()

    shipped = {p: fit.load(args.runs, args.sequences, p, 0, args.level)[0] for p in fit.PROTOCOLS}
    cache = {}
    with_cue = {}
    for protocol, d in shipped.items():
        extra = []
        for path, row in zip(d["path"], d["row"]):
            if path not in cache:
                cache[path] = derived_column(path, args.column, args.decayed_max, args.running_average)
            extra.append(cache[path][row])
        with_cue[protocol] = {**d, "tracker": np.hstack([d["tracker"], np.array(extra)[:, None]])}
    columns = ("ece", "brier", "solid_share", "dashed_on_object", "solid_failures", "lost_on_object", "mean_sequence_roc_auc")
    print(f"{args.level}, held-out, bare tracker; {' '.join(columns)}")
    for name, data in (("shipped cues", shipped), ("with the derived cue", with_cue)):
        for protocol, f in fit.held_out_bare_figures(data).items():
            print(f"{name:22} {protocol}: " + " ".join(f"{f[c]:.4f}" for c in columns))


if __name__ == "__main__":
    main()
