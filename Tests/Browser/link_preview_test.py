#!/usr/bin/python3
"""Link previews in Debian's headless Chromium, from file://.

    /usr/bin/python3 Tests/Browser/link_preview_test.py SITE_DIR SCREENSHOT_DIR

SITE_DIR is a build of the vault LinkPreviewTests writes: index.html (home.md) links to Lisbon (whole note,
`#food`, the second `#food-1`, `#day-two-trip` whose heading has markup), to Porto, to a long
note and to a note with raw HTML and a `javascript:` link; notes/deep/deep.html links to Porto
from two folders down. Checks: nothing is shown at once, then after the delay the popover has the
title and the first section (or the linked section); it has role=tooltip and the link points at
it with aria-describedby; it lies inside the viewport; only index.js and one shard are loaded;
leaving closes it; keyboard focus (Tab) shows it and Esc closes it; links inside it lead where
they should from any folder; previews are trimmed and carry no script; at 1280 and 375 px in
light and dark with readable contrast; under touch emulation no popover and the link opens; no
console errors; no request leaves file://. Prints one line per check, then "N passed, N failed";
exits 1 when a check failed. Screenshots: SCREENSHOT_DIR/previews-<width>-<theme>.png.

    /usr/bin/python3 Tests/Browser/link_preview_test.py --measure SITE_DIR PAGE [COUNT]

Measures on any built site (e.g. scripts/bench-scale's 4,000 notes): hovers the first COUNT
(default 20) note links of PAGE, each in a fresh page load, and prints the time from the pointer
entering the link to the popover showing, minus the script's fixed pause, for the first hover
(index and shard loaded) and for a second link into a shard already loaded.
"""

import os
import pathlib
import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import (CONTRAST_FUNCTIONS, Checks, chromium_options, console_errors,  # noqa: E402
                             outside_requests, start, usage, waited)

checks = Checks()
check = checks.check

CONTRAST_JS = CONTRAST_FUNCTIONS + """
var pop = document.querySelector('.link-preview');
var out = [];
pop.querySelectorAll('.link-preview-title, .link-preview-section, .link-preview-body p, .link-preview-body a')
  .forEach(function (el) { out.push(contrast(el)); });
return [getComputedStyle(pop).backgroundColor, out];
"""

# When the pointer entered the link, and when the popover appeared, measured in the page.
TIMING_JS = """
arguments[0].addEventListener('pointerover', function () {
  if (!window.previewHoveredAt) window.previewHoveredAt = performance.now();
});
new MutationObserver(function () {
  var pop = document.querySelector('.link-preview');
  if (pop && !pop.hidden && !window.previewShownAt) window.previewShownAt = performance.now();
}).observe(document.body, {subtree: true, childList: true, attributes: true});
"""

STATE_JS = """
var pop = document.querySelector('.link-preview');
if (!pop || pop.hidden) return null;
var r = pop.getBoundingClientRect();
var title = pop.querySelector('.link-preview-title');
var body = pop.querySelector('.link-preview-body');
return {
  title: title ? title.textContent : '', body: body ? body.textContent : '',
  html: body ? body.innerHTML : '', role: pop.getAttribute('role'), id: pop.id,
  links: Array.from(pop.querySelectorAll('a')).map(function (a) { return [a.textContent, a.href]; }),
  box: [r.left, r.top, r.right, r.bottom], viewport: [document.documentElement.clientWidth, innerHeight],
  described: Array.from(document.querySelectorAll('[aria-describedby="link-preview"]')).length,
  scripts: Array.from(document.scripts).map(function (s) { return s.src; })
    .filter(function (s) { return s.indexOf('/assets/previews/') >= 0; })
    .map(function (s) { return s.split('/assets/previews/')[1]; }),
  scrollWidth: document.documentElement.scrollWidth
};
"""


def start_at(width, touch=False):
    if touch:
        options = chromium_options(width=width)
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": 800, "pixelRatio": 2.0, "touch": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 13; Pixel 7) Mobile"})
        return start(options)
    # Headless Chromium reports no hover-capable pointer; a desktop has a mouse.
    driver = start(width=width, arguments=("--blink-settings=primaryHoverType=2,availableHoverTypes=2,"
                                           "primaryPointerType=4,availablePointerTypes=4",))
    # A window cannot be made narrower than 500 px: emulate the width instead.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600})
    return driver


def state(driver):
    return driver.execute_script(STATE_JS)


def link(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def away(driver):
    ActionChains(driver).move_to_element_with_offset(link(driver, "h1"), 0, 0).perform()


def hover(driver, selector):
    """Hovers a link; returns the popover's state once shown (None if it never is)."""
    away(driver)
    waited(driver, lambda: state(driver) is None)
    target = link(driver, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
    ActionChains(driver).move_to_element(target).perform()
    waited(driver, lambda: state(driver) is not None, 5)
    return state(driver)


def inside(shown):
    left, top, right, bottom = shown["box"]
    width, height = shown["viewport"]
    return left >= 0 and top >= 0 and right <= width and bottom <= height


def hover_checks(driver, site, width, theme):
    label = f"{width} px {theme}"
    driver.get((site / "index.html").as_uri())
    driver.execute_script("document.documentElement.setAttribute('data-theme', arguments[0])", theme)
    loaded = driver.execute_script(
        "return Array.from(document.scripts).filter(function (s) { return s.src.indexOf('/assets/previews/') >= 0; }).length")
    check(f"{label}: no preview data loaded before a hover", loaded == 0, loaded)

    target = link(driver, "a[href='trips/lisbon.html']")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
    driver.execute_script(TIMING_JS, target)
    ActionChains(driver).move_to_element(target).perform()
    waited(driver, lambda: state(driver) is not None, 5)
    delay = driver.execute_script("return window.previewShownAt - window.previewHoveredAt")
    check(f"{label}: the popover waits a moment before it shows", delay is not None and delay >= 300, delay)
    shown = state(driver)
    check(f"{label}: hovering a link shows the note's title and first section",
          shown and shown["title"] == "Lisbon" and "seven hills" in shown["body"]
          and "Pastéis" not in shown["body"] and "footnote" not in shown["body"].lower(), shown)
    if not shown:
        return
    check(f"{label}: the popover is a tooltip the link is described by",
          shown["role"] == "tooltip" and shown["described"] == 1
          and target.get_attribute("aria-describedby") == shown["id"], shown)
    check(f"{label}: the popover lies inside the viewport", inside(shown), shown["box"])
    check(f"{label}: no horizontal scroll with the popover open", shown["scrollWidth"] <= width, shown["scrollWidth"])
    check(f"{label}: an image in the preview is its alt text, no <img>",
          "a tram" in shown["body"] and "<img" not in shown["html"], shown["html"])
    check(f"{label}: only the index and one shard are loaded",
          len(shown["scripts"]) == 2 and "index.js" in shown["scripts"], shown["scripts"])
    contrast = driver.execute_script(CONTRAST_JS)
    check(f"{label}: popover text passes AA contrast", contrast[1] and min(contrast[1]) >= 4.5, contrast)
    expected_bg = {"light": "rgb(255, 255, 255)", "dark": "rgb(23, 23, 26)"}[theme]
    check(f"{label}: the popover takes the {theme} theme's colours", contrast[0] == expected_bg, contrast[0])
    driver.save_screenshot(str(SCREENSHOTS / f"previews-{width}-{theme}.png"))

    away(driver)
    check(f"{label}: moving away closes the popover", waited(driver, lambda: state(driver) is None, 3), state(driver))

    food = hover(driver, "a[href='trips/lisbon.html#food']")
    check(f"{label}: a #heading link shows that section",
          food and "Food" in food["title"] and "Pastéis" in food["body"] and "seven hills" not in food["body"], food)
    second = hover(driver, "a[href='trips/lisbon.html#food-1']")
    check(f"{label}: the second of two same-named headings shows its own section",
          second and "second food section" in second["body"] and "Pastéis" not in second["body"], second)
    marked = hover(driver, "a[href='trips/lisbon.html#day-two-trip']")
    check(f"{label}: a heading with markup is found and titled as text",
          marked and marked["title"].endswith("Day two trip") and "Sintra" in marked["body"], marked)


def content_checks(driver, site):
    driver.get((site / "index.html").as_uri())
    long = hover(driver, "a[href='long.html']")
    check("a long first section is trimmed with an ellipsis",
          long and 150 <= len(long["body"].strip()) <= 460 and long["body"].strip().endswith("…")
          and "UNSEEN" not in long["body"], long and (len(long["body"]), long["body"][-40:]))
    unsafe = hover(driver, "a[href='unsafe.html']")
    check("a preview carries no script, raw HTML or javascript: link",
          unsafe and "<script" not in unsafe["html"] and "javascript:" not in unsafe["html"]
          and "onerror" not in unsafe["html"] and "Harmless words" in unsafe["body"]
          and not driver.execute_script("return window.pwned === true"), unsafe)

    driver.get((site / "notes/deep/deep.html").as_uri())
    porto = hover(driver, "a[href='../../trips/porto.html']")
    expected = (site / "trips/lisbon.html").as_uri()
    check("links inside a preview lead to the right page from two folders down",
          porto and any(href == expected for _, href in porto["links"]), porto and porto["links"])
    check("links inside a preview are out of the Tab order",
          driver.execute_script("return Array.from(document.querySelectorAll('.link-preview a'))"
                                ".every(function (a) { return a.tabIndex === -1; })"))


def keyboard_checks(driver, site, width):
    driver.get((site / "index.html").as_uri())
    target = link(driver, "a[href='trips/porto.html']")
    # Start from the top of the page (a click could land on a link at 375 px).
    driver.execute_script("if (document.activeElement) document.activeElement.blur(); window.scrollTo(0, 0)")
    reached = False
    for _ in range(40):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.execute_script("return document.activeElement") == target:
            reached = True
            break
    check(f"{width} px: Tab reaches the link", reached)
    waited(driver, lambda: state(driver) is not None, 5)
    shown = state(driver)
    check(f"{width} px: keyboard focus shows the preview", shown and shown["title"] == "Porto", shown)
    check(f"{width} px: the focused link's preview lies inside the viewport", shown and inside(shown),
          shown and shown["box"])
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    check(f"{width} px: Esc closes it", waited(driver, lambda: state(driver) is None, 2), state(driver))
    check(f"{width} px: focus stays on the link after Esc",
          driver.execute_script("return document.activeElement") == target)
    ActionChains(driver).send_keys(Keys.TAB).perform()
    check(f"{width} px: Tab moves on (no focus trap)",
          driver.execute_script("return document.activeElement") != target)


def touch_checks(site):
    driver = start_at(375, touch=True)
    try:
        driver.get((site / "index.html").as_uri())
        check("touch emulation: the device has no hover", driver.execute_script("return matchMedia('(hover: none)').matches"))
        target = link(driver, "a[href='trips/lisbon.html']")
        driver.execute_script("arguments[0].focus()", target)
        time.sleep(0.8)
        check("touch emulation: no popover on focus", state(driver) is None, state(driver))
        target.click()
        opened = waited(driver, lambda: driver.current_url.endswith("/trips/lisbon.html"), 5)
        check("touch emulation: tapping the link opens the note", opened, driver.current_url)
        checks.none("touch emulation: no console errors", console_errors(driver))
    finally:
        driver.quit()


SCREENSHOTS = pathlib.Path(".")


def measure(site, page, count):
    driver = start_at(1280)
    first, again = [], []
    try:
        driver.get((site / page).as_uri())
        links = driver.execute_script(
            "return Array.from(document.querySelectorAll('main a[href$=\\'.html\\']'))"
            ".map(function (a) { return a.getAttribute('href'); })")
        for href in links[:count]:
            driver.get((site / page).as_uri())
            for bucket in (first, again):
                target = driver.find_element(By.CSS_SELECTOR, f"main a[href='{href}']")
                driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); window.previewShownAt = 0;"
                                      "window.previewHoveredAt = 0;", target)
                driver.execute_script(TIMING_JS, target)
                ActionChains(driver).move_to_element(target).perform()
                if waited(driver, lambda: state(driver) is not None, 5):
                    bucket.append(driver.execute_script(
                        "return window.previewShownAt - window.previewHoveredAt") - 400)
                away(driver)
                waited(driver, lambda: state(driver) is None, 3)
        shards = driver.execute_script(STATE_JS.replace("if (!pop || pop.hidden) return null;", "")) or {}
    finally:
        driver.quit()
    first.sort()
    again.sort()
    print(f"first hover: median {first[len(first) // 2]:.1f} ms, max {first[-1]:.1f} ms over {len(first)} links")
    print(f"same shard again: median {again[len(again) // 2]:.1f} ms, max {again[-1]:.1f} ms")
    print(f"scripts loaded on the last page: {shards.get('scripts')}")


def main():
    global SCREENSHOTS
    if len(sys.argv) >= 4 and sys.argv[1] == "--measure":
        measure(pathlib.Path(sys.argv[2]).resolve(), sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 20)
        return
    if len(sys.argv) != 3:
        sys.exit(usage("link_preview_test.py SITE_DIR SCREENSHOT_DIR"))
    site = pathlib.Path(sys.argv[1]).resolve()
    SCREENSHOTS = pathlib.Path(sys.argv[2])
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1280, 375):
        driver = start_at(width)
        try:
            for theme in ("light", "dark"):
                hover_checks(driver, site, width, theme)
            keyboard_checks(driver, site, width)
            if width == 1280:
                content_checks(driver, site)
            checks.none(f"{width} px: no request leaves file://", outside_requests(driver))
            checks.none(f"{width} px: no console errors", console_errors(driver))
        finally:
            driver.quit()
    touch_checks(site)
    sys.exit(checks.finish())


if __name__ == "__main__":
    main()
