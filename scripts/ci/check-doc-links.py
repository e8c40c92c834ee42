#!/usr/bin/env python3
"""Checks that every relative link in the repository's Markdown files resolves: the file exists and,
for a link to a heading (`file.md#heading`, `#heading`), the heading's anchor exists, computed as
GitHub computes it (lower case, punctuation dropped, spaces to hyphens, -1, -2 ... on repeats).
Links inside code blocks and links with a scheme (https:, mailto:) are not checked.
Exits 1, one line per broken link, when any is broken.

Usage: scripts/ci/check-doc-links.py
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FENCE = re.compile(r"```.*?```", re.S)
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(path):
    found, seen, fenced = set(), {}, False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                fenced = not fenced
            heading = None if fenced else re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
            if heading:
                slug = re.sub(r"[^\w\- ]", "", heading.group(1).lower()).replace(" ", "-")
                repeat = seen.get(slug, 0)
                seen[slug] = repeat + 1
                found.add(slug if repeat == 0 else f"{slug}-{repeat}")
    return found


def main():
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "*.md"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split()
    broken = checked = 0
    for name in listed:
        path = os.path.join(ROOT, name)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            text = FENCE.sub("", f.read())
        for link in LINK.findall(text):
            if re.match(r"[a-z]+:", link):
                continue
            checked += 1
            file_part, _, anchor = link.partition("#")
            target = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if not os.path.exists(target):
                print(f"{name}: {link}: no such file")
                broken += 1
            elif anchor and target.endswith(".md") and anchor not in anchors(target):
                print(f"{name}: {link}: no such heading")
                broken += 1
    print(f"check-doc-links: {checked} relative links, {broken} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
