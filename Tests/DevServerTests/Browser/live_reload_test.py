#!/usr/bin/python3
"""Real-browser test of `notesite serve`'s live reload, run by DevServerTests.

    /usr/bin/python3 live_reload_test.py URL VAULT NOTE PAGE

URL is the running server (http://127.0.0.1:PORT/), VAULT its folder, NOTE a note in it (long
enough to scroll) and PAGE that note's page. Checks, in headless Chromium: editing the note reloads
the page with the new text at the same scroll position; a broken notesite.yml shows the error
overlay, and saving a note while it is broken still reloads the page (the overlay shown again);
fixing it removes the overlay. Prints one line per check, then
"N passed, N failed"; exits 1 when a check failed. Needs python3-selenium, chromium, chromium-driver.
"""

import os
import sys
import time

from selenium.common.exceptions import WebDriverException

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Browser"))
from browser_support import Checks, start, waited  # noqa: E402

# As DevServerTests' Patience: a rebuild can take many seconds when the whole suite shares two
# cores, and many times more under scripts/sanitize. A check that holds passes at once; only a
# failing one waits this long.
PATIENCE = 240 if os.environ.get("NOTESITE_SANITIZER") else 60


def save(path, text):
    """The way editors save: a temporary file beside the target, renamed over it."""
    temporary = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".swp")
    with open(temporary, "w") as f:
        f.write(text)
    os.rename(temporary, path)


def main():
    url, vault, note, page = sys.argv[1:5]
    driver = start(width=1000, height=700)
    checks = Checks()

    def check(name, condition, detail=""):
        """Passes once condition() holds; `detail` (or what it returns) says what was found if never.
        A script run while the page reloads under it fails; that is "not yet", not a failure."""
        ok = waited(driver, condition, timeout=PATIENCE, poll=0.02, ignored=(WebDriverException,))
        checks.check(name, ok, "" if ok else detail() if callable(detail) else detail)

    def marker():
        return driver.execute_script("return window.notesiteTestMarker === 1")

    def text():
        return driver.execute_script("return document.body ? document.body.innerText : ''")

    def overlay():
        return driver.execute_script(
            "var o = document.getElementById('notesite-overlay'); return o ? o.textContent : null")

    try:
        driver.get(url + page)
        check("the page carries the live-reload script",
              lambda: driver.execute_script("return !!document.getElementById('notesite-live')"))
        time.sleep(0.3)  # the event stream connects
        driver.execute_script("window.scrollTo(0, 400); window.notesiteTestMarker = 1;")
        check("the page scrolls", lambda: driver.execute_script("return window.scrollY") >= 399)

        note_path = os.path.join(vault, note)
        with open(note_path) as f:
            original = f.read()
        save(note_path, original + "\nA freshly added sentence.\n")
        check("saving the note reloads the page", lambda: not marker())
        check("the reloaded page has the new text", lambda: "A freshly added sentence." in text(),
              lambda: text()[-200:])
        check("the scroll position is kept", lambda: abs(driver.execute_script("return window.scrollY") - 400) < 2,
              lambda: driver.execute_script("return window.scrollY"))

        time.sleep(0.3)
        driver.execute_script("window.notesiteTestMarker = 1;")
        config = os.path.join(vault, "notesite.yml")
        good = open(config).read() if os.path.exists(config) else "title: Notes\n"
        save(config, "title: [unclosed\n")
        check("a broken notesite.yml shows the error overlay",
              lambda: (overlay() or "").find("notesite.yml") >= 0, lambda: overlay())
        time.sleep(1.0)  # the broken setting changed the page too (its title): let that reload settle
        check("the overlay is there after the page reloaded", lambda: (overlay() or "").find("notesite.yml") >= 0,
              lambda: overlay())
        driver.execute_script("window.notesiteTestMarker = 1;")
        save(note_path, original + "\nWritten while the settings are broken.\n")
        check("saving a note while another file is broken still reloads the page", lambda: not marker())
        check("the page has the new text", lambda: "Written while the settings are broken." in text(),
              lambda: text()[-200:])
        check("the reloaded page shows the errors again", lambda: (overlay() or "").find("notesite.yml") >= 0,
              lambda: overlay())
        save(config, good)
        check("fixing it removes the overlay", lambda: overlay() is None, lambda: overlay())
    finally:
        driver.quit()
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
