#!/usr/bin/env python3
"""Opens a review page in headless chromium over the DevTools protocol (a pipe; Python's standard
library only) and prints one JSON object: what clicking a moment did to the video, the console
messages, script exceptions and browser errors, and where a screenshot was written.

Usage: review_page_check.py CHROMIUM PAGE.html MOMENT_INDEX SCREENSHOT.png
MOMENT_INDEX is the 0-based index of the link to click in the page's list of moments.
"""
import base64
import json
import os
import sys

from devtools import Browser

CLICK_AND_SEEK = """(async () => {
  const video = document.getElementById('clip');
  const timeout = new Promise((_, fail) => setTimeout(() => fail(new Error('timed out')), 20000));
  const ready = new Promise((ok, fail) => {
    if (video.readyState >= 1) return ok();
    video.addEventListener('loadedmetadata', ok, {once: true});
    video.addEventListener('error', () => fail(new Error('video error ' + (video.error && video.error.code))), {once: true});
  });
  await Promise.race([ready, timeout]);
  const link = document.querySelectorAll('.moments a')[%d];
  const seeked = new Promise(ok => video.addEventListener('seeked', ok, {once: true}));
  link.click();
  await Promise.race([seeked, timeout]);
  return JSON.stringify({src: video.getAttribute('src'), loaded: video.currentSrc, time: video.currentTime,
                         expected: parseFloat(link.dataset.time), duration: video.duration});
})()"""


def main():
    chromium, page, moment, screenshot = sys.argv[1], os.path.abspath(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    browser = Browser(chromium)
    try:
        session = browser.open_page()
        browser.send("Emulation.setDeviceMetricsOverride", {"width": 1000, "height": 1400, "deviceScaleFactor": 1, "mobile": False},
                     session=session)
        browser.send("Page.navigate", {"url": "file://" + page}, session=session)
        browser.wait_for("Page.loadEventFired")
        shot = browser.send("Page.captureScreenshot", {"format": "png"}, session=session)
        with open(screenshot, "wb") as file:
            file.write(base64.b64decode(shot["data"]))
        evaluated = browser.send("Runtime.evaluate", {"expression": CLICK_AND_SEEK % moment, "awaitPromise": True}, session=session)
        seek = json.loads(evaluated["result"]["value"]) if evaluated["result"].get("type") == "string" else None
        failure = evaluated.get("exceptionDetails", {}).get("exception", {}).get("description")
        print(json.dumps({"seek": seek, "failure": failure, **browser.problems()}))
    finally:
        browser.close()


if __name__ == "__main__":
    main()
