/* notesite colour scheme: follows the system unless the reader chose otherwise with the toggle.
   Loaded without `defer` in <head> so the stored choice applies before the first paint (no flash).
   The choice is kept in localStorage (shared by every page of the site, file:// included); choosing
   the scheme the system already asks for forgets the choice, so the page follows the system again. */
(function () {
  "use strict";

  // The interface's words in the site's language, from assets/strings.js, `{name}` filled in.
  function words(key, values) {
    var table = window.notesiteStrings || {};
    var text = table[key] || key;
    for (var name in values || {}) text = text.split("{" + name + "}").join(values[name]);
    return text;
  }

  var KEY = "notesite-theme";
  var root = document.documentElement;
  var system = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function read() {
    try {
      return localStorage.getItem(KEY);
    } catch (error) {
      return null; // storage disabled: follow the system
    }
  }

  function apply(choice) {
    if (choice === "dark" || choice === "light") {
      root.setAttribute("data-theme", choice);
    } else {
      root.removeAttribute("data-theme");
    }
  }

  function isDark() {
    var chosen = root.getAttribute("data-theme");
    if (chosen) return chosen === "dark";
    return !!(system && system.matches);
  }

  apply(read());

  function wire() {
    var button = document.querySelector(".theme-toggle");
    if (!button) return;
    function update() {
      var dark = isDark();
      button.setAttribute("aria-pressed", dark ? "true" : "false");
      button.title = words(dark ? "switch_to_light" : "switch_to_dark");
    }
    button.addEventListener("click", function () {
      var next = isDark() ? "light" : "dark";
      var systemScheme = system && system.matches ? "dark" : "light";
      try {
        if (next === systemScheme) {
          localStorage.removeItem(KEY);
        } else {
          localStorage.setItem(KEY, next);
        }
      } catch (error) {
        // not remembered, but still applied to this page
      }
      apply(next === systemScheme ? null : next);
      update();
    });
    if (system && system.addEventListener) system.addEventListener("change", update);
    // Another tab of the site changed the choice.
    window.addEventListener("storage", function (event) {
      if (event.key === KEY) {
        apply(event.newValue);
        update();
      }
    });
    update();
    button.hidden = false;
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", wire);
  } else {
    wire();
  }
})();
