#!/usr/bin/env python3
"""Person detectors compared through `vtrack detect`: recall and false detections per frame on the
MOTChallenge clips (../shared/data/mot: every ground-truth person, IoU >= 0.5, one-to-one greedy by
score; also the people at least 40 px tall), the share of frames where the tracked person of each
people sequence (../shared/data/sequences) is found (IoU >= 0.3, every 5th frame), and the
detector's processor time per frame on the first 30 frames of a 720p sequence (user + system time of
`vtrack detect --every 1` less that of `--every 30`, which decodes the same frames and detects once,
over 29 frames: all threads counted, so it holds on a loaded machine where wall time does not).

Usage: person-detector-recall.py VTRACK_BINARY DETECTOR [DETECTOR ...]   (e.g. person person-ssdlite)"""
import csv, io, os, resource, subprocess, sys, tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "..", "shared", "data")
PEOPLE = ["Couple", "Crossing", "Human7", "group1_1", "group1_2", "group1_3", "group1_4", "group3_2", "Biker470"]

def iou(a, b):
    iw = max(0.0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])); ih = max(0.0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))
    inter = iw * ih; union = a[2] * a[3] + b[2] * b[3] - inter
    return inter / union if union > 0 else 0.0

def detect(vtrack, clip, detector, every):
    out = subprocess.run([vtrack, "detect", clip, "--detector", detector, "--every", str(every), "--csv", "-", "--quiet"],
                         capture_output=True, text=True, check=True).stdout
    found = defaultdict(list)
    for row in csv.DictReader(io.StringIO(out)):
        found[int(row["frame"])].append(tuple(float(row[k]) for k in ("x", "y", "width", "height")))
    return found

def mot(vtrack, detector):
    hits = total = tall_hits = tall = false = frames = 0
    for name in ("TUD-Campus", "TUD-Stadtmitte"):
        folder = os.path.join(DATA, "mot", name)
        truth = defaultdict(list)
        for r in csv.reader(open(os.path.join(folder, "gt", "gt.txt"))):
            if len(r) > 6 and float(r[6]) == 0: continue
            truth[int(float(r[0])) - 1].append(tuple(float(v) for v in r[2:6]))
        found = detect(vtrack, os.path.join(folder, name + ".mp4"), detector, 1)
        for frame, people in truth.items():
            frames += 1
            unused = list(found.get(frame, []))
            pairs = sorted(((iou(p, d), i, j) for i, p in enumerate(people) for j, d in enumerate(unused)), reverse=True)
            matched_people, matched_found = set(), set()
            for overlap, i, j in pairs:
                if overlap < 0.5: break
                if i in matched_people or j in matched_found: continue
                matched_people.add(i); matched_found.add(j)
            total += len(people); hits += len(matched_people)
            tall += sum(1 for p in people if p[3] >= 40); tall_hits += sum(1 for i in matched_people if people[i][3] >= 40)
            false += len(unused) - len(matched_found)
    return hits / total, tall_hits / tall, false / frames

def sequence(vtrack, detector, name):
    folder = os.path.join(DATA, "sequences", name)
    truth = [tuple(float(v) for v in line.replace("\t", ",").split(",")[:4]) for line in open(os.path.join(folder, "groundtruth_rect.txt"))]
    found = detect(vtrack, os.path.join(folder, name + ".mp4"), detector, 5)
    scored = [f for f in range(0, len(truth), 5) if truth[f][2] > 0 and truth[f][3] > 0]
    return sum(1 for f in scored if any(iou(truth[f], d) >= 0.3 for d in found.get(f, []))) / len(scored)

def cpu_seconds(arguments):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(arguments, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

def speed(vtrack, detector):
    with tempfile.TemporaryDirectory() as folder:
        clip = os.path.join(folder, "first30.mp4")
        subprocess.run(["ffmpeg", "-v", "error", "-i", os.path.join(DATA, "sequences", "group1_1", "group1_1.mp4"),
                        "-frames:v", "30", "-c:v", "libx264", clip], check=True)
        run = lambda every: cpu_seconds([vtrack, "detect", clip, "--detector", detector, "--every", str(every),
                                         "--csv", os.devnull, "--quiet"])
        run(30)  # the compiled-model cache is filled once
        return 1000 * (run(1) - run(30)) / 29

vtrack = sys.argv[1]
for detector in sys.argv[2:]:
    recall, tall_recall, false = mot(vtrack, detector)
    print(f"{detector}: MOT clips recall {recall:.3f}, people >= 40 px {tall_recall:.3f}, false per frame {false:.2f}", flush=True)
    shares = {name: sequence(vtrack, detector, name) for name in PEOPLE}
    print(f"{detector}: people sequences " + ", ".join(f"{k} {v:.2f}" for k, v in shares.items())
          + f"; mean {sum(shares.values()) / len(shares):.3f}", flush=True)
    print(f"{detector}: {speed(vtrack, detector):.0f} ms of processor time per 720p frame (group1_1, all threads, decoding excluded)", flush=True)
