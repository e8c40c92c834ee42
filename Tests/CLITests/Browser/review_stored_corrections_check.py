#!/usr/bin/env python3
"""Loads a review page in headless chromium (devtools.py) once for each value stored as the run's
corrections in the browser's storage (any text: JSON that is not a list, a list of anything), and
reports, for each, the corrections the page lists and the script exceptions it threw.

Usage: review_stored_corrections_check.py CHROMIUM PAGE.html STORED.json
STORED: a JSON list of strings, each stored as it is under the run's key before a reload.
Prints {"loads": [{"stored": S, "listed": N, "summary": TEXT, "command": TEXT, "exceptions": [...]}], "failure": ...}.
"""
import json
import os
import sys

from devtools import Browser

STORE = """(() => {
  const review = JSON.parse(document.getElementById('review-data').textContent);
  localStorage.setItem('vtrack-corrections:' + review.run, %s);
})()"""

SHOWN = """({listed: document.querySelectorAll('#corrections li').length,
  summary: document.getElementById('corrections-summary').textContent,
  command: document.getElementById('retrack-command').textContent})"""


def main():
    chromium, page, stored_path = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
    with open(stored_path, encoding="utf-8") as file:
        values = json.load(file)
    browser = Browser(chromium)
    loads, failure = [], None
    try:
        try:
            session = browser.open_page()
            browser.send("Page.navigate", {"url": "file://" + page}, session=session)
            browser.wait_for("Page.loadEventFired")
            for value in values:
                browser.evaluate(STORE % json.dumps(value), session)
                before = len(browser.problems()["exceptions"])
                browser.send("Page.reload", session=session)
                browser.wait_for("Page.loadEventFired")
                shown = browser.evaluate(SHOWN, session)
                loads.append({"stored": value, **shown, "exceptions": browser.problems()["exceptions"][before:]})
        except RuntimeError as error:
            failure = str(error)
        print(json.dumps({"loads": loads, "failure": failure}))
    finally:
        browser.close()


if __name__ == "__main__":
    main()
