#!/usr/bin/env python3
"""Re-seeding must never hurt: compares two `vtrack eval` results.json files of the same protocol,
one of the bare tracker (--reseed-every 0) and one of the pipeline (--reseed-every N), and exits
with status 1, one line per sequence and level, when re-seeding lowers a sequence's success AUC by
more than the tolerance (default 0.01). Prints each level's mean AUC over the sequences either way.

A sequence that re-seeding is known to hurt has its own ceiling in --allowances FILE, a JSON object
{"protocol": {"level": {"Sequence": largest loss}}}: the loss measured when it was recorded, so that
it cannot grow unnoticed (and a line says so while the loss exceeds the tolerance).

Usage: scripts/ci/reseed-guard.py BARE/results.json RESEEDED/results.json [--tolerance 0.01]
                               [--allowances FILE --protocol ope|sre|tre]
"""
import argparse
import json
import sys


def per_sequence_auc(path):
    with open(path) as f:
        results = json.load(f)
    return {(level["name"], row["sequence"]): row["scores"]["auc"]
            for level in results["levels"] for row in level["per_sequence"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bare")
    parser.add_argument("reseeded")
    parser.add_argument("--tolerance", type=float, default=0.01)
    parser.add_argument("--allowances", help="JSON {protocol: {level: {sequence: largest accepted loss}}}")
    parser.add_argument("--protocol", default="ope")
    args = parser.parse_args()
    allowances = {}
    if args.allowances:
        try:
            with open(args.allowances) as f:
                allowances = json.load(f).get(args.protocol, {})
        except (OSError, ValueError) as error:
            print(f"reseed-guard: cannot read {args.allowances}: {error}", file=sys.stderr)
            return 1
    try:
        bare, reseeded = per_sequence_auc(args.bare), per_sequence_auc(args.reseeded)
    except (OSError, KeyError, ValueError) as error:
        print(f"reseed-guard: cannot read results: {error}", file=sys.stderr)
        return 1
    shared = sorted(set(bare) & set(reseeded))
    if not shared:
        print(f"reseed-guard: {args.bare} and {args.reseeded} have no sequence in common", file=sys.stderr)
        return 1
    failed = False
    for level in sorted({level for level, _ in shared}):
        keys = [key for key in shared if key[0] == level]
        mean_bare = sum(bare[key] for key in keys) / len(keys)
        mean_reseeded = sum(reseeded[key] for key in keys) / len(keys)
        print(f"reseed-guard {level}: mean AUC {mean_bare:.3f} bare, {mean_reseeded:.3f} re-seeded ({len(keys)} sequences)")
        for key in keys:
            change = reseeded[key] - bare[key]
            allowed = allowances.get(level, {}).get(key[1])
            if change < -args.tolerance and allowed is not None and -change <= allowed:
                print(f"known: re-seeding lowers {key[1]} ({level}) by {-change:.3f} AUC "
                      f"(recorded ceiling {allowed:.3f}): {bare[key]:.3f} -> {reseeded[key]:.3f}")
            elif change < -args.tolerance:
                failed = True
                print(f"re-seeding lowers {key[1]} ({level}) by {-change:.3f} AUC: {bare[key]:.3f} -> {reseeded[key]:.3f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
