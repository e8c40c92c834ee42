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
import subprocess
import sys
import tempfile

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


class Browser:
    def __init__(self, chromium):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        self.profile = tempfile.TemporaryDirectory(prefix="vtrack-chromium-")

        def wire():
            # Through fresh copies: dup2 onto the same number would keep the pipe's close-on-exec flag.
            reading, writing = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
             "--remote-debugging-pipe", "--user-data-dir=" + self.profile.name, "about:blank"],
            close_fds=False, preexec_fn=wire,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.next_id = 0
        self.buffer = b""
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 65536)
            if not chunk:
                raise RuntimeError("the browser closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for(self, method):
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(index)
            self.events.append(self.receive())

    def open_page(self):
        """A new page's session, with its console, log and page events on."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Runtime.enable", "Log.enable", "Page.enable"):
            self.send(domain, session=session)
        return session

    def problems(self):
        """The console messages, script exceptions and browser errors seen so far."""
        events = self.events
        return {
            "console": [e["params"]["args"][0].get("value") for e in events if e.get("method") == "Runtime.consoleAPICalled"],
            "exceptions": [e["params"]["exceptionDetails"].get("text") for e in events if e.get("method") == "Runtime.exceptionThrown"],
            "errors": [e["params"]["entry"].get("text") for e in events
                       if e.get("method") == "Log.entryAdded" and e["params"]["entry"].get("level") == "error"],
        }

    def close(self):
        try:
            self.send("Browser.close")
        except RuntimeError:
            pass
        self.process.wait(timeout=30)
        self.profile.cleanup()


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
