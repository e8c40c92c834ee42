#!/usr/bin/env python3
"""How the person detector's boxes compare with MOTChallenge ground truth: the median ratio of
detection width to ground-truth width (and height) over detections matched to ground truth.

    vtrack detect SEQ/SEQ.mp4 --detector person --every 1 --csv dets.csv
    .venv-mot/bin/python scripts/experiments/mot-detector-bias.py SEQ dets.csv [--iou 0.5]

Per frame, detections and scored ground-truth boxes (flag 1) are paired by an optimal assignment
maximising IoU (scipy's linear_sum_assignment); pairs with IoU >= --iou count. Ground-truth boxes
are taken as the file has them (MOT15 counts pixels from 1, vtrack from 0: sizes are unaffected,
the centre offset is reported). Prints the pairs, the recall of ground truth, the median width and
height ratios (with quartiles) and the median centre offset in pixels.

For a clip made from the sequence by scaling and padding (to see how the detector does on smaller
people with the same ground truth), --scale S --offset X,Y maps each ground-truth box to
(x * S + X, y * S + Y, w * S, h * S); for example
`ffmpeg -i SEQ.mp4 -vf "scale=320:240,pad=1280:720:480:240:color=gray" small.mp4` with
`--scale 0.5 --offset 480,240`.
"""
import argparse
import csv
import os

import numpy as np
from scipy.optimize import linear_sum_assignment


def iou_matrix(a, b):
    ax1, ay1, bx1, by1 = a[:, 0] + a[:, 2], a[:, 1] + a[:, 3], b[:, 0] + b[:, 2], b[:, 1] + b[:, 3]
    iw = np.maximum(0, np.minimum(ax1[:, None], bx1[None]) - np.maximum(a[:, 0][:, None], b[:, 0][None]))
    ih = np.maximum(0, np.minimum(ay1[:, None], by1[None]) - np.maximum(a[:, 1][:, None], b[:, 1][None]))
    inter = iw * ih
    union = (a[:, 2] * a[:, 3])[:, None] + (b[:, 2] * b[:, 3])[None] - inter
    return np.where(union > 0, inter / np.maximum(union, 1e-12), 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sequence", help="MOTChallenge sequence folder (gt/gt.txt)")
    parser.add_argument("detections", help="CSV from vtrack detect (frame is 0-based)")
    parser.add_argument("--iou", type=float, default=0.5, help="smallest IoU of a counted pair (default 0.5)")
    parser.add_argument("--scale", type=float, default=1, help="ground-truth scale of a scaled clip (default 1)")
    parser.add_argument("--offset", default="0,0", help="ground-truth offset X,Y in pixels of a padded clip (default 0,0)")
    args = parser.parse_args()
    offset_x, offset_y = (float(v) for v in args.offset.split(","))
    truth, found = {}, {}
    with open(os.path.join(args.sequence, "gt", "gt.txt")) as f:
        for row in csv.reader(f):
            if row and float(row[6]) != 0:
                x, y, w, h = (float(v) * args.scale for v in row[2:6])
                truth.setdefault(int(row[0]) - 1, []).append([x + offset_x, y + offset_y, w, h])
    with open(args.detections, newline="") as f:
        for row in csv.DictReader(f):
            found.setdefault(int(row["frame"]), []).append([float(row[k]) for k in ["x", "y", "width", "height"]])
    widths, heights, dx, dy, gt_boxes = [], [], [], [], 0
    for frame, gt in truth.items():
        gt = np.array(gt)
        gt_boxes += len(gt)
        if frame not in found:
            continue
        det = np.array(found[frame])
        iou = iou_matrix(gt, det)
        for i, j in zip(*linear_sum_assignment(-iou)):
            if iou[i, j] >= args.iou:
                widths.append(det[j, 2] / gt[i, 2])
                heights.append(det[j, 3] / gt[i, 3])
                dx.append(det[j, 0] + det[j, 2] / 2 - gt[i, 0] - gt[i, 2] / 2)
                dy.append(det[j, 1] + det[j, 3] / 2 - gt[i, 1] - gt[i, 3] / 2)
    q = lambda v: "%.3f (quartiles %.3f-%.3f)" % (np.median(v), np.percentile(v, 25), np.percentile(v, 75))
    print("%s: %d pairs at IoU >= %.2f of %d ground-truth boxes (recall %.3f)"
          % (os.path.basename(os.path.normpath(args.sequence)), len(widths), args.iou, gt_boxes, len(widths) / gt_boxes))
    detections = sum(len(v) for v in found.values())
    print("  %d detections (precision %.3f)" % (detections, len(widths) / max(detections, 1)))
    if not widths:
        return
    print("  width ratio  %s" % q(widths))
    print("  height ratio %s" % q(heights))
    print("  centre offset (detection - ground truth), px: x %.1f, y %.1f" % (np.median(dx), np.median(dy)))


if __name__ == "__main__":
    main()
