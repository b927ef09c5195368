#!/usr/bin/python3
"""Boards (.canvas pages) in Debian's headless Chromium.

    /usr/bin/python3 Tests/Browser/canvas_test.py SITE_DIR SCREENSHOT_DIR

SITE_DIR is a build of the vault CanvasBrowserTests writes: `plans.canvas.html` is a board with a
group (g1), a text node (t1), a file node showing a note's section (f1), an image (i1), a link card
(l1) and edges; `index.html` embeds it. From file://: the board opens fitted to its view with every
node inside it; nodes sit at their places (t1 at 90,120 of the board, 300 by 200); the edges are under
the nodes; "+", "-", the wheel, a pinch and the keys zoom about the view; a drag and the arrow keys
pan; "Fit" and "0" fit again; at 375 px the board still fits and the page does not scroll sideways;
node text meets WCAG AA in light and dark (screenshots SCREENSHOT_DIR/canvas-<width>-<theme>.png);
the embed in index.html is a fitted board too, and a drag pans it; in `backgrounds.canvas.html` a group's
background image (red.png, 40 by 30) covers its group (c), fits whole in it (r, ratio: red across the middle,
not at the top) or is tiled (t, repeat: red at the far corner too), read from a screenshot's pixels; no
console error and no request leaves the page.
Without JavaScript the nodes are a list in reading order. Prints one line per check, then
"N passed, N failed"; exits 1 when a check failed.
"""

import os
import sys

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import (CONTRAST_FUNCTIONS, drain_logs, emulate, file_url, js,  # noqa: E402
                             load, problems, run_timed, site_parts, start_for, waited)

PAGE = "plans.canvas.html"


def view(driver, selector=".canvas"):
    """The board's scale and translation, and the rectangles of its viewport and nodes."""
    return js(driver, """
        var root = document.querySelector(arguments[0]);
        var viewport = root.querySelector('.canvas-viewport').getBoundingClientRect();
        var board = root.querySelector('.canvas-board').getBoundingClientRect();
        var nodes = {};
        root.querySelectorAll('.canvas-node').forEach(function (n) {
          var r = n.getBoundingClientRect();
          nodes[n.getAttribute('data-node')] = {x: r.left, y: r.top, w: r.width, h: r.height};
        });
        return {live: root.classList.contains('canvas-live'), scale: parseFloat(root.getAttribute('data-scale')),
                viewport: {x: viewport.left, y: viewport.top, w: viewport.width, h: viewport.height},
                board: {x: board.left, y: board.top}, nodes: nodes};
    """, selector)


def inside(rect, box, slack=1.5):
    return (rect["x"] >= box["x"] - slack and rect["y"] >= box["y"] - slack
            and rect["x"] + rect["w"] <= box["x"] + box["w"] + slack
            and rect["y"] + rect["h"] <= box["y"] + box["h"] + slack)


def near(a, b, slack=1.5):
    return abs(a - b) <= slack


def fitted(driver, selector=".canvas"):
    state = view(driver, selector)
    assert state["live"], "the board was not set up"
    outside = [name for name, rect in state["nodes"].items() if not inside(rect, state["viewport"])]
    assert not outside, f"nodes outside the view: {outside}"
    assert 0 < state["scale"] <= 1, state["scale"]
    return f"scale {state['scale']:.3f}"


def with_javascript(site, shots, checks):
    driver = start_for([os.path.join(site, PAGE), os.path.join(site, "index.html")], shots,
                       performance_log=True)
    if driver is None:
        return
    try:
        drain_logs(driver)
        load(driver, file_url(site, PAGE))
        checks.run("the board opens fitted, every node in view", lambda: fitted(driver))

        def placed():
            state = view(driver)
            s, board, t1 = state["scale"], state["board"], state["nodes"]["t1"]
            assert near((t1["x"] - board["x"]) / s, 90) and near((t1["y"] - board["y"]) / s, 120), t1
            assert near(t1["w"] / s, 300) and near(t1["h"] / s, 200), t1
            f1, i1 = state["nodes"]["f1"], state["nodes"]["i1"]
            assert near((f1["x"] - t1["x"]) / s, 350) and near((i1["y"] - t1["y"]) / s, 400), (f1, i1)
            return "t1 at 90,120, 300 by 200"
        checks.run("nodes sit at their places and sizes", placed)

        def under_the_nodes():
            found = js(driver, """
                var svg = document.querySelector('.canvas-edges');
                var node = document.querySelector('[data-node=t1]');
                var r = node.getBoundingClientRect();
                var hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                var path = svg.querySelector('[data-edge=e1] path');
                return {visible: getComputedStyle(svg).display !== 'none', onNode: node.contains(hit),
                        svgBelow: +getComputedStyle(svg).zIndex < +getComputedStyle(node).zIndex,
                        groupBelow: +getComputedStyle(document.querySelector('[data-node=g1]')).zIndex
                                    < +getComputedStyle(svg).zIndex,
                        stroke: getComputedStyle(path).stroke, length: path.getTotalLength()};
            """)
            assert found["visible"] and found["onNode"] and found["svgBelow"] and found["groupBelow"], found
            assert found["stroke"] not in ("none", "") and found["length"] > 10, found
        checks.run("edges are drawn over groups and under the nodes", under_the_nodes)

        def buttons_zoom():
            before = view(driver)["scale"]
            driver.find_element(By.CSS_SELECTOR, ".canvas-controls button[aria-label='Zoom in']").click()
            bigger = view(driver)["scale"]
            assert near(bigger, before * 1.25, 0.002), (before, bigger)
            driver.find_element(By.CSS_SELECTOR, ".canvas-controls button[aria-label='Zoom out']").click()
            assert near(view(driver)["scale"], before, 0.002)
            return f"{before:.3f} -> {bigger:.3f} -> back"
        checks.run("+ and - buttons zoom", buttons_zoom)

        def wheel_zooms_about_the_pointer():
            state = view(driver)
            t1 = state["nodes"]["t1"]
            x, y = t1["x"] + 10, t1["y"] + 10
            js(driver, """
                document.querySelector('.canvas-viewport').dispatchEvent(new WheelEvent('wheel',
                  {deltaY: -200, clientX: arguments[0], clientY: arguments[1], bubbles: true, cancelable: true}));
            """, x, y)
            after = view(driver)
            assert after["scale"] > state["scale"] * 1.2, (state["scale"], after["scale"])
            moved = after["nodes"]["t1"]
            # The point under the pointer stays under it.
            assert near(moved["x"] + 10 * after["scale"] / state["scale"], x + 0, 2) or near(
                (x - moved["x"]) / after["scale"], 10 / state["scale"], 0.5), (t1, moved)
            return f"{state['scale']:.3f} -> {after['scale']:.3f}"
        checks.run("the wheel zooms about the pointer", wheel_zooms_about_the_pointer)

        def fit_button():
            driver.find_element(By.CSS_SELECTOR, ".canvas-controls button[aria-label='Fit the board to the view']").click()
            return fitted(driver)
        checks.run("Fit fits the board again", fit_button)

        def drag_pans():
            state = view(driver)
            g1 = state["nodes"]["g1"]
            viewport = driver.find_element(By.CSS_SELECTOR, ".canvas-viewport")
            # From a point of the viewport outside every node (its top-left corner area).
            start_x = int(state["viewport"]["x"] + 4 - state["viewport"]["x"] - state["viewport"]["w"] / 2)
            start_y = int(state["viewport"]["y"] + 4 - state["viewport"]["y"] - state["viewport"]["h"] / 2)
            ActionChains(driver).move_to_element_with_offset(viewport, start_x, start_y).click_and_hold() \
                .move_by_offset(40, 20).move_by_offset(40, 20).release().perform()
            after = view(driver)["nodes"]["g1"]
            assert near(after["x"] - g1["x"], 80, 2) and near(after["y"] - g1["y"], 40, 2), (g1, after)
            return "moved by 80, 40"
        checks.run("a drag pans the board", drag_pans)

        def keys_pan_and_zoom():
            viewport = driver.find_element(By.CSS_SELECTOR, ".canvas-viewport")
            js(driver, "arguments[0].focus()", viewport)
            before = view(driver)
            viewport.send_keys(Keys.ARROW_RIGHT)
            after = view(driver)
            assert near(after["nodes"]["t1"]["x"] - before["nodes"]["t1"]["x"], -60), (before, after)
            viewport.send_keys("+")
            zoomed = view(driver)["scale"]
            assert zoomed > after["scale"], (after["scale"], zoomed)
            viewport.send_keys("0")
            return fitted(driver)
        checks.run("arrow keys pan, + zooms, 0 fits", keys_pan_and_zoom)

        def pinch_zooms():
            before = view(driver)["scale"]
            js(driver, """
                var v = document.querySelector('.canvas-viewport');
                var r = v.getBoundingClientRect();
                var cx = r.left + r.width / 2, cy = r.top + r.height / 2;
                function send(type, id, x) {
                  v.dispatchEvent(new PointerEvent(type, {pointerId: id, pointerType: 'touch', clientX: x,
                    clientY: cy, bubbles: true, cancelable: true, isPrimary: id === 11}));
                }
                send('pointerdown', 11, cx - 50); send('pointerdown', 12, cx + 50);
                send('pointermove', 11, cx - 100); send('pointermove', 12, cx + 100);
                send('pointerup', 11, cx - 100); send('pointerup', 12, cx + 100);
            """)
            after = view(driver)["scale"]
            assert after > before * 1.5, (before, after)
            js(driver, "document.querySelector('.canvas-controls button:last-child').click()")
            return f"{before:.3f} -> {after:.3f}"
        checks.run("a pinch zooms", pinch_zooms)

        for width in (1280, 375):
            for dark in (False, True):
                theme = "dark" if dark else "light"
                emulate(driver, width_px=width if width != 1280 else None, height_px=800, dark=dark)
                load(driver, file_url(site, PAGE))
                driver.save_screenshot(os.path.join(shots, f"canvas-{width}-{theme}.png"))

                def readable():
                    ratios = js(driver, CONTRAST_FUNCTIONS + """
                        return ['[data-node=t1] p', '[data-node=l1] .canvas-link-host', '[data-node=g1] .canvas-group-label']
                          .map(function (s) { return contrast(document.querySelector(s)); });
                    """)
                    assert all(r >= 4.5 for r in ratios), ratios
                    return ", ".join(f"{r:.1f}" for r in ratios)
                checks.run(f"node text is readable at {width} px ({theme})", readable)
                if width == 375:
                    checks.run(f"at 375 px the board fits ({theme})", lambda: fitted(driver))
                    checks.check(f"at 375 px the page does not scroll sideways ({theme})",
                                 js(driver, "return document.documentElement.scrollWidth") <= 375,
                                 js(driver, "return document.documentElement.scrollWidth"))
        emulate(driver)

        load(driver, file_url(site, "index.html"))
        checks.run("an embedded board is fitted in its note", lambda: fitted(driver, ".embed .canvas"))

        def embed_pans():
            js(driver, "document.querySelector('.embed .canvas').scrollIntoView({block: 'center'})")
            state = view(driver, ".embed .canvas")
            g1 = state["nodes"]["g1"]
            viewport = driver.find_element(By.CSS_SELECTOR, ".embed .canvas-viewport")
            start_x = int(4 - state["viewport"]["w"] / 2)
            start_y = int(4 - state["viewport"]["h"] / 2)
            ActionChains(driver).move_to_element_with_offset(viewport, start_x, start_y).click_and_hold() \
                .move_by_offset(30, 15).move_by_offset(30, 15).release().perform()
            after = view(driver, ".embed .canvas")["nodes"]["g1"]
            assert near(after["x"] - g1["x"], 60, 2) and near(after["y"] - g1["y"], 30, 2), (g1, after)
            return "moved by 60, 30"
        checks.run("a drag pans the embedded board", embed_pans)

        load(driver, file_url(site, "backgrounds.canvas.html"))

        def backgrounds():
            groups = js(driver, """
                var found = {};
                document.querySelectorAll('.canvas-group').forEach(function (g) {
                  var layer = g.querySelector('.canvas-group-background');
                  var r = g.getBoundingClientRect(), l = layer.getBoundingClientRect();
                  var style = getComputedStyle(layer);
                  found[g.getAttribute('data-node')] = {
                    x: r.left, y: r.top, w: r.width, h: r.height, layer: [l.left, l.top, l.width, l.height],
                    image: style.backgroundImage.slice(0, 20), repeat: style.backgroundRepeat,
                    size: style.backgroundSize, shown: layer.querySelector('img').getClientRects().length};
                });
                return found;
            """)
            for name, group in groups.items():
                assert group["image"].startswith('url("data:image/'), (name, group)
                assert group["shown"] == 0, (name, "the image element is still drawn")
            shot = driver.get_screenshot_as_base64()
            ratio = driver.execute_script("return window.devicePixelRatio") or 1
            points = []
            for name, fx, fy in [("c", 0.05, 0.05), ("c", 0.95, 0.95), ("r", 0.5, 0.05), ("r", 0.5, 0.5),
                                 ("r", 0.05, 0.3), ("t", 0.05, 0.05), ("t", 0.95, 0.95), ("t", 0.5, 0.6)]:
                g = groups[name]
                points.append([round((g["x"] + fx * g["w"]) * ratio), round((g["y"] + fy * g["h"]) * ratio)])
            colours = driver.execute_async_script("""
                var done = arguments[arguments.length - 1], points = arguments[1], image = new Image();
                image.onload = function () {
                  var canvas = document.createElement('canvas');
                  canvas.width = image.width; canvas.height = image.height;
                  var context = canvas.getContext('2d');
                  context.drawImage(image, 0, 0);
                  done(points.map(function (p) { return Array.from(context.getImageData(p[0], p[1], 1, 1).data); }));
                };
                image.src = 'data:image/png;base64,' + arguments[0];
            """, shot, points)

            def red(colour):
                return colour[0] > 150 and colour[1] < 90 and colour[2] < 90
            expected = [True, True, False, True, True, True, True, True]
            assert [red(c) for c in colours] == expected, (colours, groups)
            assert groups["t"]["repeat"] == "repeat" and groups["t"]["size"] == "40px 30px", groups["t"]
            return "cover fills, ratio fits whole, repeat tiles"
        checks.run("group backgrounds: cover, ratio and repeat", backgrounds)
        checks.none("no console errors, no requests leaving the pages", problems(driver))
    finally:
        driver.quit()


def without_javascript(site, shots, checks):
    driver = start_for([os.path.join(site, PAGE)], shots, javascript=False)
    if driver is None:
        return
    try:
        load(driver, file_url(site, PAGE))

        def listed():
            found = js(driver, """
                var nodes = Array.from(document.querySelectorAll('.canvas-node'));
                return {live: !!document.querySelector('.canvas-live'),
                        order: nodes.map(function (n) { return n.getAttribute('data-node'); }),
                        tops: nodes.map(function (n) { return n.getBoundingClientRect().top; }),
                        edges: getComputedStyle(document.querySelector('.canvas-edges')).display};
            """)
            assert not found["live"], "the script ran"
            assert found["order"] == ["g1", "t1", "f1", "i1", "l1", "m1"], found["order"]
            assert all(a < b for a, b in zip(found["tops"], found["tops"][1:])), found["tops"]
            assert found["edges"] == "none", found["edges"]
            driver.save_screenshot(os.path.join(shots, "canvas-no-js.png"))
            return " ".join(found["order"])
        checks.run("without JavaScript the nodes are a list in reading order", listed)
    finally:
        driver.quit()


def main():
    return site_parts("canvas_test.py", with_javascript, without_javascript)


if __name__ == "__main__":
    run_timed(main)
