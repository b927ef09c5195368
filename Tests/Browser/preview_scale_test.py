#!/usr/bin/python3
"""The image preview scales every image up to fill the window, in Debian's headless Chromium.

    /usr/bin/python3 Tests/Browser/preview_scale_test.py SITE_DIR SCREENSHOT_DIR

SITE_DIR is a build of the vault PreviewScaleTests writes: `scale.html` shows an SVG diagram
(240x120, a black bar on white), a tiny checkered PNG (48x32) and a small PNG with one hard edge
(160x100). At 1280x900 and 375x667, in light and dark, each opens near the window's size with its
aspect kept; the screenshot shows the SVG's edges sharp (drawn as vectors), the tiny PNG's squares
sharp (pixelated) and the small PNG's edge smoothed; actual size, the keyboard and arrows still
work; without JavaScript the :target preview fills the window too; over HTTP the browser asks
for no /favicon.ico (pages name an inline icon). Screenshots go to
SCREENSHOT_DIR/preview-<width>-<theme>-<image>.png. Prints one line per check, then
"N passed, N failed"; exits 1 when a check failed.
"""

import base64
import functools
import http.server
import json
import os
import struct
import sys
import threading
import time
import zlib

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import (Checks, drain_logs, emulate, file_url, js,  # noqa: E402
                             keys, load, problems, start, start_for, usage, wait)
from site_test import PREVIEW, close_preview, wait_open  # noqa: E402

SIZES = ((1280, 900), (375, 667))
IMAGES = (("diagram", "A diagram"), ("icon", "A tiny icon"), ("photo", "A small photo"))


def decode_png(data):
    """Rows of (r, g, b) from an 8-bit RGB or RGBA PNG, as Chromium's screenshots are."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, idat, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"unexpected PNG {header}"
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, channels)])
        previous = line
    return rows


def screenshot_row(driver, y, left, right):
    """Grey levels of the screen's pixels on row y from left to right (CSS px = device px here).
    The clip is in page coordinates: the window's scroll offset is added to the viewport's row."""
    scroll = driver.execute_script("return [window.scrollX, window.scrollY];")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png",
        "clip": {"x": left + scroll[0], "y": y + scroll[1], "width": right - left, "height": 1, "scale": 1}})
    row = decode_png(base64.b64decode(shot["data"]))[0]
    return [round(0.299 * r + 0.587 * g + 0.114 * b) for r, g, b in row]


def edge_widths(levels):
    """For each change between dark and light along a row, how many pixels lie in between."""
    widths, run, side = [], 0, None
    for level in levels:
        now = "dark" if level < 40 else "light" if level > 215 else None
        if now is None:
            run += 1
            continue
        if side is not None and now != side:
            widths.append(run)
        if now is not None:
            side, run = now, 0
    return widths


def view_facts(driver):
    return js(driver, """
        var v = document.querySelector(arguments[0] + ' img');
        var r = v.getBoundingClientRect();
        return {w: r.width, h: r.height, x: r.left, y: r.top, nw: v.naturalWidth, nh: v.naturalHeight,
                complete: v.complete, rendering: getComputedStyle(v).imageRendering,
                src: v.src.slice(0, 20), iw: window.innerWidth, ih: window.innerHeight};""", PREVIEW)


def open_image(driver, alt):
    image = driver.find_element(By.CSS_SELECTOR, f"img.notesite-image[alt='{alt}']")
    js(driver, "arguments[0].scrollIntoView({block: 'center'});", image)
    js(driver, "(arguments[0].closest('a') || arguments[0]).click();", image)
    wait_open(driver)
    wait(driver, lambda: view_facts(driver)["complete"] and view_facts(driver)["nw"] > 0,
         "the preview image did not load")
    wait(driver, lambda: js(driver, "return document.querySelector(arguments[0] + ' img').alt;", PREVIEW) == alt,
         f"the preview does not show {alt!r}")
    return view_facts(driver)


def assert_fills(facts, name):
    w, h, iw, ih = facts["w"], facts["h"], facts["iw"], facts["ih"]
    assert facts["x"] >= 0 and facts["y"] >= 0 and facts["x"] + w <= iw + 0.5 and facts["y"] + h <= ih + 0.5, \
        f"{name} {w:.0f}x{h:.0f} at ({facts['x']:.0f},{facts['y']:.0f}) leaves the {iw}x{ih} window"
    filled = max(w / iw, h / ih)
    assert filled >= 0.8, f"{name} fills {filled:.0%} of the {iw}x{ih} window ({w:.0f}x{h:.0f})"
    shape, natural = w / h, facts["nw"] / facts["nh"]
    assert abs(shape - natural) / natural < 0.02, f"{name} is {shape:.3f} wide per height, not {natural:.3f}"
    assert w > facts["nw"] * 1.2, f"{name} is shown {w:.0f}px wide for {facts['nw']} pixels: not scaled up"
    return filled


def run_checks(driver, checks, site, shots):
    for width, height in SIZES:
        for dark in (False, True):
            theme = "dark" if dark else "light"

            def scales_every_image(width=width, height=height, theme=theme, dark=dark):
                emulate(driver, width, height, dark)
                load(driver, file_url(site, "scale.html"))
                drain_logs(driver)
                details = []
                for name, alt in IMAGES:
                    facts = open_image(driver, alt)
                    filled = assert_fills(facts, name)
                    expected = "pixelated" if name == "icon" else "auto"
                    assert facts["rendering"] == expected, \
                        f"{name}: image-rendering {facts['rendering']}, expected {expected}"
                    # Sharpness on screen, along the row through the image's middle.
                    middle = int(facts["y"] + facts["h"] / 2)
                    levels = screenshot_row(driver, middle, int(facts["x"]) + 2, int(facts["x"] + facts["w"]) - 2)
                    edges = edge_widths(levels)
                    driver.save_screenshot(os.path.join(shots, f"preview-{width}-{theme}-{name}.png"))
                    assert edges, f"{name}: no edge between dark and light on the screen's row {middle}"
                    if name == "photo":
                        # Smoothing spreads an edge over about the scale in pixels; square pixels over none.
                        least = 2 if facts["w"] / facts["nw"] >= 3 else 1
                        assert min(edges) >= least, f"photo: edges {edges} px wide, expected smoothed (>= {least})"
                    else:
                        assert max(edges) <= 1, f"{name}: edges {edges} px wide, expected sharp (<= 1)"
                    details.append(f"{name} {facts['w']:.0f}x{facts['h']:.0f} ({filled:.0%}, edges {max(edges)}px)")
                    close_preview(driver)
                found = problems(driver)
                assert not found, "; ".join(found[:3])
                return ", ".join(details)

            checks.run(f"{width}px {theme}: the SVG, the tiny and the small PNG fill the window", scales_every_image)

    def actual_size_still_toggles():
        emulate(driver, 1280, 900, False)
        load(driver, file_url(site, "scale.html"))
        facts = open_image(driver, "A tiny icon")
        fitted = facts["w"]
        shown = driver.find_element(By.CSS_SELECTOR, PREVIEW + " img")
        shown.click()
        wait(driver, lambda: abs(view_facts(driver)["w"] - facts["nw"]) < 1, "a click did not show actual size")
        assert "zoomable" in shown.get_attribute("class"), "at actual size a click enlarges: cursor zoom-in"
        shown.click()
        wait(driver, lambda: abs(view_facts(driver)["w"] - fitted) < 1, "a second click did not fit it again")
        keys(driver, "-")
        wait(driver, lambda: abs(view_facts(driver)["w"] - facts["nw"]) < 1, "- did not show the smaller actual size")
        keys(driver, "+")
        wait(driver, lambda: abs(view_facts(driver)["w"] - fitted) < 1, "+ did not show the larger fit")
        keys(driver, "-")
        keys(driver, "0")
        wait(driver, lambda: abs(view_facts(driver)["w"] - fitted) < 1, "0 did not go back to fit")
        return f"fit {fitted:.0f}px, actual {facts['nw']}px"

    def keyboard_and_arrows():
        emulate(driver, 375, 667, True)
        load(driver, file_url(site, "scale.html"))
        link = driver.find_element(By.CSS_SELECTOR, "img.notesite-image[alt='A diagram']")
        js(driver, "(arguments[0].closest('a') || arguments[0]).focus();", link)
        keys(driver, Keys.ENTER)
        wait_open(driver)
        counter = lambda: driver.find_element(By.CSS_SELECTOR, PREVIEW + " .notesite-preview-counter").text
        assert counter().startswith("1 /"), counter()
        keys(driver, Keys.ARROW_RIGHT)
        wait(driver, lambda: counter().startswith("2 /"), f"ArrowRight shows {counter()!r}")
        wait(driver, lambda: view_facts(driver)["complete"] and view_facts(driver)["w"] > 100, "not scaled")
        filled = assert_fills(view_facts(driver), "the next image")
        keys(driver, Keys.ESCAPE)
        wait(driver, lambda: not js(driver, "return document.querySelector(arguments[0]).open;", PREVIEW),
             "Esc did not close")
        return f"the next image fills {filled:.0%} at 375 px"

    def default_icon_draws():
        load(driver, file_url(site, "scale.html"))
        pixel = driver.execute_async_script("""
            var done = arguments[arguments.length - 1];
            var link = document.querySelector('link[rel=icon]');
            if (!link || link.href.indexOf('data:image/svg+xml,') !== 0) { done('no inline icon'); return; }
            var image = new Image();
            image.onload = function () {
              var canvas = document.createElement('canvas');
              canvas.width = canvas.height = 16;
              var context = canvas.getContext('2d');
              context.drawImage(image, 0, 0, 16, 16);
              done(Array.from(context.getImageData(1, 8, 1, 1).data));
            };
            image.onerror = function () { done('the icon does not load'); };
            image.src = link.href;""")
        assert isinstance(pixel, list), pixel
        assert pixel[3] == 255 and pixel[2] > 150 > pixel[0], f"the icon's edge is {pixel}, not opaque blue"
        return f"edge pixel {pixel}"

    checks.run("the default inline icon is a drawable SVG", default_icon_draws)
    checks.run("actual size still toggles for a small image; + - 0 pick larger, smaller, fit", actual_size_still_toggles)
    checks.run("Enter opens, ArrowRight flips to a scaled-up image, Esc closes", keyboard_and_arrows)
    emulate(driver)


def run_no_js(checks, site, shots):
    def target_fills():
        driver = start(javascript=False, performance_log=True)
        try:
            emulate(driver, 1280, 900, False)
            load(driver, file_url(site, "scale.html") + "#notesite-image-2")
            facts = js(driver, """
                var i = document.querySelector('#notesite-image-2 img'), r = i.getBoundingClientRect();
                return {w: r.width, h: r.height, fit: getComputedStyle(i).objectFit,
                        iw: window.innerWidth, ih: window.innerHeight,
                        js: document.documentElement.classList.contains('notesite-js')};""")
            assert not facts["js"], "JavaScript ran: the check would not test the fallback"
            assert facts["fit"] == "contain", f"object-fit {facts['fit']}"
            assert facts["w"] >= facts["iw"] * 0.9 and facts["h"] >= facts["ih"] * 0.9, \
                f"the :target box is {facts['w']:.0f}x{facts['h']:.0f} in {facts['iw']}x{facts['ih']}"
            driver.save_screenshot(os.path.join(shots, "preview-nojs-1280-light-icon.png"))
            return f"{facts['w']:.0f}x{facts['h']:.0f}, object-fit contain"
        finally:
            driver.quit()

    checks.run("without JavaScript the :target preview fills the window", target_fills)


def run_over_http(checks, site):
    """Over HTTP a browser asks for /favicon.ico unless the page names an icon: it must not."""
    def no_favicon_request():
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=site)
        handler.log_message = lambda *args: None
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        driver = start(performance_log=True)
        try:
            base = f"http://127.0.0.1:{server.server_address[1]}/"
            for page in ("scale.html", "index.html"):
                load(driver, base + page)
            time.sleep(1)
            failed = []
            for entry in driver.get_log("performance"):
                message = json.loads(entry["message"])["message"]
                if message.get("method") == "Network.responseReceived":
                    response = message["params"]["response"]
                    if response["status"] >= 400 or response["url"].endswith("favicon.ico"):
                        failed.append(f"{response['status']} {response['url']}")
            assert not failed, "; ".join(failed[:3])
            return "the inline icon: no request for /favicon.ico"
        finally:
            driver.quit()
            server.shutdown()

    checks.run("over HTTP no request for a favicon fails", no_favicon_request)


def main():
    if len(sys.argv) != 3:
        return usage("preview_scale_test.py SITE_DIR SCREENSHOT_DIR")
    site, shots = (os.path.abspath(a) for a in sys.argv[1:])
    driver = start_for([os.path.join(site, "scale.html")], shots, performance_log=True)
    if not driver:
        return 1
    checks = Checks()
    checks.cleanup = lambda: close_preview(driver)
    try:
        run_checks(driver, checks, site, shots)
    finally:
        driver.quit()
    run_no_js(checks, site, shots)
    run_over_http(checks, site)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
