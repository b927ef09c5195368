/* notesite code blocks: a copy button on each. The code is copied without line numbers; where
   the clipboard API is refused (some browsers on file://), the selection is copied instead. */
(function () {
  "use strict";

  // The interface's words in the site's language, from assets/strings.js, `{name}` filled in.
  function words(key, values) {
    var table = window.notesiteStrings || {};
    var text = table[key] || key;
    for (var name in values || {}) text = text.split("{" + name + "}").join(values[name]);
    return text;
  }

  function text(code) {
    var copy = code.cloneNode(true);
    var numbers = copy.querySelectorAll(".linenos");
    for (var i = 0; i < numbers.length; i++) numbers[i].remove();
    return copy.textContent;
  }

  function copied(button) {
    button.textContent = words("copied");
    button.setAttribute("data-copied", "");
    setTimeout(function () {
      button.textContent = words("copy");
      button.removeAttribute("data-copied");
    }, 1500);
  }

  function fallback(value, button) {
    var area = document.createElement("textarea");
    area.value = value;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try {
      if (document.execCommand("copy")) copied(button);
    } catch (error) {
      /* nothing more to try: the reader can still select the code */
    }
    area.remove();
  }

  function wire() {
    var blocks = document.querySelectorAll("main pre > code");
    for (var i = 0; i < blocks.length; i++) {
      var code = blocks[i];
      var pre = code.parentNode;
      if (pre.parentNode.classList.contains("code-block")) continue;
      var wrapper = document.createElement("div");
      wrapper.className = "code-block";
      pre.parentNode.insertBefore(wrapper, pre);
      wrapper.appendChild(pre);
      var button = document.createElement("button");
      button.type = "button";
      button.className = "copy-code";
      button.textContent = words("copy");
      button.setAttribute("aria-label", words("copy_code"));
      button.addEventListener("click", (function (code, button) {
        return function () {
          var value = text(code);
          if (navigator.clipboard && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(value).then(function () { copied(button); },
              function () { fallback(value, button); });
          } else {
            fallback(value, button);
          }
        };
      })(code, button));
      wrapper.appendChild(button);
    }
  }

  // New content in the page (a note shown by `notesite export`'s file).
  document.addEventListener("notesite:content", wire);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", wire);
  } else {
    wire();
  }
})();
