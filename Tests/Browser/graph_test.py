#!/usr/bin/python3
"""The graph page and the local graph in Debian's headless Chromium, from file://.

    /usr/bin/python3 Tests/Browser/graph_test.py SITE_DIR [SCREENSHOT_DIR]
    /usr/bin/python3 Tests/Browser/graph_test.py --bench SITE_DIR

SITE_DIR is a build of the vault GraphSiteTests writes: hub.html linked with spoke-*.html and
more, lonely.html with no links. Checks graph.html drawn (canvas pixels not blank) at 1280 and
375 px in the light and the dark scheme, hover lighting a node's neighbours, a click opening the
note, keyboard pan, zoom and Enter, the local graph on a note page (and none on a note without
links), the page without JavaScript, no console errors and no request leaving the site.
Screenshots go to SCREENSHOT_DIR as graph-<width>-<theme>.png. Prints one line per check, then
"N passed, N failed"; exits 1 when a check failed.

--bench measures a big site (scripts/bench-graph builds 4,000 generated notes): the time until
graph.html has drawn, the draw time and the frame times (requestAnimationFrame deltas) while
panning, and the local graph's bytes in a note page.
"""

import os
import pathlib
import re
import statistics
import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import Checks, console_errors, outside_requests, start, usage, waited  # noqa: E402

checks = Checks()
check = checks.check
NO_SCROLLBARS = ("--hide-scrollbars",)

# Pixels of the canvas that differ from its background, and those in a given colour.
PIXELS_JS = """
var canvas = arguments[0], colour = arguments[1];
var c = canvas.getContext('2d');
var data = c.getImageData(0, 0, canvas.width, canvas.height).data;
var bg = [data[0], data[1], data[2]];
function rgb(text) {
  var probe = document.createElement('canvas').getContext('2d');
  probe.fillStyle = text;
  var hex = probe.fillStyle;
  return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
}
var want = colour ? rgb(getComputedStyle(document.documentElement).getPropertyValue(colour).trim()) : null;
var drawn = 0, matching = 0;
for (var i = 0; i < data.length; i += 4) {
  if (Math.abs(data[i] - bg[0]) + Math.abs(data[i + 1] - bg[1]) + Math.abs(data[i + 2] - bg[2]) > 30) drawn++;
  if (want && Math.abs(data[i] - want[0]) + Math.abs(data[i + 1] - want[1]) + Math.abs(data[i + 2] - want[2]) < 12) matching++;
}
return [drawn, matching, bg];
"""

VIEW_JS = "return (window.notesiteGraphViews || []).filter(function (v) { return v.kind === arguments[0]; }).length"


def view(driver, kind):
    ready = waited(driver, lambda: driver.execute_script(VIEW_JS.replace("arguments[0]", repr(kind))) > 0)
    return ready


def api(driver, kind, expression, *arguments):
    script = ("var v = window.notesiteGraphViews.filter(function (v) { return v.kind === '" + kind + "'; })[0];"
              "return " + expression + ";")
    return driver.execute_script(script, *arguments)


def set_scheme(driver, scheme):
    driver.execute_script("document.documentElement.setAttribute('data-theme', arguments[0])", scheme)
    time.sleep(0.15)  # a frame or two for the redraw


def move_to_node(driver, kind, index):
    """Moves the mouse onto node `index` (offsets from the canvas' centre, in client pixels)."""
    dx, dy = api(driver, kind, """(function (index) {
        var at = v.screenOf(index);
        var box = v.element.querySelector('canvas').getBoundingClientRect();
        return [at[0] - box.left - box.width / 2, at[1] - box.top - box.height / 2];
    })(arguments[0])""", index)
    canvas = api(driver, kind, "v.element.querySelector('canvas')")
    ActionChains(driver).move_to_element_with_offset(canvas, int(round(dx)), int(round(dy))).perform()


def page_checks(driver, site, shots):
    for width in (1280, 375):
        driver.set_window_size(width, 900)
        driver.get((site / "graph.html").as_uri())
        check(f"the graph view starts at {width} px", view(driver, "site"))
        canvas = driver.find_element(By.CSS_SELECTOR, ".graph-site canvas")
        for scheme in ("light", "dark"):
            set_scheme(driver, scheme)
            drawn, _, background = driver.execute_script(PIXELS_JS, canvas, None)
            expected = (255, 255, 255) if scheme == "light" else (23, 23, 26)
            check(f"{width} px, {scheme}: the canvas is drawn ({drawn} pixels) on the scheme's background",
                  drawn > 300 and tuple(background) == expected, (drawn, background))
            driver.save_screenshot(str(shots / f"graph-{width}-{scheme}.png"))
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        check(f"{width} px: no horizontal scroll", overflow <= 0, overflow)
        hidden = driver.execute_script("return document.querySelector('.graph-fallback').hidden")
        check(f"{width} px: the no-JavaScript words are hidden once drawn", hidden is True, hidden)
    set_scheme(driver, "light")
    checks.none("the graph page logs no errors", console_errors(driver))
    checks.none("no request leaves the site", outside_requests(driver))


def hub_index(driver, kind):
    return api(driver, kind, "v.nodes().map(function (n, i) { return i; }).filter(function (i) { return v.page(i) === 'hub.html'; })[0]")


def hover_and_click_checks(driver, site):
    driver.set_window_size(1280, 900)
    driver.get((site / "graph.html").as_uri())
    view(driver, "site")
    hub = hub_index(driver, "site")
    canvas = driver.find_element(By.CSS_SELECTOR, ".graph-site canvas")
    _, hot_before, _ = driver.execute_script(PIXELS_JS, canvas, "--link")
    move_to_node(driver, "site", hub)
    waited(driver, lambda: api(driver, "site", "v.lit()").__len__() > 0)
    lit = api(driver, "site", "v.lit()")
    pages = sorted(api(driver, "site", "v.page(arguments[0])", node) for node in lit[1:])
    check("hovering the hub lights it and its neighbours", lit[:1] == [hub] and len(lit) >= 6, (lit, pages))
    time.sleep(0.1)
    _, hot_after, _ = driver.execute_script(PIXELS_JS, canvas, "--link")
    check(f"the lit links and nodes are drawn in the link colour ({hot_before} -> {hot_after} pixels)",
          hot_after > hot_before + 100, (hot_before, hot_after))
    driver.save_screenshot(str(SHOTS / "graph-1280-hover.png"))
    ActionChains(driver).click().perform()
    opened = waited(driver, lambda: driver.current_url.endswith("/hub.html"))
    check("a click on a node opens its note", opened, driver.current_url)


def keyboard_checks(driver, site):
    driver.get((site / "graph.html").as_uri())
    view(driver, "site")
    # Tab from the page's start reaches the canvas (after the header's links and the search box).
    reached = False
    for _ in range(20):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.switch_to.active_element.tag_name == "canvas":
            reached = True
            break
    check("Tab reaches the canvas", reached, driver.switch_to.active_element.tag_name)
    if not reached:
        driver.execute_script("document.querySelector('.graph-site canvas').focus()")
    outline = driver.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
    check("the focused canvas shows its focus", outline != "none", outline)
    before = api(driver, "site", "v.state()")
    driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    after = api(driver, "site", "v.state()")
    check("an arrow key pans", after["panX"] - before["panX"] == 60 and after["panY"] == before["panY"],
          (before, after))
    driver.switch_to.active_element.send_keys("+")
    zoomed = api(driver, "site", "v.state()")
    check("+ zooms in", abs(zoomed["scale"] / after["scale"] - 1.25) < 1e-6, (after, zoomed))
    driver.switch_to.active_element.send_keys("-")
    back = api(driver, "site", "v.state()")
    check("- zooms out", abs(back["scale"] - after["scale"]) < 1e-9, (after, back))
    status = driver.find_element(By.CSS_SELECTOR, ".graph-site .graph-status").text
    focused = back["focused"]
    check("the node in the middle is named for the keyboard", focused >= 0 and "Enter opens it" in status, status)
    page = api(driver, "site", "v.page(arguments[0])", focused)
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    check("Enter opens it", waited(driver, lambda: driver.current_url.endswith("/" + page)),
          (driver.current_url, page))


def local_checks(driver, site, shots):
    for scheme in ("light", "dark"):
        driver.set_window_size(1280, 900)
        driver.get((site / "hub.html").as_uri())
        set_scheme(driver, scheme)
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        shown = view(driver, "local")
        check(f"{scheme}: the hub's local graph appears when scrolled to", shown)
        if not shown:
            return
        time.sleep(0.15)
        nodes = api(driver, "local", "v.nodes().length")
        centre = api(driver, "local", "v.page(0)")
        check("it shows the note and its links and backlinks (depth 1)", centre == "hub.html" and nodes == 9,
              (centre, nodes))
        canvas = driver.find_element(By.CSS_SELECTOR, ".local-graph canvas")
        drawn, _, _ = driver.execute_script(PIXELS_JS, canvas, None)
        check(f"{scheme}: the local graph is drawn ({drawn} pixels)", drawn > 300, drawn)
        driver.execute_script("document.querySelector('.local-graph').scrollIntoView()")
        driver.save_screenshot(str(shots / f"graph-local-1280-{scheme}.png"))
    driver.set_window_size(375, 800)
    driver.get((site / "spoke-1.html").as_uri())
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    view(driver, "local")
    overflow = driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    check("375 px: a note with its local graph has no horizontal scroll", overflow <= 0, overflow)
    driver.execute_script("document.querySelector('.local-graph').scrollIntoView()")
    driver.save_screenshot(str(shots / "graph-local-375-light.png"))
    move_to_node(driver, "local", 0)
    waited(driver, lambda: len(api(driver, "local", "v.lit()")) > 0)
    lit = api(driver, "local", "v.lit()")
    check("hovering the local graph's centre lights its neighbours", len(lit) >= 2, lit)
    driver.set_window_size(1280, 900)
    driver.get((site / "lonely.html").as_uri())
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    time.sleep(0.5)
    hidden = driver.execute_script("return document.querySelector('.local-graph').hidden")
    check("a note without links shows no local graph", hidden is True, hidden)
    checks.none("note pages log no errors", console_errors(driver))


def no_script_checks(site):
    driver = start(javascript=False, arguments=NO_SCROLLBARS)
    try:
        driver.get((site / "graph.html").as_uri())
        text = driver.find_element(By.CSS_SELECTOR, ".graph-fallback").text
        link = driver.find_element(By.CSS_SELECTOR, ".graph-fallback a").get_attribute("href")
        check("without JavaScript the graph page says what it is and links the list of notes",
              "needs JavaScript" in text and link.endswith("/index.html"), (text, link))
        canvas_shown = driver.find_element(By.CSS_SELECTOR, ".graph-site").is_displayed()
        check("without JavaScript no empty canvas is shown", not canvas_shown, canvas_shown)
        driver.get((site / "hub.html").as_uri())
        article = driver.find_element(By.CSS_SELECTOR, "article").text
        local = driver.find_element(By.CSS_SELECTOR, ".local-graph").is_displayed()
        check("without JavaScript a note reads normally, no local graph box", "Hub" in article and not local,
              (article[:80], local))
    finally:
        driver.quit()


def bench(site):
    """Time to draw graph.html and frame times while panning, on a big site."""
    driver = start(arguments=NO_SCROLLBARS)
    try:
        loads = []
        for _ in range(5):
            driver.get((site / "graph.html").as_uri())
            view(driver, "site")
            waited(driver, lambda: api(driver, "site", "v.firstDrawAt()") > 0, 30)
            loads.append(api(driver, "site", "v.firstDrawAt()"))
        nodes = api(driver, "site", "v.nodes().length")
        print(f"graph.html, {nodes} nodes: drawn {statistics.median(loads):.0f} ms after navigation "
              f"(median of 5: {', '.join(f'{t:.0f}' for t in loads)})")
        driver.set_script_timeout(180)
        frames = driver.execute_async_script("""
            var done = arguments[arguments.length - 1];
            var canvas = document.querySelector('.graph-site canvas');
            var box = canvas.getBoundingClientRect();
            var x = box.left + box.width / 2, y = box.top + box.height / 2;
            function fire(type) {
              canvas.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, button: 0, pointerId: 1, bubbles: true }));
            }
            fire('pointerdown');
            var last = 0, deltas = [], count = 0;
            function step(now) {
              if (last) deltas.push(now - last);
              last = now;
              x += 4; y += 2; fire('pointermove');
              if (++count < 180) requestAnimationFrame(step); else { fire('pointerup'); done(deltas); }
            }
            requestAnimationFrame(step);
        """)
        draws = api(driver, "site", "v.drawTimes()")[-170:]
        # The same number of frames doing nothing: what this machine's load alone allows.
        idle = driver.execute_async_script("""
            var done = arguments[arguments.length - 1], last = 0, deltas = [], count = 0;
            function step(now) {
              if (last) deltas.push(now - last);
              last = now;
              if (++count < 180) requestAnimationFrame(step); else done(deltas);
            }
            requestAnimationFrame(step);
        """)
        idle.sort()
        frames.sort()
        draws.sort()
        print(f"panning 180 frames: frame interval median {statistics.median(frames):.1f} ms, "
              f"95th percentile {frames[int(len(frames) * 0.95)]:.1f} ms, worst {frames[-1]:.1f} ms; "
              f"draw median {statistics.median(draws):.1f} ms, 95th {draws[int(len(draws) * 0.95)]:.1f} ms; "
              f"idle frames on this machine now: median {statistics.median(idle):.1f} ms, "
              f"95th {idle[int(len(idle) * 0.95)]:.1f} ms")
        data = (site / "assets" / "graph-data.js").stat().st_size
        note = next(p for p in sorted(site.rglob("*.html")) if "<section class=\"local-graph\"" in p.read_text())
        html = note.read_text()
        part = re.search(r'<section class="local-graph".*?graph\.js" defer></script>', html, re.S)
        link = html.count('graph.html">Graph</a>') * len('<li><a href="graph.html">Graph</a></li>\n')
        print(f"graph-data.js {data} bytes ({data / nodes:.0f} per node); local graph in a note page: "
              f"{len(part.group(0).encode()) if part else 0} bytes, header link about {link} bytes")
        driver.get(note.as_uri())
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        waited(driver, lambda: driver.execute_script(VIEW_JS.replace("arguments[0]", "'local'")) > 0, 30)
        shown = driver.execute_script(
            "var v = window.notesiteGraphViews[0]; return [v.firstDrawAt(), v.nodes().length]")
        print(f"local graph on {note.name}: {shown[1]} nodes, drawn {shown[0]:.0f} ms after navigation "
              "(scrolled to at once)")
    finally:
        driver.quit()


def main():
    global SHOTS
    if len(sys.argv) >= 3 and sys.argv[1] == "--bench":
        bench(pathlib.Path(sys.argv[2]).resolve())
        return
    if len(sys.argv) not in (2, 3):
        sys.exit(usage("graph_test.py SITE_DIR [SCREENSHOT_DIR] | --bench SITE_DIR"))
    site = pathlib.Path(sys.argv[1]).resolve()
    SHOTS = pathlib.Path(sys.argv[2] if len(sys.argv) == 3 else ".build/screenshots").resolve()
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver = start(arguments=NO_SCROLLBARS)
    try:
        page_checks(driver, site, SHOTS)
        hover_and_click_checks(driver, site)
        keyboard_checks(driver, site)
        local_checks(driver, site, SHOTS)
    finally:
        driver.quit()
    no_script_checks(site)
    sys.exit(checks.finish())


if __name__ == "__main__":
    main()
