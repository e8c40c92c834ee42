#!/usr/bin/env python3
"""Measures what each cue of the verdict adds, held out by sequence and by benchmark.

Usage: scripts/experiments/verdict-cues.py RUNS_DIR [--sequences ../shared/data/sequences] [--trees]

RUNS_DIR holds `vtrack eval --level both --evidence` runs as scripts/fitting/fit-confidence.py reads them
(ope-0 and ope-50 at least). For each level (`fast`: the Siamese tracker; `accurate`: the fused level)
and each set of cues, both stages are fitted as fit-confidence.py fits them (logistic regressions;
--trees also tries its boosted trees) and the figures printed: held-out log loss of model 1 (bare
frames), and ECE, dashed frames on the object, solid frames failing (IoU < 0.1) and `lost` frames on the
object, bare and re-seeding every 50 frames, leave-one-sequence-out and leave-one-benchmark-out. Also
printed: the confidence the runs reported (the shipped models, in-sample where they were fitted on these
sequences) and a constant confidence at the share of frames on the object (a degenerate verdict).
"""
import argparse
import importlib.util
import json
import os

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("fit_confidence", os.path.join(ROOT, "scripts", "fitting", "fit-confidence.py"))
fit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit)

NEW = ("look_alike_ratio", "log_identity_share")
SCENE = ("motion_against_scene", "scene_change", "smoothed_scene_change")
PARTNER = ("partner_agreement", "partner_logit", "box_from_partner")
# Cue sets: the features each leaves out (the share left out is applied as a rule).
VARIANTS = {
    "today's cues": NEW,
    "+ look-alike margin": ("log_identity_share",),
    "+ margin, share fitted": (),
    "+ margin, no scene cues (shipped)": ("log_identity_share",) + SCENE,
}
COLUMNS = ("ece", "dashed_on_object", "solid_failures", "lost_on_object", "solid_share", "brier")


def row(label, f):
    return f"{label:52} " + " ".join(f"{f[c]:8.3f}" for c in COLUMNS)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("runs")
    parser.add_argument("--sequences", default=os.path.join(ROOT, "..", "shared", "data", "sequences"))
    parser.add_argument("--trees", action="store_true")
    parser.add_argument("--json")
    args = parser.parse_args()
    if not args.trees:
        fit.KINDS = ("logistic",)
    for bench, names in json.load(open(os.path.join(ROOT, "docs", "dev-set-benchmarks.json"))).items():
        fit.BENCHMARK_OF.update({name: bench for name in names})
    report = {}
    print(f"{'':52} " + " ".join(f"{c[:8]:>8}" for c in COLUMNS))
    for level in fit.LEVELS:
        bare, names, _ = fit.load(args.runs, args.sequences, "ope", 0, level)
        piped, _, _ = fit.load(args.runs, args.sequences, "ope", 50, level)
        fit.SHARE_INDEX[0] = names.index(fit.SHARE)
        share_below_one = bare["has_tracker"] & (bare["log_share"] < 0)
        print(f"{level}: {len(bare['iou'])} bare frames, {int(share_below_one.sum())} with an identity share below 1 "
              f"({(bare['iou'][share_below_one] >= 0.5).mean() if share_below_one.any() else float('nan'):.2f} of them on the object)")
        rate = float((bare["iou"] >= 0.5).mean())
        for mode, data in (("bare", bare), ("pipeline", piped)):
            print(row(f"{level} {mode} as the runs reported it", fit.figures(data["confidence"], data)))
            print(row(f"{level} {mode} constant {rate:.2f}", fit.figures(fit.rule(np.full(len(data["iou"]), rate), data), data)))
        excluded_always = PARTNER if level == "fast" else ()
        for variant, left_out in VARIANTS.items():
            for cue_name, with_appearance in (("without appearance", False), ("with appearance", True)):
                columns = [i for i, n in enumerate(names) if n not in left_out and n not in excluded_always
                           and (with_appearance or n not in fit.APPEARANCE)]
                for unit in ("seq", "bench"):
                    by_run, _, _, losses = fit.fit_level({"ope": bare}, {"ope": piped}, ["ope"], columns, 0, unit)
                    label = f"{level} {variant}, {cue_name}, {'LOSO' if unit == 'seq' else 'LOBO'}"
                    loss = min(losses.values())
                    for run, both in by_run.items():
                        f = both[fit.HOLD_OUT[unit]]
                        print(row(f"{label} {run.split()[0]}", f) + (f"  loss {loss:.4f}" if run.startswith("bare") else ""),
                              flush=True)
                        report.setdefault(level, {}).setdefault(variant, {}).setdefault(cue_name, {})[f"{unit} {run}"] = {
                            **{c: f[c] for c in COLUMNS}, "model1_log_loss": loss}
    if args.json:
        json.dump(report, open(args.json, "w"), indent=1)


if __name__ == "__main__":
    main()
