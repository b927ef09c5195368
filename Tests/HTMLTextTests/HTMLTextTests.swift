import HTMLText
import Testing

@Suite struct HTMLTextTests {
    @Test func escapesWhatCmarkEscapes() {
        #expect("a < b && c > \"d\" 'e'".htmlEscaped == "a &lt; b &amp;&amp; c &gt; &quot;d&quot; 'e'")
    }

    @Test func singleQuotesOnRequest() {
        #expect(HTMLText.escaped("it's", singleQuote: true) == "it&#39;s")
    }

    @Test func leavesOtherTextAlone() {
        #expect("Lisbon, café 日本 — ok".htmlEscaped == "Lisbon, café 日本 — ok")
        #expect("".htmlEscaped == "")
        #expect("&".htmlEscaped == "&amp;")
    }

    @Test func noncontiguousBytesToo() {
        var output: [UInt8] = []
        HTMLText.appendEscaped("<x>".utf8.lazy.map { $0 }, to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "&lt;x&gt;")
    }
}
