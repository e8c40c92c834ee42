#!/usr/bin/env python3
"""How alike person-reidentification-retail-0287 finds the same person and two people, on the
MOTChallenge clips of the development data: every 5th frame, each person's current box against their
own first box (same) and against everyone else's current box (other), cosine similarity of the
network's embeddings. Prints percentiles and how often the own first box wins (and by 0.1).
Needs numpy, opencv-python and openvino (e.g. /work/venv). Usage: reid-similarity.py"""
import os
import cv2, numpy as np, openvino as ov

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.join(HERE, "..", "..", "Models", "person-reid", "person-reidentification-retail-0287.xml")
MOT = os.path.join(HERE, "..", "..", "..", "shared", "data", "mot")
network = ov.Core().compile_model(MODEL, "CPU", {"INFERENCE_NUM_THREADS": 1})

def embed(picture, box):
    x, y, w, h = (int(round(v)) for v in box); height, width = picture.shape[:2]
    crop = picture[max(0, y):min(height, y + h), max(0, x):min(width, x + w)]
    values = network(cv2.resize(crop, (128, 256)).transpose(2, 0, 1)[None].astype(np.float32))[0][0]
    return values / np.linalg.norm(values)

for clip in ("TUD-Campus", "TUD-Stadtmitte"):
    truth = np.loadtxt(os.path.join(MOT, clip, "gt", "gt.txt"), delimiter=",")
    video = cv2.VideoCapture(os.path.join(MOT, clip, clip + ".mp4"))
    frame, first, same, other, margins = 0, {}, [], [], []
    while True:
        ok, picture = video.read()
        if not ok: break
        frame += 1
        rows = truth[truth[:, 0] == frame]
        for row in rows:
            if int(row[1]) not in first and row[4] >= 12 and row[5] >= 24: first[int(row[1])] = (frame, embed(picture, row[2:6]))
        if frame % 5: continue
        now = {int(row[1]): embed(picture, row[2:6]) for row in rows if row[4] >= 12}
        for person, (since, embedding) in first.items():
            if since == frame or person not in now: continue
            same.append(float(embedding @ now[person]))
            others = [float(embedding @ now[j]) for j in now if j != person]
            other += others
            if others: margins.append(same[-1] - max(others))
    margins = np.array(margins)
    print(f"{clip}: same person median {np.median(same):.2f} (10th percentile {np.percentile(same, 10):.2f}); "
          f"two people median {np.median(other):.2f}, 95th percentile {np.percentile(other, 95):.2f}; "
          f"own first box best {np.mean(margins > 0):.2f}, by 0.1 {np.mean(margins > 0.1):.2f} ({len(margins)} cases)")
