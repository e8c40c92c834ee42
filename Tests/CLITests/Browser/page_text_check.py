#!/usr/bin/env python3
"""Opens a page in headless chromium (devtools.py), lets its script run, and prints one JSON object:
the text of each element asked for by id (null where there is none), and the console messages,
script exceptions and browser errors.

Usage: page_text_check.py CHROMIUM PAGE.html ID...
"""
import json
import os
import sys

from devtools import Browser


def main():
    chromium, page, ids = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3:]
    browser = Browser(chromium)
    try:
        texts, failure = {}, None
        try:
            session = browser.open_page()
            browser.send("Page.navigate", {"url": "file://" + page}, session=session)
            browser.wait_for("Page.loadEventFired")
            for name in ids:
                texts[name] = browser.evaluate(f"document.getElementById({json.dumps(name)})?.textContent ?? null", session)
        except RuntimeError as error:
            failure = str(error)
        print(json.dumps({"texts": texts, "failure": failure, **browser.problems()}))
    finally:
        browser.close()


if __name__ == "__main__":
    main()
