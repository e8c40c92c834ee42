"""Drives headless chromium over the DevTools protocol through a pipe (Python's standard library
only): the browser the page checks share.
"""
import json
import os
import subprocess
import tempfile


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

    def evaluate(self, expression, session):
        """The value of a script expression (awaited when it is a promise); raises on an exception."""
        reply = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True},
                          session=session)
        if "exceptionDetails" in reply:
            details = reply["exceptionDetails"]
            raise RuntimeError(details.get("exception", {}).get("description") or details.get("text"))
        return reply["result"].get("value")

    def drag(self, session, start, end, steps=5):
        """Presses the left mouse button at `start`, moves in `steps` to `end` and releases it there
        (CSS pixels of the viewport)."""
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": start[0], "y": start[1]}, session=session)
        self.send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": start[0], "y": start[1], "button": "left",
                                               "buttons": 1, "clickCount": 1}, session=session)
        for step in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * step / steps
            y = start[1] + (end[1] - start[1]) * step / steps
            self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "button": "left", "buttons": 1},
                      session=session)
        self.send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": end[0], "y": end[1], "button": "left",
                                               "buttons": 0, "clickCount": 1}, session=session)

    def allow_downloads(self, folder):
        """Saves downloads into `folder` under the names the pages give them."""
        self.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder, "eventsEnabled": True})

    def wait_for_download(self):
        """The name of the next download once it has completed (or raises if it was cancelled)."""
        begun = self.wait_for("Browser.downloadWillBegin")["params"]
        while True:
            progress = self.wait_for("Browser.downloadProgress")["params"]
            if progress["guid"] == begun["guid"] and progress["state"] == "completed":
                return begun["suggestedFilename"]
            if progress["guid"] == begun["guid"] and progress["state"] == "canceled":
                raise RuntimeError("download canceled: " + begun["suggestedFilename"])
