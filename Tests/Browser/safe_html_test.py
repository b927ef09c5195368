#!/usr/bin/python3
"""HTML written in notes, sanitized (no `allow_html`), in Debian's headless Chromium, from file://.

    /usr/bin/python3 Tests/Browser/safe_html_test.py SITE_DIR

SITE_DIR is a build of the vault SafeHTMLBrowserTests writes: v-block-NN.html and v-inline-NN.html
each hold one script-injection vector (OWASP's filter evasion cheat sheet's kinds and others), as an
HTML block and inside a paragraph, and vectors-block.html and vectors-inline.html all of them in a
row; structure.html has an unclosed `<div>` and a
stray `</article>`, and other.html links to it. Checks that no dialog opens (alert, confirm, prompt
and print are also replaced before any script of the page runs, so a call is seen even when the
dialog would be suppressed), that the note's DOM has no `on*` attribute, no `javascript:`,
`vbscript:` or non-image `data:` URL, no script, style, iframe with srcdoc, object, embed or form
element; that kept formatting is there; and that the page's footer and backlinks stay outside the
note's article. Prints one line per check, then "N passed, N failed"; exits 1 when a check failed.
"""

import os
import pathlib
import sys

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import Checks, run_timed, start_for, usage  # noqa: E402

# Runs before the page's own scripts: any dialog call is recorded.
TRAP_DIALOGS = """
window.__dialogs = [];
['alert', 'confirm', 'prompt', 'print'].forEach(function (name) {
  window[name] = function (message) { window.__dialogs.push(name + ':' + message); };
});
"""

# What the note's DOM must not hold, listed.
DANGERS_JS = """
var article = document.querySelector('article.note-body');
if (!article) return ['no article.note-body'];
var found = [];
var urlAttributes = ['href', 'src', 'action', 'formaction', 'poster', 'data', 'xlink:href', 'background',
                     'srcset', 'lowsrc', 'dynsrc', 'codebase', 'cite', 'longdesc', 'ping'];
function dangerous(value) {
  var v = value.replace(/[\\u0000-\\u0020\\u007f]+/g, '').toLowerCase();
  if (v.startsWith('javascript:') || v.startsWith('vbscript:')) return true;
  return v.startsWith('data:') && !/^data:image\\/(png|gif|jpeg|webp)/.test(v);
}
article.querySelectorAll('*').forEach(function (el) {
  var tag = el.tagName.toLowerCase();
  if (['script', 'style', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select',
       'base', 'meta', 'link', 'frame', 'frameset', 'svg', 'math', 'template'].indexOf(tag) >= 0) {
    found.push('<' + tag + '>');
  }
  for (var i = 0; i < el.attributes.length; i++) {
    var a = el.attributes[i];
    var name = a.name.toLowerCase();
    if (name.startsWith('on')) found.push(tag + '[' + name + ']');
    if (name === 'srcdoc') found.push(tag + '[srcdoc]');
    if (urlAttributes.indexOf(name) >= 0 && dangerous(a.value)) found.push(tag + '[' + name + '=' + a.value + ']');
    if (name === 'style' && /url\\(|expression|javascript|position/i.test(a.value)) found.push(tag + '[style=' + a.value + ']');
  }
});
document.querySelectorAll('script').forEach(function (s) {
  if (!s.src && article.contains(s)) found.push('inline script');
});
return found;
"""

checks = Checks()
check = checks.check


def dialogs(driver):
    """The dialog calls recorded, and any dialog open (which is then dismissed)."""
    opened = []
    try:
        alert = driver.switch_to.alert
        opened.append("open: " + alert.text)
        alert.dismiss()
    except NoAlertPresentException:
        pass
    return opened + (driver.execute_script("return window.__dialogs || []") or [])


# Hovers, focuses, toggles and clicks what the note shows (not its links), for handlers that wait
# for the reader, in one round trip; then, after a moment, returns what the checks read.
POKE_JS = """
var done = arguments[arguments.length - 1];
document.querySelectorAll('article.note-body *').forEach(function (el) {
  ['mouseover', 'mouseenter', 'pointerover', 'focus', 'focusin', 'toggle', 'load', 'error',
   'animationstart', 'start'].forEach(function (type) {
    try { el.dispatchEvent(new Event(type)); } catch (e) {}
  });
  if (el.tagName !== 'A') { try { el.click(); } catch (e) {} }
});
document.querySelectorAll('article.note-body details').forEach(function (d) { d.open = !d.open; });
setTimeout(function () { done(null); }, 150);
"""


def vector_checks(driver, site, name):
    driver.get((site / name).as_uri())
    driver.execute_async_script(POKE_JS)  # onerror, onload and autofocus handlers have run by now
    check(f"{name}: no dialog opens", not dialogs(driver), dialogs(driver))
    found = driver.execute_script(DANGERS_JS)
    check(f"{name}: no script, on* attribute or script URL in the note", not found, found[:12])
    kept, marker = driver.execute_script("""
        var article = document.querySelector('article.note-body');
        return [article.querySelectorAll('b, em').length, article.textContent.indexOf('END OF VECTORS') >= 0];
    """)
    check(f"{name}: safe formatting around the vectors is kept", kept >= 2, kept)
    check(f"{name}: the note runs to its end", marker, "the last paragraph is missing")


def structure_checks(driver, site):
    driver.get((site / "structure.html").as_uri())
    outside = driver.execute_script("""
        var article = document.querySelector('article.note-body');
        var footer = document.querySelector('footer.site-footer');
        var backlinks = document.querySelector('section.backlinks');
        return [!!article, !!footer && !article.contains(footer), !!backlinks && !article.contains(backlinks),
                document.querySelectorAll('article.note-body').length,
                article.textContent.indexOf('Last words') >= 0,
                !!footer && !!footer.closest('main, body')];
    """)
    check("structure: the note has its article", outside[0], outside)
    check("structure: the page footer is outside the note's article", outside[1], outside)
    check("structure: the backlinks are outside the note's article", outside[2], outside)
    check("structure: one note article on the page", outside[3] == 1, outside)
    check("structure: a stray </article> does not end the note early", outside[4], outside)


def main():
    if len(sys.argv) != 2:
        return usage("safe_html_test.py SITE_DIR")
    site = pathlib.Path(sys.argv[1]).resolve()
    names = sorted(path.name for path in site.glob("v-*.html")) + ["vectors-block.html", "vectors-inline.html"]
    driver = start_for([str(site / name) for name in names + ["structure.html"]], str(site / "_shots"))
    if driver is None:
        return 1
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TRAP_DIALOGS})
        check("a page for each vector", len(names) >= 100, len(names))
        for name in names:
            checks.run(f"{name} loads", lambda name=name: vector_checks(driver, site, name))
        checks.run("structure.html loads", lambda: structure_checks(driver, site))
    finally:
        driver.quit()
    return checks.finish()


if __name__ == "__main__":
    run_timed(main)
