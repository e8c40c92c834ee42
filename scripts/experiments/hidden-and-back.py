#!/usr/bin/env python3
"""Lost and found on real footage: each development sequence re-cut so that its object is hidden for
30 frames and comes back at least 100 px away at half or twice its size, tracked by vtrack.

Each re-cut clip is made from the sequence's own frames (its MP4 and ground truth):
  - frames 0 ... T-1 as they are (T = 60): the tracker starts on frame 0's ground-truth box;
  - frames T ... T+29 with the object taken out: its ground-truth box, enlarged by half, is filled in
    from around it (OpenCV's Telea inpainting), so nothing of it is left to track;
  - frames T+30 ... T+149 zoomed by Z (0.5 or 2) about a point chosen so that the object's box on
    frame T+30 lies inside the picture, its centre at least 100 px from where the tracker last saw it
    (frame T-1) and otherwise as near the middle of the picture as can be; what the zoom leaves
    uncovered is black.
Sequences too short for this (fewer than T+80 frames, or no box on frames 0, T-1 and T+30), or too
small for a 100 px jump at that zoom, are left out and counted.

Each clip is written with libx264 (`ffmpeg`, rawvideo piped in) and tracked with
`vtrack track CLIP --box <frame 0's box> --level L --reseed-every N --csv ...` at both levels, with
the default re-seeding (50) and without (0). Per run it reports:
  - found: the first frame from T+30 on with IoU >= 0.5 against the zoomed ground truth, and whether
    that is within 50 frames of the return;
  - solid while hidden: frames T ... T+29 drawn solid (confidence above 0.5);
  - AUC over the frames after the return (OTB thresholds 0:0.05:1).

    /work/venv/bin/python scripts/experiments/hidden-and-back.py --vtrack .build/release/vtrack \\
        --sequences ../shared/data/sequences --out hidden-and-back [--json figures.json]

Needs numpy and OpenCV (cv2) in the Python that runs it, and ffmpeg with libx264.
"""
import argparse
import concurrent.futures
import csv
import json
import os
import subprocess
import sys

import cv2
import numpy as np

HIDE_FROM, HIDDEN, AFTER = 60, 30, 120
MIN_JUMP, FOUND_WITHIN, MARGIN = 100.0, 50, 4.0
THRESHOLDS = np.arange(0, 1.0001, 0.05)


def load_truth(path):
    boxes = []
    for line in open(path):
        values = [float(v) for v in line.replace("\t", ",").replace(" ", ",").split(",") if v.strip()]
        boxes.append(values[:4] if len(values) >= 4 else [np.nan] * 4)
    return np.array(boxes, dtype=float)


def valid(box):
    return bool(np.all(np.isfinite(box)) and box[2] > 0 and box[3] > 0)


def iou(a, b):
    x1, y1 = max(a[0], b[0]), max(a[1], b[1])
    x2, y2 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    inter = max(0.0, x2 - x1) * max(0.0, y2 - y1)
    union = a[2] * a[3] + b[2] * b[3] - inter
    return inter / union if union > 0 else 0.0


def zoom_centre(box, last_seen, zoom, width, height):
    """The fixed point of a zoom by `zoom` that puts `box` (x, y, w, h) inside the frame, its centre at
    least MIN_JUMP px from `last_seen` (a centre) and otherwise as near the frame's centre as can be (so
    that the object stays in view); None when no such place exists."""
    half_w, half_h = zoom * box[2] / 2 + MARGIN, zoom * box[3] / 2 + MARGIN
    if 2 * half_w > width or 2 * half_h > height:
        return None
    targets = [(x, y) for x in np.linspace(half_w, width - half_w, 33) for y in np.linspace(half_h, height - half_h, 33)
               if np.hypot(x - last_seen[0], y - last_seen[1]) >= MIN_JUMP]
    if not targets:
        return None
    target = min(targets, key=lambda t: np.hypot(t[0] - width / 2, t[1] - height / 2))
    centre = (box[0] + box[2] / 2, box[1] + box[3] / 2)
    # target = p + zoom * (centre - p)  =>  p = (target - zoom * centre) / (1 - zoom)
    return tuple((t - zoom * c) / (1 - zoom) for t, c in zip(target, centre))


def recut(sequence_dir, name, zoom, out_path):
    """Writes the re-cut clip; returns (truth of the clip, frame 0's box) or a reason it was left out."""
    truth = load_truth(os.path.join(sequence_dir, "groundtruth_rect.txt"))
    capture = cv2.VideoCapture(os.path.join(sequence_dir, name + ".mp4"))
    frames = []
    while len(frames) < min(len(truth), HIDE_FROM + HIDDEN + AFTER):
        ok, frame = capture.read()
        if not ok:
            break
        frames.append(frame)
    back = HIDE_FROM + HIDDEN
    if len(frames) < back + 50 or not all(valid(truth[k]) for k in (0, HIDE_FROM - 1, back)):
        return "too short, or no box on frames 0, T-1 and T+30"
    height, width = frames[0].shape[:2]
    last_seen = truth[HIDE_FROM - 1][:2] + truth[HIDE_FROM - 1][2:] / 2
    pivot = zoom_centre(truth[back], last_seen, zoom, width, height)
    if pivot is None:
        return f"no place {MIN_JUMP:.0f} px away fits the object at zoom {zoom}"
    warp = np.array([[zoom, 0, (1 - zoom) * pivot[0]], [0, zoom, (1 - zoom) * pivot[1]]])
    clip_truth = []
    encoder = subprocess.Popen(["ffmpeg", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "bgr24",
                                "-s", f"{width}x{height}", "-r", "30", "-i", "-", "-c:v", "libx264", "-preset", "veryfast",
                                "-crf", "18", "-pix_fmt", "yuv420p", out_path], stdin=subprocess.PIPE)
    for k, frame in enumerate(frames):
        box = truth[k]
        if HIDE_FROM <= k < back:
            if valid(box):
                mask = np.zeros(frame.shape[:2], np.uint8)
                grow_w, grow_h = box[2] / 4, box[3] / 4
                x0, y0 = int(max(0, box[0] - grow_w)), int(max(0, box[1] - grow_h))
                x1, y1 = int(min(width, box[0] + box[2] + grow_w)), int(min(height, box[1] + box[3] + grow_h))
                mask[y0:y1, x0:x1] = 255
                frame = cv2.inpaint(frame, mask, 5, cv2.INPAINT_TELEA)
            box = np.full(4, np.nan)
        elif k >= back:
            frame = cv2.warpAffine(frame, warp, (width, height), flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0))
            if valid(box):
                box = np.array([zoom * box[0] + warp[0, 2], zoom * box[1] + warp[1, 2], zoom * box[2], zoom * box[3]])
        encoder.stdin.write(np.ascontiguousarray(frame).tobytes())
        clip_truth.append(box)
    encoder.stdin.close()
    if encoder.wait() != 0:
        return "ffmpeg failed"
    return np.array(clip_truth), truth[0]


def track(vtrack, clip, box, level, reseed, csv_path):
    result = subprocess.run([vtrack, "track", clip, "--box", ",".join(f"{v:g}" for v in box), "--level", level,
                             "--reseed-every", str(reseed), "--csv", csv_path], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{clip}: vtrack track failed: {result.stderr.strip()}")
    rows = {}
    with open(csv_path) as f:
        for row in csv.DictReader(f):
            rows[int(row["frame"])] = ([float(row[k]) if row[k] else np.nan for k in ("x", "y", "width", "height")],
                                       float(row["confidence"]))
    return rows


def score(rows, truth):
    back = HIDE_FROM + HIDDEN
    solid_hidden = sum(1 for k in range(HIDE_FROM, back) if k in rows and rows[k][1] > 0.5)
    found = None
    overlaps = []
    for k in range(back, len(truth)):
        if not valid(truth[k]):
            continue
        box = rows.get(k, ([np.nan] * 4, 0))[0]
        overlap = iou(box, truth[k]) if valid(np.array(box)) else 0.0
        overlaps.append(overlap)
        if found is None and overlap >= 0.5:
            found = k - back
    overlaps = np.array(overlaps)
    auc = float(np.mean([(overlaps > t).mean() for t in THRESHOLDS])) if len(overlaps) else float("nan")
    return {"found_after": found, "found": found is not None and found <= FOUND_WITHIN,
            "solid_while_hidden": solid_hidden, "auc_after": auc}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--vtrack", default=".build/release/vtrack")
    parser.add_argument("--sequences", default="../shared/data/sequences")
    parser.add_argument("--out", default="hidden-and-back")
    parser.add_argument("--levels", default="fast,accurate")
    parser.add_argument("--reseed", default="50,0", help="re-seeding intervals to compare (0: the bare tracker)")
    parser.add_argument("--zooms", default="0.5,2")
    parser.add_argument("--only", help="comma-separated sequence names (default: all)")
    parser.add_argument("--json", help="also write every run's figures here")
    args = parser.parse_args()
    names = sorted(d for d in os.listdir(args.sequences) if os.path.isdir(os.path.join(args.sequences, d)))
    if args.only:
        names = [n for n in names if n in args.only.split(",")]
    os.makedirs(args.out, exist_ok=True)
    clips, skipped = [], []
    for name in names:
        for zoom in (float(z) for z in args.zooms.split(",")):
            path = os.path.join(args.out, f"{name}-zoom{zoom:g}.mp4")
            made = recut(os.path.join(args.sequences, name), name, zoom, path)
            if isinstance(made, str):
                skipped.append((name, zoom, made))
            else:
                clips.append((name, zoom, path, made[0], made[1]))
    jobs = [(c, level, int(r)) for c in clips for level in args.levels.split(",") for r in args.reseed.split(",")]

    def run(job):
        (name, zoom, path, truth, first), level, reseed = job
        rows = track(args.vtrack, path, first, level, reseed, path[:-4] + f".{level}.r{reseed}.csv")
        return {"sequence": name, "zoom": zoom, "level": level, "reseed_every": reseed, **score(rows, truth)}

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(run, jobs))
    print(f"{len(clips)} re-cut clips from {len(names)} sequences; left out: {len(skipped)}")
    for name, zoom, reason in skipped:
        print(f"  {name} zoom {zoom:g}: {reason}")
    print(f"{'level':9} {'reseed':>6} {'zoom':>5} {'clips':>5} {'found<=50':>9} {'median frames':>13} "
          f"{'solid while hidden (clips, frames)':>35} {'AUC after':>9}")
    for level in args.levels.split(","):
        for reseed in (int(r) for r in args.reseed.split(",")):
            for zoom in [None] + [float(z) for z in args.zooms.split(",")]:
                group = [r for r in results if r["level"] == level and r["reseed_every"] == reseed
                         and (zoom is None or r["zoom"] == zoom)]
                if not group:
                    continue
                found = [r["found_after"] for r in group if r["found"]]
                solid = [r["solid_while_hidden"] for r in group]
                print(f"{level:9} {reseed:>6} {('all' if zoom is None else f'{zoom:g}'):>5} {len(group):>5} "
                      f"{len(found) / len(group):>9.0%} {(np.median(found) if found else float('nan')):>13.0f} "
                      f"{sum(1 for s in solid if s > 0):>20} / {sum(solid):>5} "
                      f"{np.nanmean([r['auc_after'] for r in group]):>9.3f}")
    if args.json:
        json.dump({"skipped": skipped, "runs": results}, open(args.json, "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())
