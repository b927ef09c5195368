import Foundation
import ImagePipeline

/// One image a build made, for the `--json` report: where it came from and what went into the pages.
public struct ImageRecord: Sendable, Hashable, Codable {
    /// The vault path of the source file.
    public var source: String
    /// The size a reference asked for (`300` or `300x200`), nil for the column's width.
    public var requestedSize: String?
    public var sourceBytes: Int
    /// Bytes of the encoded rendition; 0 when it failed.
    public var renditionBytes: Int
    /// Bytes the image adds to each page that shows it, as a base64 `data:` URI; 0 when it is
    /// published as a file instead (`inline: never` or `auto`) or failed.
    public var inlinedBytes: Int
    /// The site path of the rendition when it is published as a file (`images/3f9a....webp`).
    public var file: String?
    public var mimeType: String?
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// Why no rendition was made, when none was.
    public var error: String?

    /// One record per rendition, sorted by source then size.
    static func records(
        _ renditions: ImageRendering.Renditions, in vault: Vault, publishing: ImagePublishing
    ) -> [ImageRecord] {
        renditions.map { key, outcome in
            let attributes = vault.location(of: key.path).flatMap {
                try? FileManager.default.attributesOfItem(atPath: $0.path)
            }
            var record = ImageRecord(
                source: key.path, requestedSize: key.size.map(Self.describe),
                sourceBytes: (attributes?[.size] as? NSNumber)?.intValue ?? 0, renditionBytes: 0,
                inlinedBytes: 0)
            switch outcome {
            case .rendition(let rendition):
                record.renditionBytes = rendition.data.count
                if publishing.inlines(rendition) {
                    record.inlinedBytes = ImagePublishing.inlinedBytes(rendition)
                } else {
                    record.file = ImagePublishing.path(of: rendition)
                }
                record.mimeType = rendition.mimeType
                record.pixelWidth = rendition.pixelWidth
                record.pixelHeight = rendition.pixelHeight
            case .failed(let error):
                record.error = "\(error)"
            }
            return record
        }
        .sorted { ($0.source, $0.requestedSize ?? "") < ($1.source, $1.requestedSize ?? "") }
    }

    static func describe(_ size: ImageSizeRequest) -> String {
        switch size {
        case .width(let width): "\(width)"
        case .box(let width, let height): "\(width)x\(height)"
        }
    }
}
