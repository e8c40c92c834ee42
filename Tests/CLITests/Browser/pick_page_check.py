#!/usr/bin/env python3
"""Draws boxes on a `vtrack pick` page in headless chromium with mouse events (devtools.py) and
prints one JSON object: for each run, the boxes the page lists, the command it shows, the
keyframes file it saved, and the console messages, script exceptions and browser errors.

Usage: pick_page_check.py CHROMIUM PAGE.html SPEC.json
SPEC is a JSON object:
  {"downloads": FOLDER, "runs": [{"dpr": 1, "zoom": "1", "frame": 40 or null, "screenshot": PATH or null,
     "width": 1600, "height": 1200 (the viewport, CSS pixels; these by default),
     "boxes": [{"box": [x, y, width, height], "name": "walker"}],
     "resize": {"index": 0, "by": [dx, dy]} or null, "deleteExtra": true}]}
Boxes are clip pixels; each is dragged from its top-left to its bottom-right corner on the still,
mapped to the screen through the still's on-screen rectangle. "resize" then drags that box's
bottom-right corner by (dx, dy) clip pixels; "deleteExtra" draws one more box and deletes it with the
Delete key. Each run's keyframes file is saved into DOWNLOADS/run-N/.
"""
import base64
import json
import os
import sys

from devtools import Browser

IMAGE_READY = """new Promise(ok => {
  const image = document.getElementById('still');
  if (image.complete && image.naturalWidth) ok(true); else image.addEventListener('load', () => ok(true), {once: true});
})"""

GEOMETRY = """(() => {
  document.querySelector('.stage').scrollIntoView({block: 'start'});
  const image = document.getElementById('still'), rect = image.getBoundingClientRect();
  return {left: rect.left, top: rect.top, sx: rect.width / image.naturalWidth, sy: rect.height / image.naturalHeight,
          natural: [image.naturalWidth, image.naturalHeight], ratio: window.devicePixelRatio};
})()"""

READ = """(() => ({
  rows: Array.from(document.querySelectorAll('#box-list tbody tr')).map(row => ({
    name: row.querySelector('input').value, frame: Number(row.cells[1].textContent), box: row.cells[2].textContent})),
  command: document.getElementById('command').textContent,
  keyframesCommand: document.getElementById('keyframes-command').textContent,
  warning: document.getElementById('warning').textContent,
}))()"""


def screen_point(geometry, x, y):
    return geometry["left"] + x * geometry["sx"], geometry["top"] + y * geometry["sy"]


def perform(browser, page, run, downloads):
    session = browser.open_page()
    browser.send("Emulation.setDeviceMetricsOverride", {"width": run.get("width", 1600), "height": run.get("height", 1200),
                                                        "deviceScaleFactor": run["dpr"], "mobile": False}, session=session)
    browser.send("Page.navigate", {"url": "file://" + page}, session=session)
    browser.wait_for("Page.loadEventFired")
    if run.get("frame") is not None:
        browser.evaluate(f"document.querySelector('#strip button[data-frame=\"{run['frame']}\"]').click()", session)
    browser.evaluate(IMAGE_READY, session)
    if run.get("zoom", "1") != "1":
        browser.evaluate(f"(() => {{ const zoom = document.getElementById('zoom'); zoom.value = '{run['zoom']}';"
                         f" zoom.dispatchEvent(new Event('change')); }})()", session)
    geometry = browser.evaluate(GEOMETRY, session)
    for index, wanted in enumerate(run["boxes"]):
        x, y, width, height = wanted["box"]
        browser.drag(session, screen_point(geometry, x, y), screen_point(geometry, x + width, y + height))
        browser.evaluate(f"(() => {{ const input = document.querySelectorAll('#box-list input')[{index}]; input.focus(); input.select(); }})()",
                         session)
        browser.send("Input.insertText", {"text": wanted["name"]}, session=session)
        browser.evaluate("document.activeElement.blur()", session)
    resize = run.get("resize")
    if resize:
        x, y, width, height = run["boxes"][resize["index"]]["box"]
        dx, dy = resize["by"]
        browser.drag(session, screen_point(geometry, x + width, y + height), screen_point(geometry, x + width + dx, y + height + dy))
    if run.get("deleteExtra"):
        browser.drag(session, screen_point(geometry, 2, 2), screen_point(geometry, 12, 12))
        for kind in ("keyDown", "keyUp"):
            browser.send("Input.dispatchKeyEvent", {"type": kind, "key": "Delete", "code": "Delete", "windowsVirtualKeyCode": 46},
                         session=session)
    result = browser.evaluate(READ, session)
    result["geometry"] = geometry
    if run.get("screenshot"):
        shot = browser.send("Page.captureScreenshot", {"format": "png"}, session=session)
        with open(run["screenshot"], "wb") as file:
            file.write(base64.b64decode(shot["data"]))
    os.makedirs(downloads, exist_ok=True)
    browser.allow_downloads(downloads)
    browser.evaluate("document.getElementById('save').click()", session)
    name = browser.wait_for_download()
    with open(os.path.join(downloads, name), encoding="utf-8") as file:
        result["saved"] = {"name": name, "text": file.read()}
    browser.send("Target.closeTarget", {"targetId": browser.send("Target.getTargetInfo", session=session)["targetInfo"]["targetId"]})
    return result


def main():
    chromium, page, spec_path = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
    with open(spec_path, encoding="utf-8") as file:
        spec = json.load(file)
    browser = Browser(chromium)
    try:
        runs, failure = [], None
        try:
            for index, run in enumerate(spec["runs"]):
                runs.append(perform(browser, page, run, os.path.join(spec["downloads"], f"run-{index}")))
        except RuntimeError as error:
            failure = str(error)
        print(json.dumps({"runs": runs, "failure": failure, **browser.problems()}))
    finally:
        browser.close()


if __name__ == "__main__":
    main()
