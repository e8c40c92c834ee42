#!/usr/bin/env python3
"""Compares two runs of `vtrack eval review-loop --csv` (each possibly in shards) on the sequences
both have: the mean AUC of each way per K, the checker's margin over evenly spaced keyframes, the
sequences that lose more than 0.03 from a box (against the run with one K fewer), the sequences the
second run changes by more than 0.03, and the first runs' review cues (pooled over the sequences:
off-object frames drawn solid that the forward-backward check disputes, disputed frames that are
off, and on how many sequences with off frames the page's first listed frame is off).

    python3 scripts/experiments/review-loop-compare.py BEFORE.csv[,MORE.csv] AFTER.csv[,MORE.csv]
"""
import csv
import sys

WAYS = ["first_run_auc", "checked_auc", "corrected_auc", "evenly_spaced_auc"]


def load(paths):
    rows = {}
    for path in paths.split(","):
        for row in csv.DictReader(open(path)):
            rows[(row["sequence"], int(row["corrections_allowed"]))] = row
    return rows


def main():
    runs = [load(paths) for paths in sys.argv[1:3]]
    sequences = sorted({s for s, _ in runs[0]} & {s for s, _ in runs[1]})
    ks = sorted({k for _, k in runs[0]} & {k for _, k in runs[1]})
    print(f"{len(sequences)} sequences in both; K = {ks}")
    for label, run in zip(("before", "after"), runs):
        def mean(way, k):
            return sum(float(run[(s, k)][way]) for s in sequences) / len(sequences)
        for way in WAYS:
            print(f"{label} {way}: " + " ".join(f"K={k} {mean(way, k):.3f}" for k in ks))
        print(f"{label} checked - evenly spaced: " + " ".join(
            f"K={k} {mean('checked_auc', k) - mean('evenly_spaced_auc', k):+.3f}" for k in ks))
        for way in ("checked_auc", "corrected_auc", "evenly_spaced_auc"):
            losses = []
            for s in sequences:
                previous = float(run[(s, ks[0])][way])
                for k in ks[1:]:
                    value = float(run[(s, k)][way])
                    if previous - value > 0.03:
                        losses.append(f"{s} K={k} {value - previous:+.3f}")
                    previous = value
            print(f"{label} {way} losses > 0.03 from a box: {len(losses)}: " + "; ".join(losses))
        rows = [run[(s, ks[0])] for s in sequences]

        def total(column):
            return sum(int(r[column]) for r in rows)
        first = [r["first_moment_off"] for r in rows if int(r["off_frames"]) > 0]
        print(f"{label} cues: off solid disputed {total('off_solid_disputed_frames')} of {total('off_solid_frames')}"
              f" ({100 * total('off_solid_disputed_frames') / max(1, total('off_solid_frames')):.0f}%);"
              f" disputed off {total('disputed_off_frames')} of {total('disputed_frames')}"
              f" ({100 * total('disputed_off_frames') / max(1, total('disputed_frames')):.0f}%);"
              f" first listed frame off on {first.count('1')} of {len(first)} sequences with off frames"
              f" ({100 * first.count('1') / max(1, len(first)):.0f}%)")
    before, after = runs
    for way in ("first_run_auc", "checked_auc", "corrected_auc", "evenly_spaced_auc"):
        for k in ks:
            changes = sorted((float(after[(s, k)][way]) - float(before[(s, k)][way]), s) for s in sequences)
            big = [f"{s} {d:+.3f}" for d, s in changes if abs(d) > 0.03]
            print(f"after - before {way} K={k}: mean {sum(d for d, _ in changes) / len(changes):+.4f},"
                  f" better {sum(d > 0.005 for d, _ in changes)}, worse {sum(d < -0.005 for d, _ in changes)};"
                  f" |change| > 0.03: {', '.join(big) or 'none'}")


if __name__ == "__main__":
    main()
