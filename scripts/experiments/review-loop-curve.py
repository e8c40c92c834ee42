#!/usr/bin/env python3
"""Mean success AUC against the number of corrections K: one `vtrack eval review-loop` run for
K = 0...N on the whole development set (each sequence's first run shared by every K), then a table
and an SVG plot: corrections at the moments the review page lists (most at stake first), the same
reviewer taking the moments in time order, the same number of keyframes spaced evenly, and straight
lines between the corrections. At K = 0 the first three are one run, keyframe-guided from the first
box alone.

Usage:
  scripts/experiments/review-loop-curve.py OUT_DIR [--vtrack .build/release/vtrack]
      [--sequences ../shared/data/sequences] [--max-k 5] [--level fast] [--reuse]

Writes OUT_DIR/review-loop.csv (the command's rows; --reuse keeps one already there),
OUT_DIR/review-loop-curve.csv and OUT_DIR/review-loop-curve.svg.
"""
import argparse
import csv
import os
import subprocess
import sys
from xml.sax.saxutils import escape

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WAYS = (("corrected_auc", "corrections at the listed moments (most at stake first)", "#1f77b4", ""),
        ("time_order_auc", "corrections at the moments in time order", "#9467bd", "5,3"),
        ("evenly_spaced_auc", "keyframes spaced evenly", "#2ca02c", ""),
        ("straight_lines_auc", "straight lines between the corrections", "#d62728", ""))


def mean_rows(path):
    """Mean of each way per K, and the number of sequences."""
    rows = list(csv.DictReader(open(path)))
    if not rows:
        sys.exit(f"{path}: no sequences")
    keys = ["first_run_auc"] + [key for key, _, _, _ in WAYS]
    means = {}
    for k in sorted({int(r["corrections_allowed"]) for r in rows}):
        at_k = [r for r in rows if int(r["corrections_allowed"]) == k]
        means[k] = {key: sum(float(r[key]) for r in at_k) / len(at_k) for key in keys}
    return means, len({r["sequence"] for r in rows})


def svg(points, max_k):
    width, height, left, right, top, bottom = 560, 360, 60, 20, 20, 104
    plot_w, plot_h = width - left - right, height - top - bottom
    x = lambda k: left + plot_w * k / max_k
    y = lambda auc: top + plot_h * (1 - auc)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">',
             f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#888"/>']
    for tick in range(0, 11, 2):
        value = tick / 10
        parts.append(f'<text x="{left - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{value:.1f}</text>')
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(value):.1f}" y2="{y(value):.1f}" stroke="#eee"/>')
    for k in range(max_k + 1):
        parts.append(f'<text x="{x(k):.1f}" y="{top + plot_h + 14}" text-anchor="middle">{k}</text>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{top + plot_h + 30}" text-anchor="middle">corrections per sequence (K)</text>')
    parts.append(f'<text x="14" y="{top + plot_h / 2}" transform="rotate(-90 14 {top + plot_h / 2})" text-anchor="middle">mean success AUC</text>')
    for index, (key, label, colour, dashes) in enumerate(WAYS):
        line = [(k, row[key]) for k, row in sorted(points.items())]
        path = " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in line)
        dash = f' stroke-dasharray="{dashes}"' if dashes else ""
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        parts += [f'<circle cx="{x(k):.1f}" cy="{y(v):.1f}" r="3" fill="{colour}"/>' for k, v in line]
        legend_y = top + plot_h + 46 + 14 * index
        parts.append(f'<line x1="{left}" x2="{left + 20}" y1="{legend_y - 4}" y2="{legend_y - 4}" stroke="{colour}" stroke-width="2"{dash}/>')
        parts.append(f'<text x="{left + 26}" y="{legend_y}">{escape(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--vtrack", default=os.path.join(ROOT, ".build", "release", "vtrack"))
    parser.add_argument("--sequences", default=os.path.join(ROOT, "..", "shared", "data", "sequences"))
    parser.add_argument("--max-k", type=int, default=5)
    parser.add_argument("--level", default="fast")
    parser.add_argument("--reuse", action="store_true", help="keep the per-K CSVs already in OUT_DIR")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, "review-loop.csv")
    if not (args.reuse and os.path.exists(path)):
        subprocess.run([args.vtrack, "eval", "review-loop", args.sequences, "--corrections", ",".join(map(str, range(args.max_k + 1))),
                        "--level", args.level, "--also-time-order", "--csv", path], check=True, stdout=subprocess.DEVNULL)
    points, count = mean_rows(path)
    with open(os.path.join(args.out, "review-loop-curve.csv"), "w") as f:
        f.write("k,first_run_auc," + ",".join(key for key, _, _, _ in WAYS) + "\n")
        for k, row in sorted(points.items()):
            f.write(f"{k},{row['first_run_auc']:.4f}," + ",".join(f"{row[key]:.4f}" for key, _, _, _ in WAYS) + "\n")
    open(os.path.join(args.out, "review-loop-curve.svg"), "w").write(svg(points, max(points)))
    print(f"{count} sequences, first run {points[min(points)]['first_run_auc']:.3f}")
    print("| K | " + " | ".join(label for _, label, _, _ in WAYS) + " |")
    for k, row in sorted(points.items()):
        print(f"| {k} | " + " | ".join(f"{row[key]:.3f}" for key, _, _, _ in WAYS) + " |")

if __name__ == "__main__":
    sys.exit(main())
