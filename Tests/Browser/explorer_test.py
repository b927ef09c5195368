#!/usr/bin/python3
"""The explorer (folder tree) and breadcrumbs in Debian's headless Chromium, from file://.

    /usr/bin/python3 Tests/Browser/explorer_test.py SITE_DIR SCREENSHOT_DIR [SCALE_SITE_DIR]

SITE_DIR is a build of the vault ExplorerSiteTests writes: root notes `Start` (order 1) and `Zeta`,
`projects/` (Alpha, Beta, `deep/Inner`, `deep/more/Leaf`) and `journal/` (Day 1 to Day 60). Checks,
at 1280 and 375 px in light and dark: the tree beside the note or in a drawer, the current note
marked and scrolled into view, folders opened and closed with Enter, Space and arrows after
reaching them with Tab, open folders remembered across pages, the drawer opened by its button
and closed with Esc, breadcrumbs leading to folder pages, contrast, no console errors and no
request leaving the page; then without JavaScript the page's short list and its links. With
SCALE_SITE_DIR (a build of a large vault), reports the time to draw its tree. Screenshots go to
SCREENSHOT_DIR/explorer-<width>-<theme>.png. Prints one line per check, then "N passed, N failed";
exits 1 when a check failed.
"""

import os
import sys
import urllib.parse

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import (CONTRAST_FUNCTIONS, Checks, emulate, file_url,  # noqa: E402
                             js, keys, problems, run_timed, start, start_for, usage, wait)
from browser_support import load as load_url  # noqa: E402

CURRENT = ".explorer [aria-current='page']"

# WCAG 2 contrast of each explorer and breadcrumb text against its painted background.
CONTRAST_JS = CONTRAST_FUNCTIONS + """
var out = [];
document.querySelectorAll(".explorer a, .explorer-title, .breadcrumbs a, .explorer-open").forEach(function (el) {
  if (!el.getClientRects().length) return;
  out.push([el.className || el.textContent.slice(0, 20), contrast(el)]);
});
return out;
"""


def load(driver, site, page):
    load_url(driver, file_url(site, page))


def active(driver):
    """The focused element's start tag, its href cut to the file name, and its text."""
    return js(driver, """var a = document.activeElement;
        if (!a) return '';
        var tag = a.outerHTML.slice(0, a.outerHTML.indexOf('>') + 1).replace(/href="[^"]*\\//, 'href=".../');
        return tag + a.textContent;""")


def tab_until(driver, test, limit=60):
    """Presses Tab until `test` (JS returning a boolean about document.activeElement) holds."""
    for count in range(1, limit + 1):
        keys(driver, Keys.TAB)
        if js(driver, "var e = document.activeElement; return !!(" + test + ");"):
            return count
    raise AssertionError(f"{limit} presses of Tab never reached it (at {active(driver)})")


def folder_arrow(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f".explorer-tree .explorer-folder[data-key='{name}'] > .explorer-row > button")


def expanded(driver, name):
    return folder_arrow(driver, name).get_attribute("aria-expanded") == "true"


def current_in_view(driver):
    """The marked entry lies inside the explorer's visible box and inside the window."""
    return js(driver, """
        var mark = document.querySelector(arguments[0]), nav = document.getElementById('notesite-explorer');
        if (!mark) return false;
        var m = mark.getBoundingClientRect(), n = nav.getBoundingClientRect();
        return m.height > 0 && m.top >= n.top - 1 && m.bottom <= n.bottom + 1 && m.top >= 0
          && m.bottom <= window.innerHeight;""", CURRENT)


def wide_checks(driver, checks, site):
    def beside_the_note():
        emulate(driver, 1280, 900, dark=False)
        js(driver, "try { localStorage.clear(); } catch (e) {}")
        load(driver, site, "journal/day-45.html")
        nav = driver.find_element(By.ID, "notesite-explorer")
        article = driver.find_element(By.CSS_SELECTOR, "article").rect
        assert nav.is_displayed(), "the explorer is not shown at 1280 px"
        assert nav.rect["x"] + nav.rect["width"] <= article["x"], f"it overlaps the note: {nav.rect} {article}"
        days = driver.find_elements(By.CSS_SELECTOR, ".explorer-tree [data-key='journal'] > ul > li > a")
        assert len(days) == 60, f"the whole journal folder from the data file, found {len(days)} entries"
        mark = driver.find_element(By.CSS_SELECTOR, CURRENT)
        assert mark.text == "Day 45", f"marked: {mark.text}"
        assert current_in_view(driver), "the current note is not scrolled into view"
        scrolled = js(driver, "return document.getElementById('notesite-explorer').scrollTop")
        assert scrolled > 0 and js(driver, "return window.scrollY") == 0, "the explorer, not the page, scrolled"
        order = [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".explorer-tree > li > a, .explorer-tree > li > .explorer-row > a")]
        assert order == ["Start", "journal", "projects", "Zeta"], f"top level: {order}"
        assert [d.text for d in days[:3]] == ["Day 1", "Day 2", "Day 3"], "numbers sort by value"
        assert not expanded(driver, "projects"), "a folder off the way is open"
        found = problems(driver)
        assert not found, found
        return f"{len(days)} days listed, Day 45 marked in view after scrolling the tree {scrolled}px"

    def keyboard_toggles():
        load(driver, site, "zeta.html")
        count = tab_until(driver, "e.closest('.explorer')")
        first = active(driver)
        tab_until(driver, "e.matches(\"[data-key='projects'] > .explorer-row > button\")", 20)
        assert not expanded(driver, "projects")
        keys(driver, Keys.ENTER)
        assert expanded(driver, "projects"), "Enter did not open the folder"
        alpha = driver.find_element(By.CSS_SELECTOR, "[data-key='projects'] > ul > li > a")
        assert alpha.is_displayed() and alpha.text == "Alpha", f"first note: {alpha.text}"
        keys(driver, Keys.SPACE)
        assert not expanded(driver, "projects") and not alpha.is_displayed(), "Space did not close it"
        keys(driver, Keys.ARROW_RIGHT)
        assert expanded(driver, "projects"), "the right arrow did not open it"
        keys(driver, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
        assert 'aria-label="deep"' in active(driver), f"down arrows went to {active(driver)}"
        keys(driver, Keys.ARROW_LEFT)
        assert "aria-label=\"projects\"" in active(driver), f"left arrow went to {active(driver)}"
        style = js(driver, "return getComputedStyle(document.activeElement).outlineStyle")
        assert style != "none", "no visible focus on the folder's arrow"
        keys(driver, Keys.ENTER)
        assert not expanded(driver, "projects")
        keys(driver, Keys.ENTER)
        return f"reached after {count} Tabs at {first[:50]}; Enter, Space and arrows open and close"

    def remembered():
        assert expanded(driver, "projects")
        arrow = folder_arrow(driver, "journal")
        arrow.click()
        assert expanded(driver, "journal")
        arrow.click()  # journal closed again: a closed folder must stay closed
        load(driver, site, "projects/deep/more/leaf.html")
        assert expanded(driver, "projects"), "the opened folder was forgotten on the next page"
        assert not expanded(driver, "journal"), "a closed folder came back open"
        assert expanded(driver, "projects/deep") and expanded(driver, "projects/deep/more"), "the way down"
        driver.refresh()
        wait(driver, lambda: js(driver, "return document.readyState") == "complete", "reload")
        assert expanded(driver, "projects"), "forgotten after a reload"
        folder_arrow(driver, "projects/deep").click()
        load(driver, site, "start.html")
        assert expanded(driver, "projects") and not expanded(driver, "projects/deep"), "closing was not kept"
        stored = js(driver, "return localStorage.getItem('notesite-explorer-open')")
        return f"kept in localStorage: {stored}"

    def breadcrumbs_lead_up():
        load(driver, site, "projects/deep/more/leaf.html")
        crumbs = driver.find_elements(By.CSS_SELECTOR, ".breadcrumbs a")
        names = [c.text for c in crumbs]
        assert names == ["Explorer vault", "projects", "deep", "more"], names
        crumbs[2].click()
        wait(driver, lambda: driver.current_url.endswith("projects/deep/index.html"), "deep's page")
        assert driver.find_element(By.CSS_SELECTOR, "main h1").text == "deep"
        names = [c.text for c in driver.find_elements(By.CSS_SELECTOR, ".breadcrumbs a")]
        assert names == ["Explorer vault", "projects"], f"on the folder page: {names}"
        mark = driver.find_element(By.CSS_SELECTOR, CURRENT)
        assert mark.text == "deep", f"the folder page marks {mark.text}"
        load(driver, site, "zeta.html")
        assert not driver.find_elements(By.CSS_SELECTOR, ".breadcrumbs"), "a root note has no breadcrumbs"
        return "leaf -> deep's page -> projects"

    checks.run("1280 px: the tree is beside the note, the current note marked and scrolled into view",
               beside_the_note)
    checks.run("1280 px: Tab reaches it; Enter, Space and arrows open and close folders", keyboard_toggles)
    checks.run("open and closed folders are remembered across pages and reloads", remembered)
    checks.run("breadcrumbs link the folders above a note to their pages", breadcrumbs_lead_up)


def narrow_checks(driver, checks, site):
    def drawer():
        emulate(driver, 375, 812, dark=False)
        load(driver, site, "journal/day-45.html")
        nav = driver.find_element(By.ID, "notesite-explorer")
        opener = driver.find_element(By.CSS_SELECTOR, ".explorer-open")
        assert not nav.is_displayed() and opener.is_displayed(), "narrow: the tree is not folded away"
        assert js(driver, "return document.documentElement.scrollWidth <= window.innerWidth"), "sideways scroll"
        count = tab_until(driver, "e.classList.contains('explorer-open')")
        assert opener.get_attribute("aria-expanded") == "false"
        keys(driver, Keys.ENTER)
        wait(driver, nav.is_displayed, "Enter did not open the drawer")
        assert opener.get_attribute("aria-expanded") == "true"
        rect = nav.rect
        assert rect["x"] >= 0 and rect["x"] + rect["width"] <= 375, f"the drawer leaves the window: {rect}"
        focused = js(driver, "return document.activeElement.textContent")
        assert focused == "Day 45" and current_in_view(driver), f"focus went to {focused}"
        keys(driver, Keys.ESCAPE)
        wait(driver, lambda: not nav.is_displayed(), "Esc did not close the drawer")
        assert "explorer-open" in active(driver), f"focus did not come back: {active(driver)}"
        keys(driver, Keys.SPACE)
        wait(driver, nav.is_displayed, "Space did not open the drawer")
        driver.find_element(By.CSS_SELECTOR, ".explorer-close").click()
        wait(driver, lambda: not nav.is_displayed(), "the close button did not close it")
        opener.click()
        wait(driver, nav.is_displayed, "a click did not open it")
        ActionChains(driver).move_to_element_with_offset(
            driver.find_element(By.CSS_SELECTOR, "article"), 150, 0).click().perform()
        wait(driver, lambda: not nav.is_displayed(), "a click beside the drawer did not close it")
        opener.click()
        driver.find_element(By.CSS_SELECTOR, ".explorer-tree a[href$='day-44.html']").click()
        wait(driver, lambda: driver.current_url.endswith("day-44.html"), "a link in the drawer did not open")
        found = problems(driver)
        assert not found, found
        return f"button reached after {count} Tabs; Enter, Esc, Space, ×, a click outside"

    checks.run("375 px: a drawer opened by its button, closed with Esc, focus returned", drawer)


def theme_checks(driver, checks, site, shots):
    def screenshots_and_contrast():
        low = []
        for width, height in ((1280, 900), (375, 812)):
            for dark in (False, True):
                emulate(driver, width, height, dark)
                load(driver, site, "journal/day-45.html")
                theme = "dark" if dark else "light"
                if width < 600:
                    driver.find_element(By.CSS_SELECTOR, ".explorer-open").click()
                    wait(driver, driver.find_element(By.ID, "notesite-explorer").is_displayed, "drawer")
                bg = js(driver, "return getComputedStyle(document.body).backgroundColor")
                assert (bg == "rgb(23, 23, 26)") == dark, f"{theme}: the page is {bg}"
                for name, ratio in js(driver, CONTRAST_JS):
                    if ratio < 4.5:
                        low.append(f"{width} {theme} {name} {ratio:.2f}")
                driver.save_screenshot(os.path.join(shots, f"explorer-{width}-{theme}.png"))
        assert not low, "; ".join(sorted(set(low))[:6])
        return "4 screenshots; every explorer and breadcrumb text at 4.5:1 or more"

    checks.run("light and dark at 1280 and 375 px: contrast, screenshots", screenshots_and_contrast)


def no_js_checks(checks, site):
    def plain_links():
        driver = start(javascript=False, performance_log=True)
        try:
            load(driver, site, "journal/day-45.html")
            enhanced = driver.find_elements(By.CSS_SELECTOR, ".explorer.is-enhanced, .explorer-tree")
            assert not enhanced, "JavaScript ran: the check would not test the fallback"
            days = driver.find_elements(By.CSS_SELECTOR, ".explorer-list li:not(.explorer-more) a[href^='day-']")
            assert len(days) == 10, f"a window of 10 entries around the note, found {len(days)}"
            mark = driver.find_element(By.CSS_SELECTOR, CURRENT)
            assert mark.text == "Day 45" and mark.is_displayed(), "the current note is not marked"
            more = driver.find_elements(By.CSS_SELECTOR, ".explorer-more a")
            assert [m.text for m in more] == ["39 more in journal", "11 more in journal"], [m.text for m in more]
            broken = js(driver, """return Array.from(document.querySelectorAll('.explorer a, .breadcrumbs a'))
                .map(function (a) { return a.href.split('#')[0]; });""")
            missing = [h for h in broken if not os.path.exists(urllib.parse.unquote(h[len("file://"):]))]
            assert not missing, f"links to missing files: {missing[:3]}"
            driver.find_element(By.CSS_SELECTOR, ".explorer-list a[href='day-44.html']").click()
            wait(driver, lambda: driver.current_url.endswith("day-44.html"), "a plain link did not open")
            more = driver.find_elements(By.CSS_SELECTOR, ".explorer-more a")[0]
            more.click()
            wait(driver, lambda: driver.current_url.endswith("journal/index.html"), "the rest: the folder page")
            assert len(driver.find_elements(By.CSS_SELECTOR, "main .note-list a")) == 60
            emulate(driver, 375, 812, dark=False)
            load(driver, site, "projects/alpha.html")
            nav = driver.find_element(By.ID, "notesite-explorer")
            assert not nav.is_displayed(), "narrow: the list is not folded away"
            driver.find_element(By.CSS_SELECTOR, ".explorer-open").click()
            wait(driver, nav.is_displayed, "the button did not open the list as :target")
            driver.find_element(By.CSS_SELECTOR, ".explorer-close").click()
            wait(driver, lambda: not nav.is_displayed(), "the close link did not fold it")
            return f"{len(broken)} links all present; the window, the rest linked, a :target drawer"
        finally:
            driver.quit()

    checks.run("without JavaScript: a short list of plain links that all work", plain_links)


def scale_checks(driver, checks, scale):
    def draws_quickly():
        emulate(driver, 1280, 900, dark=False)
        pages = sorted(p for p in os.listdir(os.path.join(scale, "area-0003")) if p.startswith("note-"))
        page = "area-0003/" + pages[len(pages) // 2]
        times = []
        for _ in range(5):
            load(driver, scale, page)
            times.append(js(driver, """var m = performance.getEntriesByName('notesite-explorer');
                return m.length ? m[m.length - 1].duration : -1;"""))
        assert min(times) >= 0, "the tree's time was not measured"
        entries = js(driver, "return document.querySelectorAll('.explorer-tree a').length")
        assert current_in_view(driver), "the current note is not in view"
        size = os.path.getsize(os.path.join(scale, "assets/explorer-data.js"))
        median = sorted(times)[len(times) // 2]
        assert median < 250, f"drawing took a median {median:.0f} ms"
        return f"{entries} links drawn in a median {median:.1f} ms; explorer-data.js {size} bytes"

    checks.run("a large vault's tree is drawn quickly", draws_quickly)


def main():
    if len(sys.argv) not in (3, 4):
        return usage("explorer_test.py SITE_DIR SCREENSHOT_DIR [SCALE_SITE_DIR]")
    site, shots = (os.path.abspath(a) for a in sys.argv[1:3])
    scale = os.path.abspath(sys.argv[3]) if len(sys.argv) == 4 else None
    driver = start_for([os.path.join(site, "journal/day-45.html")], shots, performance_log=True)
    if not driver:
        return 1
    checks = Checks()
    try:
        wide_checks(driver, checks, site)
        narrow_checks(driver, checks, site)
        theme_checks(driver, checks, site, shots)
        if scale:
            scale_checks(driver, checks, scale)
    finally:
        driver.quit()
    no_js_checks(checks, site)
    return checks.finish()


if __name__ == "__main__":
    run_timed(main)
