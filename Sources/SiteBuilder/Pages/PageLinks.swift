import Foundation

/// Links from one page to others, relative (`guide/images.html` to `reference/cli.html` is
/// `../reference/cli.html`), with the page's folders split once. The explorer asks for a dozen links
/// per level of every page; splitting the page again and making a string for each was a twelfth of
/// a cold build. Paths compare byte for byte, segments being the non-empty runs between slashes.
struct PageLinks {
    private let page: [UInt8]
    /// The page's folders: its segments but the last.
    private let folders: [Range<Int>]
    let urls: URLStyle

    init(from page: String, urls: URLStyle = .files) {
        self.page = Array(page.utf8)
        var found: [Range<Int>] = []
        var start = 0
        for (index, byte) in self.page.enumerated() where byte == Self.slash {
            if index > start { found.append(start..<index) }
            start = index + 1
        }
        if self.page.count > start { found.append(start..<self.page.count) }
        folders = Array(found.dropLast())
        self.urls = urls
    }

    /// The page's folders, each followed by a slash: what its relative links depend on.
    var folderBytes: [UInt8] {
        var bytes: [UInt8] = []
        for folder in folders {
            bytes += page[folder]
            bytes.append(Self.slash)
        }
        return bytes
    }

    /// The link to `target`, in the page's URL style (a pretty URL's `index.html` dropped).
    func href(to target: String) -> String {
        var link: [UInt8] = []
        append(to: target, into: &link)
        return String(decoding: link, as: UTF8.self)
    }

    /// Appends the link to `target`, in the page's URL style, to `output`.
    func append(to target: String, into output: inout [UInt8]) {
        let start = output.count
        appendRelative(to: target.utf8.span, into: &output, from: start)
        guard urls == .pretty else { return }
        let written = output.count - start
        let index = Self.indexPage
        guard written >= index.count, output[(output.count - index.count)...].elementsEqual(index),
            written == index.count || output[output.count - index.count - 1] == Self.slash
        else { return }
        output.removeLast(index.count)
        if output.count == start {
            output.append(Self.dot)
            output.append(Self.slash)
        }
    }

    /// Up from the page's folder to the folder it shares with the target, then down to the target;
    /// the target's last segment is never shared. Segments are compared and copied through spans:
    /// the generic slice compare and append cost dozens of instructions a byte.
    private func appendRelative(to there: Span<UInt8>, into output: inout [UInt8], from start: Int) {
        var shared = 0
        var position = 0
        let page = page.span
        while shared < folders.count {
            let next = Self.segment(in: there, from: position)
            // The target's last segment is never shared: another must follow this one.
            guard !next.isEmpty, Self.equal(page, folders[shared], there, next),
                Self.hasSegment(in: there, from: next.upperBound)
            else { break }
            shared += 1
            position = next.upperBound
        }
        for _ in shared..<folders.count {
            if output.count > start { output.append(Self.slash) }
            output.append(Self.dot)
            output.append(Self.dot)
        }
        while position < there.count {
            let next = Self.segment(in: there, from: position)
            guard !next.isEmpty else { break }
            if output.count > start { output.append(Self.slash) }
            for index in next { output.append(there[index]) }
            position = next.upperBound
        }
    }

    private static func equal(
        _ first: Span<UInt8>, _ firstRange: Range<Int>, _ second: Span<UInt8>, _ secondRange: Range<Int>
    ) -> Bool {
        guard firstRange.count == secondRange.count else { return false }
        let offset = secondRange.lowerBound - firstRange.lowerBound
        return firstRange.allSatisfy { first[$0] == second[$0 + offset] }
    }

    /// The next non-empty run between slashes at or after `position` (empty at the end).
    private static func segment(in bytes: Span<UInt8>, from position: Int) -> Range<Int> {
        var start = position
        while start < bytes.count, bytes[start] == slash { start += 1 }
        var end = start
        while end < bytes.count, bytes[end] != slash { end += 1 }
        return start..<end
    }

    /// Whether a non-empty segment starts at or after `position`.
    private static func hasSegment(in bytes: Span<UInt8>, from position: Int) -> Bool {
        var index = position
        while index < bytes.count, bytes[index] == slash { index += 1 }
        return index < bytes.count
    }

    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")
    private static let indexPage = Array("index.html".utf8)
}
