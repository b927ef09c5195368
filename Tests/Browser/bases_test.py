#!/usr/bin/python3
"""Bases (.base pages) in Debian's headless Chromium.

    /usr/bin/python3 Tests/Browser/bases_test.py SITE_DIR SCREENSHOT_DIR

SITE_DIR is a build of the vault BasesBrowserTests writes: `library.base.html` has a table of three
books (Ulysses 730, Emma 474, Dune 412 pages, most first), cards and a list; `status.base.html` the
same books grouped by status (done, reading), each group with its sum of pages and the table's below. From file://: a click on
the "pages" header sorts ascending (in the grouped table, each group on its own, its summary row
staying last) and sets aria-sort, a second click descending; the "file name"
header sorts by text; the table's text, the cards' and the list's meet WCAG AA in light and dark; at
375 px the page does not scroll sideways (a wide table scrolls in its own box) and the cards are one
column (screenshots SCREENSHOT_DIR/bases-<width>-<theme>.png); no console error and no request leaves
the page. Without JavaScript the rows stay in the base's order. Prints one line per check, then
"N passed, N failed"; exits 1 when a check failed.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import (CONTRAST_FUNCTIONS, drain_logs, emulate, file_url, js,  # noqa: E402
                             load, problems, run_timed, site_parts, start_for)

PAGE = "library.base.html"
GROUPED = "status.base.html"


def column(driver, index):
    return js(driver, """
        return Array.from(document.querySelectorAll('table.base-table tbody tr'))
          .map(function (row) { return row.cells[arguments[0]].textContent.trim(); });
    """.replace("arguments[0]", str(index)))


def sort_state(driver):
    return js(driver, """
        return Array.from(document.querySelectorAll('table.base-table thead th'))
          .map(function (th) { return th.getAttribute('aria-sort'); });
    """)


def click_header(driver, index):
    js(driver, "document.querySelectorAll('table.base-table thead th button')[%d].click()" % index)


def with_javascript(site, shots, checks):
    driver = start_for([os.path.join(site, PAGE)], shots, performance_log=True)
    if driver is None:
        return
    try:
        drain_logs(driver)
        load(driver, file_url(site, PAGE))
        checks.check("the rows start in the base's order", column(driver, 2) == ["730", "474", "412"],
                     column(driver, 2))

        def sorts_by_pages():
            click_header(driver, 2)
            ascending = column(driver, 2)
            assert ascending == ["412", "474", "730"], ascending
            assert sort_state(driver)[2] == "ascending", sort_state(driver)
            click_header(driver, 2)
            descending = column(driver, 2)
            assert descending == ["730", "474", "412"], descending
            assert sort_state(driver)[2] == "descending", sort_state(driver)
            return " / ".join([",".join(ascending), ",".join(descending)])
        checks.run("a header click sorts by numbers, again reverses, with aria-sort", sorts_by_pages)

        def sorts_by_name():
            click_header(driver, 0)
            names = column(driver, 0)
            assert names == ["Dune", "Emma", "Ulysses"], names
            state = sort_state(driver)
            assert state[0] == "ascending" and state[2] is None, state
            return ",".join(names)
        checks.run("the name header sorts by text; one column says how", sorts_by_name)

        def groups_keep_their_summaries():
            load(driver, file_url(site, GROUPED))
            click_header(driver, 1)
            groups = js(driver, """
                return Array.from(document.querySelectorAll('table.base-table tbody')).map(function (body) {
                  return Array.from(body.rows).map(function (row) {
                    return (row.className || 'row') + ':' + row.textContent.trim();
                  });
                });
            """)
            expected = [["base-group-row:done", "row:Dune412", "row:Ulysses730", "base-group-summary:Sum 1142"],
                        ["base-group-row:reading", "row:Emma474", "base-group-summary:Sum 474"]]
            assert groups == expected, groups
            total = js(driver, "return document.querySelector('table.base-table tfoot').textContent.trim()")
            assert total == "Sum 1616", total
            return " | ".join(" ".join(group) for group in groups)
        checks.run("a grouped table: each group sorts on its own, its summary row last; the table's in the footer",
                   groups_keep_their_summaries)

        for width in (1280, 375):
            for dark in (False, True):
                theme = "dark" if dark else "light"
                emulate(driver, width_px=width if width != 1280 else None, height_px=800, dark=dark)
                load(driver, file_url(site, PAGE))
                driver.save_screenshot(os.path.join(shots, f"bases-{width}-{theme}.png"))

                def readable():
                    ratios = js(driver, CONTRAST_FUNCTIONS + """
                        return ['table.base-table td', 'table.base-table thead button', '.base-summary-name',
                                '.base-card-title a', '.base-list-values', '.base-view-name']
                          .map(function (s) { return contrast(document.querySelector(s)); });
                    """)
                    assert all(r >= 4.5 for r in ratios), ratios
                    return ", ".join(f"{r:.1f}" for r in ratios)
                checks.run(f"the base's text is readable at {width} px ({theme})", readable)
                if width == 375:
                    wide = js(driver, "return document.documentElement.scrollWidth")
                    checks.check(f"at 375 px the page does not scroll sideways ({theme})", wide <= 375, wide)
                    columns = js(driver, """
                        var tops = Array.from(document.querySelectorAll('.base-card'))
                          .map(function (c) { return c.getBoundingClientRect().left; });
                        return new Set(tops).size;
                    """)
                    checks.check(f"at 375 px the cards are one column ({theme})", columns == 1, columns)
        emulate(driver)
        checks.none("no console errors, no requests leaving the page", problems(driver))
    finally:
        driver.quit()


def without_javascript(site, shots, checks):
    driver = start_for([os.path.join(site, PAGE)], shots, javascript=False)
    if driver is None:
        return
    try:
        load(driver, file_url(site, PAGE))
        buttons = js(driver, "return document.querySelectorAll('table.base-table thead button').length")
        checks.check("without JavaScript the headers are text and the rows in the base's order",
                     buttons == 0 and column(driver, 2) == ["730", "474", "412"], (buttons, column(driver, 2)))
    finally:
        driver.quit()


def main():
    return site_parts("bases_test.py", with_javascript, without_javascript)


if __name__ == "__main__":
    run_timed(main)
