#!/usr/bin/env python3
"""Scores MOTChallenge result files with py-motmetrics and TrackEval, the two reference scorers that
`vtrack eval --mot` must agree with (Tests/EvaluationTests/MOTScoringAgreementTests.swift).

    .venv-mot/bin/python scripts/ci/mot-reference-scores.py GT_DIR RESULTS_DIR [--sequences A,B] [--json]

GT_DIR holds <Seq>/gt/gt.txt and <Seq>/seqinfo.ini (MOTChallenge layout); RESULTS_DIR holds <Seq>.txt.
Both scorers read the files as MOT15 (`mot15-2D` for py-motmetrics, ground-truth rows with flag 0
dropped; BENCHMARK MOT15 for TrackEval), match at IoU >= 0.5, and score each sequence and all of them
combined (COMBINED). MOTP is reported as the mean IoU of the matches (py-motmetrics' `motp` is
1 - that). Make the environment with scripts/setup/mot-scoring-venv.sh.
"""
import argparse
import contextlib
import json
import os
import sys


def motmetrics_scores(gt_dir, results_dir, sequences):
    import motmetrics as mm

    accumulators = []
    for seq in sequences:
        gt = mm.io.loadtxt(os.path.join(gt_dir, seq, "gt", "gt.txt"), fmt="mot15-2D", min_confidence=1)
        results = mm.io.loadtxt(os.path.join(results_dir, seq + ".txt"), fmt="mot15-2D")
        accumulators.append(mm.utils.compare_to_groundtruth(gt, results, "iou", distth=0.5))
    metrics = ["mota", "motp", "idf1", "idp", "idr", "num_switches", "num_false_positives", "num_misses",
               "num_fragmentations", "mostly_tracked", "partially_tracked", "mostly_lost", "idtp", "idfp", "idfn",
               "num_objects", "num_predictions"]
    summary = mm.metrics.create().compute_many(accumulators, names=sequences, metrics=metrics, generate_overall=True)
    names = {"mota": "MOTA", "idf1": "IDF1", "idp": "IDP", "idr": "IDR", "num_switches": "IDSW",
             "num_false_positives": "FP", "num_misses": "FN", "num_fragmentations": "Frag", "mostly_tracked": "MT",
             "partially_tracked": "PT", "mostly_lost": "ML", "idtp": "IDTP", "idfp": "IDFP", "idfn": "IDFN",
             "num_objects": "gt_boxes", "num_predictions": "result_boxes"}
    scores = {}
    for row_name, row in summary.iterrows():
        figures = {names[k]: float(row[k]) for k in names}
        figures["MOTP"] = 1.0 - float(row["motp"])  # py-motmetrics gives the mean of 1 - IoU
        scores["COMBINED" if row_name == "OVERALL" else row_name] = figures
    return scores


def trackeval_scores(gt_dir, results_dir, sequences):
    with contextlib.redirect_stdout(sys.stderr):  # TrackEval prints progress and import notes
        import trackeval

        results_dir = os.path.abspath(results_dir)
        dataset = trackeval.datasets.MotChallenge2DBox({
            "GT_FOLDER": gt_dir, "TRACKERS_FOLDER": os.path.dirname(results_dir),
            "TRACKERS_TO_EVAL": [os.path.basename(results_dir)], "TRACKER_SUB_FOLDER": "", "OUTPUT_FOLDER": None,
            "BENCHMARK": "MOT15", "SKIP_SPLIT_FOL": True, "SEQ_INFO": {seq: None for seq in sequences},
            "CLASSES_TO_EVAL": ["pedestrian"], "PRINT_CONFIG": False,
        })
        evaluator = trackeval.Evaluator({
            "USE_PARALLEL": False, "PRINT_RESULTS": False, "PRINT_CONFIG": False, "TIME_PROGRESS": False,
            "OUTPUT_SUMMARY": False, "OUTPUT_DETAILED": False, "PLOT_CURVES": False, "LOG_ON_ERROR": None,
        })
        metrics = [trackeval.metrics.HOTA(), trackeval.metrics.CLEAR({"THRESHOLD": 0.5, "PRINT_CONFIG": False}),
                   trackeval.metrics.Identity({"THRESHOLD": 0.5, "PRINT_CONFIG": False})]
        output, messages = evaluator.evaluate([dataset], metrics)
    tracker = os.path.basename(results_dir)
    per_sequence = output["MotChallenge2DBox"][tracker]
    if not isinstance(per_sequence, dict):
        raise SystemExit("TrackEval failed: %s" % messages["MotChallenge2DBox"][tracker])
    scores = {}
    for seq, classes in per_sequence.items():
        res = classes["pedestrian"]
        hota, clear, identity = res["HOTA"], res["CLEAR"], res["Identity"]
        figures = {k: float(hota[k].mean()) for k in ["HOTA", "DetA", "AssA", "DetRe", "DetPr", "AssRe", "AssPr", "LocA"]}
        figures.update({"MOTA": float(clear["MOTA"]), "MOTP": float(clear["MOTP"]), "IDSW": int(clear["IDSW"]),
                        "FP": int(clear["CLR_FP"]), "FN": int(clear["CLR_FN"]), "Frag": int(clear["Frag"]),
                        "MT": int(clear["MT"]), "PT": int(clear["PT"]), "ML": int(clear["ML"]),
                        "IDF1": float(identity["IDF1"]), "IDP": float(identity["IDP"]), "IDR": float(identity["IDR"]),
                        "IDTP": int(identity["IDTP"]), "IDFP": int(identity["IDFP"]), "IDFN": int(identity["IDFN"])})
        scores["COMBINED" if seq == "COMBINED_SEQ" else seq] = figures
    return scores


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("gt_dir", help="MOTChallenge-layout folder: <Seq>/gt/gt.txt, <Seq>/seqinfo.ini")
    parser.add_argument("results_dir", help="folder of <Seq>.txt result files")
    parser.add_argument("--sequences", help="comma-separated names (default: every <Seq>.txt in RESULTS_DIR)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    if args.sequences:
        sequences = [s for s in args.sequences.split(",") if s]
    else:
        sequences = sorted(f[:-4] for f in os.listdir(args.results_dir) if f.endswith(".txt"))
    if not sequences:
        raise SystemExit("%s: no <Seq>.txt result files" % args.results_dir)
    scores = {"motmetrics": motmetrics_scores(args.gt_dir, args.results_dir, sequences),
              "trackeval": trackeval_scores(args.gt_dir, args.results_dir, sequences)}
    if args.json:
        json.dump(scores, sys.stdout, indent=1, sort_keys=True)
        print()
        return
    columns = ["MOTA", "MOTP", "IDF1", "IDP", "IDR", "HOTA", "DetA", "AssA", "IDSW", "FP", "FN", "Frag", "MT", "PT", "ML"]
    print("%-16s %-10s " % ("sequence", "scorer") + " ".join("%6s" % c for c in columns))
    for seq in sequences + ["COMBINED"]:
        for scorer in ["motmetrics", "trackeval"]:
            figures = scores[scorer][seq]
            cells = []
            for c in columns:
                value = figures.get(c)
                cells.append("%6s" % "-" if value is None else "%6.3f" % value if isinstance(value, float) and c not in
                             ["IDSW", "FP", "FN", "Frag", "MT", "PT", "ML"] else "%6d" % value)
            print("%-16s %-10s " % (seq, scorer) + " ".join(cells))


if __name__ == "__main__":
    main()
