#!/usr/bin/env python3
"""Corrects a moment on a review page in headless chromium with mouse events (devtools.py): opens
the moment's still, drags one object's box, marks another absent and draws a new object; reloads
the page and reads the corrections again; saves the keyframes file. Prints one JSON object: the
still as opened, the corrections before and after the reload, the boxes on the still after the
reload, the command shown, the file saved, and the console messages, script exceptions and browser
errors.

Usage: review_correction_check.py CHROMIUM PAGE.html SPEC.json
SPEC: {"downloads": FOLDER, "dpr": 1, "frame": F, "move": {"track": T, "by": [dx, dy]},
       "absent": T2 or null, "add": {"name": "extra", "box": [x, y, width, height]} or null, "screenshot": PATH or null}
F must be the frame of a moment in the page's list; boxes and moves are clip pixels.
"""
import base64
import json
import os
import sys

from devtools import Browser

OPEN_MOMENT = """new Promise((ok, fail) => {
  const link = document.querySelector('.moments a[data-frame="%d"]');
  if (!link) return fail(new Error('no moment on frame %d'));
  link.click();
  const image = document.getElementById('still');
  const ready = () => ok({src: image.currentSrc, natural: [image.naturalWidth, image.naturalHeight],
                          hidden: document.getElementById('correct').hidden,
                          frame: document.getElementById('correct-frame').textContent});
  if (image.complete && image.naturalWidth && image.currentSrc) ready(); else image.addEventListener('load', ready, {once: true});
  image.addEventListener('error', () => fail(new Error('the still did not load: ' + image.src)), {once: true});
})"""

GEOMETRY = """(() => {
  document.querySelector('#correct .stage').scrollIntoView({block: 'start'});
  const image = document.getElementById('still'), rect = image.getBoundingClientRect();
  return {left: rect.left, top: rect.top, sx: rect.width / image.naturalWidth, sy: rect.height / image.naturalHeight};
})()"""

BOXES = "correctEditor.boxes.map(b => ({trackID: b.trackID, label: b.label, x: b.x, y: b.y, width: b.width, height: b.height}))"

CORRECTIONS = """Array.from(document.querySelectorAll('#corrections li')).map(item => ({
  frame: Number(item.dataset.frame), track: Number(item.dataset.track), text: item.textContent}))"""


def screen_point(geometry, x, y):
    return geometry["left"] + x * geometry["sx"], geometry["top"] + y * geometry["sy"]


def open_moment(browser, session, frame):
    opened = browser.evaluate(OPEN_MOMENT % (frame, frame), session)
    return opened, browser.evaluate(GEOMETRY, session)


def correct(browser, session, spec):
    result = {}
    result["opened"], geometry = open_moment(browser, session, spec["frame"])
    boxes = browser.evaluate(BOXES, session)
    result["boxesBefore"] = boxes
    move = spec["move"]
    box = next(b for b in boxes if b["trackID"] == move["track"])
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    dx, dy = move["by"]
    browser.drag(session, screen_point(geometry, *centre), screen_point(geometry, centre[0] + dx, centre[1] + dy))
    if spec.get("absent") is not None:
        index = [b["trackID"] for b in boxes].index(spec["absent"])
        browser.evaluate(f"document.querySelectorAll('#objects tbody tr')[{index}].querySelector('button.absent').click()", session)
    add = spec.get("add")
    if add:
        browser.evaluate(f"document.getElementById('new-name').value = {json.dumps(add['name'])}", session)
        x, y, width, height = add["box"]
        browser.drag(session, screen_point(geometry, x, y), screen_point(geometry, x + width, y + height))
    result["corrections"] = browser.evaluate(CORRECTIONS, session)
    if spec.get("screenshot"):
        browser.evaluate("document.getElementById('correct').scrollIntoView({block: 'start'})", session)
        shot = browser.send("Page.captureScreenshot", {"format": "png"}, session=session)
        with open(spec["screenshot"], "wb") as file:
            file.write(base64.b64decode(shot["data"]))
    return result


def main():
    chromium, page, spec_path = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
    with open(spec_path, encoding="utf-8") as file:
        spec = json.load(file)
    browser = Browser(chromium)
    result, failure = {}, None
    try:
        try:
            session = browser.open_page()
            browser.send("Emulation.setDeviceMetricsOverride",
                         {"width": 1200, "height": 1400, "deviceScaleFactor": spec.get("dpr", 1), "mobile": False}, session=session)
            browser.send("Page.navigate", {"url": "file://" + page}, session=session)
            browser.wait_for("Page.loadEventFired")
            result.update(correct(browser, session, spec))
            browser.send("Page.reload", session=session)
            browser.wait_for("Page.loadEventFired")
            result["reloaded"] = browser.evaluate(CORRECTIONS, session)
            open_moment(browser, session, spec["frame"])
            result["boxesAfterReload"] = browser.evaluate(BOXES, session)
            result["command"] = browser.evaluate("document.getElementById('retrack-command').textContent", session)
            os.makedirs(spec["downloads"], exist_ok=True)
            browser.allow_downloads(spec["downloads"])
            browser.evaluate("document.getElementById('save-keyframes').click()", session)
            name = browser.wait_for_download()
            with open(os.path.join(spec["downloads"], name), encoding="utf-8") as file:
                result["saved"] = {"name": name, "text": file.read()}
        except RuntimeError as error:
            failure = str(error)
        print(json.dumps({**result, "failure": failure, **browser.problems()}))
    finally:
        browser.close()


if __name__ == "__main__":
    main()
