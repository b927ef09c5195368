#!/usr/bin/python3
"""Web videos in Debian's headless Chromium: the page loads nothing from the video's host until
the reader clicks the poster, which then becomes the host's player.

    /usr/bin/python3 Tests/Browser/web_embed_test.py SITE_DIR SCREENSHOT_DIR

SITE_DIR is a build of the vault WebEmbedBrowserTests writes: `media.html` has a YouTube poster,
a Vimeo one and a post's card. From file://, before any click: no iframe, no resource
and no request to YouTube, Vimeo or X; the poster's text meets WCAG AA in light and dark (screenshots
SCREENSHOT_DIR/web-embed-<theme>.png). A click (and Enter on the focused poster) puts an iframe of
youtube-nocookie.com / player.vimeo.com in its place, with allow, allowfullscreen, referrerpolicy and
a title. Without JavaScript the poster is a link that goes to the video. Prints one line per check,
then "N passed, N failed"; exits 1 when a check failed.
"""

import json
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import (CONTRAST_FUNCTIONS, drain_logs, emulate, file_url, js,  # noqa: E402
                             load, run_timed, site_parts, start_for, waited)

HOSTS = ("youtube", "youtu.be", "vimeo", "twitter", "x.com", "ytimg", "googlevideo")
YOUTUBE_ID = "dQw4w9WgXcQ"


def requests_sent(driver):
    """Addresses of the requests the browser began since the last read of the performance log."""
    found = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            found.append(message["params"]["request"]["url"])
    return found


def to_hosts(urls):
    return [url for url in urls if any(host in url for host in HOSTS)]


def resources_from_hosts(driver):
    names = js(driver, "return performance.getEntriesByType('resource').map(function (e) { return e.name; })")
    return to_hosts(names)


def poster_contrast(driver):
    return js(driver, CONTRAST_FUNCTIONS + """
        var poster = document.querySelector('.video-embed[data-provider=youtube] .video-poster');
        return [contrast(poster.querySelector('.video-label')), contrast(poster.querySelector('.video-host'))];
    """)


def with_javascript(site, shots, checks):
    driver = start_for([os.path.join(site, "media.html")], shots, performance_log=True)
    if driver is None:
        return
    try:
        url = file_url(site, "media.html")
        drain_logs(driver)
        load(driver, url)
        sent = requests_sent(driver)
        checks.check("the page asked the video hosts for nothing", not to_hosts(sent), to_hosts(sent))
        checks.check("no resource came from a video host", not resources_from_hosts(driver),
                     resources_from_hosts(driver))
        checks.check("no iframe before a click", js(driver, "return document.querySelectorAll('iframe').length") == 0)
        checks.check("the player script is loaded",
                     js(driver, "return !!document.querySelector('script[src$=\"assets/video.js\"]')"))

        for dark in (False, True):
            theme = "dark" if dark else "light"
            emulate(driver, dark=dark)
            js(driver, "document.querySelector('.video-embed[data-provider=youtube]').scrollIntoView({block: 'center'})")
            driver.save_screenshot(os.path.join(shots, f"web-embed-{theme}.png"))
            label, host = poster_contrast(driver)
            checks.check(f"the poster's text is readable ({theme})", label >= 4.5 and host >= 4.5,
                         f"label {label:.2f}, host {host:.2f}")
        emulate(driver)

        def click_plays():
            poster = driver.find_element(By.CSS_SELECTOR, ".video-embed[data-provider=youtube] .video-poster")
            href = poster.get_attribute("href")
            assert href == f"https://www.youtube.com/watch?v={YOUTUBE_ID}&t=90", href
            poster.click()
            assert waited(driver, lambda: js(driver, "return !!document.querySelector('.video-embed[data-provider=youtube] iframe')")), \
                "no iframe after the click"
            frame = js(driver, """
                var embed = document.querySelector('.video-embed[data-provider=youtube]');
                var f = embed.querySelector('iframe');
                return {src: f.getAttribute('src'), allow: f.getAttribute('allow'), title: f.title,
                        full: f.hasAttribute('allowfullscreen'), referrer: f.getAttribute('referrerpolicy'),
                        poster: !!embed.querySelector('.video-poster'),
                        focused: document.activeElement === f};
            """)
            wanted = f"https://www.youtube-nocookie.com/embed/{YOUTUBE_ID}?autoplay=1&start=90"
            assert frame["src"] == wanted, frame["src"]
            assert "autoplay" in frame["allow"] and "fullscreen" not in frame["allow"], frame["allow"]
            assert frame["full"] and frame["referrer"] == "strict-origin-when-cross-origin", frame
            assert frame["title"] == "A talk", frame["title"]
            assert not frame["poster"] and frame["focused"], frame
            return frame["src"]
        checks.run("a click puts the nocookie player in the poster's place", click_plays)

        def only_then_the_player_is_asked_for():
            sent = []
            assert waited(driver, lambda: bool(sent.extend(to_hosts(requests_sent(driver))) or sent)), \
                "the player was not asked for"
            hosts = {url.split("/")[2] for url in sent}
            assert hosts == {"www.youtube-nocookie.com"}, hosts
            return ", ".join(sorted(hosts))
        checks.run("only then is a video host asked, and only for the player", only_then_the_player_is_asked_for)

        def enter_plays():
            poster = driver.find_element(By.CSS_SELECTOR, ".video-embed[data-provider=vimeo] .video-poster")
            js(driver, "arguments[0].focus()", poster)
            poster.send_keys(Keys.ENTER)
            assert waited(driver, lambda: js(driver, "return !!document.querySelector('.video-embed[data-provider=vimeo] iframe')")), \
                "no iframe after Enter"
            src = js(driver, "return document.querySelector('.video-embed[data-provider=vimeo] iframe').getAttribute('src')")
            assert src == "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1", src
        checks.run("Enter on the Vimeo poster plays it", enter_plays)
        checks.check("the post's card loads nothing from X",
                     js(driver, "return document.querySelector('a.link-card').getAttribute('href')")
                     == "https://twitter.com/jack/status/20" and not any("twitter" in u for u in resources_from_hosts(driver)))
    finally:
        driver.quit()


def without_javascript(site, shots, checks):
    driver = start_for([os.path.join(site, "media.html")], shots, javascript=False, performance_log=True)
    if driver is None:
        return
    try:
        load(driver, file_url(site, "media.html"))
        requests_sent(driver)

        def run():
            assert not js(driver, "return document.documentElement.classList.contains('notesite-js')"), \
                "JavaScript ran: the check would not test the link"
            poster = driver.find_element(By.CSS_SELECTOR, ".video-embed[data-provider=youtube] .video-poster")
            assert poster.tag_name == "a", poster.tag_name
            poster.click()
            wanted = f"https://www.youtube.com/watch?v={YOUTUBE_ID}&t=90"
            sent = []
            assert waited(driver, lambda: wanted in (sent.extend(requests_sent(driver)) or sent)), \
                f"no request to {wanted}: {sent}"
            assert js(driver, "return document.querySelectorAll('iframe').length") == 0
            return "followed"
        checks.run("without JavaScript the poster is a link to the video", run)
    finally:
        driver.quit()


def main():
    return site_parts("web_embed_test.py", with_javascript, without_javascript)


if __name__ == "__main__":
    run_timed(main)
