import Foundation

/// The images of every page in the file, each stored once: a page's `data:` URIs, and the image
/// files it names (`inline: never`), become a token (`notesite-export-image:N`) that export.js
/// swaps back when it shows the note, so a photo that ten notes show is in the file once.
struct ImageShelf: Sendable {
    /// Each image's `data:` URI as it stands in an attribute (HTML-escaped), by token number.
    private(set) var images: [[UInt8]] = []
    private var numbers: [[UInt8]: Int] = [:]

    static let token = "notesite-export-image:"
    /// The attributes that name a file to show, inlined when they name a file of the site.
    private static let fileAttributes: Set<String> = ["src", "data-preview-src", "poster"]
    /// A `data:` URI shorter than this stays where it is (an icon costs less than its token).
    private static let smallest = 160

    /// `content` with its images replaced by tokens; `files` are the site's, `pagePath` the page's.
    mutating func shelve(_ content: [UInt8], pagePath: String, files: [String: Data]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(content.count / 4)
        var position = 0
        while let equals = BuiltPage.find("=\"", in: content, from: position) {
            let valueStart = equals + 2
            guard let valueEnd = content[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            let value = content[valueStart..<valueEnd]
            output += content[position..<valueStart]
            position = valueEnd
            if value.starts(with: "data:".utf8) {
                if value.count >= Self.smallest {
                    output += tokenBytes(for: Array(value))
                } else {
                    output += value
                }
                continue
            }
            let name = Self.attributeName(before: equals, in: content)
            if Self.fileAttributes.contains(name),
                let uri = Self.dataURI(value, pagePath: pagePath, files: files)
            {
                output += tokenBytes(for: uri)
            } else {
                output += value
            }
        }
        output += content[position...]
        return output
    }

    private mutating func tokenBytes(for uri: [UInt8]) -> [UInt8] {
        let number: Int
        if let known = numbers[uri] {
            number = known
        } else {
            number = images.count
            images.append(uri)
            numbers[uri] = number
        }
        return Array((Self.token + String(number)).utf8)
    }

    private static func attributeName(before equals: Int, in content: [UInt8]) -> String {
        var start = equals
        while start > 0, content[start - 1] != UInt8(ascii: " "), content[start - 1] != UInt8(ascii: "<") {
            start -= 1
        }
        return String(decoding: content[start..<equals], as: UTF8.self)
    }

    /// The site file a reference names, as a `data:` URI; nil when it names none or no image.
    private static func dataURI(_ value: ArraySlice<UInt8>, pagePath: String, files: [String: Data])
        -> [UInt8]?
    {
        let reference = String(decoding: value, as: UTF8.self).replacingOccurrences(of: "&amp;", with: "&")
        guard let path = SitePath.resolve(reference, from: pagePath),
            let type = mediaType(of: path),
            let data = files[path] ?? path.removingPercentEncoding.flatMap({ files[$0] })
        else { return nil }
        return Array("data:\(type);base64,".utf8) + Array(data.base64EncodedData())
    }

    static func mediaType(of path: String) -> String? {
        guard let dot = path.lastIndex(of: ".") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "webp": return "image/webp"
        case "avif": return "image/avif"
        case "gif": return "image/gif"
        case "svg": return "image/svg+xml"
        case "mp4", "m4v": return "video/mp4"
        case "webm": return "video/webm"
        case "mp3": return "audio/mpeg"
        case "ogg": return "audio/ogg"
        default: return nil
        }
    }
}

/// Text kept inside a `<script type="text/x-...">` element, which the parser reads as raw text up
/// to `</script`: `</script` and `<!--` are written `<\/script` and `<\!--`, and a `<\` already in
/// the text `<\\`, so export.js can undo it exactly with one replace.
enum RawText {
    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var index = 0
        let lt = UInt8(ascii: "<")
        while index < bytes.count {
            let byte = bytes[index]
            output.append(byte)
            index += 1
            guard byte == lt, index < bytes.count else { continue }
            let next = bytes[index]
            if next == UInt8(ascii: "\\") || starts(bytes, at: index, with: comment)
                || starts(bytes, at: index, with: scriptEnd, ignoringCase: true)
            {
                output.append(UInt8(ascii: "\\"))
            }
        }
        return output
    }

    private static let comment = Array("!--".utf8)
    private static let scriptEnd = Array("/script".utf8)

    private static func starts(
        _ bytes: [UInt8], at index: Int, with pattern: [UInt8], ignoringCase: Bool = false
    )
        -> Bool
    {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in pattern.indices {
            var byte = bytes[index + offset]
            if ignoringCase, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != pattern[offset] { return false }
        }
        return true
    }
}
