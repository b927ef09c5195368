import Foundation
import Synchronization

/// A force-directed layout (Fruchterman and Reingold's forces, Barnes-Hut for the pushes): linked
/// nodes pull together, all nodes push apart, a weak pull to the centre keeps unlinked notes
/// near. Every step is fixed by the seed and the input, so the same graph always gets the same
/// picture, whatever the machine's load or the number of jobs.
public struct GraphLayout: Sendable, Hashable {
    /// An undirected link between two nodes, `low < high`.
    public struct Edge: Sendable, Hashable {
        public let low: Int32
        public let high: Int32
    }

    public let nodeCount: Int
    public let edges: [Edge]
    public var seed: UInt64 = 0x6E6F_7465_7369_7465  // "notesite"
    /// Steps to run; by default fewer for big graphs, whose nodes start near their neighbours.
    public var iterations: Int

    /// The ideal distance between linked nodes, in layout units.
    public static let linkLength = 30.0
    /// How strongly every node is drawn to the centre, against the others' push.
    public static let gravity = 0.25
    /// Barnes-Hut's accuracy: a cell this small for its distance pushes as one point.
    public static let theta = 1.0

    /// `links` as pairs of node indices, in any order; repeated links and self-links count once / not at all.
    public init(nodeCount: Int, links: [(Int, Int)]) {
        self.nodeCount = nodeCount
        var unique: Set<Edge> = []
        for (a, b) in links where a != b && (0..<nodeCount).contains(a) && (0..<nodeCount).contains(b) {
            unique.insert(Edge(low: Int32(min(a, b)), high: Int32(max(a, b))))
        }
        edges = unique.sorted { ($0.low, $0.high) < ($1.low, $1.high) }
        iterations = Self.defaultIterations(for: nodeCount)
    }

    /// About 240,000 node steps in all: 300 steps up to 800 nodes, 60 at 4,000, 25 from 9,600 on
    /// (a big graph starts near its answer; each step costs n log n).
    static func defaultIterations(for nodeCount: Int) -> Int {
        min(300, max(25, 240_000 / max(nodeCount, 1)))
    }

    /// Each node's place, centred on the origin. `jobs` threads share the pushes; each node's
    /// push is summed by one thread in the same order whatever their number, so the result is too.
    public func positions(jobs: Int = 1) -> (x: [Double], y: [Double]) {
        guard nodeCount > 0 else { return ([], []) }
        var (x, y) = GraphStart.positions(
            nodeCount: nodeCount, edges: edges, seed: seed, spacing: Self.linkLength)
        let k = Self.linkLength
        let start = k * max(4, sqrt(Double(nodeCount)))
        let end = k * 0.05
        var forceX = [Double](repeating: 0, count: nodeCount)
        var forceY = [Double](repeating: 0, count: nodeCount)
        for step in 0..<iterations {
            // Cooling: the longest move allowed shrinks geometrically from `start` to `end`.
            let progress = iterations > 1 ? Double(step) / Double(iterations - 1) : 1
            let limit = start * pow(end / start, progress)
            Self.push(QuadTree(x: x, y: y), x, y, into: &forceX, &forceY, jobs: jobs)
            for edge in edges {
                let a = Int(edge.low)
                let b = Int(edge.high)
                let dx = x[b] - x[a]
                let dy = y[b] - y[a]
                let pull = (dx * dx + dy * dy).squareRoot() / k
                forceX[a] += dx * pull
                forceY[a] += dy * pull
                forceX[b] -= dx * pull
                forceY[b] -= dy * pull
            }
            for node in 0..<nodeCount {
                let length = (forceX[node] * forceX[node] + forceY[node] * forceY[node]).squareRoot()
                guard length > 0, length.isFinite else { continue }
                let move = min(length, limit) / length
                x[node] += forceX[node] * move
                y[node] += forceY[node] * move
            }
        }
        return centred(x, y)
    }

    /// Every node's push from all others and its pull to the centre, in `forceX` and `forceY`.
    private static func push(
        _ tree: QuadTree, _ x: [Double], _ y: [Double], into forceX: inout [Double], _ forceY: inout [Double],
        jobs: Int
    ) {
        let count = x.count
        // Threads pay off only for big graphs.
        let chunks = count >= 2_000 ? max(1, min(jobs, 16)) : 1
        let strength = linkLength * linkLength
        // Each node's push is summed alone: any order of the nodes gives the same forces. Each
        // chunk sums its own nodes' pushes into an array of its own, handed back under a lock;
        // the forces are written once all chunks are done.
        let order = tree.pointsInTreeOrder(count: count)
        let pushes = Mutex([[(x: Double, y: Double)]](repeating: [], count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let places = chunk * count / chunks..<(chunk + 1) * count / chunks
            var stack: [Int32] = []
            stack.reserveCapacity(256)
            var mine: [(x: Double, y: Double)] = []
            mine.reserveCapacity(places.count)
            for place in places {
                let node = order[place]
                mine.append(
                    tree.push(
                        on: node, x: x[node], y: y[node], strength: strength, theta: theta, stack: &stack))
            }
            pushes.withLock { $0[chunk] = mine }
        }
        pushes.withLock { pushes in
            for chunk in 0..<chunks {
                let first = chunk * count / chunks
                for (offset, push) in pushes[chunk].enumerated() {
                    let node = order[first + offset]
                    forceX[node] = push.x - gravity * x[node]
                    forceY[node] = push.y - gravity * y[node]
                }
            }
        }
    }

    private func centred(_ x: [Double], _ y: [Double]) -> (x: [Double], y: [Double]) {
        guard let minX = x.min(), let maxX = x.max(), let minY = y.min(), let maxY = y.max() else {
            return (x, y)
        }
        let midX = (minX + maxX) / 2
        let midY = (minY + maxY) / 2
        return (x.map { $0 - midX }, y.map { $0 - midY })
    }
}
