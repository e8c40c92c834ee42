#!/usr/bin/env python3
"""Mean success AUC against the number of corrections K: `vtrack eval review-loop` for K = 1...N on
the whole development set, then a table and an SVG plot (corrections at the moments the review page
lists, the same number of keyframes spaced evenly, straight lines between the corrections; at K = 0
every way is the first run).

Usage:
  scripts/experiments/review-loop-curve.py OUT_DIR [--vtrack .build/release/vtrack]
      [--sequences ../shared/data/sequences] [--max-k 5] [--level fast] [--reuse]

Writes OUT_DIR/review-loop-k<K>.csv (one per K; --reuse keeps those already there),
OUT_DIR/review-loop-curve.csv and OUT_DIR/review-loop-curve.svg.
"""
import argparse
import csv
import os
import subprocess
import sys
from xml.sax.saxutils import escape

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WAYS = (("corrected_auc", "corrections at the listed moments", "#1f77b4"),
        ("evenly_spaced_auc", "keyframes spaced evenly", "#2ca02c"),
        ("straight_lines_auc", "straight lines between the corrections", "#d62728"))


def mean_row(path):
    rows = list(csv.DictReader(open(path)))
    if not rows:
        sys.exit(f"{path}: no sequences")
    keys = ["first_run_auc"] + [key for key, _, _ in WAYS]
    return {key: sum(float(r[key]) for r in rows) / len(rows) for key in keys}, len(rows)


def svg(points, first_run, max_k):
    width, height, left, right, top, bottom = 560, 340, 60, 20, 20, 90
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
    for index, (key, label, colour) in enumerate(WAYS):
        line = [(0, first_run)] if key != "straight_lines_auc" else []
        line += [(k, row[key]) for k, row in sorted(points.items())]
        path = " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in line)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts += [f'<circle cx="{x(k):.1f}" cy="{y(v):.1f}" r="3" fill="{colour}"/>' for k, v in line]
        legend_y = top + plot_h + 46 + 14 * index
        parts.append(f'<line x1="{left}" x2="{left + 20}" y1="{legend_y - 4}" y2="{legend_y - 4}" stroke="{colour}" stroke-width="2"/>')
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
    points, first_runs = {}, []
    for k in range(1, args.max_k + 1):
        path = os.path.join(args.out, f"review-loop-k{k}.csv")
        if not (args.reuse and os.path.exists(path)):
            subprocess.run([args.vtrack, "eval", "review-loop", args.sequences, "--corrections", str(k), "--level", args.level,
                            "--csv", path], check=True, stdout=subprocess.DEVNULL)
        points[k], count = mean_row(path)
        first_runs.append(points[k]["first_run_auc"])
    first_run = sum(first_runs) / len(first_runs)
    with open(os.path.join(args.out, "review-loop-curve.csv"), "w") as f:
        f.write("k,first_run_auc," + ",".join(key for key, _, _ in WAYS) + "\n")
        for k, row in sorted(points.items()):
            f.write(f"{k},{row['first_run_auc']:.4f}," + ",".join(f"{row[key]:.4f}" for key, _, _ in WAYS) + "\n")
    open(os.path.join(args.out, "review-loop-curve.svg"), "w").write(svg(points, first_run, args.max_k))
    print(f"{count} sequences, first run {first_run:.3f}")
    print("K  " + "  ".join(f"{label:>40}" for _, label, _ in WAYS))
    for k, row in sorted(points.items()):
        print(f"{k}  " + "  ".join(f"{row[key]:>40.3f}" for key, _, _ in WAYS))


if __name__ == "__main__":
    sys.exit(main())
