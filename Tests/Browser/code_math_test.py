#!/usr/bin/python3
"""Highlighted code, math and diagrams in Debian's headless Chromium, from file://.

    /usr/bin/python3 Tests/Browser/code_math_test.py SITE_DIR

SITE_DIR is a build of the vault CodeMathBrowserTests writes: code.html (highlighted code with line
numbers and marked lines), formulas.html (fractions, roots, matrices, aligned environments, mhchem),
broken.html (one formula KaTeX rejects), diagram.html (a mermaid fence; the site's `mermaid`
setting names a stand-in script that replaces the block's text). Checks WCAG AA contrast of every
token colour in the light and the dark scheme, the copy button, KaTeX rendering with no errors
and its fonts loaded from the stylesheet, the rejected formula shown as marked source, math
readable without JavaScript, and the diagram hook. Prints one line per check, then
"N passed, N failed"; exits 1 when a check failed.
"""

import os
import pathlib
import sys

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import CONTRAST_FUNCTIONS, Checks, console_errors, start, usage, waited  # noqa: E402

# Contrast of each distinct token colour against the painted background.
CONTRAST_JS = CONTRAST_FUNCTIONS + """
var seen = {}, out = [];
document.querySelectorAll(".highlight code span, .highlight code").forEach(function (el) {
  if (el.classList.contains("hll") || !el.textContent.trim()) return;
  var key = el.className + " " + getComputedStyle(el).color + " on " + background(el);
  if (seen[key]) return;
  seen[key] = true;
  out.push([el.className || "code", contrast(el)]);
});
return out;
"""

checks = Checks()
check = checks.check


def code_checks(driver, site):
    driver.get((site / "code.html").as_uri())
    tokens = driver.find_elements(By.CSS_SELECTOR, ".highlight code span.k, .highlight code span.s2")
    check("code is highlighted with Pygments' short classes", len(tokens) >= 2, len(tokens))
    for scheme in ("light", "dark"):
        driver.execute_script("document.documentElement.setAttribute('data-theme', arguments[0])", scheme)
        pairs = driver.execute_script(CONTRAST_JS)
        low = [(name, round(ratio, 2)) for name, ratio in pairs if ratio < 4.5]
        check(f"every token colour passes AA in the {scheme} scheme ({len(pairs)} colours)",
              len(pairs) >= 8 and not low, low or pairs)
    marked = driver.find_elements(By.CSS_SELECTOR, ".highlight .hll")
    numbers = driver.find_elements(By.CSS_SELECTOR, ".highlight .linenos")
    check("marked lines and line numbers from the fence", len(marked) == 2 and len(numbers) == 3,
          (len(marked), len(numbers)))
    buttons = driver.find_elements(By.CSS_SELECTOR, ".code-block > button.copy-code")
    check("a copy button on each code block", len(buttons) == 3, len(buttons))
    copied = driver.execute_script("""
        var button = document.querySelector('.copy-code');
        var code = button.parentNode.querySelector('code');
        var got = null;
        navigator.clipboard.writeText = function (value) { got = value; return Promise.resolve(); };
        button.click();
        return [got, code.textContent];
    """)
    check("copy takes the code without line numbers",
          copied[0] is not None and copied[0].startswith("def greet(") and "  1" not in copied[0],
          copied)
    checks.none("the code page logs no errors", console_errors(driver))


def math_checks(driver, site):
    driver.get((site / "formulas.html").as_uri())
    total = len(driver.find_elements(By.CSS_SELECTOR, ".math"))
    rendered = waited(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, ".math-rendered .katex")) == total)
    check(f"KaTeX renders all {total} formulas", total >= 8 and rendered, total)
    errors = driver.find_elements(By.CSS_SELECTOR, ".katex-error, .math-error")
    check("no KaTeX errors (fractions, matrices, aligned, mhchem)", not errors,
          [e.get_attribute("title") for e in errors])
    chemistry = driver.execute_script(
        "return Array.from(document.querySelectorAll('.math-rendered annotation')).map(a => a.textContent)")
    check("mhchem's \\ce is understood", any("\\ce{" in text for text in chemistry), chemistry)
    fonts = driver.execute_script("""
        return document.fonts.ready.then(function () {
          var faces = Array.from(document.fonts);
          return ['KaTeX_Main', 'KaTeX_Math'].map(function (family) {
            return faces.some(function (f) { return f.family.replace(/"/g, '') === family && f.status === 'loaded'; });
          }).concat([faces.every(function (f) { return f.status !== 'error'; })]);
        });
    """)
    check("KaTeX's fonts load from the stylesheet on file://", all(fonts), fonts)
    checks.none("the formulas page logs no errors", console_errors(driver))

    driver.get((site / "broken.html").as_uri())
    waited(driver, lambda: driver.find_elements(By.CSS_SELECTOR, ".math-error"))
    broken = driver.find_elements(By.CSS_SELECTOR, ".math-error")
    check("a rejected formula shows its source, marked",
          len(broken) == 1 and broken[0].text == "$\\frac{1}{$" and broken[0].get_attribute("title"),
          [(b.text, b.get_attribute("title")) for b in broken])
    fine = driver.find_elements(By.CSS_SELECTOR, ".math-rendered")
    check("the other formula on that page still renders", len(fine) == 1, len(fine))


def diagram_checks(driver, site):
    driver.get((site / "diagram.html").as_uri())
    ok = waited(driver, lambda: driver.find_element(By.CSS_SELECTOR, "pre.mermaid").text.startswith("drawn"))
    text = driver.find_element(By.CSS_SELECTOR, "pre.mermaid").text
    check("the mermaid script draws the diagram", ok and "A-->B" in text, text)


def no_script_checks(site):
    driver = start(javascript=False)
    try:
        driver.get((site / "formulas.html").as_uri())
        body = driver.find_element(By.CSS_SELECTOR, "article").text
        check("without JavaScript the TeX stays readable", "\\frac{a}{b}" in body, body[:200])
        driver.get((site / "diagram.html").as_uri())
        text = driver.find_element(By.CSS_SELECTOR, "pre.mermaid").text
        check("without JavaScript the diagram source stays readable", "graph TD" in text, text)
    finally:
        driver.quit()


def main():
    if len(sys.argv) != 2:
        sys.exit(usage("code_math_test.py SITE_DIR"))
    site = pathlib.Path(sys.argv[1]).resolve()
    driver = start()
    try:
        code_checks(driver, site)
        math_checks(driver, site)
        diagram_checks(driver, site)
    finally:
        driver.quit()
    no_script_checks(site)
    sys.exit(checks.finish())


if __name__ == "__main__":
    main()
