#!/usr/bin/env python3
"""Temporal robustness of automatic tracking (TRE, as `vtrack eval --protocol tre` does for boxes):
starts vtrack and ByteTrack on later frames of each MOTChallenge sequence and scores each run on the
frames from its start on, so a lead that holds only from frame 1 shows.

    .venv-mot/bin/python scripts/experiments/mot-peers.py ../shared/data/mot --out mot-out      # detections first
    .venv-mot/bin/python scripts/experiments/mot-start-frames.py ../shared/data/mot --detections mot-out/detections

For each start frame S (0-based; default 0, 10, 25, 40) and sequence:
  - the ground truth keeps the rows of frames S+1 on (1-based), written with the sequence's
    seqinfo.ini to OUT/gt-S/<Seq>/;
  - vtrack: `vtrack track <Seq>.mp4 --detector person --start-frame S --mot ...` for each binary given
    with --vtrack NAME=PATH (default: vtrack=.build/release/vtrack), so two builds can be compared;
  - ByteTrack (the settings of scripts/experiments/mot-peers.py) on the same person detections from frame S on,
    and ByteTrack+bridging, its rows with gaps bridged as vtrack's --mot file bridges them.
Every result folder is scored with TrackEval (scripts/ci/mot-reference-scores.py), sequences combined;
the script prints one row per start and tracker, and the mean over the starts.
"""
import argparse
import importlib.util
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dataset", help="MOTChallenge-layout folder")
    parser.add_argument("--detections", default="mot-out/detections", help="scripts/experiments/mot-peers.py's detections folder")
    parser.add_argument("--out", default="mot-out/start-frames", help="output folder (default mot-out/start-frames)")
    parser.add_argument("--starts", default="0,10,25,40", help="comma-separated 0-based start frames")
    parser.add_argument("--vtrack", action="append", metavar="NAME=PATH",
                        help="a vtrack binary to run (repeatable; default vtrack=.build/release/vtrack)")
    args = parser.parse_args()
    peers = load("mot_peers", "mot-peers.py")
    reference = load("mot_reference_scores", os.path.join("..", "ci", "mot-reference-scores.py"))
    binaries = dict(v.split("=", 1) for v in (args.vtrack or ["vtrack=" + os.path.join(HERE, "..", "..", ".build", "release", "vtrack")]))
    names = peers.sequence_names(args.dataset)
    starts = [int(s) for s in args.starts.split(",") if s]
    table = {}
    for start in starts:
        gt_dir = os.path.join(args.out, "gt-%d" % start)
        for name in names:
            seq_dir = os.path.join(args.dataset, name)
            info, frames, frame_rate = peers.sequence_info(seq_dir)
            if start >= frames:
                raise SystemExit("%s: start frame %d is past its %d frames" % (name, start, frames))
            os.makedirs(os.path.join(gt_dir, name, "gt"), exist_ok=True)
            with open(os.path.join(seq_dir, "seqinfo.ini")) as source, open(os.path.join(gt_dir, name, "seqinfo.ini"), "w") as copy:
                copy.write(source.read())
            with open(os.path.join(seq_dir, "gt", "gt.txt")) as source, open(os.path.join(gt_dir, name, "gt", "gt.txt"), "w") as kept:
                kept.writelines(line for line in source if line.strip() and int(float(line.split(",")[0])) >= start + 1)
            detections = peers.read_detections(os.path.join(args.detections, name + ".csv"), frames)[start:]
            rows, _ = peers.run_bytetrack(detections, frame_rate)
            rows = [(frame + start,) + tuple(rest) for frame, *rest in rows]
            peers.write_results(os.path.join(args.out, "ByteTrack-%d" % start, name + ".txt"), rows)
            peers.write_results(os.path.join(args.out, "ByteTrack+bridging-%d" % start, name + ".txt"), peers.bridged(rows))
            for tracker, binary in binaries.items():
                folder = os.path.join(args.out, "%s-%d" % (tracker, start))
                os.makedirs(folder, exist_ok=True)
                subprocess.run([binary, "track", peers.sequence_video(seq_dir, name, info), "--detector", "person",
                                "--start-frame", str(start), "--mot", os.path.join(folder, name + ".txt"), "--quiet"],
                               check=True, stdout=subprocess.DEVNULL)
        for tracker in list(binaries) + ["ByteTrack", "ByteTrack+bridging"]:
            scores = reference.trackeval_scores(gt_dir, os.path.join(args.out, "%s-%d" % (tracker, start)), names)
            table[(start, tracker)] = scores["COMBINED"]

    keys = ("MOTA", "IDF1", "HOTA", "IDSW", "FP", "FN")
    print("%-6s %-20s" % ("start", "tracker") + "".join("%8s" % k for k in keys))
    trackers = list(binaries) + ["ByteTrack", "ByteTrack+bridging"]
    for start in starts:
        for tracker in trackers:
            f = table[(start, tracker)]
            print("%-6d %-20s" % (start, tracker) + "".join("%8.3f" % f[k] if k in ("MOTA", "IDF1", "HOTA") else "%8d" % f[k] for k in keys))
    for tracker in trackers:
        means = [sum(table[(s, tracker)][k] for s in starts) / len(starts) for k in keys]
        print("%-6s %-20s" % ("mean", tracker) + "".join("%8.3f" % m if k in ("MOTA", "IDF1", "HOTA") else "%8.1f" % m
                                                      for k, m in zip(keys, means)))


if __name__ == "__main__":
    sys.exit(main())
