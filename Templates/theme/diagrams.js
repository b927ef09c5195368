/* notesite diagrams: ```mermaid fences are <pre class="mermaid"> holding their source. When the
   site names a Mermaid script (the `mermaid` setting), it is loaded before this file, which
   starts it with the reader's colour scheme; without it the source stays as it is. */
(function () {
  "use strict";
  var mermaid = window.mermaid;
  if (!mermaid || typeof mermaid.initialize !== "function") return;
  var root = document.documentElement;
  var chosen = root.getAttribute("data-theme");
  var dark = chosen ? chosen === "dark" :
    !!(window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
  mermaid.initialize({ startOnLoad: true, securityLevel: "strict", theme: dark ? "dark" : "default" });
  // New content in the page (a note shown by `notesite export`'s file): its diagrams drawn too.
  document.addEventListener("notesite:content", function () {
    if (typeof mermaid.run === "function") mermaid.run({ querySelector: "pre.mermaid:not([data-processed])" });
  });
})();
