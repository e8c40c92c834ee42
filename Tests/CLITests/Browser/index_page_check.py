#!/usr/bin/env python3
"""Opens a batch's index page in headless chromium (devtools.py) and prints one JSON
object: the rows' order as loaded, after choosing "by name" and after choosing "needs review"
again, the images (loaded or not), the links, where clicking the first row's clip link leads, and
the console messages, script exceptions and browser errors of both pages.

Usage: index_page_check.py CHROMIUM INDEX.html
"""
import json
import os
import sys

from devtools import Browser

READ_AND_SORT = """(() => {
  const names = () => Array.from(document.querySelectorAll('#clips tbody tr.clip')).map(row => row.dataset.name);
  const order = document.getElementById('order');
  const choose = value => { order.value = value; order.dispatchEvent(new Event('change')); return names(); };
  const loaded = names();
  const byName = choose('name');
  const byReview = choose('review');
  return JSON.stringify({
    loaded, byName, byReview,
    images: Array.from(document.images).map(image => ({src: image.currentSrc, width: image.naturalWidth, complete: image.complete})),
    links: Array.from(document.querySelectorAll('a[href]')).map(link => link.href),
  });
})()"""

FOLLOW_FIRST = "document.querySelector('#clips tr.clip td.name a').click()"
WHERE = "JSON.stringify({url: location.href, title: document.title, video: document.getElementById('clip') ? document.getElementById('clip').src : null})"


def main():
    chromium, page = sys.argv[1], os.path.abspath(sys.argv[2])
    browser = Browser(chromium)
    try:
        session = browser.open_page()
        browser.send("Page.navigate", {"url": "file://" + page}, session=session)
        browser.wait_for("Page.loadEventFired")
        read = browser.send("Runtime.evaluate", {"expression": READ_AND_SORT}, session=session)
        index = json.loads(read["result"]["value"]) if read["result"].get("type") == "string" else None
        failure = read.get("exceptionDetails", {}).get("exception", {}).get("description")
        browser.send("Runtime.evaluate", {"expression": FOLLOW_FIRST}, session=session)
        browser.wait_for("Page.loadEventFired")
        followed = json.loads(browser.send("Runtime.evaluate", {"expression": WHERE}, session=session)["result"]["value"])
        print(json.dumps({"index": index, "failure": failure, "followed": followed, **browser.problems()}))
    finally:
        browser.close()


if __name__ == "__main__":
    main()
