#!/usr/bin/env python3
"""Spatial robustness evaluation (SRE, OTB protocol) of peer trackers
(OpenCV CSRT, dlib correlation_tracker) on ../shared/data/sequences, so that vtrack's
`vtrack eval --protocol sre` figures can be compared with the peers'. Needs the shared tools'
venv (numpy, opencv-contrib-python-headless, dlib-bin: ../shared/tools/requirements.txt):
    ../shared/tools/.venv/bin/python scripts/peer_sre.py --trackers CSRT,DLIB --out /tmp/peer-sre

Protocol
* 12 runs per sequence, all initialised on frame 0 (GT line 1) with a perturbed
  copy of the frame-0 GT box (x, y, w, h):
    shift-*   : x += dx, y += dy with dx in {-0.1w, 0, +0.1w}, dy in {-0.1h, 0, +0.1h},
                (dx, dy) != (0, 0); "up" = -y (top-left origin), "left" = -x
    scale-s   : w, h scaled by s in {0.8, 0.9, 1.1, 1.2} about the box centre
  then clipped to the frame ([0, W] x [0, H], float). OpenCV new-API trackers
  get the box rounded to int (Python round, as tools/peers.py) and re-clipped;
  dlib gets the float box (inclusive drectangle, as tools/peers.py).
* Conventions copied from tools/peers.py: frames decoded once per sequence with
  cv2.VideoCapture (kept in memory, BGR; dlib gets RGB converted outside the
  timed region); update on every later frame; a reported failure keeps the
  previous box; cv2.setNumThreads(1); only update() calls are timed.
* Each run's CSV (frame,x,y,width,height,confidence,ok; frame 0 = the box the
  tracker was initialised with) -> out/<TRACKER>/<Seq>/<run>.csv, scored with
  otb_metrics.score_file (success AUC over IoU thresholds 0:0.05:1, strict >,
  init frame included, NaN-GT frames dropped).
* Per-sequence SRE AUC = AUC of the success curve pooled over the frames of the
  12 runs (= mean of the 12 run AUCs, as all runs have the same frames; both
  are computed and checked). SRE score = mean over sequences.
* fps = update calls / summed update time, pooled over all runs and sequences.

Optional extra run "none" (unperturbed GT box = OPE) with --extra-runs none;
it is written and logged but never part of the SRE numbers.

Results are resumable: out/<TRACKER>/<Seq>/result.json is skipped unless --force.
"""
from __future__ import annotations

import argparse
import csv
import datetime
import json
import math
import os
import platform
import sys
import time

import numpy as np
import cv2

SHARED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared")
TOOLS = os.path.join(SHARED, "tools")
sys.path.insert(0, TOOLS)
import otb_metrics as om  # noqa: E402

DEFAULT_WORK = os.path.join(os.environ.get("TMPDIR", "/tmp"), "vtrack-peer-sre")
DEFAULT_OTB = os.path.join(SHARED, "data", "sequences")
PEERS_SUMMARY = os.path.join(SHARED, "data", "peers", "summary.json")

# name -> ("shift", dx/w, dy/h) or ("scale", s)
RUNS = {
    "shift-left": ("shift", -0.1, 0.0),
    "shift-right": ("shift", 0.1, 0.0),
    "shift-up": ("shift", 0.0, -0.1),
    "shift-down": ("shift", 0.0, 0.1),
    "shift-up-left": ("shift", -0.1, -0.1),
    "shift-up-right": ("shift", 0.1, -0.1),
    "shift-down-left": ("shift", -0.1, 0.1),
    "shift-down-right": ("shift", 0.1, 0.1),
    "scale-0.8": ("scale", 0.8),
    "scale-0.9": ("scale", 0.9),
    "scale-1.1": ("scale", 1.1),
    "scale-1.2": ("scale", 1.2),
}
EXTRA_RUNS = {"none": ("shift", 0.0, 0.0)}
SRE_RUNS = list(RUNS)


# --------------------------------------------------------------------------- trackers (as tools/peers.py)

class CvTracker:
    def __init__(self, name):
        self.name = name
        self.t = {"CSRT": cv2.TrackerCSRT_create, "KCF": cv2.TrackerKCF_create,
                  "MIL": cv2.TrackerMIL_create}[name]()
        self.rgb = False

    @staticmethod
    def init_box(box, W, H):
        x, y, w, h = (int(round(v)) for v in box)   # new API takes an int cv::Rect
        x, y = max(0, x), max(0, y)                    # re-clip after rounding
        w, h = min(w, W - x), min(h, H - y)
        return (x, y, w, h)

    def init(self, frame, box):
        r = self.t.init(frame, box)
        return True if r is None else bool(r)

    def update(self, frame):
        ok, b = self.t.update(frame)
        return bool(ok), tuple(float(v) for v in b), (1.0 if ok else 0.0)


class DlibTracker:
    name = "DLIB"

    def __init__(self, name="DLIB"):
        import dlib
        self.dlib = dlib
        self.t = dlib.correlation_tracker()
        self.rgb = True

    @staticmethod
    def init_box(box, W, H):
        return tuple(float(v) for v in box)

    def _rect(self, box):
        x, y, w, h = box
        return self.dlib.drectangle(x, y, x + w - 1, y + h - 1)  # inclusive, as peers.py

    def init(self, frame, box):
        self.t.start_track(frame, self._rect(box))
        return True

    def update(self, frame):
        psr = self.t.update(frame)
        p = self.t.get_position()
        return True, (p.left(), p.top(), p.width(), p.height()), float(psr)


def make_tracker(name):
    return DlibTracker() if name == "DLIB" else CvTracker(name)


# --------------------------------------------------------------------------- helpers

def perturb(box, spec, W, H):
    x, y, w, h = (float(v) for v in box)
    if spec[0] == "shift":
        x, y = x + spec[1] * w, y + spec[2] * h
    else:
        s = spec[1]
        cx, cy = x + w / 2.0, y + h / 2.0
        w, h = w * s, h * s
        x, y = cx - w / 2.0, cy - h / 2.0
    x1, y1 = max(0.0, x), max(0.0, y)
    x2, y2 = min(float(W), x + w), min(float(H), y + h)
    return (x1, y1, x2 - x1, y2 - y1)


def read_frames(mp4):
    cap = cv2.VideoCapture(mp4, cv2.CAP_FFMPEG, [cv2.CAP_PROP_N_THREADS, 1])
    if not cap.isOpened():
        raise RuntimeError(f"cannot open {mp4}")
    frames = []
    while True:
        ok, f = cap.read()
        if not ok:
            break
        frames.append(f)
    cap.release()
    return frames


def fmt(v):
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return ""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["frame", "x", "y", "width", "height", "confidence", "ok"])
        for r in rows:
            w.writerow([r[0], fmt(r[1]), fmt(r[2]), fmt(r[3]), fmt(r[4]), fmt(r[5]), r[6]])


def run_one(name, frames, box_f, W, H):
    """One run from frame 0 with float box box_f. Returns rows, timing."""
    cv2.setNumThreads(1)
    trk = make_tracker(name)
    box0 = trk.init_box(box_f, W, H)
    t0 = time.perf_counter()
    try:
        init_ok, init_err = trk.init(frames[0], box0), None
    except Exception as e:
        init_ok, init_err = False, (str(e).strip().splitlines() or [type(e).__name__])[-1]
    init_s = time.perf_counter() - t0
    rows = [(0, *[float(v) for v in box0], math.nan, 1 if init_ok else 0)]
    box = tuple(float(v) for v in box0)
    upd_t, n_upd, n_fail = 0.0, 0, 0
    for i in range(1, len(frames)):
        if not init_ok:
            rows.append((i, math.nan, math.nan, math.nan, math.nan, math.nan, 0))
            continue
        f = frames[i]
        t = time.perf_counter()
        ok, b, conf = trk.update(f)
        upd_t += time.perf_counter() - t
        n_upd += 1
        if ok:
            box = b
        else:
            n_fail += 1
        rows.append((i, *box, conf, 1 if ok else 0))
    return rows, {"init_box_float": [round(v, 4) for v in box_f], "init_box": [float(v) for v in box0],
                  "init_ok": init_ok, "init_error": init_err, "init_ms": init_s * 1e3,
                  "updates": n_upd, "update_total_s": upd_t, "reported_failures": n_fail}


def versions():
    v = {"python": platform.python_version(), "numpy": np.__version__, "opencv": cv2.__version__,
         "cpu_count": os.cpu_count(), "cv2_threads": 1}
    try:
        import dlib
        v["dlib"] = dlib.__version__
    except Exception as e:
        v["dlib"] = f"unavailable: {e}"
    try:
        with open("/proc/cpuinfo") as f:
            v["cpu"] = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), None)
    except OSError:
        pass
    return v


# --------------------------------------------------------------------------- per sequence

def do_sequence(tracker, seq, otb, out, extra, log):
    gt_path = os.path.join(otb, seq, "groundtruth_rect.txt")
    gt = om.load_gt(gt_path)
    td = time.perf_counter()
    frames = read_frames(os.path.join(otb, seq, f"{seq}.mp4"))
    td = time.perf_counter() - td
    if len(frames) != len(gt):
        raise SystemExit(f"{seq}: decoded {len(frames)} frames but GT has {len(gt)} lines")
    H, W = frames[0].shape[:2]
    if not np.isfinite(gt[0]).all():
        raise SystemExit(f"{seq}: GT of frame 0 is NaN")
    conv_t = 0.0
    if make_tracker(tracker).rgb:
        t = time.perf_counter()
        frames = [cv2.cvtColor(f, cv2.COLOR_BGR2RGB) for f in frames]  # outside the timed region
        conv_t = time.perf_counter() - t
    log(f"[{tracker}] {seq}: {len(frames)} frames {W}x{H}, decode {td:.1f}s"
        + (f", BGR->RGB {conv_t:.1f}s" if conv_t else "") + f", GT0 {gt[0].tolist()}")
    d = os.path.join(out, tracker, seq)
    os.makedirs(d, exist_ok=True)
    runs = {}
    ious_all = []
    for rname in SRE_RUNS + extra:
        spec = RUNS.get(rname) or EXTRA_RUNS[rname]
        box_f = perturb(gt[0], spec, W, H)
        tw = time.perf_counter()
        rows, tm = run_one(tracker, frames, box_f, W, H)
        wall = time.perf_counter() - tw
        p = os.path.join(d, f"{rname}.csv")
        write_csv(p, rows)
        r = om.score_file(p, gt_path, name=f"{seq}/{rname}")
        tm.update({"auc": r.metrics["auc"], "prec20": r.metrics["prec20"], "frames_scored": r.metrics["frames"],
                   "success_curve": r.metrics["success_curve"], "wall_s": wall})
        runs[rname] = tm
        if rname in RUNS:
            ious_all.append(r.ious)
        fps = tm["updates"] / tm["update_total_s"] if tm["update_total_s"] > 0 else float("nan")
        log(f"  {rname:<17} init {tm['init_box']} AUC={tm['auc']:.3f} P20={tm['prec20']:.3f} "
            f"fails={tm['reported_failures']} fps={fps:.1f}" + ("" if tm["init_ok"] else f" INIT FAILED: {tm['init_error']}"))
    aucs = [runs[k]["auc"] for k in SRE_RUNS]
    pi = np.concatenate(ious_all)
    pooled_auc = float(np.mean([(pi > t).sum() / len(pi) for t in om.SUCCESS_THRESHOLDS]))
    sre = float(np.mean(aucs))
    assert abs(pooled_auc - sre) < 1e-9, (pooled_auc, sre)
    upd = sum(runs[k]["updates"] for k in SRE_RUNS)
    upd_t = sum(runs[k]["update_total_s"] for k in SRE_RUNS)
    res = {"sequence": seq, "tracker": tracker, "frames": len(frames), "size": f"{W}x{H}",
           "frames_scored_per_run": runs[SRE_RUNS[0]]["frames_scored"], "gt0": gt[0].tolist(),
           "sre_auc": sre, "sre_auc_pooled_check": pooled_auc,
           "sre_prec20": float(np.mean([runs[k]["prec20"] for k in SRE_RUNS])),
           "run_auc_min": float(min(aucs)), "run_auc_max": float(max(aucs)),
           "updates": upd, "update_total_s": upd_t, "fps_update": upd / upd_t if upd_t else None,
           "reported_failures": sum(runs[k]["reported_failures"] for k in SRE_RUNS),
           "init_failures": [k for k in SRE_RUNS if not runs[k]["init_ok"]],
           "decode_s": td, "runs": runs,
           "finished_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")}
    if "none" in runs:
        res["unperturbed_auc"] = runs["none"]["auc"]
    with open(os.path.join(d, "result.json"), "w") as f:
        json.dump(res, f, indent=1)
    log(f"[{tracker}] {seq}: SRE AUC={sre:.3f} (runs {min(aucs):.3f}..{max(aucs):.3f}) "
        f"fps={res['fps_update']:.1f} updates={upd} wall={sum(runs[k]['wall_s'] for k in runs):.0f}s")
    del frames
    return res


# --------------------------------------------------------------------------- summary

def n3(v, nd=3):
    return "-" if v is None else f"{v:.{nd}f}"


def build_summary(out, otb, trackers, seqs, meta):
    ope = {}
    if os.path.exists(PEERS_SUMMARY):
        with open(PEERS_SUMMARY) as f:
            ps = json.load(f)
        for t in trackers:
            if t in ps.get("trackers", {}):
                ope[t] = {s: v.get("auc") for s, v in ps["trackers"][t]["per_sequence"].items()}
                ope[t]["_mean"] = ps["trackers"][t]["mean_auc"]
    summ = {"generated_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC"),
            **meta, "sequences": seqs, "runs": SRE_RUNS, "trackers": {}}
    for t in trackers:
        per = {}
        for s in seqs:
            p = os.path.join(out, t, s, "result.json")
            if os.path.exists(p):
                with open(p) as f:
                    r = json.load(f)
                r["run_auc"] = {k: v["auc"] for k, v in r["runs"].items()}
                r.pop("runs")
                per[s] = r
        if not per:
            continue
        done = [s for s in seqs if s in per]
        upd = sum(per[s]["updates"] for s in done)
        upd_t = sum(per[s]["update_total_s"] for s in done)
        summ["trackers"][t] = {
            "sequences_done": len(done), "complete": len(done) == len(seqs),
            "mean_sre_auc": float(np.mean([per[s]["sre_auc"] for s in done])),
            "mean_sre_prec20": float(np.mean([per[s]["sre_prec20"] for s in done])),
            "mean_auc_per_run": {k: float(np.mean([per[s]["run_auc"][k] for s in done])) for k in SRE_RUNS},
            "ope_mean_auc_peers_summary": ope.get(t, {}).get("_mean"),
            "ope_mean_auc_peers_same_seqs": float(np.mean([ope[t][s] for s in done])) if t in ope else None,
            "updates": upd, "update_total_s": upd_t, "fps_update_pooled": upd / upd_t if upd_t else None,
            "reported_failures": sum(per[s]["reported_failures"] for s in done),
            "init_failures": {s: per[s]["init_failures"] for s in done if per[s]["init_failures"]},
            "per_sequence": per,
        }
        for s in done:
            per[s]["ope_auc_peers"] = ope.get(t, {}).get(s)
    return summ


def write_md(path, summ):
    T = summ["trackers"]
    seqs = summ["sequences"]
    L = ["# SRE (spatial robustness) of peer trackers", "",
         f"Generated {summ['generated_utc']} by `scripts/peer_sre.py`. OpenCV {summ['versions']['opencv']}, "
         f"dlib {summ['versions']['dlib']}, numpy {summ['versions']['numpy']}, Python {summ['versions']['python']}; "
         f"{summ['versions'].get('cpu')} x{summ['versions']['cpu_count']}; cv2.setNumThreads(1); one process.", "",
         "OTB SRE: 12 runs per sequence from frame 0, init box = frame-0 GT shifted by +-10% of w/h in 8 directions "
         "and scaled by 0.8/0.9/1.1/1.2 about its centre, clipped to the frame (OpenCV trackers: rounded to int as in "
         "tools/peers.py). Otherwise as tools/peers.py (previous box kept on reported failure). "
         "Per-sequence SRE AUC = success AUC (IoU thresholds 0:0.05:1, strict >, init frame included, NaN-GT frames "
         "left out) over the pooled frames of the 12 runs = mean of the 12 run AUCs. Mean = unweighted over sequences. "
         "fps = update() calls only, pooled over all runs and sequences, single thread. "
         "OPE = the peers' one-pass AUC from shared/data/peers/summary.md (unperturbed, for reference).", ""]
    L.append("## Summary")
    L.append("")
    L.append("| tracker | sequences | mean SRE AUC | mean SRE Prec@20 | OPE mean AUC (peers, same seqs) | fps update (pooled) | updates | reported failures |")
    L.append("|---|---:|---:|---:|---:|---:|---:|---:|")
    for t, v in T.items():
        L.append(f"| {t} | {v['sequences_done']}/{len(seqs)} | **{n3(v['mean_sre_auc'])}** | {n3(v['mean_sre_prec20'])} | "
                 f"{n3(v['ope_mean_auc_peers_same_seqs'])} | {n3(v['fps_update_pooled'], 1)} | {v['updates']} | "
                 f"{v['reported_failures']} |")
    L.append("")
    L.append("## Per-sequence SRE AUC")
    L.append("")
    hdr = "| sequence | frames scored | GT0 w x h |"
    sep = "|---|---:|---:|"
    for t in T:
        hdr += f" {t} SRE | {t} run min..max | {t} OPE (peers) |"
        sep += "---:|---:|---:|"
    L += [hdr, sep]
    for s in seqs:
        p0 = next((T[t]["per_sequence"][s] for t in T if s in T[t]["per_sequence"]), None)
        row = f"| {s} | {p0['frames_scored_per_run'] if p0 else '-'} | " + \
              (f"{p0['gt0'][2]:g} x {p0['gt0'][3]:g}" if p0 else "-") + " |"
        for t in T:
            r = T[t]["per_sequence"].get(s)
            row += (f" {n3(r['sre_auc'])} | {r['run_auc_min']:.3f}..{r['run_auc_max']:.3f} | {n3(r['ope_auc_peers'])} |"
                    if r else " - | - | - |")
        L.append(row)
    row = "| **mean** | | |"
    for t, v in T.items():
        row += f" **{n3(v['mean_sre_auc'])}** | | {n3(v['ope_mean_auc_peers_same_seqs'])} |"
    L.append(row)
    L.append("")
    L.append("## Mean AUC over sequences per perturbation")
    L.append("")
    L.append("| run | " + " | ".join(T) + " |")
    L.append("|---|" + "---:|" * len(T))
    for k in SRE_RUNS:
        L.append(f"| {k} | " + " | ".join(n3(v["mean_auc_per_run"][k]) for v in T.values()) + " |")
    L.append("")
    unp = {t: {s: r["unperturbed_auc"] for s, r in v["per_sequence"].items() if "unperturbed_auc" in r} for t, v in T.items()}
    if any(unp.values()):
        L.append("## Sanity check: unperturbed run (not part of SRE) vs peers' OPE")
        L.append("")
        L.append("| tracker | sequence | unperturbed AUC (this script) | OPE AUC (peers summary) |")
        L.append("|---|---|---:|---:|")
        for t, d in unp.items():
            for s, a in d.items():
                L.append(f"| {t} | {s} | {a:.3f} | {n3(T[t]['per_sequence'][s]['ope_auc_peers'])} |")
        L.append("")
    if summ.get("run"):
        L.append("## Run")
        L.append("")
        for k, v in summ["run"].items():
            L.append(f"- {k}: {v}")
        L.append("")
    with open(path, "w") as f:
        f.write("\n".join(L))


def print_table(summ, log):
    T = summ["trackers"]
    log("sequence        " + "".join(f"{t + ' SRE':>12}{'OPE':>8}" for t in T))
    for s in summ["sequences"]:
        line = f"{s:<16}"
        for t in T:
            r = T[t]["per_sequence"].get(s)
            line += f"{n3(r['sre_auc']) if r else '-':>12}{n3(r['ope_auc_peers']) if r else '-':>8}"
        log(line)
    log(f"{'mean':<16}" + "".join(f"{n3(v['mean_sre_auc']):>12}{n3(v['ope_mean_auc_peers_same_seqs']):>8}" for v in T.values()))
    for t, v in T.items():
        log(f"{t}: {v['sequences_done']}/{len(summ['sequences'])} sequences, mean SRE AUC {v['mean_sre_auc']:.4f}, "
            f"fps(update, pooled) {v['fps_update_pooled']:.1f} over {v['updates']} updates")


# --------------------------------------------------------------------------- main

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--otb", default=DEFAULT_OTB)
    ap.add_argument("--out", default=os.path.join(DEFAULT_WORK, "out"))
    ap.add_argument("--summary-dir", default=DEFAULT_WORK, help="where summary.json/.md go")
    ap.add_argument("--trackers", default="CSRT,DLIB", help="run tracker-major in this order")
    ap.add_argument("--seqs", default=None, help="comma-separated subset (default all 20)")
    ap.add_argument("--extra-runs", default="", help="'none' = also an unperturbed run (not part of SRE)")
    ap.add_argument("--force", action="store_true", help="rerun sequences that already have result.json")
    ap.add_argument("--summary-only", action="store_true")
    a = ap.parse_args(argv)

    cv2.setNumThreads(1)
    t_start = time.perf_counter()
    all_seqs = om.list_sequences(a.otb)
    seqs = a.seqs.split(",") if a.seqs else all_seqs
    trackers = [t.strip().upper() for t in a.trackers.split(",") if t.strip()]
    extra = [e for e in a.extra_runs.split(",") if e]

    def log(msg):
        print(msg, flush=True)

    meta = {"versions": versions(), "command": " ".join([sys.executable] + sys.argv)}
    run_info = {}
    jp = os.path.join(a.summary_dir, "summary.json")
    if os.path.exists(jp):
        with open(jp) as f:
            run_info = json.load(f).get("run", {})

    def summarise():
        summ = build_summary(a.out, a.otb, ["CSRT", "DLIB"] + [t for t in trackers if t not in ("CSRT", "DLIB")],
                             all_seqs, meta)
        summ["run"] = run_info
        with open(jp, "w") as f:
            json.dump(summ, f, indent=1)
        write_md(os.path.join(a.summary_dir, "summary.md"), summ)
        return summ

    if not a.summary_only:
        for t in trackers:
            tt = time.perf_counter()
            n_run = 0
            for s in seqs:
                if not a.force and os.path.exists(os.path.join(a.out, t, s, "result.json")):
                    log(f"[{t}] {s}: result.json exists, skipped (--force to rerun)")
                    continue
                do_sequence(t, s, a.otb, a.out, extra, log)
                n_run += 1
                summarise()
            wall = time.perf_counter() - tt
            if n_run:
                run_info[f"{t} wall time (s), last invocation"] = round(wall, 1)
                run_info[f"{t} command"] = meta["command"]
                run_info[f"{t} sequences run in last invocation"] = n_run
            log(f"[{t}] done: {n_run} sequences run, wall {wall:.0f}s")
    summ = summarise()
    print_table(summ, log)
    log(f"wrote {jp} and summary.md (this invocation {time.perf_counter() - t_start:.0f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
