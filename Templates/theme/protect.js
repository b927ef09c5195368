/* notesite protected notes: the page holds the note sealed (AES-256-GCM under a note key, the note
   key sealed with a key derived from the password by PBKDF2-HMAC-SHA256, parameters beside it).
   The password opens it here, with WebCrypto; nothing is sent anywhere. "Keep unlocked" keeps the
   note key (never the password) in sessionStorage, or localStorage when the site says so, and
   every note sealed with that key then opens without asking. Once opened, the scripts that work
   on a note's content run again on it. Own code. */
(function () {
  "use strict";

  // The interface's words in the site's language, from assets/strings.js.
  function words(key) {
    var table = window.notesiteStrings || {};
    return table[key] || key;
  }
  var STORE = "notesite-note-keys";
  var RERUN = ["code.js", "math.js", "diagrams.js", "canvas.js", "bases.js"];

  var box = document.getElementById("notesite-protected");
  var data = document.getElementById("notesite-sealed");
  if (!box || !data) return;
  var form = box.querySelector("form");
  var input = document.getElementById("notesite-password");
  var keep = document.getElementById("notesite-keep");
  var status = box.querySelector(".protected-status");
  var storage = box.getAttribute("data-storage") === "local" ? "localStorage" : "sessionStorage";

  function bytes(base64) {
    var text = atob(base64);
    var out = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out;
  }

  function base64(buffer) {
    var view = new Uint8Array(buffer);
    var text = "";
    for (var i = 0; i < view.length; i++) text += String.fromCharCode(view[i]);
    return btoa(text);
  }

  // v1:pbkdf2-sha256:ITERATIONS:SALT:KEY-NONCE:WRAPPED-KEY:NONCE, read strictly.
  function parameters(text) {
    var f = String(text).split(":");
    if (f.length !== 7 || f[0] !== "v1" || f[1] !== "pbkdf2-sha256" || !/^[1-9][0-9]{5,8}$/.test(f[2])) return null;
    try {
      var p = { iterations: Number(f[2]), salt: bytes(f[3]), keyNonce: bytes(f[4]), wrapped: bytes(f[5]), nonce: bytes(f[6]) };
      if (p.iterations < 600000 || p.salt.length !== 16 || p.keyNonce.length !== 12 || p.wrapped.length !== 48 ||
        p.nonce.length !== 12) return null;
      return p;
    } catch (error) {
      return null;
    }
  }

  var sealed;
  try {
    sealed = JSON.parse(data.textContent);
  } catch (error) {
    sealed = null;
  }
  var params = sealed && parameters(sealed.parameters);
  var subtle = window.crypto && window.crypto.subtle;

  function say(text, bad) {
    status.textContent = text;
    status.classList.toggle("is-error", !!bad);
  }

  function kept() {
    try {
      var list = JSON.parse(window[storage].getItem(STORE) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (error) {
      return [];
    }
  }

  function remember(rawKey) {
    try {
      var list = kept().filter(function (k) { return k !== rawKey; });
      list.unshift(rawKey);
      window[storage].setItem(STORE, JSON.stringify(list.slice(0, 16)));
    } catch (error) {
      // storage off or full: the note stays open on this page only
    }
  }

  function aes(raw) {
    return subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["decrypt"]);
  }

  function openWith(rawNoteKey) {
    return aes(rawNoteKey).then(function (key) {
      return subtle.decrypt({ name: "AES-GCM", iv: params.nonce }, key, bytes(sealed.ciphertext));
    });
  }

  function show(plain) {
    var text = new TextDecoder().decode(plain);
    // The note's own <main> class (has-toc and the like) comes first, as a comment.
    var head = /^<!--class:([^>]*)-->/.exec(text);
    var main = box.closest("main");
    if (head) {
      if (main) main.className = head[1];
      text = text.slice(head[0].length);
    }
    var holder = document.createElement("template");
    holder.innerHTML = text;
    var fresh = [];
    Array.prototype.forEach.call(holder.content.querySelectorAll("script[src]"), function (old) {
      fresh.push(old.getAttribute("src"));
      old.remove();
    });
    box.replaceWith(holder.content);
    // The page's own scripts that work on a note's content, then those the content brought.
    Array.prototype.forEach.call(document.querySelectorAll("head script[src]"), function (script) {
      var src = script.getAttribute("src");
      if (RERUN.some(function (name) { return src.slice(-name.length - 7) === "assets/" + name; })) fresh.push(src);
    });
    fresh.forEach(function (src) {
      var script = document.createElement("script");
      script.src = src;
      script.async = false;
      document.body.appendChild(script);
    });
    document.documentElement.classList.add("notesite-unlocked");
    document.dispatchEvent(new CustomEvent("notesite:unlocked"));
  }

  function unlock(password) {
    var material = new TextEncoder().encode(password);
    return subtle.importKey("raw", material, "PBKDF2", false, ["deriveBits"]).then(function (base) {
      return subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: params.salt, iterations: params.iterations },
        base, 256);
    }).then(aes).then(function (key) {
      return subtle.decrypt({ name: "AES-GCM", iv: params.keyNonce }, key, params.wrapped);
    }).then(function (noteKey) {
      return openWith(noteKey).then(function (plain) { return { plain: plain, noteKey: noteKey }; });
    });
  }

  // A key kept from another note of the same password: tried before the form is shown.
  function tryKept(list) {
    if (!list.length) return Promise.reject(new Error("none kept"));
    return openWith(bytes(list[0])).catch(function () { return tryKept(list.slice(1)); });
  }

  form.hidden = false;
  if (!subtle || !window.TextDecoder) { say(words("protect_unsupported"), true); input.disabled = true; return; }
  if (!params || typeof sealed.ciphertext !== "string") { say(words("protect_damaged"), true); input.disabled = true; return; }

  tryKept(kept()).then(show, function () { /* the form stays */ });

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var button = form.querySelector("button");
    button.disabled = true;
    say(words("protect_opening"), false);
    unlock(input.value).then(function (opened) {
      if (keep.checked) remember(base64(opened.noteKey));
      show(opened.plain);
    }, function () {
      button.disabled = false;
      say(words("protect_wrong"), true);
      input.select();
      input.focus();
    });
  });
})();
