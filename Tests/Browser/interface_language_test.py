#!/usr/bin/python3
"""The interface in the site's language, in Debian's headless Chromium, from file://.

    /usr/bin/python3 Tests/Browser/interface_language_test.py GERMAN_SITE ARABIC_SITE TABLES_JSON SCREENSHOT_DIR

GERMAN_SITE and ARABIC_SITE are builds (`language: de`, `language: ar`) of the vault
InterfaceLanguageBrowserTests writes: `Home`, `travel/Trip` (headings, two images, code, a
footnote, a tag) and `travel/Plans`, linking to each other. TABLES_JSON holds the built-in tables
{"en": {...}, "de": {...}, "ar": {...}}. On the trip page, after using search, the explorer, the
table of contents and the image preview, no English interface text is left: every text of the
page and every aria-label, placeholder, title and aria-roledescription is compared with the
English table's values (those the language writes the same way are not English to find). The
Arabic site is right to left: `dir="rtl"`, the explorer right of the text, the table of contents
left of it, the drawer on the right at 375 px, the preview's previous button on the right and the
left arrow key going forward. Screenshots go to SCREENSHOT_DIR/language-<lang>-<width>.png. Prints
one line per check, then "N passed, N failed"; exits 1 when a check failed.
"""

import json
import os
import re
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import (Checks, emulate, file_url, js, keys, load, problems,  # noqa: E402
                             run_timed, start_for, usage, wait, waited)

# Not shown as words: the writing direction and the date pattern (dates are checked by the unit tests).
NOT_TEXT = {"direction", "date_format"}

# Every piece of text the reader or a screen reader meets: text nodes, and the attributes that
# name or describe (open shadow roots have none here).
TEXTS_JS = """
var out = [];
var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (var node = walker.nextNode(); node; node = walker.nextNode()) {
  var parent = node.parentElement;
  if (!parent || parent.closest('script, style, pre, code')) continue;
  var text = node.textContent.replace(/\\s+/g, ' ').trim();
  if (text) out.push(text);
}
document.querySelectorAll('[aria-label], [placeholder], [title], [aria-roledescription]').forEach(function (el) {
  ['aria-label', 'placeholder', 'title', 'aria-roledescription'].forEach(function (name) {
    var value = el.getAttribute(name);
    if (value) out.push(value.replace(/\\s+/g, ' ').trim());
  });
});
out.push(document.title);
return out;
"""


def english_patterns(tables, language):
    """The English values as patterns (`{count} notes` matches `3 notes`), each with its key;
    a value the language writes the same way is left out."""
    english, own = tables["en"], tables[language]
    patterns = []
    for key, value in english.items():
        if key in NOT_TEXT or own.get(key) == value:
            continue
        pattern = re.escape(value)
        pattern = re.sub(r"\\\{[a-z]+\\\}", ".+?", pattern)
        patterns.append((key, re.compile(pattern)))
    return patterns


def english_left(driver, patterns):
    """Texts of the page that are, or contain as a whole phrase, an English interface value."""
    found = []
    for text in js(driver, TEXTS_JS):
        for key, pattern in patterns:
            # A short word (Notes, Copy) only as the whole text; a phrase anywhere in it.
            match = pattern.fullmatch(text) if len(pattern.pattern) < 16 else pattern.search(text)
            if match:
                found.append(f"{key}: {text[:60]!r}")
    return sorted(set(found))


def use_everything(driver, site, language):
    """Opens the trip page and uses what shows words: search (results and its status), the
    explorer's folders, the table of contents, the code's copy button and the image preview."""
    load(driver, file_url(site, "travel/trip.html"))
    wait(driver, lambda: js(driver, "return !!document.querySelector('.explorer-tree')"), "explorer.js drew no tree")
    wait(driver, lambda: js(driver, "return !!window.notesiteStrings"), "assets/strings.js did not load")
    box = driver.find_element(By.ID, "notesite-search")
    wait(driver, lambda: box.is_displayed(), "the search box is not shown")
    box.click()
    box.send_keys("plans")
    wait(driver, lambda: js(driver, "return document.querySelectorAll('#notesite-search-results li').length > 0"),
         "search found nothing")
    texts = js(driver, TEXTS_JS)
    status = js(driver, "return document.getElementById('notesite-search-status').textContent")
    keys(driver, Keys.ESCAPE)
    return texts, status


def check_language(driver, site, language, tables, shots, checks):
    patterns = english_patterns(tables, language)
    own = tables[language]

    def page_in_language():
        texts, status = use_everything(driver, site, language)
        left = [t for t in texts if any(
            (p.fullmatch(t) if len(p.pattern) < 16 else p.search(t)) for _, p in patterns)]
        assert not left, f"English while searching: {left[:5]}"
        assert js(driver, "return document.documentElement.lang") == language
        # Search's own status line, in the language.
        assert status and not re.search(r"\bnotes?\b", status), f"search status {status!r}"
        placeholder = driver.find_element(By.ID, "notesite-search").get_attribute("placeholder")
        assert placeholder == own["search_placeholder"], placeholder
        toc = js(driver, "return document.querySelector('.toc-fold summary').textContent")
        assert toc == own["on_this_page"], toc
        back = js(driver, "return document.querySelector('.backlinks h2') ? document.querySelector('.backlinks h2').textContent : ''")
        assert back == own["linked_from"], back
        return f"{len(texts)} texts, search status {status!r}"

    checks.run(f"{language}: search, explorer, backlinks and contents in the language", page_in_language)

    def preview_in_language():
        js(driver, "document.querySelector('img.notesite-image').click()")
        wait(driver, lambda: js(driver, "var d = document.querySelector('dialog.notesite-preview'); return !!d && d.open"),
             "the preview did not open")
        label = js(driver, "return document.querySelector('dialog.notesite-preview').getAttribute('aria-label')")
        assert label == own["image_preview"], label
        close = js(driver, "return document.querySelector('.notesite-preview-close').getAttribute('aria-label')")
        assert close == own["close_preview"], close
        left = english_left(driver, patterns)
        assert not left, f"English with the preview open: {left[:5]}"
        return label

    checks.run(f"{language}: the image preview's controls in the language", preview_in_language)

    def nothing_english_left():
        js(driver, "var d = document.querySelector('dialog.notesite-preview'); if (d && d.open) d.close();")
        # The copy button's words after a copy, and the theme toggle's title.
        js(driver, "var b = document.querySelector('.copy-code'); if (b) b.click();")
        wait(driver, lambda: js(driver, "var b = document.querySelector('.copy-code'); return !b || b.hasAttribute('data-copied')"),
             "the copy button did not answer")
        left = english_left(driver, patterns)
        assert not left, f"{len(left)} English texts: {left[:6]}"
        copied = js(driver, "return document.querySelector('.copy-code').textContent")
        assert copied == own["copied"], copied
        toggle = js(driver, "return document.querySelector('.theme-toggle').title")
        assert toggle in (own["switch_to_dark"], own["switch_to_light"]), toggle
        return f"{len(patterns)} English values looked for"

    checks.run(f"{language}: no English interface text on the page", nothing_english_left)

    for name in ("index.html", "tags.html", "404.html", "travel/index.html"):
        def listing(name=name):
            load(driver, file_url(site, name))
            left = english_left(driver, patterns)
            assert not left, f"{name}: {left[:6]}"
        checks.run(f"{language}: no English on {name}", listing)

    for width in (1280, 375):
        emulate(driver, width, 900)
        load(driver, file_url(site, "travel/trip.html"))
        wait(driver, lambda: js(driver, "return !!document.querySelector('.explorer-tree')"), "no tree")
        driver.save_screenshot(os.path.join(shots, f"language-{language}-{width}.png"))
    emulate(driver)
    checks.none(f"{language}: no console errors or outside requests", problems(driver))


RECT_JS = """
function rect(selector) {
  var el = document.querySelector(selector);
  if (!el || !el.getClientRects().length) return null;
  var r = el.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, width: r.width};
}
return {explorer: rect('main > .explorer'), article: rect('main > .note-body'),
        toc: rect('main > .toc-side'), viewport: document.documentElement.clientWidth,
        dir: document.documentElement.dir, direction: getComputedStyle(document.body).direction};
"""


def check_right_to_left(driver, site, shots, checks):
    def mirrored_at_1280():
        emulate(driver, 1280, 900)
        load(driver, file_url(site, "travel/trip.html"))
        wait(driver, lambda: js(driver, "return !!document.querySelector('.explorer-tree')"), "no tree")
        found = js(driver, RECT_JS)
        assert found["dir"] == "rtl" and found["direction"] == "rtl", found
        explorer, article, toc = found["explorer"], found["article"], found["toc"]
        assert explorer and article, found
        assert explorer["left"] >= article["right"], f"explorer {explorer} is not right of the text {article}"
        if toc:
            assert toc["right"] <= article["left"], f"contents {toc} not left of the text {article}"
        # The search box's key hint and the header's toggle sit on the mirrored sides.
        toggle = js(driver, "return document.querySelector('.theme-toggle').getBoundingClientRect().left")
        title = js(driver, "return document.querySelector('.site-title').getBoundingClientRect().left")
        assert toggle < title, f"theme toggle at {toggle}, site title at {title}: the header is not mirrored"
        return f"explorer {explorer['left']:.0f}-{explorer['right']:.0f}, text {article['left']:.0f}-{article['right']:.0f}"

    checks.run("ar: dir=rtl, the explorer right of the text at 1280 px", mirrored_at_1280)

    def drawer_at_375():
        emulate(driver, 375, 800)
        load(driver, file_url(site, "travel/trip.html"))
        wait(driver, lambda: js(driver, "return !!document.querySelector('.explorer-tree')"), "no tree")
        js(driver, "document.querySelector('.explorer-open').click()")
        wait(driver, lambda: js(driver, "return document.querySelector('.explorer').classList.contains('is-open')"),
             "the drawer did not open")
        box = js(driver, "var r = document.querySelector('.explorer').getBoundingClientRect(); return [r.left, r.right];")
        width = js(driver, "return document.documentElement.clientWidth")
        driver.save_screenshot(os.path.join(shots, "language-ar-375-drawer.png"))
        assert abs(box[1] - width) < 2 and box[0] > 0, f"drawer at {box}, viewport {width}"
        keys(driver, Keys.ESCAPE)
        return f"drawer {box[0]:.0f}-{box[1]:.0f} of {width}"

    checks.run("ar: the explorer's drawer opens on the right at 375 px", drawer_at_375)

    def preview_mirrored():
        emulate(driver, 1280, 900)
        load(driver, file_url(site, "travel/trip.html"))
        js(driver, "document.querySelector('img.notesite-image').click()")
        wait(driver, lambda: js(driver, "var d = document.querySelector('dialog.notesite-preview'); return !!d && d.open"),
             "the preview did not open")
        sides = js(driver, """return [document.querySelector('.notesite-preview-prev').getBoundingClientRect().left,
                                      document.querySelector('.notesite-preview-next').getBoundingClientRect().left];""")
        assert sides[0] > sides[1], f"previous at {sides[0]}, next at {sides[1]}"
        counter = lambda: js(driver, "return document.querySelector('.notesite-preview-counter').textContent")
        first = counter()
        keys(driver, Keys.ARROW_LEFT)
        assert waited(driver, lambda: counter() != first), f"left arrow did not go forward from {first!r}"
        driver.save_screenshot(os.path.join(shots, "language-ar-1280-preview.png"))
        keys(driver, Keys.ESCAPE)
        return f"{first!r} then {counter()!r} with the left arrow"

    checks.run("ar: the preview's previous button on the right, the left arrow going forward", preview_mirrored)


def main():
    if len(sys.argv) != 5:
        return usage("interface_language_test.py GERMAN_SITE ARABIC_SITE TABLES_JSON SCREENSHOT_DIR")
    german, arabic, tables_path, shots = sys.argv[1:]
    with open(tables_path, encoding="utf-8") as file:
        tables = json.load(file)
    pages = [os.path.join(german, "travel/trip.html"), os.path.join(arabic, "travel/trip.html")]
    driver = start_for(pages, shots, performance_log=True)
    if driver is None:
        return 1
    checks = Checks()
    try:
        check_language(driver, german, "de", tables, shots, checks)
        check_language(driver, arabic, "ar", tables, shots, checks)
        check_right_to_left(driver, arabic, shots, checks)
    finally:
        driver.quit()
    return checks.finish()


if __name__ == "__main__":
    run_timed(main)
