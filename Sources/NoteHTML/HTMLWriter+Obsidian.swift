public import NoteModel

extension HTMLWriter {
    /// The href of a wikilink `[[target#fragment]]`; nil writes `target.html#slug`.
    public typealias WikilinkHook = (_ target: String, _ fragment: String?) -> String?
    /// The whole HTML of an embed `![[Note]]` (or a PDF...); image embeds go through the image hook.
    /// nil writes a link to it.
    public typealias EmbedHook = (_ link: WikiLink) -> String?
    /// The href of an inline `#tag` (its name without `#`); nil writes `<span class="tag">`.
    public typealias TagHook = (_ tag: String) -> String?
}
