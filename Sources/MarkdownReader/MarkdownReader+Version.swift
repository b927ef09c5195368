internal import CCmark

extension MarkdownReader {
    /// The version of the libcmark notesite is linked against ("0.30.2"), for `notesite --version`.
    public static var cmarkVersion: String { String(cString: cmark_version_string()) }
}
