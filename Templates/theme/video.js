/* notesite web videos: a poster is a plain link to the video, and the page loads nothing from the
   video's host until the reader clicks it. The click puts the host's player in its place (YouTube's
   without cookies, Vimeo's without tracking). A click with a modifier key, or without this script,
   follows the link. */
(function () {
  "use strict";

  // The interface's words in the site's language, from assets/strings.js, `{name}` filled in.
  function words(key, values) {
    var table = window.notesiteStrings || {};
    var text = table[key] || key;
    for (var name in values || {}) text = text.split("{" + name + "}").join(values[name]);
    return text;
  }

  // Only these players are ever loaded, whatever a poster's attributes say.
  var players = ["https://www.youtube-nocookie.com/embed/", "https://player.vimeo.com/video/"];

  function allowed(source) {
    for (var i = 0; i < players.length; i++) {
      if (source.indexOf(players[i]) === 0) return true;
    }
    return false;
  }

  function play(poster) {
    var source = poster.getAttribute("data-player") || "";
    if (!allowed(source)) return false;
    var frame = document.createElement("iframe");
    frame.className = "video-frame";
    frame.src = source;
    frame.title = poster.getAttribute("data-player-title") || words("video");
    frame.setAttribute(
      "allow",
      "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
    );
    frame.setAttribute("allowfullscreen", "");
    frame.setAttribute("referrerpolicy", "strict-origin-when-cross-origin");
    poster.replaceWith(frame);
    frame.focus();
    return true;
  }

  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var target = event.target;
    var poster = target && target.closest ? target.closest("a.video-poster[data-player]") : null;
    if (poster && play(poster)) event.preventDefault();
  });
})();
