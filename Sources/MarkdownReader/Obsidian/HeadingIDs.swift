import NoteModel

/// Gives every heading a unique id from its text, GitHub's way: lower case, spaces to `-`, other
/// punctuation dropped, `-1`, `-2`... for repeats. An empty slug becomes `heading`.
enum HeadingIDs {
    static func apply(_ document: inout NoteDocument) {
        var slugger = Slugger()
        for index in document.blocks.indices {
            guard case .heading = document.blocks[index].kind else { continue }
            let text = document.plainText(of: document.blocks[index].content ?? AttributedText())
            document.blocks[index].anchor = slugger.unique(text)
        }
    }
}
