#!/usr/bin/python3
"""Protected notes opened in Debian's headless Chromium, from file://, with WebCrypto.

    /usr/bin/python3 Tests/Browser/protect_test.py SITE_DIR PASSWORD

SITE_DIR is a build of the vault ProtectedBrowserTests writes: family/garden.html and
family/letters.html sealed with PASSWORD (garden has headings, code and math), family/tampered.html
a copy of garden with one byte of its ciphertext changed, index.html a public page embedding garden.
Checks: the locked page shows a labelled form and none of the note; a wrong password is refused and
says so; the right one, typed and sent with Enter, shows the note with its code's copy button, its
math rendered and its table of contents laid out; "keep unlocked" then opens the other note without
asking; the tampered page stays shut even with the kept key and the password; without JavaScript a
sentence says what is needed; the form in the dark scheme keeps readable contrast; no console
errors. Prints one line per check, then "N passed, N failed"; exits 1 when a check failed.
"""

import os
import pathlib
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import (  # noqa: E402
    CONTRAST_FUNCTIONS, Checks, console_errors, file_url, js, start, usage, waited)

checks = Checks()
check = checks.check
SECRET = "pomegranatebody"


def body_text(driver):
    return js(driver, "return document.body.innerText")


def unlocked(driver):
    return js(driver, "return !document.getElementById('notesite-protected')")


def locked_checks(driver, site, password):
    driver.get(file_url(site, "family/garden.html"))
    waited(driver, lambda: js(driver, "return !document.querySelector('.protected-form').hidden"))
    label = js(driver, "var i = document.getElementById('notesite-password');"
                       "return i && i.labels.length ? i.labels[0].textContent : ''")
    check("the locked page has a labelled password box", label == "Password", repr(label))
    check("the locked page shows none of the note", SECRET not in body_text(driver))
    box = driver.find_element(By.ID, "notesite-password")
    box.send_keys("not the password", Keys.ENTER)
    refused = waited(driver, lambda: "Wrong password" in js(
        driver, "return document.querySelector('.protected-status').textContent"), timeout=15)
    check("a wrong password is refused and says so", refused and not unlocked(driver),
          js(driver, "return document.querySelector('.protected-status').textContent"))
    box = driver.find_element(By.ID, "notesite-password")
    box.clear()
    driver.find_element(By.ID, "notesite-keep").click()
    box.send_keys(password, Keys.ENTER)
    opened = waited(driver, lambda: unlocked(driver), timeout=15)
    check("the right password, sent with Enter, opens the note", opened and SECRET in body_text(driver))
    check("the opened note's code has its copy button",
          waited(driver, lambda: js(driver, "return !!document.querySelector('main .copy-code')")))
    check("the opened page takes the note's layout (its table of contents)",
          js(driver, "return document.querySelector('main').classList.contains('has-toc')"))
    check("the opened note's math is rendered",
          waited(driver, lambda: js(driver, "return !!document.querySelector('.math.math-rendered')")))
    stored = js(driver, "return sessionStorage.getItem('notesite-note-keys') || ''")
    check("kept unlocked keeps a key, not the password", stored and password not in stored, stored)


def kept_checks(driver, site):
    driver.get(file_url(site, "family/letters.html"))
    check("another note with the same password opens without asking",
          waited(driver, lambda: unlocked(driver)) and "tangerineletter" in body_text(driver))
    driver.get(file_url(site, "family/tampered.html"))
    waited(driver, lambda: js(driver, "return !document.querySelector('.protected-form').hidden"))
    check("a tampered note does not open with the kept key", not unlocked(driver))


def tampered_checks(driver, site, password):
    driver.execute_script("sessionStorage.clear()")
    driver.get(file_url(site, "family/tampered.html"))
    waited(driver, lambda: js(driver, "return !document.querySelector('.protected-form').hidden"))
    driver.find_element(By.ID, "notesite-password").send_keys(password, Keys.ENTER)
    said = waited(driver, lambda: js(
        driver, "return document.querySelector('.protected-status').classList.contains('is-error')"), timeout=15)
    check("a tampered ciphertext is refused with the right password", said and not unlocked(driver))


def dark_checks(site):
    driver = start(arguments=("--force-dark-mode", "--blink-settings=preferredColorScheme=0"))
    try:
        driver.get(file_url(site, "family/letters.html"))
        waited(driver, lambda: js(driver, "return !document.querySelector('.protected-form').hidden"))
        ratios = js(driver, CONTRAST_FUNCTIONS + """
            var dark = matchMedia('(prefers-color-scheme: dark)').matches;
            return [dark].concat(['.protected-form p', '.protected-form label', '.protected-form button',
              '#notesite-password'].map(function (s) { return contrast(document.querySelector(s)); }));""")
        check("the form is readable in the dark scheme",
              ratios[0] and all(r >= 4.5 for r in ratios[1:]), ratios)
    finally:
        driver.quit()


def no_script_checks(site):
    driver = start(javascript=False)
    try:
        driver.get(file_url(site, "family/garden.html"))
        text = body_text(driver)
        check("without JavaScript a sentence says it is needed", "needs JavaScript" in text, text[-300:])
    finally:
        driver.quit()


def main():
    if len(sys.argv) != 3:
        sys.exit(usage("protect_test.py SITE_DIR PASSWORD"))
    site = pathlib.Path(sys.argv[1]).resolve()
    password = sys.argv[2]
    driver = start()
    try:
        locked_checks(driver, site, password)
        kept_checks(driver, site)
        tampered_checks(driver, site, password)
        checks.none("no console errors", [e for e in console_errors(driver) if "favicon" not in e])
    finally:
        driver.quit()
    dark_checks(site)
    no_script_checks(site)
    sys.exit(checks.finish())


if __name__ == "__main__":
    main()
