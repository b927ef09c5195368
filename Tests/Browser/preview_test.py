#!/usr/bin/python3
"""Real-browser test of the default theme's image preview.

    /usr/bin/python3 Tests/Browser/preview_test.py SITE_DIR NOTE_HTML

Opens file://SITE_DIR/NOTE_HTML in headless Chromium (1600x1200) and checks the preview against
the markup contract (img.notesite-image with width/height in CSS pixels). NOTE_HTML must hold an
image whose natural width is larger than its width on the page (any photo wider than the column).
Prints one line per check, then "N passed, N failed"; exits 1 when a check failed.

Needs Debian's python3-selenium, chromium and chromium-driver. To try it without notesite:

    /usr/bin/python3 Tests/Browser/make_sample_site.py Site /tmp/sample
    /usr/bin/python3 Tests/Browser/preview_test.py /tmp/sample guide/images.html
"""

import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

IMAGES = "img.notesite-image"
PREVIEW = "dialog.notesite-preview"
TIMEOUT = 5


class Checks:
    def __init__(self, driver):
        self.driver = driver
        self.passed = 0
        self.failed = 0

    def run(self, name, body):
        try:
            detail = body()
            self.passed += 1
            print(f"PASS {name}" + (f" ({detail})" if detail else ""))
        except Exception as error:  # one failing check must not stop the others
            self.failed += 1
            message = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            print(f"FAIL {name}: {message}")
        finally:
            reset(self.driver)


def wait(driver, condition, message):
    return WebDriverWait(driver, TIMEOUT, poll_frequency=0.02).until(lambda d: condition(), message)


def preview_open(driver):
    return driver.execute_script(
        "var d = document.querySelector(arguments[0]);"
        "if (!d || !d.hasAttribute('open')) return false;"
        "var r = d.getBoundingClientRect(); return r.width > 0 && r.height > 0;",
        PREVIEW,
    )


def wait_open(driver):
    wait(driver, lambda: preview_open(driver), "the preview did not open")


def wait_closed(driver):
    wait(driver, lambda: not preview_open(driver), "the preview did not close")


def reset(driver):
    """Leave no preview open for the next check, whatever the last one did."""
    driver.execute_script("var d = document.querySelector(arguments[0]); if (d && d.open) d.close();", PREVIEW)


def active_is(driver, element):
    return driver.execute_script("return document.activeElement === arguments[0];", element)


def wait_focus_on(driver, element):
    wait(driver, lambda: active_is(driver, element), "focus did not return to the image")


def rendered_width(driver, element):
    return driver.execute_script("return arguments[0].getBoundingClientRect().width;", element)


def natural_width(driver, element):
    return driver.execute_script("return arguments[0].naturalWidth;", element)


def preview_image(driver):
    return driver.find_element(By.CSS_SELECTOR, PREVIEW + " img")


def main():
    if len(sys.argv) != 3:
        print("usage: preview_test.py SITE_DIR NOTE_HTML", file=sys.stderr)
        return 64
    page = os.path.join(os.path.abspath(sys.argv[1]), sys.argv[2])
    if not os.path.isfile(page):
        print(f"FAIL open page: {page} does not exist")
        print("0 passed, 1 failed")
        return 1

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1600,1200", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    try:
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    except Exception as error:
        print(f"FAIL start headless Chromium: {str(error).strip().splitlines()[0]}")
        print("0 passed, 1 failed")
        return 1
    checks = Checks(driver)
    try:
        driver.get("file://" + page)
        state = {}

        def images_displayed():
            images = driver.find_elements(By.CSS_SELECTOR, IMAGES)
            assert images, f"no {IMAGES} on the page"
            wait(driver, lambda: driver.execute_script(
                "return Array.from(document.querySelectorAll(arguments[0]))"
                ".every(function (i) { return i.complete && i.naturalWidth > 0; });", IMAGES),
                "not every image loaded")
            hidden = [i.get_attribute("alt") for i in images if not i.is_displayed()]
            assert not hidden, f"images not displayed: {hidden}"
            # The first image bigger in pixels than on the page is the one to preview; an image
            # inside a link follows the link instead, so it is not a candidate.
            for image in images:
                linked = driver.execute_script("return !!arguments[0].closest('a');", image)
                if not linked and natural_width(driver, image) > rendered_width(driver, image) + 1:
                    state["image"] = image
                    break
            assert "image" in state, "no image has more pixels than it shows; use a page with a large photo"
            return f"{len(images)} images"

        def click_opens():
            state["image"].click()
            wait_open(driver)

        def preview_larger():
            image = state["image"]
            image.click()
            wait_open(driver)
            view = preview_image(driver)
            wait(driver, lambda: natural_width(driver, view) > 0, "the preview image did not load")
            on_page, in_preview = rendered_width(driver, image), rendered_width(driver, view)
            natural = natural_width(driver, view)
            assert in_preview > on_page + 1, f"preview {in_preview:.0f}px is not wider than the page's {on_page:.0f}px"
            assert in_preview <= natural + 0.5, f"preview {in_preview:.0f}px is beyond the natural {natural}px"
            window = driver.execute_script("return window.innerWidth;")
            assert in_preview <= window, f"preview {in_preview:.0f}px is wider than the window {window}px"
            return f"{on_page:.0f}px on the page, {in_preview:.0f}px in the preview, natural {natural}px"

        def fits_small_window():
            driver.set_window_size(900, 700)
            try:
                state["image"].click()
                wait_open(driver)
                view = preview_image(driver)
                size = driver.execute_script(
                    "var r = arguments[0].getBoundingClientRect();"
                    "return [r.width, r.height, window.innerWidth, window.innerHeight];", view)
                width, height, window_width, window_height = size
                assert width <= window_width and height <= window_height, (
                    f"preview {width:.0f}x{height:.0f} overflows the {window_width}x{window_height} window")
                assert width > 0.5 * window_width or height > 0.5 * window_height, (
                    f"preview {width:.0f}x{height:.0f} is small in a {window_width}x{window_height} window")
                return f"{width:.0f}x{height:.0f} in {window_width}x{window_height}"
            finally:
                reset(driver)
                driver.set_window_size(1600, 1200)

        def caption_matches():
            image = state["image"]
            image.click()
            wait_open(driver)
            expected = image.get_attribute("title") or image.get_attribute("alt")
            caption = driver.find_element(By.CSS_SELECTOR, PREVIEW + " figcaption").text
            assert expected and expected in caption, f"caption {caption!r} does not show {expected!r}"

        def escape_closes():
            state["image"].click()
            wait_open(driver)
            ActionChains(driver).send_keys(Keys.ESCAPE).perform()
            wait_closed(driver)
            wait_focus_on(driver, state["image"])

        def button_closes():
            state["image"].click()
            wait_open(driver)
            button = driver.find_element(By.CSS_SELECTOR, PREVIEW + " .notesite-preview-close")
            assert button.is_displayed(), "the close button is not visible"
            button.click()
            wait_closed(driver)
            wait_focus_on(driver, state["image"])

        def outside_closes():
            state["image"].click()
            wait_open(driver)
            # A point in the top-left corner: inside the window, outside the picture and the buttons.
            view = preview_image(driver).rect
            assert view["x"] > 10 and view["y"] > 10, "the preview image covers the corner"
            actions = ActionChains(driver)
            actions.w3c_actions.pointer_action.move_to_location(5, 5).click()
            actions.perform()
            wait_closed(driver)
            wait_focus_on(driver, state["image"])

        def enter_opens():
            image = state["image"]
            driver.execute_script("arguments[0].focus();", image)
            assert active_is(driver, image), "the image cannot take focus (tabindex?)"
            ActionChains(driver).send_keys(Keys.ENTER).perform()
            wait_open(driver)
            ActionChains(driver).send_keys(Keys.ESCAPE).perform()
            wait_closed(driver)

        def space_opens():
            image = state["image"]
            driver.execute_script("arguments[0].focus();", image)
            ActionChains(driver).send_keys(Keys.SPACE).perform()
            wait_open(driver)

        def focus_returns():
            image = state["image"]
            image.click()
            wait_open(driver)
            assert not active_is(driver, image), "focus stayed on the page while the preview was open"
            ActionChains(driver).send_keys(Keys.ESCAPE).perform()
            wait_closed(driver)
            wait_focus_on(driver, image)

        def arrows_flip():
            images = driver.find_elements(By.CSS_SELECTOR, IMAGES)
            if len(images) < 2:
                return "one image only: nothing to flip"
            images[0].click()
            wait_open(driver)
            counter = driver.find_element(By.CSS_SELECTOR, PREVIEW + " .notesite-preview-counter")
            assert counter.text == f"1 / {len(images)}", f"counter reads {counter.text!r}"
            first = preview_image(driver).get_attribute("alt")
            ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
            wait(driver, lambda: counter.text == f"2 / {len(images)}", f"counter still reads {counter.text!r}")
            assert preview_image(driver).get_attribute("alt") == images[1].get_attribute("alt"), (
                f"still showing {first!r}")
            ActionChains(driver).send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT).perform()
            last = f"{len(images)} / {len(images)}"
            wait(driver, lambda: counter.text == last, f"left from the first should wrap to {last!r}")

        checks.run("images are present and displayed", images_displayed)
        if "image" in state:
            checks.run("clicking an image opens the preview", click_opens)
            checks.run("the preview shows the image larger, within its natural size", preview_larger)
            checks.run("the preview fits a smaller window", fits_small_window)
            checks.run("the caption shows the title or alt text", caption_matches)
            checks.run("Esc closes the preview", escape_closes)
            checks.run("the close button closes the preview", button_closes)
            checks.run("a click outside the image closes the preview", outside_closes)
            checks.run("Enter on a focused image opens the preview", enter_opens)
            checks.run("Space on a focused image opens the preview", space_opens)
            checks.run("focus returns to the image after closing", focus_returns)
            checks.run("arrow keys flip through the images with a counter", arrows_flip)
    finally:
        driver.quit()
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    started = time.monotonic()
    status = main()
    print(f"took {time.monotonic() - started:.1f}s", file=sys.stderr)
    sys.exit(status)
