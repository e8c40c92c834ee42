#!/usr/bin/env bash
# Makes .venv-mot/ (ignored by git) with the reference MOT scorers and the peer trackers, pinned in
# scripts/setup/mot-scoring-requirements.txt:
#   py-motmetrics 1.4.0 and TrackEval 1.3.0  what `vtrack eval --mot` must agree with
#                                             (scripts/ci/mot-reference-scores.py, the agreement test)
#   supervision 0.26.1 (ByteTrack), norfair 2.3.0   scripts/experiments/mot-peers.py
# Idempotent: does nothing when the environment already matches the requirements.
#
# TrackEval on PyPI (`trackeval` 1.3.0, a packaging of Jonathon Luiten's TrackEval) declares
# numpy >= 2.3 on Python 3.11, which py-motmetrics 1.4.0 cannot run on (it calls np.asfarray, removed in
# numpy 2). Its MOTChallenge code runs on numpy 1.26, so it is installed without its declared
# dependencies; the ones its metrics import (scipy, tabulate) are in the requirements. Its optional
# datasets that need pycocotools are not used.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.venv-mot
requirements=scripts/setup/mot-scoring-requirements.txt
stamp="$venv/installed-$(sha256sum "$requirements" | cut -c1-16)-trackeval-1.3.0"
if [ -f "$stamp" ]; then
  exit 0
fi
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q -r "$requirements"
"$venv/bin/python" -m pip install -q --no-deps trackeval==1.3.0
"$venv/bin/python" - <<'PY'
import contextlib, io
with contextlib.redirect_stdout(io.StringIO()):
    import trackeval
import motmetrics, norfair, numpy, supervision
assert numpy.__version__.startswith("1."), numpy.__version__
assert hasattr(supervision, "ByteTrack")
PY
touch "$stamp"
echo "made $venv"
