"""What the selenium scripts share: starting Debian's headless Chromium, waiting, the page's
problems (console errors, requests leaving it), WCAG contrast in the page, and the checks' report
("PASS name" or "FAIL name: why" per check, then "N passed, N failed", the line the Swift tests
read). Imported by the scripts beside it and by Tests/DevServerTests/Browser by path.
"""

import json
import os
import sys
import time
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
TIMEOUT = 10
LOCAL_SCHEMES = ("file:", "data:", "about:", "blob:")

# WCAG 2 contrast of an element's text against what is painted behind it: semi-transparent
# backgrounds are laid over each other down to the first opaque one (or the page's, or white).
# A script's own code after this calls contrast(el), or the pieces.
CONTRAST_FUNCTIONS = """
function parse(c) {
  var m = c.match(/^rgba?\\(([^)]*)\\)/);
  var scale = 1;
  if (!m) { m = c.match(/^color\\(srgb ([^)]*)\\)/); scale = 255; }
  if (!m) return null;
  var p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(parseFloat);
  return [p[0] * scale, p[1] * scale, p[2] * scale, p.length > 3 ? p[3] : 1];
}
function over(top, bottom) {
  var a = top[3];
  return [0, 1, 2].map(function (i) { return top[i] * a + bottom[i] * (1 - a); }).concat([1]);
}
function background(el) {
  var layers = [];
  for (var node = el; node; node = node.parentElement) {
    var c = parse(getComputedStyle(node).backgroundColor);
    if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
  }
  var colour = [255, 255, 255, 1];
  var html = parse(getComputedStyle(document.documentElement).backgroundColor);
  if (html && html[3] > 0) colour = html;
  for (var i = layers.length - 1; i >= 0; i--) colour = over(layers[i], colour);
  return colour;
}
function luminance(c) {
  var v = [0, 1, 2].map(function (i) {
    var s = c[i] / 255;
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}
function contrast(el) {
  var bg = background(el), fg = over(parse(getComputedStyle(el).color), bg);
  var a = luminance(fg), b = luminance(bg);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
"""


class Checks:
    """Runs and counts the checks, one printed line each."""

    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.cleanup = None  # called after each run(), e.g. to close what a failed check left open

    def run(self, name, body):
        """Runs body(); it passes unless it raises. What it returns is printed beside the name."""
        try:
            detail = body()
            self.passed += 1
            print(f"PASS {name}" + (f" ({detail})" if detail else ""), flush=True)
        except Exception as error:  # one failing check must not stop the others
            self.failed += 1
            print(f"FAIL {name}: {first_line(error)}", flush=True)
        finally:
            if self.cleanup:
                try:
                    self.cleanup()
                except Exception:
                    pass

    def check(self, name, ok, detail=""):
        """Counts a check already decided; `detail` says what was found when it failed."""
        if ok:
            self.passed += 1
            print(f"PASS {name}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL {name}: {detail}", flush=True)
        return bool(ok)

    def none(self, name, found):
        """Passes when `found` (console errors, requests that left) is empty; a failure lists it.
        Found once: the browser log gives each entry only once, so a second read would show nothing."""
        return self.check(name, not found, found)

    def finish(self):
        """Prints the closing count; returns the exit status."""
        print(f"{self.passed} passed, {self.failed} failed", flush=True)
        return 1 if self.failed else 0


def first_line(error):
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def failed_before_checks(why):
    """A script that cannot begin reports one failed check; returns the exit status."""
    print(f"FAIL {why}")
    print("0 passed, 1 failed")
    return 1


def usage(text):
    print("usage: " + text, file=sys.stderr)
    return 64


def site_parts(script, *parts):
    """The `main` of a test given SITE_DIR and SCREENSHOT_DIR: each part(site, shots, checks) in turn."""
    if len(sys.argv) != 3:
        return usage(f"{script} SITE_DIR SCREENSHOT_DIR")
    site, shots = sys.argv[1], sys.argv[2]
    checks = Checks()
    for part in parts:
        part(site, shots, checks)
    return checks.finish()


def run_timed(main):
    """Exits with main()'s status after printing how long it took (on stderr)."""
    started = time.monotonic()
    status = main()
    print(f"took {time.monotonic() - started:.1f}s", file=sys.stderr)
    sys.exit(status)


def chromium_options(width=1280, height=900, javascript=True, performance_log=False, arguments=()):
    """Headless Chromium at a window size; the performance log records requests for problems()."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--force-device-scale-factor=1",
                     "--allow-file-access-from-files", *arguments):
        options.add_argument(argument)
    logs = {"browser": "ALL", "performance": "ALL"} if performance_log else {"browser": "ALL"}
    options.set_capability("goog:loggingPrefs", logs)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return options


def start(options=None, **settings):
    """A driver for `options`, or for chromium_options(**settings)."""
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options or chromium_options(**settings))


def start_for(pages, shots, **settings):
    """Sees that the built `pages` are there, makes the screenshot folder and starts Chromium;
    None, after reporting one failed check, when it cannot."""
    for page in pages:
        if not os.path.isfile(page):
            failed_before_checks(f"open the site: {page} does not exist")
            return None
    os.makedirs(shots, exist_ok=True)
    try:
        return start(**settings)
    except Exception as error:
        failed_before_checks(f"start headless Chromium: {first_line(error)}")
        return None


def wait(driver, condition, message="", timeout=TIMEOUT, poll=0.02, ignored=None):
    """Waits until condition() holds; raises TimeoutException with `message` when it never does.
    Exceptions of the `ignored` types raised by condition() count as "not yet"."""
    return WebDriverWait(driver, timeout, poll_frequency=poll, ignored_exceptions=ignored).until(
        lambda d: condition(), message)


def waited(driver, condition, timeout=TIMEOUT, poll=0.05, ignored=None):
    """Whether condition() came to hold in time, for checks that report rather than raise."""
    try:
        wait(driver, condition, timeout=timeout, poll=poll, ignored=ignored)
        return True
    except Exception:
        return False


def js(driver, script, *args):
    return driver.execute_script(script, *args)


def keys(driver, *sequence):
    ActionChains(driver).send_keys(*sequence).perform()


def file_url(site, page):
    return "file://" + urllib.parse.quote(os.path.join(os.path.abspath(site), page))


def load(driver, url):
    driver.get(url)
    wait(driver, lambda: js(driver, "return document.readyState") == "complete", f"{url} did not load")


def emulate(driver, width_px=None, height_px=None, dark=None):
    """Emulates a viewport (none: the window's) and a colour scheme (None: the system's)."""
    if width_px:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width_px, "height": height_px, "deviceScaleFactor": 1, "mobile": width_px < 600})
    else:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    scheme = "" if dark is None else ("dark" if dark else "light")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def console_errors(driver):
    """The console's errors since the last read of the browser log."""
    return [entry.get("message", "") for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def outside_requests(driver):
    """Resources of the current page that did not come from file://."""
    return js(driver, "return performance.getEntriesByType('resource').map(function (e) { return e.name; })"
                      ".filter(function (n) { return !n.startsWith('file:'); })")


def drain_logs(driver):
    driver.get_log("browser")
    driver.get_log("performance")


def problems(driver):
    """Console errors and requests that left the page since the last call (needs the performance log)."""
    found = ["console: " + message[:160] for message in console_errors(driver)]
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if not url.startswith(LOCAL_SCHEMES):
                found.append("request: " + url[:160])
    return found
