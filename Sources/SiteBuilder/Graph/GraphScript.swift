import Foundation
import GraphLayout
import HTMLText

/// `assets/graph-data.js`: the graph and its layout as a script that sets `window.notesiteGraph`
/// (a script, not JSON, so pages opened from `file://` can load it). Compact: whole-number
/// coordinates, links as a flat list of node indices. Keys: `n` the number of notes (later nodes
/// are tags), `x` and `y` coordinates, `t` titles, `u` pages from the site root, `l` links as
/// `from, to, from, to, ...`.
enum GraphScript {
    static func script(for graph: VaultGraph, at positions: GraphPositions) -> Data {
        var text = "window.notesiteGraph={\"n\":\(graph.noteCount),\n\"x\":["
        text += positions.x.map(String.init).joined(separator: ",")
        text += "],\n\"y\":["
        text += positions.y.map(String.init).joined(separator: ",")
        text += "],\n\"t\":["
        text += graph.titles.map(JSONString.literal).joined(separator: ",")
        text += "],\n\"u\":["
        text += graph.pages.map(JSONString.literal).joined(separator: ",")
        text += "],\n\"l\":["
        text += graph.links.map { "\($0.from),\($0.to)" }.joined(separator: ",")
        text += "]};\n"
        return Data(text.utf8)
    }
}

/// A layout's result in whole layout units (about a thirtieth of a link's length each), which is
/// all a screen can show and keeps the data file small.
struct GraphPositions: Sendable, Hashable {
    let x: [Int]
    let y: [Int]

    init(x: [Int], y: [Int]) {
        self.x = x
        self.y = y
    }

    init(_ layout: GraphLayout, jobs: Int = 1) {
        let (x, y) = layout.positions(jobs: jobs)
        self.x = x.map(Self.whole)
        self.y = y.map(Self.whole)
    }

    private static func whole(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(-1e9, min(1e9, value.rounded())))
    }
}
