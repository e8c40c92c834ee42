#!/usr/bin/env python3
"""Runs two multi-object trackers a user might pick instead of vtrack's automatic mode, ByteTrack
(supervision 0.26.1, the last release with sv.ByteTrack) and norfair 2.3.0, on vtrack's own person
detections, and scores them beside vtrack with `vtrack eval --mot ... --compare`, so every figure has
its peers beside it from the same run.

    bash scripts/setup/mot-scoring-venv.sh
    swift build -c release --product vtrack
    .venv-mot/bin/python scripts/experiments/mot-peers.py ../shared/data/mot --out mot-out

For each sequence (MOTChallenge layout: <Seq>/seqinfo.ini, <Seq>/gt/gt.txt, <Seq>/<Seq>.mp4 or
<Seq>/img1/000001.jpg, ...):
  1. vtrack detect VIDEO --detector person --every 1 --min-score 0.1   -> OUT/detections/<Seq>.csv
     (scores down to 0.1: ByteTrack's second association stage uses the low-score detections);
  2. ByteTrack: library defaults (track_activation_threshold 0.25, lost_track_buffer 30,
     minimum_matching_threshold 0.8, minimum_consecutive_frames 1) but frame_rate from seqinfo.ini
     (the default 30 scales the lost-track buffer; the TUD clips run at 25);
     output: the detection boxes ByteTrack keeps, with its track ids;
  3. norfair: the settings of norfair's own MOTChallenge demo (IoU distance, distance_threshold 0.9,
     detection_threshold 0.5, hit_counter_max 8, pointwise_hit_counter_max 3, FilterPy Kalman filter;
     the demo's camera-motion compensation is left out: the TUD cameras are static);
     output: the estimate boxes of the objects norfair returns, with their ids (an inverted
     estimate, which happens, is written with size 0: a false positive, as the scorers count it);
  4. ByteTrack+bridging: ByteTrack's rows with the gaps bridged as vtrack's --mot file bridges them
     (a track missing for fewer than 50 frames between two rows gets rows interpolated linearly in
     between, at the lower of the two scores, but none that would lie on another track's row at IoU
     above 0.5), so that the comparison with vtrack is like for like;
  -> OUT/peers/<tracker>/<Seq>.txt (MOTChallenge rows, 1-based frames, 0-based pixels as vtrack
     writes them).
Then `vtrack eval --mot DIR --compare OUT/peers --out OUT` runs vtrack's automatic mode, scores all
three with the same scorer, writes OUT/results.json, and this script prints one table:
per sequence and pooled, MOTA, IDF1, HOTA, IDSW, FP, FN of each tracker.
"""
import argparse
import configparser
import csv
import json
import os
import subprocess
import sys
import time

import numpy as np
import supervision as sv
from norfair import Detection, Tracker
from norfair.filter import FilterPyKalmanFilterFactory


def sequence_video(seq_dir, name, info):
    mp4 = os.path.join(seq_dir, name + ".mp4")
    if os.path.isfile(mp4):
        return mp4
    folder = info.get("imDir", "img1")
    extension = info.get("imExt", ".jpg")
    return os.path.join(seq_dir, folder, "%06d" + extension)


def sequence_names(dataset):
    """The sequences of a MOTChallenge-layout folder: its sub-folders with gt/gt.txt, sorted."""
    return sorted(d for d in os.listdir(dataset) if os.path.isfile(os.path.join(dataset, d, "gt", "gt.txt")))


def sequence_info(seq_dir):
    """A sequence's seqinfo.ini section, its number of frames and its frame rate (30 when not given)."""
    ini = configparser.ConfigParser()
    if not ini.read(os.path.join(seq_dir, "seqinfo.ini")):
        raise SystemExit("%s: cannot read seqinfo.ini" % seq_dir)
    info = ini["Sequence"]
    return info, int(info["seqLength"]), int(float(info.get("frameRate", "30")))


def read_detections(path, frames):
    """Detections per 0-based frame: arrays of x, y, w, h and scores."""
    boxes = [[] for _ in range(frames)]
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            frame = int(row["frame"])
            if frame < frames:
                boxes[frame].append([float(row[k]) for k in ["x", "y", "width", "height", "score"]])
    return [np.array(b, dtype=float).reshape(-1, 5) for b in boxes]


def run_bytetrack(detections, frame_rate):
    tracker = sv.ByteTrack(frame_rate=frame_rate)
    rows = []
    for frame, found in enumerate(detections):
        xyxy = np.column_stack([found[:, 0], found[:, 1], found[:, 0] + found[:, 2], found[:, 1] + found[:, 3]])
        tracked = tracker.update_with_detections(sv.Detections(
            xyxy=xyxy.reshape(-1, 4), confidence=found[:, 4], class_id=np.zeros(len(found), dtype=int)))
        for (x0, y0, x1, y1), track_id, score in zip(tracked.xyxy, tracked.tracker_id, tracked.confidence):
            rows.append((frame + 1, int(track_id), x0, y0, x1 - x0, y1 - y0, score))
    return rows, {"track_activation_threshold": 0.25, "lost_track_buffer": 30, "minimum_matching_threshold": 0.8,
                  "frame_rate": frame_rate, "minimum_consecutive_frames": 1}


def run_norfair(detections):
    settings = {"distance_function": "iou", "distance_threshold": 0.9, "detection_threshold": 0.5,
                "hit_counter_max": 8, "pointwise_hit_counter_max": 3, "filter_factory": "FilterPyKalmanFilterFactory"}
    tracker = Tracker(distance_function="iou", distance_threshold=0.9, detection_threshold=0.5, hit_counter_max=8,
                      pointwise_hit_counter_max=3, filter_factory=FilterPyKalmanFilterFactory())
    rows = []
    for frame, found in enumerate(detections):
        objects = tracker.update(detections=[
            Detection(points=np.array([[x, y], [x + w, y + h]]), scores=np.array([s, s])) for x, y, w, h, s in found])
        for obj in objects:
            (x0, y0), (x1, y1) = obj.estimate
            rows.append((frame + 1, int(obj.id), x0, y0, x1 - x0, y1 - y0, 1.0))
    return rows, settings


BRIDGED_GAP = 50  # automatic tracking's MOTResultRules.bridgedGap, MultiObjectTracker.Parameters.framesKeptLost


def bridged(rows):
    """The rows plus, for each track missing on fewer than BRIDGED_GAP frames between two of its rows,
    rows on the missing frames with the box interpolated linearly and the lower of the two scores,
    except where such a row would overlap another track's row on its frame at IoU above 0.5."""
    by_track = {}
    for row in rows:
        by_track.setdefault(row[1], []).append(row)
    out = list(rows)
    by_frame = {}
    for row in rows:
        by_frame.setdefault(row[0], []).append(row)

    def iou(a, b):
        w = min(a[2] + a[4], b[2] + b[4]) - max(a[2], b[2])
        h = min(a[3] + a[5], b[3] + b[5]) - max(a[3], b[3])
        inter = max(0.0, w) * max(0.0, h)
        union = a[4] * a[5] + b[4] * b[5] - inter
        return inter / union if union > 0 else 0.0
    for track_rows in by_track.values():
        track_rows.sort()
        for a, b in zip(track_rows, track_rows[1:]):
            missing = b[0] - a[0] - 1
            if 0 < missing < BRIDGED_GAP:
                for frame in range(a[0] + 1, b[0]):
                    t = (frame - a[0]) / (b[0] - a[0])
                    row = (frame, a[1]) + tuple(p + (q - p) * t for p, q in zip(a[2:6], b[2:6])) + (min(a[6], b[6]),)
                    if not any(other[1] != row[1] and iou(other, row) > 0.5 for other in by_frame.get(frame, [])):
                        out.append(row)
                        by_frame.setdefault(frame, []).append(row)
    return sorted(out, key=lambda r: (r[0], r[1]))


def write_results(path, rows):
    """MOTChallenge rows. A norfair estimate can come out inverted (x1 < x0); it is written with size 0,
    which py-motmetrics and TrackEval score as they score the inverted box: a false positive."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        for frame, track_id, x, y, w, h, score in rows:
            f.write("%d,%d,%.2f,%.2f,%.2f,%.2f,%.4f,-1,-1,-1\n"
                    % (frame, track_id, x, y, max(0.0, w), max(0.0, h), min(1.0, max(0.0, score))))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dataset", help="MOTChallenge-layout folder")
    parser.add_argument("--out", default="mot-out", help="output folder (default mot-out)")
    parser.add_argument("--vtrack", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".build",
                                                         "release", "vtrack"), help="the vtrack binary")
    parser.add_argument("--sequences", help="comma-separated names (default: every folder with gt/gt.txt)")
    args = parser.parse_args()
    names = args.sequences.split(",") if args.sequences else sequence_names(args.dataset)
    settings = {}
    for name in names:
        seq_dir = os.path.join(args.dataset, name)
        info, frames, frame_rate = sequence_info(seq_dir)
        detections_csv = os.path.join(args.out, "detections", name + ".csv")
        os.makedirs(os.path.dirname(detections_csv), exist_ok=True)
        subprocess.run([args.vtrack, "detect", sequence_video(seq_dir, name, info), "--detector", "person", "--every", "1",
                        "--min-score", "0.1", "--csv", detections_csv, "--quiet"], check=True)
        detections = read_detections(detections_csv, frames)
        for tracker, run in [("ByteTrack", lambda: run_bytetrack(detections, frame_rate)), ("norfair", lambda: run_norfair(detections))]:
            started = time.perf_counter()
            rows, used = run()
            seconds = time.perf_counter() - started
            write_results(os.path.join(args.out, "peers", tracker, name + ".txt"), rows)
            if tracker == "ByteTrack":
                write_results(os.path.join(args.out, "peers", "ByteTrack+bridging", name + ".txt"), bridged(rows))
            settings.setdefault(tracker, {"settings": used, "tracker_fps": {}})["tracker_fps"][name] = frames / seconds
            print("%s %s: %d rows, %.0f frames/s (tracking only)" % (tracker, name, len(rows), frames / seconds), file=sys.stderr)
    with open(os.path.join(args.out, "peers", "settings.json"), "w") as f:
        json.dump(settings, f, indent=1, sort_keys=True)

    command = [args.vtrack, "eval", "--mot", args.dataset, "--compare", os.path.join(args.out, "peers"), "--out", args.out,
               "--sequences", ",".join(names)]
    print("$ " + " ".join(command))
    subprocess.run(command, check=True)

    with open(os.path.join(args.out, "results.json")) as f:
        report = json.load(f)
    print("\nvtrack (automatic mode: detector %s every %d frames) vs peers on vtrack's detections"
          % (report["detector"], report["detect_every"]))
    print("%-16s %-18s %7s %7s %7s %5s %6s %6s" % ("sequence", "tracker", "MOTA", "IDF1", "HOTA", "IDSW", "FP", "FN"))

    def line(sequence, tracker, f):
        print("%-16s %-18s %7.3f %7.3f %7.3f %5d %6d %6d" % (sequence, tracker, f["MOTA"], f["IDF1"], f["HOTA"], f["IDSW"],
                                                            f["FP"], f["FN"]))
    for name in report["sequences"]:
        for tracker in report["trackers"]:
            for result in tracker["sequences"]:
                if result["sequence"] == name:
                    line(name, tracker["name"], result["figures"])
    for tracker in report["trackers"]:
        line("all (%d)" % len(tracker["sequences"]), tracker["name"], tracker["pooled"])


if __name__ == "__main__":
    main()
