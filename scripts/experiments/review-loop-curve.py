#!/usr/bin/env python3
"""Mean success AUC against the number of boxes a reviewer gives, K: one `vtrack eval review-loop`
run per level for K = 0...N on the whole development set (each sequence's first run shared by every
K), then a table and an SVG plot of the checker (the box on each of the first K frames the review
page lists) and K keyframes spaced evenly without looking at the run, at each level. The table adds
the corrector (only the listed boxes that are off) and straight lines between the corrector's boxes.
At K = 0 every reviewer's run is one run, keyframe-guided from the first box alone.

Usage:
  scripts/experiments/review-loop-curve.py OUT_DIR [--vtrack .build/release/vtrack]
      [--sequences ../shared/data/sequences] [--max-k 5] [--levels fast,accurate] [--reuse]

Writes OUT_DIR/review-loop-LEVEL.csv (the command's rows; --reuse keeps one already there, for
example shards' CSVs joined under one header), OUT_DIR/review-loop-curve.csv and
OUT_DIR/review-loop-curve.svg.
"""
import argparse
import csv
import os
import subprocess
import sys
from xml.sax.saxutils import escape

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WAYS = (("checked_auc", "checker: the box on the first K listed frames"),
        ("evenly_spaced_auc", "K keyframes spaced evenly"),
        ("corrected_auc", "corrector: the listed boxes that are off"),
        ("straight_lines_auc", "straight lines between the corrector's boxes"))
PLOTTED = ("checked_auc", "evenly_spaced_auc")
COLOURS = {"fast": "#1f77b4", "accurate": "#d62728"}
DASHES = {"checked_auc": "", "evenly_spaced_auc": "5,3"}


def mean_rows(path):
    """Mean of the first run and each way per K, and the number of sequences."""
    rows = list(csv.DictReader(open(path)))
    if not rows:
        sys.exit(f"{path}: no sequences")
    keys = ["first_run_auc"] + [key for key, _ in WAYS]
    means = {}
    for k in sorted({int(r["corrections_allowed"]) for r in rows}):
        at_k = [r for r in rows if int(r["corrections_allowed"]) == k]
        means[k] = {key: sum(float(r[key]) for r in at_k) / len(at_k) for key in keys}
    return means, len({r["sequence"] for r in rows})


def svg(levels, max_k):
    """`levels`: [(level, {K: means})]."""
    lines = [(level, key) for level, _ in levels for key in PLOTTED]
    width, height, left, right, top = 560, 300 + 14 * len(lines), 60, 20, 20
    plot_w, plot_h = width - left - right, 240
    lowest = min(points[k][key] for _, points in levels for k in points for key in PLOTTED)
    floor = max(0.0, int(lowest * 10 - 0.5) / 10)
    x = lambda k: left + plot_w * k / max_k
    y = lambda auc: top + plot_h * (1 - (auc - floor) / (1 - floor))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">',
             f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#888"/>']
    tick = floor
    while tick <= 1.0001:
        parts.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:.1f}</text>')
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#eee"/>')
        tick += 0.1
    for k in range(max_k + 1):
        parts.append(f'<text x="{x(k):.1f}" y="{top + plot_h + 14}" text-anchor="middle">{k}</text>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{top + plot_h + 30}" text-anchor="middle">boxes given per sequence (K)</text>')
    parts.append(f'<text x="14" y="{top + plot_h / 2}" transform="rotate(-90 14 {top + plot_h / 2})" text-anchor="middle">mean success AUC</text>')
    labels = dict(WAYS)
    for index, (level, key) in enumerate(lines):
        points = dict(levels)[level]
        colour, dashes = COLOURS.get(level, "#555"), DASHES[key]
        line = [(k, row[key]) for k, row in sorted(points.items())]
        path = " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in line)
        dash = f' stroke-dasharray="{dashes}"' if dashes else ""
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        parts += [f'<circle cx="{x(k):.1f}" cy="{y(v):.1f}" r="3" fill="{colour}"/>' for k, v in line]
        legend_y = top + plot_h + 46 + 14 * index
        parts.append(f'<line x1="{left}" x2="{left + 20}" y1="{legend_y - 4}" y2="{legend_y - 4}" stroke="{colour}" stroke-width="2"{dash}/>')
        parts.append(f'<text x="{left + 26}" y="{legend_y}">{escape(level + ", " + labels[key])}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--vtrack", default=os.path.join(ROOT, ".build", "release", "vtrack"))
    parser.add_argument("--sequences", default=os.path.join(ROOT, "..", "shared", "data", "sequences"))
    parser.add_argument("--max-k", type=int, default=5)
    parser.add_argument("--levels", default="fast,accurate")
    parser.add_argument("--reuse", action="store_true", help="keep the per-level CSVs already in OUT_DIR")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    levels = []
    for level in args.levels.split(","):
        path = os.path.join(args.out, f"review-loop-{level}.csv")
        if not (args.reuse and os.path.exists(path)):
            subprocess.run([args.vtrack, "eval", "review-loop", args.sequences, "--corrections", ",".join(map(str, range(args.max_k + 1))),
                            "--level", level, "--csv", path], check=True, stdout=subprocess.DEVNULL)
        points, count = mean_rows(path)
        levels.append((level, points))
        print(f"{level}: {count} sequences, first run {points[min(points)]['first_run_auc']:.3f}")
        print("| K | " + " | ".join(label for _, label in WAYS) + " |")
        for k, row in sorted(points.items()):
            print(f"| {k} | " + " | ".join(f"{row[key]:.3f}" for key, _ in WAYS) + " |")
    with open(os.path.join(args.out, "review-loop-curve.csv"), "w") as f:
        f.write("level,k,first_run_auc," + ",".join(key for key, _ in WAYS) + "\n")
        for level, points in levels:
            for k, row in sorted(points.items()):
                f.write(f"{level},{k},{row['first_run_auc']:.4f}," + ",".join(f"{row[key]:.4f}" for key, _ in WAYS) + "\n")
    open(os.path.join(args.out, "review-loop-curve.svg"), "w").write(svg(levels, max(max(points) for _, points in levels)))

if __name__ == "__main__":
    sys.exit(main())
