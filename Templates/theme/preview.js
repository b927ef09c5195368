/* notesite image preview: click (or Enter/Space on) an image to see it as large as the window
   allows, never beyond its own pixels. Esc, the close button or a click outside closes it;
   left/right arrows flip through the note's images. No dependencies; works from file://. */
(function () {
  "use strict";

  var SELECTOR = "img.notesite-image";
  var dialog = null;
  var view = null;
  var caption = null;
  var counter = null;
  var prevButton = null;
  var nextButton = null;
  var images = [];
  var index = 0;

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function button(className, label, text, action) {
    var node = element("button", className, text);
    node.type = "button";
    node.setAttribute("aria-label", label);
    node.addEventListener("click", function (event) {
      event.stopPropagation();
      action();
    });
    return node;
  }

  function build() {
    dialog = element("dialog", "notesite-preview");
    dialog.setAttribute("aria-label", "Image preview");
    var figure = element("figure");
    view = element("img");
    view.alt = "";
    caption = element("span", "notesite-preview-caption");
    counter = element("span", "notesite-preview-counter");
    var figcaption = element("figcaption");
    figcaption.appendChild(caption);
    figcaption.appendChild(counter);
    figure.appendChild(view);
    figure.appendChild(figcaption);
    dialog.appendChild(button("notesite-preview-close", "Close preview", "\u00d7", close));
    prevButton = button("notesite-preview-prev", "Previous image", "\u2039", function () { flip(-1); });
    nextButton = button("notesite-preview-next", "Next image", "\u203a", function () { flip(1); });
    dialog.appendChild(prevButton);
    dialog.appendChild(figure);
    dialog.appendChild(nextButton);

    // A click anywhere but the image or a button is a click outside the picture.
    dialog.addEventListener("click", function (event) {
      if (event.target !== view) close();
    });
    dialog.addEventListener("keydown", function (event) {
      if (event.key === "ArrowLeft") { flip(-1); event.preventDefault(); }
      if (event.key === "ArrowRight") { flip(1); event.preventDefault(); }
    });
    // Esc closes the dialog natively; every way out ends here.
    dialog.addEventListener("close", function () {
      document.documentElement.classList.remove("notesite-preview-open");
      var current = images[index];
      if (current) current.focus({ preventScroll: false });
    });
    view.addEventListener("load", fit);
    window.addEventListener("resize", fit);
    document.body.appendChild(dialog);
  }

  // Size the preview to the window, but never above the image's natural size in CSS pixels.
  function fit() {
    if (!dialog || !dialog.hasAttribute("open")) return;
    var source = images[index];
    var naturalWidth = view.naturalWidth || (source && source.width) || 1;
    var naturalHeight = view.naturalHeight || (source && source.height) || 1;
    var sideRoom = images.length > 1 ? 64 : 16;
    var width = Math.max(1, window.innerWidth - 2 * sideRoom);
    var height = Math.max(1, window.innerHeight - 2 * 56 - 40);
    var scale = Math.min(width / naturalWidth, height / naturalHeight, 1);
    view.style.width = Math.round(naturalWidth * scale) + "px";
    view.style.height = Math.round(naturalHeight * scale) + "px";
  }

  function show(position) {
    index = (position + images.length) % images.length;
    var source = images[index];
    var title = source.getAttribute("title") || "";
    var alt = source.getAttribute("alt") || "";
    view.src = source.currentSrc || source.src;
    view.alt = alt;
    caption.textContent = title || alt;
    var several = images.length > 1;
    counter.textContent = several ? index + 1 + " / " + images.length : "";
    prevButton.hidden = !several;
    nextButton.hidden = !several;
    fit();
  }

  function flip(step) {
    if (images.length > 1) show(index + step);
  }

  function open(image) {
    if (!dialog) build();
    images = Array.prototype.slice.call(document.querySelectorAll(SELECTOR)).filter(function (node) {
      return !dialog.contains(node);
    });
    var position = images.indexOf(image);
    if (position < 0) return;
    show(position);
    document.documentElement.classList.add("notesite-preview-open");
    if (typeof dialog.showModal === "function") {
      dialog.showModal();
    } else {
      dialog.setAttribute("open", "");
    }
    fit();
  }

  function close() {
    if (!dialog || !dialog.hasAttribute("open")) return;
    if (typeof dialog.close === "function") {
      dialog.close();
    } else {
      dialog.removeAttribute("open");
      dialog.dispatchEvent(new Event("close"));
    }
  }

  // An image inside a link keeps the link's behaviour.
  function target(event) {
    var node = event.target;
    if (!(node instanceof Element)) return null;
    var image = node.closest(SELECTOR);
    if (!image || image.closest("a") || (dialog && dialog.contains(image))) return null;
    return image;
  }

  document.addEventListener("click", function (event) {
    var image = target(event);
    if (!image || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    open(image);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var image = target(event);
    if (!image) return;
    event.preventDefault();
    open(image);
  });

  function mark() {
    var nodes = document.querySelectorAll(SELECTOR);
    for (var i = 0; i < nodes.length; i++) {
      if (!nodes[i].closest("a")) nodes[i].setAttribute("aria-haspopup", "dialog");
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mark);
  } else {
    mark();
  }
})();
