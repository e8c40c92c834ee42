#!/usr/bin/env python3
"""How a follow_person.py run's boxes were drawn: of the frames on the person (IoU >= 0.5 with their
own ground-truth box), how many were drawn dashed; of the frames not on the person, how many solid.
follow_person.py reports the second as a share; the first is what a stricter verdict costs.

    python3 ../shared/tools/follow_person.py --clip CLIP --gt GT --out OUT --tracker vtrack --vtrack BIN --args="--detector person"
    python3 scripts/experiments/follow-person-styles.py OUT GT [--scale 0.625]

OUT holds follow_person.py's <id>.csv files (vtrack's CSV: frame, x, y, width, height, style); GT is the
MOTChallenge gt.txt it ran on, with the same --scale (clip width / the ground truth's image width).
Frames are scored as follow_person.py scores them: each identity's frames after its first.
"""
import argparse, csv, os


def iou(a, b):
    ax2, ay2, bx2, by2 = a[0] + a[2], a[1] + a[3], b[0] + b[2], b[1] + b[3]
    iw = max(0.0, min(ax2, bx2) - max(a[0], b[0])); ih = max(0.0, min(ay2, by2) - max(a[1], b[1]))
    inter = iw * ih; union = a[2] * a[3] + b[2] * b[3] - inter
    return inter / union if union > 0 else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out"); ap.add_argument("gt"); ap.add_argument("--scale", type=float, default=1.0)
    a = ap.parse_args()
    truth = {}
    for row in csv.reader(open(a.gt)):
        if len(row) > 6 and float(row[6]) == 0: continue
        truth.setdefault(int(float(row[1])), {})[int(float(row[0])) - 1] = tuple(float(v) * a.scale for v in row[2:6])
    on = on_dashed = off = off_solid = 0
    for name in sorted(os.listdir(a.out)):
        if not name.endswith(".csv"): continue
        person = truth[int(name[:-4])]
        drawn = {int(r["frame"]): r for r in csv.DictReader(open(os.path.join(a.out, name)))}
        for frame in sorted(person)[1:]:
            r = drawn.get(frame)
            if r is None: continue
            if iou(tuple(float(r[k]) for k in ("x", "y", "width", "height")), person[frame]) >= 0.5:
                on += 1; on_dashed += r["style"] != "solid"
            else:
                off += 1; off_solid += r["style"] == "solid"
    print(f"on the person: {on} frames, {on_dashed} dashed ({on_dashed / max(on, 1):.1%}); "
          f"not on the person: {off} frames, {off_solid} solid ({off_solid / max(off, 1):.1%})")


main()
