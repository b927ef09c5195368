"""Files made by `notesite export` in headless Chromium, opened from file:// (usage: export_test.py
FOLDER SCREENSHOT_DIR, FOLDER holding single.html (trips/Lisbon.md), folder.html (trips/) and
vault.html, exported from the vault of Tests/SiteBuilderTests/Export/ExportVault.swift).

One note: its math typeset, its embed there, a link to a note left out as plain text, a heading
link, the image preview. The vault: it opens on its home note; links, Back, a heading of another
note, backlinks, the explorer and search move between notes inside the file; a shared image is
stored once; printing gives one page per note and no navigation in the PDF's text (pdftotext).
The folder: only its notes in the explorer. No console error and no request at all, in any file.
"""

import base64
import os
import shutil
import subprocess
import sys

from browser_support import (Checks, file_url, js, keys, load, run_timed, start_for, usage, wait)
from selenium.webdriver.common.keys import Keys


def requests(driver, page):
    """Every request the page made besides loading itself, and the console's errors."""
    import json
    found = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if url.split("#")[0] != page and not url.startswith("data:"):
                found.append("request: " + url[:160])
    for entry in driver.get_log("browser"):
        if entry.get("level") == "SEVERE":
            found.append("console: " + entry.get("message", "")[:160])
    return found


def heading(driver):
    return js(driver, "var h = document.querySelector('main article h1'); return h ? h.textContent : null")


def shows(driver, title):
    wait(driver, lambda: heading(driver) == title, f"the note '{title}' is not shown (shown: {heading(driver)})")


def click_link(driver, text, within="main article"):
    clicked = js(driver, """
        var links = document.querySelectorAll(arguments[1] + ' a');
        for (var i = 0; i < links.length; i++) {
          if (links[i].textContent.trim() === arguments[0]) { links[i].click(); return true; }
        }
        return false;""", text, within)
    if not clicked:
        raise AssertionError(f"no link '{text}' in {within}")


def single_note(driver, folder, shots, checks):
    page = file_url(folder, "single.html")
    load(driver, page)

    def opened():
        shows(driver, "Lisbon")
        wait(driver, lambda: js(driver, "return document.querySelectorAll('.katex').length") > 0,
             "the formula was not typeset")
        text = js(driver, "return document.querySelector('main').textContent")
        assert "Port wine lodges" in text, "the embedded section is missing"
        assert js(driver, "return !!document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]')")
        driver.save_screenshot(os.path.join(shots, "export-single.png"))
    checks.run("one note: math typeset, embed shown", opened)

    def outside():
        spans = js(driver, "return Array.from(document.querySelectorAll('.export-outside-link'))"
                           ".map(function (s) { return s.textContent; })")
        assert "home" in spans, f"the link to a note left out is not plain text: {spans}"
    checks.run("one note: a link to a note left out is plain text", outside)

    def heading_link():
        click_link(driver, "the hills")
        wait(driver, lambda: js(driver, "return location.hash") == "#/trips/lisbon.html#hills",
             f"hash is {js(driver, 'return location.hash')}")
        shows(driver, "Lisbon")
    checks.run("one note: a heading link stays in the note", heading_link)

    def preview():
        js(driver, "document.querySelector('img.notesite-image').click()")
        wait(driver, lambda: js(driver, "var d = document.querySelector('dialog.notesite-preview');"
                                        " return !!(d && d.open)"), "the preview did not open")
        keys(driver, Keys.ESCAPE)
        wait(driver, lambda: not js(driver, "var d = document.querySelector('dialog.notesite-preview');"
                                            " return !!(d && d.open)"), "the preview did not close")
    checks.run("one note: the image preview opens and closes", preview)
    checks.none("one note: no request and no console error", requests(driver, page))


def vault(driver, folder, shots, checks):
    page = file_url(folder, "vault.html")
    load(driver, page)

    def opens_home():
        shows(driver, "Home")
        paint = js(driver, "var p = performance.getEntriesByName('first-contentful-paint')[0];"
                           " return p ? p.startTime : null")
        assert paint is not None and paint < 1000, f"first paint at {paint} ms"
        return f"first paint {paint:.0f} ms"
    checks.run("vault: opens on its home note", opens_home)

    def links_and_back():
        click_link(driver, "Lisbon")
        shows(driver, "Lisbon")
        assert js(driver, "return location.hash") == "#/trips/lisbon.html"
        assert js(driver, "return document.title").startswith("Lisbon")
        driver.back()
        shows(driver, "Home")
        driver.forward()
        shows(driver, "Lisbon")
        driver.back()
        shows(driver, "Home")
    checks.run("vault: a link shows the note, Back returns", links_and_back)

    def other_heading():
        click_link(driver, "Porto > Wine")
        shows(driver, "Porto")
        assert js(driver, "return location.hash") == "#/trips/porto.html#wine", js(driver, "return location.hash")
        driver.back()
        shows(driver, "Home")
    checks.run("vault: a link to another note's heading", other_heading)

    def bookmark():
        load(driver, page + "#/trips/porto.html#wine")
        shows(driver, "Porto")
        # At the top of the window, or as near as the end of the note lets it come.
        top, scrolled, bottom = js(driver, "return [document.getElementById('wine').getBoundingClientRect().top,"
                                           " scrollY, scrollY + innerHeight >= document.documentElement.scrollHeight - 2]")
        assert scrolled > 0 and (0 <= top < 80 or bottom), f"the heading is at {top}px, not scrolled to"
    checks.run("vault: a bookmarked address opens its note at its heading", bookmark)

    def backlinks():
        load(driver, page + "#/trips/lisbon.html")
        shows(driver, "Lisbon")
        click_link(driver, "Home", within="main .backlinks")
        shows(driver, "Home")
    checks.run("vault: backlinks lead to their notes", backlinks)

    def explorer():
        load(driver, page)
        shows(driver, "Home")
        wait(driver, lambda: js(driver, "return !!document.querySelector('#notesite-explorer .explorer-tree')"),
             "the explorer's tree was not drawn")
        js(driver, """
            var buttons = document.querySelectorAll('#notesite-explorer button.explorer-arrow');
            for (var i = 0; i < buttons.length; i++)
              if (buttons[i].getAttribute('aria-label') === 'ideas' &&
                  buttons[i].getAttribute('aria-expanded') !== 'true') buttons[i].click();""")
        click_link(driver, "Later", within="#notesite-explorer")
        shows(driver, "Later")
        assert js(driver, "return location.hash") == "#/ideas/later.html"
    checks.run("vault: the explorer opens notes in the file", explorer)

    def search():
        load(driver, page)
        shows(driver, "Home")
        box = driver.find_element("id", "notesite-search")
        box.click()
        box.send_keys("lodges")
        wait(driver, lambda: js(driver, "return document.querySelectorAll('#notesite-search-results li').length") > 0,
             "no search results")
        took = js(driver, """
            var box = document.getElementById('notesite-search');
            var start = performance.now();
            box.value = 'lodge'; box.dispatchEvent(new Event('input'));
            return performance.now() - start;""")
        box.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
        shows(driver, "Porto")
        driver.save_screenshot(os.path.join(shots, "export-vault.png"))
        return f"a keystroke answered in {took:.1f} ms"
    checks.run("vault: search finds a note and opens it in the file", search)

    def images_once():
        count = js(driver, "return document.querySelectorAll('script[type=\"text/x-notesite-image\"]').length")
        assert count == 1, f"{count} stored images"
    checks.run("vault: an image two notes show is stored once", images_once)

    def prints():
        load(driver, page + "#/trips/lisbon.html")
        shows(driver, "Lisbon")
        pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {"printBackground": False})["data"])
        path = os.path.join(shots, "export-vault.pdf")
        with open(path, "wb") as out:
            out.write(pdf)
        info = subprocess.run(["pdfinfo", path], capture_output=True, text=True, check=True).stdout
        pages = int([line for line in info.splitlines() if line.startswith("Pages:")][0].split()[1])
        text = subprocess.run(["pdftotext", path, "-"], capture_output=True, text=True, check=True).stdout
        # Each note starts a page of its own: its title is the first line of one.
        firsts = [next((line for line in sheet.splitlines() if line.strip()), "") for sheet in text.split("\f")]
        for title in ("Home", "Lisbon", "Porto", "Later"):
            assert title in firsts, f"no page starts with '{title}' (pages start: {firsts})"
        assert 4 <= pages <= 6, f"{pages} pages for 4 short notes"
        for navigation in ("Explorer", "Skip to content", "Linked from", "Search", "On this page"):
            assert navigation not in text, f"'{navigation}' is printed"
        shows(driver, "Lisbon")
        return f"{pages} pages"
    if shutil.which("pdfinfo") and shutil.which("pdftotext"):
        checks.run("vault: prints one page per note, no navigation", prints)
    else:
        checks.check("vault: prints (pdfinfo and pdftotext from poppler-utils)", False, "poppler-utils missing")
    checks.none("vault: no request and no console error", requests(driver, page))


def folder_only(driver, folder, shots, checks):
    page = file_url(folder, "folder.html")
    load(driver, page)

    def only_its_notes():
        shows(driver, "Lisbon")
        wait(driver, lambda: js(driver, "return !!document.querySelector('#notesite-explorer .explorer-tree')"),
             "the explorer's tree was not drawn")
        names = js(driver, "return Array.from(document.querySelectorAll('#notesite-explorer .explorer-tree a,"
                           " #notesite-explorer .explorer-tree button')).map(function (a) {"
                           " return a.textContent.trim() || a.getAttribute('aria-label'); })")
        assert "Later" not in names and "ideas" not in names, f"explorer shows {names}"
    checks.run("folder: the explorer holds the folder's notes only", only_its_notes)
    checks.none("folder: no request and no console error", requests(driver, page))


def main():
    if len(sys.argv) != 3:
        return usage("export_test.py FOLDER SCREENSHOT_DIR")
    folder, shots = sys.argv[1], sys.argv[2]
    files = [os.path.join(folder, name) for name in ("single.html", "folder.html", "vault.html")]
    driver = start_for(files, shots, performance_log=True)
    if driver is None:
        return 1
    checks = Checks()
    try:
        single_note(driver, folder, shots, checks)
        vault(driver, folder, shots, checks)
        folder_only(driver, folder, shots, checks)
    finally:
        driver.quit()
    return checks.finish()


if __name__ == "__main__":
    run_timed(main)
