#!/usr/bin/env python3
"""Writes OpenCV's cascade detections on real clips to JSON fixtures for DetectionTests.

For the agreement test of vtrack's CascadeDetector only; vtrack itself never needs OpenCV.

    pip install "opencv-python-headless<5"   # OpenCV 5 dropped CascadeClassifier from the main module
    python3 scripts/ci/opencv_cascade_reference.py            # writes both fixtures
    python3 scripts/ci/opencv_cascade_reference.py --check    # compares fresh results with the fixtures

Frames: every `step`-th decoded frame (0, step, 2*step, ...), the luma plane exactly as the decoder gives it
(`ffmpeg -vf extractplanes=y -pix_fmt gray`, no range conversion). Each frame's FNV-1a 64-bit hash
is stored so a test can prove it runs on the same pixels. Detections: `detectMultiScale` with
default parameters (scaleFactor 1.1, minNeighbors 3, no minSize/maxSize), boxes x,y,w,h in pixels,
top-left origin, sorted (OpenCV's output order depends on its thread count).
"""
import argparse
import json
import os
import platform
import subprocess
import sys
import time

import cv2
import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLIPS = os.path.join(ROOT, "SampleVideos")
FIXTURES = os.path.join(ROOT, "Tests", "DetectionTests", "Fixtures")
CASCADES = "/usr/share/opencv4/haarcascades"

# (fixture name, clip file, cascade file, frame step). The carphone clip is short and tiny, so it
# uses every frame; the pedestrian clip every 10th to keep the test fast.
CASES = [
    ("opencv_cascade_carphone_face.json", "carphone_face_in_car.mp4", "haarcascade_frontalface_default.xml", 1),
    ("opencv_cascade_pets09_fullbody.json", "pets09_s2l1_vtest_pedestrians.mp4", "haarcascade_fullbody.xml", 10),
]


def fnv1a64(data: bytes) -> str:
    value = 0xCBF29CE484222325
    for byte in data:
        value ^= byte
        value = (value * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def probe_size(path):
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
         "-of", "csv=p=0", path], check=True, capture_output=True, text=True).stdout.strip()
    width, height = (int(v) for v in out.split(",")[:2])
    return width, height


def decode_command(path):
    return ["ffmpeg", "-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-vf", "extractplanes=y",
            "-f", "rawvideo", "-pix_fmt", "gray", "-"]


def grey_frames(path, step):
    """Yields (index, HxW uint8 array) for every step-th frame."""
    width, height = probe_size(path)
    size = width * height
    with subprocess.Popen(decode_command(path), stdout=subprocess.PIPE) as proc:
        index = 0
        while True:
            data = proc.stdout.read(size)
            if len(data) < size:
                break
            if index % step == 0:
                yield index, np.frombuffer(data, np.uint8).reshape(height, width)
            index += 1
        if proc.wait() != 0:
            sys.exit(f"ffmpeg failed on {path}")


def detect_all(cascade, frames, threads):
    cv2.setNumThreads(threads)
    results, elapsed = [], 0.0
    for index, grey in frames:
        start = time.perf_counter()
        boxes = cascade.detectMultiScale(grey)
        elapsed += time.perf_counter() - start
        boxes = sorted([int(v) for v in box] for box in (boxes if len(boxes) else []))
        results.append((index, grey, boxes))
    return results, 1000.0 * elapsed / max(1, len(results))


def run_case(clip, cascade_file, step):
    clip_path = os.path.join(CLIPS, clip)
    cascade_path = os.path.join(CASCADES, cascade_file)
    cascade = cv2.CascadeClassifier(cascade_path)
    if cascade.empty():
        sys.exit(f"cannot load {cascade_path}")
    frames = list(grey_frames(clip_path, step))
    default_threads = cv2.getNumThreads()
    results, ms_default = detect_all(cascade, frames, default_threads)
    single, ms_single = detect_all(cascade, frames, 1)
    cv2.setNumThreads(default_threads)
    if [r[2] for r in results] != [r[2] for r in single]:
        sys.exit("OpenCV gave different boxes with 1 thread and with several")
    height, width = frames[0][1].shape
    return {
        "opencv_version": cv2.__version__,
        "python": platform.python_version(),
        "generated_by": "python3 scripts/ci/opencv_cascade_reference.py",
        "decode_command": " ".join(decode_command(os.path.join("SampleVideos", clip))),
        "detect_call": "cv2.CascadeClassifier(cascade).detectMultiScale(grey)  # scaleFactor=1.1, minNeighbors=3",
        "clip": clip,
        "cascade": cascade_file,
        "width": width,
        "height": height,
        "frame_step": step,
        "timing": {
            "ms_per_frame": round(ms_default, 3),
            "threads": default_threads,
            "ms_per_frame_single_thread": round(ms_single, 3),
            "machine": platform.machine(),
        },
        "frames": [
            {"index": index, "fnv1a64": fnv1a64(grey.tobytes()), "boxes": boxes}
            for index, grey, boxes in results
        ],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the stored fixtures, write nothing")
    args = parser.parse_args()
    status = 0
    for fixture, clip, cascade_file, step in CASES:
        result = run_case(clip, cascade_file, step)
        path = os.path.join(FIXTURES, fixture)
        count = sum(len(f["boxes"]) for f in result["frames"])
        print(f"{clip} / {cascade_file}: {len(result['frames'])} frames, {count} boxes, "
              f"{result['timing']['ms_per_frame']} ms/frame ({result['timing']['threads']} threads), "
              f"{result['timing']['ms_per_frame_single_thread']} ms/frame (1 thread)")
        if args.check:
            with open(path) as stored:
                if json.load(stored)["frames"] != result["frames"]:
                    print(f"  differs from {path}")
                    status = 1
        else:
            os.makedirs(FIXTURES, exist_ok=True)
            with open(path, "w") as out:
                json.dump(result, out, indent=1)
                out.write("\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
