#!/usr/bin/env python3
"""Fits the fused tracker's FusionChoiceModel: which box to report where the Siamese tracker and the
correlation filter disagree (IoU < 0.5), and reports what the choice is worth, fitted
leave-one-sequence-out and leave-one-benchmark-out.

Usage:
  scripts/fitting/fit-fusion-choice.py RUN_DIR [--sequences ../shared/data/sequences] [--write]

RUN_DIR holds `vtrack eval SEQUENCES --level accurate --evidence --set fusionChoice=siamese-box --out RUN_DIR`
(the learned `accurate` level, bare, reporting the Siamese box everywhere; with `--set network=lightfc`
too, fit with `--network lightfc`), so that each
`<Seq>.evidence.csv` row has the Siamese box (x, y, width, height), the filter's (partner_*), the
Siamese tracker's cues (tracker_*), the filter's confidence (tracker_partner_logit) and the boxes'
overlap (tracker_partner_agreement). Neither box depends on the choice (the Siamese tracker is never
moved; the filter restarts by a rule on the two confidences), so every choice can be scored offline
on the same frames.

Two logistic regressions (fit-confidence.py's: Newton's method, ridge 1 on the non-bias weights) over the features of
FusionChoiceModel.featureNames, on the frames where the boxes disagree: P(Siamese box IoU >= 0.5) and
P(filter box IoU >= 0.5); the box with the higher probability is reported. The Siamese tracker's own
confidence is recomputed from its cues with its network's model (ConfidenceModel.learnedAccurate, or
.lightFC with --network lightfc; read from the Swift source); the frames since the filter's last restart follow the tracker's rule (a restart where the
boxes disagree, the Siamese confidence is above 0.5 and the filter's is not).

Prints the mean success AUC (OTB thresholds 0:0.05:1, every frame after the first with ground truth)
of: the Siamese box always, the filter box always, the more confident box, the fitted choice held out
(per sequence and per benchmark) and the better box per frame (an oracle, the ceiling); and the
sequences the held-out choice helps and hurts most. --write puts the weights fitted on every sequence
in Sources/Tracking/Fusion/FusionChoiceModel+Fitted.swift.
"""
import argparse, csv, glob, importlib.util, json, os, sys
import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The confidence fit's readers and regression: one ground-truth reader, IoU and logistic fit for both fits.
_spec = importlib.util.spec_from_file_location("fit_confidence", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fit-confidence.py"))
fit_confidence = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fit_confidence)
ground_truth, iou, sigmoid, fit_logistic = (fit_confidence.load_ground_truth, fit_confidence.iou, fit_confidence.sigmoid,
                                           fit_confidence.fit_logistic)
LIMIT = 1e-3
SOLID = 0.5
FEATURES = ["bias", "siamese_logit", "filter_logit", "agreement", "log_frames_since_filter_restart"]


def logit(p):
    q = np.clip(p, LIMIT, 1 - LIMIT)
    return np.log(q / (1 - q))


SIAMESE_MODELS = {"nanotrack-v3": ("ConfidenceModel+Learned.swift", "learnedAccurate"),
                  "lightfc": ("ConfidenceModel+LightFC.swift", "lightFC")}


def siamese_weights(network):
    file, name = SIAMESE_MODELS[network]
    return fit_confidence.read_swift_weights(os.path.join(ROOT, "Sources/Tracking/Confidence", file), "ConfidenceModel", name)


def load(run_dir, sequences_dir, network="nanotrack-v3"):
    w = siamese_weights(network)
    out = []
    for path in sorted(glob.glob(f"{run_dir}/accurate/*.evidence.csv")):
        seq = os.path.basename(path)[: -len(".evidence.csv")]
        gt = ground_truth(f"{sequences_dir}/{seq}/groundtruth_rect.txt")
        with open(path) as f:
            reader = csv.DictReader(f)
            rows = list(reader)
            names = [h[len("tracker_"):] for h in reader.fieldnames if h.startswith("tracker_")]
        rows = [r for r in rows[1:] if r["tracker_bias"] != "" and r["partner_x"] != ""]
        if any(float(r["tracker_box_from_partner"]) != 0 for r in rows):
            sys.exit(f"{path}: reports the filter's box on some frames; run with --set fusionChoice=siamese-box")
        frames = np.array([int(r["frame"]) for r in rows])
        siamese = np.array([[float(r[k]) for k in ("x", "y", "width", "height")] for r in rows])
        filt = np.array([[float(r[k]) for k in ("partner_x", "partner_y", "partner_width", "partner_height")] for r in rows])
        cues = np.array([[float(r["tracker_" + n]) for n in names[: len(w)]] for r in rows])
        p_siamese = sigmoid(cues @ w)
        p_filter = sigmoid(np.array([float(r["tracker_partner_logit"]) for r in rows]))
        agreement = np.array([float(r["tracker_partner_agreement"]) for r in rows])
        age, since = [], 0
        for ps, pf, ag in zip(p_siamese, p_filter, agreement):
            since += 1
            age.append(since)
            if ag < 0.5 and ps > SOLID and pf <= SOLID:
                since = 0
        keep = frames < len(gt)
        truth = gt[frames[keep]]
        scored = ~np.isnan(truth[:, 0])
        X = np.column_stack([np.ones(len(rows)), logit(p_siamese), logit(p_filter), agreement, np.log1p(age)])[keep]
        out.append({"seq": seq, "X": X, "agreement": agreement[keep], "ps": p_siamese[keep], "pf": p_filter[keep],
                    "iou_s": np.where(scored, iou(siamese[keep], np.nan_to_num(truth)), np.nan),
                    "iou_f": np.where(scored, iou(filt[keep], np.nan_to_num(truth)), np.nan)})
    return out


def fit(data):
    X = np.concatenate([d["X"][d["agreement"] < 0.5] for d in data])
    ys = np.concatenate([d["iou_s"][d["agreement"] < 0.5] for d in data])
    yf = np.concatenate([d["iou_f"][d["agreement"] < 0.5] for d in data])
    m = ~np.isnan(ys)
    return fit_logistic(X[m], (ys[m] >= 0.5).astype(float)), fit_logistic(X[m], (yf[m] >= 0.5).astype(float))


def success_auc(ious):
    ious = ious[~np.isnan(ious)]
    return float(np.mean([(ious > t).mean() for t in np.linspace(0, 1, 21)])) if len(ious) else float("nan")


def chosen(d, prefers_filter):
    return np.where((d["agreement"] < 0.5) & prefers_filter, d["iou_f"], d["iou_s"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("run")
    parser.add_argument("--sequences", default=os.path.join(ROOT, "..", "shared", "data", "sequences"))
    parser.add_argument("--benchmarks", default=os.path.join(ROOT, "docs", "dev-set-benchmarks.json"))
    parser.add_argument("--categories", default=os.path.join(ROOT, "docs", "dev-set-categories.json"))
    parser.add_argument("--network", choices=sorted(SIAMESE_MODELS), default="nanotrack-v3",
                        help="the Siamese network of the run (`--set network=lightfc`): its confidence model judges its box")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    if args.write and args.network != "nanotrack-v3":
        sys.exit("--write writes the shipped accurate level's choice, which runs nanotrack-v3")
    data = load(args.run, args.sequences, args.network)
    if not data:
        sys.exit(f"{args.run}: no accurate/*.evidence.csv")
    bench = {}
    for name, seqs in json.load(open(args.benchmarks)).items():
        bench.update({s: name for s in seqs})
    rules = {
        "Siamese box always": lambda d: np.zeros(len(d["ps"]), bool),
        "filter box always": lambda d: np.ones(len(d["ps"]), bool),
        "more confident box": lambda d: d["pf"] > d["ps"],
        "better box per frame (oracle)": lambda d: d["iou_f"] > d["iou_s"],
    }
    scores = {name: {d["seq"]: success_auc(chosen(d, rule(d))) for d in data} for name, rule in rules.items()}
    for unit, key in (("sequence", lambda s: s), ("benchmark", lambda s: bench.get(s, s))):
        held = {}
        for d in data:
            ws, wf = fit([e for e in data if key(e["seq"]) != key(d["seq"])])
            held[d["seq"]] = success_auc(chosen(d, d["X"] @ wf > d["X"] @ ws))
        scores[f"fitted choice, leave-one-{unit}-out"] = held
    base = scores["Siamese box always"]
    print(f"{'rule':45} mean AUC  worst sequence")
    for name, by_seq in scores.items():
        worst = min(by_seq, key=by_seq.get)
        print(f"{name:45} {np.mean(list(by_seq.values())):.3f}    {worst} {by_seq[worst]:.3f}")
    lobo = scores["fitted choice, leave-one-benchmark-out"]
    deltas = sorted((lobo[s] - base[s], s) for s in lobo)
    print("held out by benchmark against the Siamese box, most hurt:", ", ".join(f"{s} {v:+.3f}" for v, s in deltas[:5]))
    print("most helped:", ", ".join(f"{s} {v:+.3f}" for v, s in deltas[::-1][:5]))
    if os.path.exists(args.categories):
        print("per category (leave-one-benchmark-out / Siamese box always):")
        for category, seqs in json.load(open(args.categories)).items():
            seqs = [s for s in seqs if s in lobo]
            if seqs:
                print(f"  {category:36} {np.mean([lobo[s] for s in seqs]):.3f} / {np.mean([base[s] for s in seqs]):.3f}")
    ws, wf = fit(data)
    print("weights fitted on every sequence: Siamese", np.round(ws, 4).tolist(), "filter", np.round(wf, 4).tolist())
    if args.write:
        path = os.path.join(ROOT, "Sources/Tracking/Fusion/FusionChoiceModel+Fitted.swift")
        fmt = lambda w: ", ".join(f"{v:.6g}" for v in w)
        open(path, "w").write(
            "// Written by scripts/fitting/fit-fusion-choice.py: do not edit by hand, refit instead.\n"
            f"// Features: {', '.join(FEATURES)}.\n"
            "extension FusionChoiceModel {\n"
            "    /// Fitted on the learned `accurate` level's bare OPE frames of the development set where its two boxes disagree.\n"
            f"    public static let accurate = FusionChoiceModel(siameseWeights: [{fmt(ws)}],\n"
            f"                                                  filterWeights: [{fmt(wf)}])\n"
            "}\n")
        print("wrote", path)


if __name__ == "__main__":
    sys.exit(main())
