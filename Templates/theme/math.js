/* notesite math: each `.math` element holds its TeX between \( \) or \[ \] (readable without
   JavaScript); KaTeX (Debian's libjs-katex, published with the site) replaces it with the
   formula. A formula KaTeX rejects keeps its source as written, marked as an error, with
   KaTeX's message as its title: never a blank. */
(function () {
  "use strict";

  function render() {
    if (!window.katex) return;
    var nodes = document.querySelectorAll(".math");
    for (var i = 0; i < nodes.length; i++) {
      var node = nodes[i];
      if (node.classList.contains("math-rendered") || node.classList.contains("math-error")) continue;
      var display = node.classList.contains("display");
      var source = node.textContent;
      var tex = source.replace(display ? /^\\\[([\s\S]*)\\\]$/ : /^\\\(([\s\S]*)\\\)$/, "$1");
      try {
        window.katex.render(tex, node, { displayMode: display, throwOnError: true });
        node.classList.add("math-rendered");
      } catch (error) {
        var fence = display ? "$$" : "$";
        node.textContent = fence + tex + fence;
        node.classList.add("math-error");
        node.title = String(error && error.message ? error.message : error);
      }
    }
  }

  // New content in the page (a note shown by `notesite export`'s file).
  document.addEventListener("notesite:content", render);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", render);
  } else {
    render();
  }
})();
