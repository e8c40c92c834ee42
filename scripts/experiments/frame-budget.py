#!/usr/bin/env python3
"""Where a frame's CPU time goes in `vtrack track`: a perf profile grouped into the pipeline's stages.

Usage (an experiment, not part of the build; needs perf and ffprobe):
  python3 scripts/experiments/frame-budget.py CLIP --level fast --box X,Y,W,H [--box ...] [--vtrack PATH] [--video]

Runs `vtrack track CLIP --box ... --level L --csv TMP --quiet` (with `--video TMP.mp4` when asked)
under `perf record` (999 samples per second, all threads), then prints, per stage, the CPU
milliseconds per frame (the start-up included, spread over the clip) and the share. Stages are
told apart by library and symbol; the OpenVINO rows hold both NanoTrack's networks and the
appearance describer, and FFTW's row the scene registration's and the correlation filter's
transforms. docs/performance.md has the results.
"""
import argparse
import os
import re
import subprocess
import tempfile

FREQUENCY = 999
STAGES = [  # (stage, pattern on "library symbol"), first match wins
    ("decoding (FFmpeg)", r"^libav(codec|util|format)"),
    ("encoding (libx264)", r"^libx264"),
    ("colour conversion (swscale)", r"^libswscale"),
    ("networks (OpenVINO: NanoTrack, describer)", r"^(\[JIT\]|libopenvino|libtbb)"),
    ("Siamese crops", r"SiameseCropSampler"),
    ("scene registration, scene cue", r"PhaseCorrelationRegistration|SceneChange|SceneContrast|BoxDownscale"),
    ("FFTW (registration, filter)", r"^libfftw"),
    ("correlation filter", r"CorrelationTracker|CorrelationFilter|FeatureExtractor|GradientCells|ColourFeatures|"
                           r"ScaleEstimator|SpectrumMath|SupportConstrained|PatchSampler|CircularCorrelator|"
                           r"ColourHistogram|IntegralImage"),
    ("drawing, plane copies", r"DrawingCanvas|YUV420Canvas|Annotator|FrameEncoder|RectangleDrawing|TextDrawing"),
    ("kernel (page faults, scheduling)", r"^\[kernel"),
    ("C and Swift runtimes (memory, threads)", r"^(libc|libswift|libstdc|ld-linux|libFoundation|libdispatch|libm\b)"),
    ("other vtrack code", r"^vtrack"),
    ("other", r""),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("clip")
    parser.add_argument("--level", default="fast")
    parser.add_argument("--box", action="append", required=True)
    parser.add_argument("--vtrack", default=".build/release/vtrack")
    parser.add_argument("--video", action="store_true")
    args = parser.parse_args()
    frames = int(subprocess.check_output(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                          "stream=nb_read_frames", "-of", "csv=p=0", args.clip], text=True).strip())
    with tempfile.TemporaryDirectory() as scratch:
        data = os.path.join(scratch, "perf.data")
        command = [args.vtrack, "track", args.clip, "--level", args.level, "--csv", os.path.join(scratch, "out.csv"), "--quiet"]
        command += [part for box in args.box for part in ("--box", box)]
        if args.video:
            command += ["--video", os.path.join(scratch, "out.mp4")]
        subprocess.run(["perf", "record", "-q", "-F", str(FREQUENCY), "-o", data, "--"] + command, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        report = subprocess.check_output(["perf", "report", "-i", data, "--stdio", "--sort", "dso,sym", "-g", "none",
                                          "--percent-limit", "0", "-F", "sample,dso,sym"], text=True,
                                         stderr=subprocess.DEVNULL)
    samples = {stage: 0 for stage, _ in STAGES}
    for line in report.splitlines():
        fields = line.split(None, 2)
        if len(fields) < 3 or not fields[0].isdigit():
            continue
        count, library, symbol = int(fields[0]), os.path.basename(fields[1]), fields[2]
        library = "vtrack" if library == os.path.basename(args.vtrack) else library
        text = f"{library} {symbol}"
        stage = next(name for name, pattern in STAGES if re.search(pattern, text))
        samples[stage] += count
    total = sum(samples.values())
    print(f"{args.clip}, {len(args.box)} object(s), --level {args.level}{' with the MP4' if args.video else ''}: "
          f"{total / FREQUENCY * 1000 / frames:.1f} CPU-ms per frame over {frames} frames")
    for stage, _ in STAGES:
        if samples[stage]:
            print(f"  {stage:44} {samples[stage] / FREQUENCY * 1000 / frames:6.2f} ms  {100 * samples[stage] / total:5.1f}%")


if __name__ == "__main__":
    main()
