/* notesite image preview. Click, Enter or Space on an image opens it in a modal dialog, scaled to
   fill the window (aspect kept, with a margin), small images and SVG diagrams too; a click on it
   toggles actual size, one image pixel per CSS pixel (drag or scroll to pan when it is larger). Arrows, the on-screen buttons and swipes flip through the note's images; Esc, the
   close button, a click outside and the browser's Back button close it (opening pushes a history
   entry, so Back never leaves the page). Focus stays inside and returns to the image.
   Without JavaScript the theme's CSS shows the same image as a `:target` overlay instead.
   Own code, no dependencies; works from file://. */
(function () {
  "use strict";

  // The interface's words in the site's language, from assets/strings.js, `{name}` filled in.
  function words(key, values) {
    var table = window.notesiteStrings || {};
    var text = table[key] || key;
    for (var name in values || {}) text = text.split("{" + name + "}").join(values[name]);
    return text;
  }

  var SELECTOR = "img.notesite-image";
  var HASH = /^#notesite-image-\d+$/;
  var dialog = null;
  var stage = null;
  var view = null;
  var caption = null;
  var counter = null;
  var closeButton = null;
  var prevButton = null;
  var nextButton = null;
  var images = [];
  var index = 0;
  var actualSize = false;
  var pushedState = false;
  var closingFromHistory = false;
  // Our own history.back() after a close; its popstate must not close a preview opened meanwhile.
  var pendingBack = false;

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
    node.title = label;
    node.addEventListener("click", function (event) {
      event.stopPropagation();
      action();
    });
    return node;
  }

  // The element that holds focus for an image: its no-JS preview link, or the image itself.
  function focusTarget(image) {
    return (image && image.closest("a.notesite-zoom")) || image;
  }

  // Images inside the author's own links follow the link; our own preview link does not count.
  function previewable(image) {
    var link = image.closest("a");
    return !(link && !link.classList.contains("notesite-zoom")) && !(dialog && dialog.contains(image));
  }

  function build() {
    dialog = element("dialog", "notesite-preview");
    dialog.setAttribute("aria-label", words("image_preview"));
    var figure = element("figure");
    stage = element("div", "notesite-preview-stage");
    view = element("img");
    view.alt = "";
    view.decoding = "async";
    var figcaption = element("figcaption");
    figcaption.setAttribute("aria-live", "polite");
    caption = element("span", "notesite-preview-caption");
    counter = element("span", "notesite-preview-counter");
    figcaption.appendChild(caption);
    figcaption.appendChild(counter);
    stage.appendChild(view);
    figure.appendChild(stage);
    figure.appendChild(figcaption);
    closeButton = button("notesite-preview-close", words("close_preview"), "\u00d7", close);
    prevButton = button("notesite-preview-prev", words("previous_image"), "\u2039", function () { flip(-1); });
    nextButton = button("notesite-preview-next", words("next_image"), "\u203a", function () { flip(1); });
    dialog.appendChild(figure);
    dialog.appendChild(closeButton);
    dialog.appendChild(prevButton);
    dialog.appendChild(nextButton);

    var drag = null;
    var dragged = false;
    stage.addEventListener("pointerdown", function (event) {
      dragged = false;
      if (!actualSize || event.pointerType !== "mouse" || event.button !== 0) return;
      drag = { x: event.clientX, y: event.clientY, left: stage.scrollLeft, top: stage.scrollTop };
      event.preventDefault();
    });
    window.addEventListener("pointermove", function (event) {
      if (!drag) return;
      var dx = event.clientX - drag.x;
      var dy = event.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) dragged = true;
      stage.scrollLeft = drag.left - dx;
      stage.scrollTop = drag.top - dy;
    });
    window.addEventListener("pointerup", function () { drag = null; });

    // A click on the picture toggles its size; anywhere else but a button, it closes the preview.
    dialog.addEventListener("click", function (event) {
      if (dragged) { dragged = false; return; }
      if (event.target === view) {
        toggleSize(event);
      } else {
        close();
      }
    });
    dialog.addEventListener("keydown", function (event) {
      // Right to left, the previous image is on the right.
      var back = document.documentElement.dir === "rtl" ? "ArrowRight" : "ArrowLeft";
      var ahead = back === "ArrowLeft" ? "ArrowRight" : "ArrowLeft";
      if (event.key === back) { flip(-1); event.preventDefault(); }
      else if (event.key === ahead) { flip(1); event.preventDefault(); }
      else if (event.key === "Tab") { trapFocus(event); }
      else if (event.key === "+" || event.key === "=") { sizeTo(true); }
      else if (event.key === "-") { sizeTo(false); }
      else if (event.key === "0" && actualSize) { toggleSize(null); }
    });

    // Swipes flip, but only a one-finger horizontal swipe at normal zoom: pinch-zoom stays the browser's.
    var touch = null;
    dialog.addEventListener("touchstart", function (event) {
      var zoomed = window.visualViewport && window.visualViewport.scale > 1.01;
      touch = event.touches.length === 1 && !actualSize && !zoomed
        ? { x: event.touches[0].clientX, y: event.touches[0].clientY } : null;
    }, { passive: true });
    dialog.addEventListener("touchend", function (event) {
      if (!touch || event.changedTouches.length !== 1) return;
      var dx = event.changedTouches[0].clientX - touch.x;
      var dy = event.changedTouches[0].clientY - touch.y;
      touch = null;
      if (Math.abs(dx) > 50 && Math.abs(dx) > 1.5 * Math.abs(dy)) {
        dragged = true; // the touch also produces a click: it must not close the preview
        flip(dx < 0 ? 1 : -1);
      }
    }, { passive: true });

    // Every way out (Esc, button, click outside, Back) ends here.
    dialog.addEventListener("close", function () {
      // Opened again before this event arrived: the new preview keeps the history entry.
      if (dialog.open) return;
      document.documentElement.classList.remove("notesite-preview-open");
      if (pushedState && !closingFromHistory) {
        pushedState = false;
        pendingBack = true;
        history.back();
      }
      pushedState = false;
      closingFromHistory = false;
      var current = focusTarget(images[index]);
      if (current) current.focus({ preventScroll: true });
    });
    view.addEventListener("load", fit);
    window.addEventListener("resize", fit);
    document.body.appendChild(dialog);
  }

  function trapFocus(event) {
    var stops = [closeButton, prevButton, nextButton].filter(function (node) { return !node.hidden; });
    var at = stops.indexOf(document.activeElement);
    var next = event.shiftKey ? at - 1 : at + 1;
    if (at < 0) next = 0;
    stops[(next + stops.length) % stops.length].focus();
    event.preventDefault();
  }

  // The image's own pixels (for an SVG, its intrinsic size). An SVG with only a viewBox has none:
  // then the page's width and height attributes give the size and the shape.
  function naturalSize() {
    var source = images[index];
    var width = view.naturalWidth || (source && source.naturalWidth);
    var height = view.naturalHeight || (source && source.naturalHeight);
    if (!width || !height) {
      width = (source && source.width) || 1;
      height = (source && source.height) || 1;
    }
    return { width: width, height: height };
  }

  // Fit: as large as the stage allows, keeping the aspect ratio, above the natural size when the
  // image is small (an SVG stays sharp at any scale; rasters are scaled up, see pixelated below).
  function fitScale() {
    var size = naturalSize();
    var side = images.length > 1 && window.innerWidth > 480 ? 64 : 8;
    // The stage's box, not its client area: scroll bars left from actual size must not shrink the fit.
    var box = stage.getBoundingClientRect();
    var top = parseFloat(getComputedStyle(stage).paddingTop) || 0;
    var width = Math.max(1, box.width - 2 * side);
    var height = Math.max(1, box.height - top - 16);
    return Math.min(width / size.width, height / size.height);
  }

  // Whether fit and actual size differ enough to toggle between them.
  function toggles(fitted) {
    return Math.abs(fitted - 1) > 0.001;
  }

  function fit() {
    if (!dialog || !dialog.open) return;
    var size = naturalSize();
    var fitted = fitScale();
    if (!toggles(fitted)) actualSize = false;
    var scale = actualSize ? 1 : fitted;
    view.style.width = Math.round(size.width * scale) + "px";
    view.style.height = Math.round(size.height * scale) + "px";
    // Rasters scale smoothly (photos, screenshots), except tiny ones blown up 2x or more: at most
    // 128 pixels a side is an icon, a badge or pixel art far more often than a photo, and square
    // pixels keep it exact where smoothing would turn it into a blur. SVG is drawn as vectors.
    var tiny = Math.max(size.width, size.height) <= 128 && !/\.svg$|^data:image\/svg/i.test(view.src);
    view.classList.toggle("pixelated", tiny && scale >= 2);
    // The cursor says what a click does: zoom in (to actual size, or back to a larger fit) or out.
    var larger = actualSize ? fitted > 1 : fitted < 1;
    view.classList.toggle("zoomable", toggles(fitted) && larger);
    view.classList.toggle("actual", toggles(fitted) && !larger);
  }

  // From a click, the point under the pointer stays put; from the keyboard (no event), the centre.
  function toggleSize(event) {
    if (!toggles(fitScale())) return;
    var rect = view.getBoundingClientRect();
    var stageBox = stage.getBoundingClientRect();
    var x = event ? event.clientX : stageBox.left + stageBox.width / 2;
    var y = event ? event.clientY : stageBox.top + stageBox.height / 2;
    var fx = rect.width ? (x - rect.left) / rect.width : 0.5;
    var fy = rect.height ? (y - rect.top) / rect.height : 0.5;
    actualSize = !actualSize;
    fit();
    if (actualSize) {
      // Keep the point under the pointer where it was.
      var size = naturalSize();
      stage.scrollLeft = fx * size.width - (x - stageBox.left);
      stage.scrollTop = fy * size.height - (y - stageBox.top);
    }
  }

  // + shows the larger of fit and actual size, - the smaller; 0 goes back to fit.
  function sizeTo(larger) {
    var fitted = fitScale();
    if (!toggles(fitted)) return;
    var wantActual = larger ? fitted < 1 : fitted > 1;
    if (wantActual !== actualSize) toggleSize(null);
  }

  function show(position) {
    index = (position + images.length) % images.length;
    actualSize = false;
    var source = images[index];
    var title = source.getAttribute("title") || "";
    var alt = source.getAttribute("alt") || "";
    // A larger rendition (preview_width) is fetched only now; the page keeps its own image.
    view.src = source.getAttribute("data-preview-src") || source.currentSrc || source.src;
    view.alt = alt;
    caption.textContent = title || alt;
    var several = images.length > 1;
    counter.textContent = several ? index + 1 + " / " + images.length : "";
    prevButton.hidden = !several;
    nextButton.hidden = !several;
    stage.scrollLeft = 0;
    stage.scrollTop = 0;
    fit();
  }

  function flip(step) {
    if (images.length > 1) show(index + step);
  }

  function open(image) {
    if (!dialog) build();
    images = Array.prototype.slice.call(document.querySelectorAll(SELECTOR)).filter(previewable);
    var position = images.indexOf(image);
    if (position < 0) return;
    if (dialog.open) { show(position); return; }
    document.documentElement.classList.add("notesite-preview-open");
    if (typeof dialog.showModal === "function") {
      dialog.showModal();
    } else {
      dialog.setAttribute("open", "");
    }
    show(position);
    closeButton.focus();
    try {
      // A preview closed a moment ago may still own the current entry: reuse it.
      if (!(history.state && history.state.notesitePreview)) history.pushState({ notesitePreview: true }, "");
      pushedState = true;
    } catch (error) {
      pushedState = false; // some file:// setups refuse history entries: Back then leaves, as usual
    }
  }

  function close() {
    if (!dialog || !dialog.open) return;
    if (typeof dialog.close === "function") {
      dialog.close();
    } else {
      dialog.removeAttribute("open");
      dialog.dispatchEvent(new Event("close"));
    }
  }

  window.addEventListener("popstate", function () {
    if (pendingBack) {
      pendingBack = false;
      // Opened again while going back: give the new preview its own entry.
      if (dialog && dialog.open && pushedState) history.pushState({ notesitePreview: true }, "");
      return;
    }
    if (dialog && dialog.open && pushedState) {
      closingFromHistory = true;
      close();
    }
  });

  function target(event) {
    var node = event.target;
    if (!(node instanceof Element)) return null;
    var image = node.closest(SELECTOR);
    if (!image) {
      var link = node.closest("a.notesite-zoom");
      image = link && link.querySelector(SELECTOR);
    }
    return image && previewable(image) ? image : null;
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

  // A link to an image's no-JS preview (#notesite-image-3) opens the real one instead.
  function openFromHash() {
    if (!HASH.test(location.hash)) return;
    var figure = document.getElementById(location.hash.slice(1));
    var image = figure && figure.querySelector(SELECTOR);
    if (!image) return;
    try {
      history.replaceState(history.state, "", location.pathname + location.search);
    } catch (error) {
      // keep the hash; the dialog still opens
    }
    open(image);
  }

  function mark() {
    document.documentElement.classList.add("notesite-js");
    var nodes = document.querySelectorAll(SELECTOR);
    for (var i = 0; i < nodes.length; i++) {
      if (previewable(nodes[i])) focusTarget(nodes[i]).setAttribute("aria-haspopup", "dialog");
    }
    openFromHash();
  }

  window.addEventListener("hashchange", openFromHash);
  // New content in the page (a note shown by `notesite export`'s file).
  document.addEventListener("notesite:content", mark);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mark);
  } else {
    mark();
  }
})();
