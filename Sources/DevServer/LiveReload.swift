import Foundation
import HTMLText
import SiteBuilder

/// The script served pages carry: it listens to the event stream, reloads the page when its
/// fingerprint changed (restoring the scroll position), and shows build errors over the page.
enum LiveReload {
    static let eventsPath = "_notesite/events"

    /// `html` with the script inserted before the last `</body>` (appended when there is none).
    static func inject(into html: Data, page: String, fingerprint: String) -> Data {
        let script = Data(script(page: page, fingerprint: fingerprint).utf8)
        let closing = Array("</body>".utf8)
        let bytes = [UInt8](html)
        var index = bytes.count - closing.count
        while index >= 0 {
            if zip(bytes[index..<(index + closing.count)], closing).allSatisfy({ lowercased($0) == $1 }) {
                var output = Data(bytes[..<index])
                output.append(script)
                output.append(contentsOf: bytes[index...])
                return output
            }
            index -= 1
        }
        return html + script
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    static func script(page: String, fingerprint: String) -> String {
        """
        <script id="notesite-live">(function () {
          var page = \(JSONString.literal(page)), hash = \(JSONString.literal(fingerprint));
          var key = "notesite-scroll:" + page;
          try {
            var y = sessionStorage.getItem(key);
            if (y !== null) {
              sessionStorage.removeItem(key);
              window.addEventListener("load", function () { window.scrollTo(0, +y); });
            }
          } catch (e) {}
          function overlay(text) {
            var box = document.getElementById("notesite-overlay");
            if (text === null) { if (box) box.remove(); return; }
            if (!box) {
              box = document.createElement("pre");
              box.id = "notesite-overlay";
              box.style.cssText = "position:fixed;left:0;right:0;bottom:0;max-height:50vh;overflow:auto;" +
                "margin:0;padding:1em;background:#3b0d0d;color:#ffd7d7;font:13px/1.5 monospace;" +
                "white-space:pre-wrap;z-index:2147483647;border-top:3px solid #e5484d";
              document.body.appendChild(box);
            }
            box.textContent = text;
          }
          var events = new EventSource("/\(eventsPath)?page=" + encodeURIComponent(page) + "&hash=" + hash);
          events.addEventListener("build-error", function (e) { overlay(JSON.parse(e.data)); });
          events.addEventListener("ok", function () { overlay(null); });
          events.addEventListener("reload", function () {
            events.close();
            try { sessionStorage.setItem(key, String(window.scrollY)); } catch (e) {}
            location.reload();
          });
        })();</script>

        """
    }
}
