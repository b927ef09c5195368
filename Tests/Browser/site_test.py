#!/usr/bin/python3
"""Real-browser tests of the default theme, from file://, in Debian's headless Chromium.

    /usr/bin/python3 Tests/Browser/site_test.py SITE_DIR FIXTURE_SITE_DIR SCREENSHOT_DIR

SITE_DIR is a build of the project's guide (`Site/`); FIXTURE_SITE_DIR a build of Tests/Browser/vault
(with images copied next to it, see DemoVaultTests). Checks the image preview (mouse, keyboard,
arrows and counter, Back, focus, actual size, swipes, no-JS :target fallback), the colour toggle,
search, and every page for console errors, requests leaving the page, landmarks, alt text,
contrast and 320 px layout. Saves screenshots to SCREENSHOT_DIR. Prints one line per check, then
"N passed, N failed"; exits 1 when a check failed. Run by DemoVaultTests.previewOpensInARealBrowser.
"""

import os
import sys
import time
import urllib.parse

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import (CONTRAST_FUNCTIONS, Checks, drain_logs, emulate,  # noqa: E402
                             file_url, js, keys, load, problems, run_timed, start,
                             start_for, usage, wait)

IMAGES = "img.notesite-image"
PREVIEW = "dialog.notesite-preview"

# Contrast of the first three shown elements of each selector.
CONTRAST_JS = CONTRAST_FUNCTIONS + """
var out = [];
arguments[0].forEach(function (selector) {
  var nodes = Array.prototype.slice.call(document.querySelectorAll(selector), 0, 3);
  nodes.forEach(function (el) {
    var r = el.getBoundingClientRect();
    if (!r.width || !r.height || !el.textContent.trim()) return;
    out.push([selector, contrast(el)]);
  });
});
return out;
"""
CONTRAST_SELECTORS = [
    "article p", "article li", "article a", "article h1", "article h2", ".site-title", ".site-nav a",
    ".note-path", ".site-footer p", ".backlinks p", ":not(pre) > code", "pre code", "blockquote p",
    ".callout-title", ".callout-content p", ".tag", "mark", ".toc a", ".folder-list a",
    ".search-result-title", ".search-result-text", ".search-status", "th", "td", ".footnotes li",
]


def preview_open(driver):
    return js(driver, "var d = document.querySelector(arguments[0]);"
                      "if (!d || !d.open) return false;"
                      "var r = d.getBoundingClientRect(); return r.width > 0 && r.height > 0;", PREVIEW)


def wait_open(driver):
    wait(driver, lambda: preview_open(driver), "the preview did not open")


def wait_closed(driver):
    wait(driver, lambda: not preview_open(driver), "the preview did not close")
    wait(driver, lambda: not js(driver, "return !!(history.state && history.state.notesitePreview);"),
         "the preview's history entry was not removed")


def close_preview(driver):
    js(driver, "var d = document.querySelector(arguments[0]); if (d && d.open) d.close();", PREVIEW)
    # Closing goes back over the history entry the preview pushed; let that finish before navigating.
    wait(driver, lambda: not js(driver, "return !!(history.state && history.state.notesitePreview);"),
         "the preview's history entry was not removed")


def active_is(driver, element):
    return js(driver, "return document.activeElement === arguments[0];", element)


def focus_target(driver, image):
    return js(driver, "return arguments[0].closest('a.notesite-zoom') || arguments[0];", image)


def width(driver, element):
    return js(driver, "return arguments[0].getBoundingClientRect().width;", element)


def natural_width(driver, element):
    return js(driver, "return arguments[0].naturalWidth;", element)


def view(driver):
    return driver.find_element(By.CSS_SELECTOR, PREVIEW + " img")


def counter_text(driver):
    return driver.find_element(By.CSS_SELECTOR, PREVIEW + " .notesite-preview-counter").text


def previewable(driver):
    return [image for image in driver.find_elements(By.CSS_SELECTOR, IMAGES)
            if js(driver, "var a = arguments[0].closest('a');"
                          "return !a || a.classList.contains('notesite-zoom');", image)]


def main():
    if len(sys.argv) != 4:
        return usage("site_test.py SITE_DIR FIXTURE_SITE_DIR SCREENSHOT_DIR")
    site, fixture, shots = (os.path.abspath(a) for a in sys.argv[1:])
    pages = [os.path.join(site, "getting-started.html"), os.path.join(fixture, "gallery.html")]
    driver = start_for(pages, shots, performance_log=True)
    if not driver:
        return 1
    checks = Checks()
    checks.cleanup = lambda: close_preview(driver)
    try:
        run_page_checks(driver, checks, site, fixture)
        run_preview_checks(driver, checks, site, fixture)
        run_theme_checks(driver, checks, site, fixture)
        run_search_checks(driver, checks, site, fixture)
        checks.cleanup = None
        run_screenshots(driver, checks, site, shots)
    finally:
        driver.quit()
    run_no_js_checks(checks, fixture)
    return checks.finish()


def pages_of(folder):
    found = []
    for directory, _, files in os.walk(folder):
        found += [os.path.relpath(os.path.join(directory, f), folder) for f in files if f.endswith(".html")]
    return sorted(found)


def run_page_checks(driver, checks, site, fixture):
    pages = [(site, p) for p in pages_of(site)] + [(fixture, p) for p in pages_of(fixture)]

    def every_page_clean():
        reported = []
        load(driver, file_url(site, "index.html"))
        drain_logs(driver)
        for folder, page in pages:
            load(driver, file_url(folder, page))
            time.sleep(0.05)  # deferred scripts have run at "complete"; give late errors a moment
            found = problems(driver)
            facts = js(driver, """
                var first = document.querySelector('a[href], button:not([hidden]), input, [tabindex]');
                return {
                  mains: document.querySelectorAll('main').length,
                  noAlt: document.querySelectorAll('img:not([alt])').length,
                  lang: document.documentElement.lang,
                  skip: !!first && first.classList.contains('skip-link'),
                  overflow: document.documentElement.scrollWidth > window.innerWidth,
                  nameless: Array.from(document.querySelectorAll('a[href], button')).filter(function (e) {
                    var r = e.getBoundingClientRect();
                    return r.width && r.height && !e.textContent.trim() && !e.getAttribute('aria-label')
                      && !e.querySelector('img[alt]:not([alt=""])');
                  }).map(function (e) { return e.outerHTML.slice(0, 60); })
                };""")
            missing = js(driver, """
                return Array.from(document.querySelectorAll('a[href]')).map(function (a) { return a.href; })
                  .filter(function (h) { return h.indexOf('file:') === 0; })
                  .map(function (h) { return h.split('#')[0]; });""")
            for target in sorted(set(missing)):
                local = urllib.parse.unquote(target[len("file://"):])
                if not os.path.exists(local):
                    found.append(f"link to a missing file: {os.path.relpath(local, folder)}")
            if facts["nameless"]:
                found.append(f"links or buttons without a name: {facts['nameless'][:2]}")
            if facts["mains"] != 1:
                found.append(f"{facts['mains']} <main> elements")
            if facts["noAlt"]:
                found.append(f"{facts['noAlt']} images without alt")
            if not facts["lang"]:
                found.append("no lang on <html>")
            if not facts["skip"] and page != "404.html":
                found.append("the first focusable element is not the skip link")
            if facts["overflow"]:
                found.append("wider than the window")
            reported += [f"{os.path.basename(folder)}/{page}: {p}" for p in found]
        assert not reported, "; ".join(reported[:6])
        return f"{len(pages)} pages"

    def narrow_pages_fit():
        emulate(driver, 320, 640)
        try:
            wide = []
            for folder, page in pages:
                load(driver, file_url(folder, page))
                if js(driver, "return document.documentElement.scrollWidth > window.innerWidth + 1;"):
                    wide.append(page)
            assert not wide, f"wider than 320 px: {wide}"
            return f"{len(pages)} pages at 320 px"
        finally:
            emulate(driver)

    def contrast_aa():
        low = []
        measured = 0
        for dark in (False, True):
            emulate(driver, dark=dark)
            for folder, page in ((site, "guide/images.html"), (site, "index.html"), (fixture, "plain.html"),
                                 (fixture, "gallery.html")):
                load(driver, file_url(folder, page))
                for selector, ratio in js(driver, CONTRAST_JS, CONTRAST_SELECTORS):
                    measured += 1
                    if ratio < 4.5:
                        low.append(f"{'dark' if dark else 'light'} {page} {selector} {ratio:.2f}")
        emulate(driver)
        assert not low, "; ".join(sorted(set(low))[:6])
        return f"{measured} text samples at 4.5:1 or more in light and dark"

    def toc_beside_or_folded():
        emulate(driver, 1400, 900)
        try:
            load(driver, file_url(fixture, "gallery.html"))
            side = driver.find_element(By.CSS_SELECTOR, ".toc-side")
            fold = driver.find_element(By.CSS_SELECTOR, ".toc-fold")
            assert side.is_displayed() and not fold.is_displayed(), "wide: the TOC is not beside the text"
            article = driver.find_element(By.CSS_SELECTOR, "article").rect
            assert side.rect["x"] >= article["x"] + article["width"], "the side TOC overlaps the text"
            side.find_element(By.CSS_SELECTOR, "a[href='#in-a-table']").click()
            wait(driver, lambda: driver.current_url.endswith("#in-a-table"), "the TOC link did not navigate")
            top = js(driver, "return document.getElementById('in-a-table').getBoundingClientRect().top;")
            assert 0 <= top < 100, f"the heading is at {top:.0f}px after following the TOC"
            emulate(driver, 375, 812)
            load(driver, file_url(fixture, "gallery.html"))
            side = driver.find_element(By.CSS_SELECTOR, ".toc-side")
            summary = driver.find_element(By.CSS_SELECTOR, ".toc-fold summary")
            assert not side.is_displayed() and summary.is_displayed(), "narrow: the TOC is not folded"
            shown = lambda: js(driver, "var a = document.querySelector('.toc-fold a');"
                                       "return a.closest('details').open && a.checkVisibility();")
            assert not shown(), "the folded TOC is open"
            summary.click()
            wait(driver, shown, "the folded TOC does not open")
        finally:
            emulate(driver)

    def tags_lead_to_tag_pages():
        load(driver, file_url(fixture, "plain.html"))
        driver.find_element(By.CSS_SELECTOR, ".note-tags a.tag").click()
        wait(driver, lambda: "/tags/" in driver.current_url, "the tag did not open its page")
        titles = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "main .note-list a")]
        assert "Plain" in titles, f"the tag page lists {titles}"
        driver.find_element(By.CSS_SELECTOR, ".breadcrumb a[href$='tags.html']").click()
        wait(driver, lambda: driver.current_url.endswith("/tags.html"), "the tag page's link to the index")
        assert driver.find_elements(By.CSS_SELECTOR, ".tag-cloud a.tag"), "the tags index is empty"

    checks.run("the TOC is beside the text on wide screens, folded on narrow ones", toc_beside_or_folded)
    checks.run("tags link to tag pages, and the header to the tags index", tags_lead_to_tag_pages)
    checks.run("every page: no console errors, no request leaving the page, one <main>, alt, skip link",
               every_page_clean)
    checks.run("every page fits 320 px without sideways scrolling", narrow_pages_fit)
    checks.run("text contrast meets AA in light and dark mode", contrast_aa)


def run_preview_checks(driver, checks, site, fixture):
    state = {}

    def large_image():
        load(driver, file_url(site, "getting-started.html"))
        wait(driver, lambda: js(driver, "return Array.from(document.querySelectorAll(arguments[0]))"
                                        ".every(function (i) { return i.complete && i.naturalWidth > 0; });",
                                IMAGES), "not every image loaded")
        for image in previewable(driver):
            if natural_width(driver, image) > width(driver, image) + 1:
                state["image"] = image
                return f"natural {natural_width(driver, image)}px, {width(driver, image):.0f}px on the page"
        raise AssertionError("no image has more pixels than it shows")

    def click_opens_larger():
        image = state["image"]
        image.click()
        wait_open(driver)
        shown = view(driver)
        wait(driver, lambda: natural_width(driver, shown) > 0, "the preview image did not load")
        on_page, in_preview = width(driver, image), width(driver, shown)
        assert in_preview > on_page + 1, f"preview {in_preview:.0f}px is not wider than the page's {on_page:.0f}px"
        box = shown.rect
        window = js(driver, "return [window.innerWidth, window.innerHeight];")
        assert box["width"] <= window[0] and box["height"] <= window[1], f"{box} overflows {window}"
        filled = max(box["width"] / window[0], box["height"] / window[1])
        assert filled > 0.8, f"the preview fills only {filled:.0%} of the window"
        caption = driver.find_element(By.CSS_SELECTOR, PREVIEW + " figcaption").text
        expected = image.get_attribute("title") or image.get_attribute("alt")
        assert expected in caption, f"caption {caption!r} does not show {expected!r}"
        return f"{on_page:.0f}px on the page, {in_preview:.0f}px in the preview"

    def keyboard_opens():
        image = state["image"]
        target = focus_target(driver, image)
        for key in (Keys.ENTER, Keys.SPACE):
            js(driver, "arguments[0].focus();", target)
            assert active_is(driver, target), "the image cannot take focus"
            keys(driver, key)
            wait_open(driver)
            assert not active_is(driver, target), "focus stayed on the page while the preview was open"
            keys(driver, Keys.ESCAPE)
            wait_closed(driver)
            wait(driver, lambda: active_is(driver, target), "focus did not return to the image")

    def ways_to_close():
        image = state["image"]
        target = focus_target(driver, image)
        image.click()
        wait_open(driver)
        driver.find_element(By.CSS_SELECTOR, PREVIEW + " .notesite-preview-close").click()
        wait_closed(driver)
        wait(driver, lambda: active_is(driver, target), "focus did not return after the close button")
        image.click()
        wait_open(driver)
        actions = ActionChains(driver)
        actions.w3c_actions.pointer_action.move_to_location(5, 5).click()
        actions.perform()
        wait_closed(driver)
        wait(driver, lambda: active_is(driver, target), "focus did not return after a click outside")

    def focus_trapped():
        state["image"].click()
        wait_open(driver)
        for step in range(6):
            keys(driver, Keys.SHIFT + Keys.TAB if step % 3 == 2 else Keys.TAB)
            inside = js(driver, "return document.querySelector(arguments[0]).contains(document.activeElement);",
                        PREVIEW)
            assert inside, f"Tab {step + 1} left the preview"

    def back_closes_and_stays():
        load(driver, file_url(fixture, "plain.html"))
        load(driver, file_url(fixture, "gallery.html"))
        url = driver.current_url
        images = previewable(driver)
        images[1].click()
        wait_open(driver)
        driver.back()
        wait_closed(driver)
        time.sleep(0.2)
        assert driver.current_url == url, f"Back left the page for {driver.current_url}"
        # Closing another way removes the history entry the preview pushed: Back then leaves as usual.
        images[1].click()
        wait_open(driver)
        keys(driver, Keys.ESCAPE)
        wait_closed(driver)
        time.sleep(0.2)
        assert driver.current_url == url, f"Esc moved to {driver.current_url}"
        # Close and open again at once: the history step of the close must not close the new preview.
        images[1].click()
        wait_open(driver)
        js(driver, "arguments[0].click(); document.querySelector(arguments[1]).close();"
                   " arguments[0].click();", focus_target(driver, images[2]), PREVIEW)
        time.sleep(0.3)
        assert preview_open(driver), "reopening right after closing was closed by the old history step"
        keys(driver, Keys.ESCAPE)
        wait_closed(driver)
        time.sleep(0.2)
        assert driver.current_url == url, f"after a quick reopen, Esc moved to {driver.current_url}"
        driver.back()
        wait(driver, lambda: driver.current_url.endswith("plain.html"), "Back after closing did not go back")
        return "Back closed the preview and stayed; closing with Esc left no extra history entry"

    def arrows_in_order():
        load(driver, file_url(fixture, "gallery.html"))
        images = previewable(driver)
        alts = [image.get_attribute("alt") for image in images]
        assert len(images) >= 6, f"only {len(images)} images in the gallery"
        images[0].click()
        wait_open(driver)
        for position in range(len(images)):
            expected = f"{position + 1} / {len(images)}"
            wait(driver, lambda: counter_text(driver) == expected, f"counter reads {counter_text(driver)!r}, not {expected!r}")
            assert view(driver).get_attribute("alt") == alts[position], (
                f"at {expected} the preview shows {view(driver).get_attribute('alt')!r}, not {alts[position]!r}")
            keys(driver, Keys.ARROW_RIGHT)
        wait(driver, lambda: counter_text(driver) == f"1 / {len(images)}", "right from the last did not wrap")
        keys(driver, Keys.ARROW_LEFT)
        wait(driver, lambda: counter_text(driver) == f"{len(images)} / {len(images)}", "left did not wrap")
        driver.find_element(By.CSS_SELECTOR, PREVIEW + " .notesite-preview-prev").click()
        wait(driver, lambda: counter_text(driver) == f"{len(images) - 1} / {len(images)}", "the previous button")
        driver.find_element(By.CSS_SELECTOR, PREVIEW + " .notesite-preview-next").click()
        wait(driver, lambda: counter_text(driver) == f"{len(images)} / {len(images)}", "the next button")
        return f"{len(images)} images including identical ones, in a table and callouts: {alts}"

    def swipe_flips():
        load(driver, file_url(fixture, "gallery.html"))
        previewable(driver)[0].click()
        wait_open(driver)
        js(driver, """
            var d = document.querySelector(arguments[0]);
            function touch(type, x) {
              var t = new Touch({identifier: 1, target: d, clientX: x, clientY: 300});
              d.dispatchEvent(new TouchEvent(type, {bubbles: true, touches: type === 'touchend' ? [] : [t],
                                                    changedTouches: [t]}));
            }
            touch('touchstart', 700); touch('touchend', 450);""", PREVIEW)
        wait(driver, lambda: counter_text(driver).startswith("2 /"), f"a left swipe shows {counter_text(driver)!r}")
        actions = js(driver, "var d = document.querySelector(arguments[0]);"
                             "return [getComputedStyle(d).touchAction,"
                             " getComputedStyle(d.querySelector('.notesite-preview-stage')).touchAction,"
                             " document.querySelector('meta[name=viewport]').content];", PREVIEW)
        assert actions[0] == "auto" and actions[1] == "auto", f"touch-action {actions[:2]} blocks pinch-zoom"
        assert "user-scalable" not in actions[2] and "maximum-scale" not in actions[2], actions[2]

    def actual_size_toggles():
        load(driver, file_url(fixture, "gallery.html"))
        driver.set_window_size(900, 700)
        try:
            image = previewable(driver)[0]
            image.click()
            wait_open(driver)
            shown = view(driver)
            wait(driver, lambda: natural_width(driver, shown) > 0, "the preview image did not load")
            fitted, natural = width(driver, shown), natural_width(driver, shown)
            size = js(driver, "return [window.innerWidth, window.innerHeight];")
            rect = shown.rect
            assert rect["width"] <= size[0] and rect["height"] <= size[1], f"{rect} overflows {size}"
            assert fitted < natural, "the image fits already; cannot test actual size"
            shown.click()
            wait(driver, lambda: abs(width(driver, shown) - natural) < 1, "a click did not show actual size")
            scrolls = js(driver, "var s = document.querySelector('.notesite-preview-stage');"
                                 "return s.scrollWidth > s.clientWidth;")
            assert scrolls, "the actual-size image cannot be panned"
            assert preview_open(driver), "the click closed the preview"
            shown.click()
            wait(driver, lambda: abs(width(driver, shown) - fitted) < 1, "a second click did not fit it again")
            keys(driver, "+")
            wait(driver, lambda: abs(width(driver, shown) - natural) < 1, "+ did not show actual size")
            keys(driver, "-")
            wait(driver, lambda: abs(width(driver, shown) - fitted) < 1, "- did not fit it again")
            return f"fit {fitted:.0f}px, actual {natural}px in a {size[0]}x{size[1]} window"
        finally:
            close_preview(driver)
            driver.set_window_size(1280, 900)

    def after_in_page_navigation():
        load(driver, file_url(fixture, "gallery.html"))
        driver.find_element(By.CSS_SELECTOR, "a[href='#photos']").click()
        wait(driver, lambda: driver.current_url.endswith("#photos"), "the in-page link did not navigate")
        url = driver.current_url
        previewable(driver)[2].click()
        wait_open(driver)
        assert counter_text(driver).startswith("3 /"), counter_text(driver)
        driver.back()
        wait_closed(driver)
        time.sleep(0.2)
        assert driver.current_url == url, f"Back went to {driver.current_url}"
        # A link to an image's no-JS preview opens the real one.
        load(driver, file_url(fixture, "gallery.html") + "#notesite-image-2")
        wait_open(driver)
        assert counter_text(driver).startswith("2 /"), counter_text(driver)

    def linked_image_follows_its_link():
        load(driver, file_url(fixture, "gallery.html"))
        linked = driver.find_element(By.CSS_SELECTOR, "img[alt^='Linked']")
        link = js(driver, "var a = arguments[0].closest('a'); return a && a.getAttribute('href');", linked)
        assert link == "plain.html", f"the author's link around the image is {link!r}"
        assert linked not in previewable(driver), "the linked image is counted among the preview's images"
        linked.click()
        wait(driver, lambda: driver.current_url.endswith("plain.html"), "a click did not follow the link")
        assert not preview_open(driver)

    def photo_is_decoded_avif():
        # `auto` encodes photos as AVIF: the browser must decode it at full size and preview it.
        load(driver, file_url(site, "guide/images.html"))
        photo = driver.find_element(By.CSS_SELECTOR, 'img[alt="A mountain lake at dawn"]')
        source = photo.get_attribute("src")
        assert source.startswith("data:image/avif;base64,"), f"the photo is {source[:30]!r}, not AVIF"
        wait(driver, lambda: natural_width(driver, photo) == 1440, "the AVIF photo was not decoded at 1440 px")
        photo.click()
        wait_open(driver)
        shown = view(driver)
        wait(driver, lambda: natural_width(driver, shown) == 1440, "the preview did not decode the AVIF photo")
        close_preview(driver)
        return f"{len(source) * 3 // 4:,} bytes, decoded at 1440 px on the page and in the preview"

    checks.run("an image inside the author's link follows the link, not the preview", linked_image_follows_its_link)
    checks.run("an image larger than the column is found", large_image)
    if "image" in state:
        checks.run("a click opens the preview, larger, filling the window, with a caption", click_opens_larger)
        checks.run("Enter and Space open it; Esc closes it; focus returns to the image", keyboard_opens)
        checks.run("the close button and a click outside close it, focus returns", ways_to_close)
        checks.run("focus stays inside the open preview", focus_trapped)
    checks.run("a photo arrives as AVIF, decoded on the page and in the preview", photo_is_decoded_avif)
    checks.run("Back closes the preview and stays on the page", back_closes_and_stays)
    checks.run("arrows and buttons flip through every image in order with the counter", arrows_in_order)
    checks.run("a swipe flips; pinch-zoom is not blocked", swipe_flips)
    checks.run("a click toggles fit and actual size with panning", actual_size_toggles)
    checks.run("the preview works after in-page navigation and from an image link", after_in_page_navigation)


def scheme(driver):
    return js(driver, "return [document.documentElement.getAttribute('data-theme'),"
                      " getComputedStyle(document.body).backgroundColor];")


def run_theme_checks(driver, checks, site, fixture):
    def follows_system():
        emulate(driver, dark=True)
        load(driver, file_url(site, "index.html"))
        js(driver, "localStorage.clear();")
        load(driver, file_url(site, "index.html"))
        theme, background = scheme(driver)
        assert theme is None and background == "rgb(23, 23, 26)", f"system dark gave {theme} {background}"
        emulate(driver, dark=False)
        theme, background = scheme(driver)
        assert background == "rgb(255, 255, 255)", f"system light gave {background}"

    def toggle_persists():
        emulate(driver, dark=False)
        load(driver, file_url(site, "index.html"))
        js(driver, "localStorage.clear();")
        load(driver, file_url(site, "index.html"))
        toggle = driver.find_element(By.CSS_SELECTOR, ".theme-toggle")
        assert toggle.is_displayed() and toggle.get_attribute("aria-pressed") == "false", "toggle not ready"
        toggle.click()
        theme, background = scheme(driver)
        assert theme == "dark" and background == "rgb(23, 23, 26)", f"after the toggle: {theme} {background}"
        assert toggle.get_attribute("aria-pressed") == "true"
        # Another page: dark from the first paint, because theme-toggle.js runs in <head>, not deferred.
        load(driver, file_url(site, "guide/images.html"))
        theme, background = scheme(driver)
        assert theme == "dark" and background == "rgb(23, 23, 26)", f"next page: {theme} {background}"
        blocking = js(driver, "var s = document.querySelector('head script[src$=\"theme-toggle.js\"]');"
                              "return !!s && !s.defer && !s.async;")
        assert blocking, "theme-toggle.js must load in <head> without defer, or pages flash"
        driver.find_element(By.CSS_SELECTOR, ".theme-toggle").click()
        load(driver, file_url(fixture, "plain.html"))
        theme, background = scheme(driver)
        assert theme is None and background == "rgb(255, 255, 255)", f"back to light: {theme} {background}"
        return "dark chosen on one page stays on the next; choosing light again follows the system"

    def print_is_light_note_only():
        js(driver, "localStorage.setItem('notesite-theme', 'dark');")
        try:
            load(driver, file_url(site, "guide/images.html"))
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "media": "print", "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
            facts = js(driver, "return [getComputedStyle(document.body).backgroundColor,"
                               " getComputedStyle(document.body).color,"
                               " getComputedStyle(document.querySelector('.site-header')).display];")
            assert facts == ["rgb(255, 255, 255)", "rgb(0, 0, 0)", "none"], f"print: {facts}"
        finally:
            js(driver, "localStorage.clear();")
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})

    checks.run("print: black on white even in dark mode, without the header", print_is_light_note_only)
    checks.run("dark mode follows the system", follows_system)
    checks.run("the dark-mode toggle persists across pages, without a flash", toggle_persists)
    emulate(driver)


def run_search_checks(driver, checks, site, fixture):
    def finds_body_word():
        load(driver, file_url(site, "index.html"))
        assert not js(driver, "return !!window.notesiteSearch;"), "the index loaded before search was used"
        keys(driver, "/")
        box = driver.find_element(By.CSS_SELECTOR, "#notesite-search")
        assert active_is(driver, box), "/ did not focus the search box"
        wait(driver, lambda: js(driver, "return !!window.notesiteSearch;"), "focusing did not load the index")
        wait(driver, lambda: js(driver, "return !!window.notesiteSearchEngine;"), "the search engine did not load")
        # A long word in exactly one note, only in its text (not its title, headings or tags), and no
        # prefix of another word.
        pick = js(driver, """
            var index = window.notesiteSearch, engine = window.notesiteSearchEngine.create(index);
            for (var i = 0; i < index.terms.length; i++) {
              if (!/^[a-z]{8,}$/.test(index.terms[i])) continue;
              if ((index.terms[i + 1] || "").startsWith(index.terms[i])) continue;
              var list = engine.decode(i);
              if (list.docs.length !== 1) continue;
              if (list.counts[0] || list.counts[1] || list.counts[2]) continue;
              return [index.terms[i], index.docs[list.docs[0]][1], index.docs.length];
            }
            return null;""")
        assert pick, "the search index is missing or has no word unique to one note's body"
        word, url, count = pick
        keys(driver, word)
        wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, ".search-results li")) > 0,
             f"no results for {word!r}")
        first = driver.find_element(By.CSS_SELECTOR, ".search-results li a")
        assert first.get_attribute("href").endswith(url), f"first result {first.get_attribute('href')} for {word!r}"
        marks = driver.find_elements(By.CSS_SELECTOR, ".search-results mark")
        assert marks, "the matching word is not highlighted"
        keys(driver, Keys.ENTER)
        wait(driver, lambda: driver.current_url.endswith(url), f"Enter did not open {url}")
        return f"{word!r} -> {url} among {count} notes"

    def keyboard_and_subfolder():
        load(driver, file_url(site, "guide/images.html"))
        box = driver.find_element(By.CSS_SELECTOR, "#notesite-search")
        box.click()
        keys(driver, "command")
        wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, ".search-results li")) > 0, "no results")
        selected = lambda: js(driver, "var s = document.querySelector('.search-results [aria-selected=true] a');"
                                      "return s && s.getAttribute('href');")
        first = selected()
        keys(driver, Keys.ARROW_DOWN)
        count = len(driver.find_elements(By.CSS_SELECTOR, ".search-results li"))
        if count > 1:
            assert selected() != first, "ArrowDown did not move the selection"
            keys(driver, Keys.ARROW_UP)
        assert selected() == first, "ArrowUp did not come back"
        keys(driver, Keys.ESCAPE)
        assert box.get_attribute("value") == "", "Esc did not clear the box"
        keys(driver, "command", Keys.ENTER)
        wait(driver, lambda: not driver.current_url.endswith("guide/images.html"), "Enter did not navigate")
        assert os.path.isfile(urllib.parse.unquote(driver.current_url[len("file://"):].split("#")[0])), (
            f"a result from a sub-folder page points at a missing file: {driver.current_url}")
        return driver.current_url.split("/")[-1]

    def fixture_word():
        load(driver, file_url(fixture, "plain.html"))
        driver.find_element(By.CSS_SELECTOR, "#notesite-search").click()
        keys(driver, "ZEPPELIN")
        wait(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, ".search-results li")) == 1,
             "not exactly one result")
        def click_result():
            driver.find_element(By.CSS_SELECTOR, ".search-results li a").click()
            return True

        # The list is drawn again when the notes' text arrives for the snippets: a result found an
        # instant before may be gone by the click (a stale element), so it is found and clicked again.
        wait(driver, click_result, "the result could not be clicked", ignored=(StaleElementReferenceException,))
        wait(driver, lambda: driver.current_url.endswith("gallery.html"), "clicking the result did not open it")

    checks.run("search finds a note by a word in its body and opens it", finds_body_word)
    checks.run("search: arrows, Esc, Enter from a sub-folder page", keyboard_and_subfolder)
    checks.run("search is case-insensitive and a click opens the result", fixture_word)


def run_screenshots(driver, checks, site, shots):
    def take():
        saved = []
        for label, width_px, height_px in (("1280", 1280, 900), ("375", 375, 812)):
            emulate(driver, width_px, height_px)
            for name, page in (("home", "index.html"), ("note", "guide/images.html")):
                load(driver, file_url(site, page))
                path = os.path.join(shots, f"{name}-{label}.png")
                driver.save_screenshot(path)
                saved.append(os.path.basename(path))
            load(driver, file_url(site, "getting-started.html"))
            previewable(driver)[0].click()
            wait_open(driver)
            wait(driver, lambda: natural_width(driver, view(driver)) > 0, "the preview image did not load")
            path = os.path.join(shots, f"preview-{label}.png")
            driver.save_screenshot(path)
            saved.append(os.path.basename(path))
            close_preview(driver)
        emulate(driver, 1280, 900, dark=True)
        load(driver, file_url(site, "guide/images.html"))
        driver.save_screenshot(os.path.join(shots, "note-dark-1280.png"))
        saved.append("note-dark-1280.png")
        emulate(driver)
        return f"{len(saved)} in {shots}"

    checks.run("screenshots of home, a note and an open preview at 1280 and 375 px", take)


def run_no_js_checks(checks, fixture):
    def target_preview():
        driver = start(javascript=False, performance_log=True)
        try:
            load(driver, file_url(fixture, "gallery.html"))
            enabled = driver.execute_cdp_cmd("Runtime.evaluate", {
                "expression": "document.documentElement.classList.contains('notesite-js')", "returnByValue": True})
            assert not enabled["result"]["value"], "JavaScript ran: the check would not test the fallback"
            hidden = [e.get_attribute("class") for e in driver.find_elements(By.CSS_SELECTOR, ".site-search, .theme-toggle")
                      if e.is_displayed()]
            assert not hidden, f"controls that need JavaScript are shown: {hidden}"
            image = driver.find_elements(By.CSS_SELECTOR, IMAGES)[0]
            on_page = image.rect["width"]
            image.click()
            wait(driver, lambda: driver.current_url.endswith("#notesite-image-1"), "the image link did not target")
            figure = driver.find_element(By.CSS_SELECTOR, "#notesite-image-1")
            window = driver.get_window_size()
            wait(driver, lambda: image.rect["width"] > on_page + 1, "the :target preview is not larger")
            cover = figure.rect
            assert cover["width"] >= window["width"] - 20, f"the overlay does not cover the window: {cover}"
            close = driver.find_element(By.CSS_SELECTOR, "#notesite-image-1 .notesite-unzoom")
            assert close.is_displayed(), "no close control"
            enlarged = image.rect["width"]
            ActionChains(driver).move_to_element_with_offset(close, 0, -200).click().perform()
            wait(driver, lambda: abs(image.rect["width"] - on_page) < 1, "a click did not close the :target preview")
            return f"{on_page:.0f}px on the page, {enlarged:.0f}px in the :target preview, closed by a click"
        finally:
            driver.quit()

    checks.run("without JavaScript an image link opens a CSS :target preview that closes", target_preview)


if __name__ == "__main__":
    run_timed(main)
