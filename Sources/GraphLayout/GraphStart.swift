import Foundation

/// Where the layout starts: each connected group grown outwards from its best-linked node, every
/// node put a link's length from the node that reached it (in a direction from the seeded random
/// numbers), groups set apart on a spiral. Starting near the answer saves most of the steps that
/// a random start needs on a big graph.
enum GraphStart {
    static func positions(nodeCount: Int, edges: [GraphLayout.Edge], seed: UInt64, spacing: Double)
        -> (x: [Double], y: [Double])
    {
        let neighbours = adjacency(nodeCount: nodeCount, edges: edges)
        var random = LayoutRandom(seed: seed)
        var x = [Double](repeating: 0, count: nodeCount)
        var y = [Double](repeating: 0, count: nodeCount)
        var placed = [Bool](repeating: false, count: nodeCount)
        // Roots: most links first, then the lower index (deterministic).
        let roots = (0..<nodeCount).sorted {
            (neighbours.count(of: $0), -$0) > (neighbours.count(of: $1), -$1)
        }
        var group = 0
        var queue: [Int] = []
        queue.reserveCapacity(nodeCount)
        for root in roots where !placed[root] {
            // Groups on a sunflower spiral, the biggest (found first) in the middle.
            let radius = spacing * 6 * Double(group).squareRoot()
            let angle = Double(group) * 2.399_963_229_728_653
            x[root] = radius * cos(angle)
            y[root] = radius * sin(angle)
            placed[root] = true
            group += 1
            queue.removeAll(keepingCapacity: true)
            queue.append(root)
            var head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                for next in neighbours.of(node) where !placed[Int(next)] {
                    let target = Int(next)
                    let direction = random.unit() * 2 * Double.pi
                    let distance = spacing * (0.5 + random.unit())
                    x[target] = x[node] + distance * cos(direction)
                    y[target] = y[node] + distance * sin(direction)
                    placed[target] = true
                    queue.append(target)
                }
            }
        }
        return (x, y)
    }

    /// Each node's neighbours, in one flat array (compressed rows).
    struct Adjacency {
        let offsets: [Int]
        let targets: [Int32]

        func of(_ node: Int) -> ArraySlice<Int32> { targets[offsets[node]..<offsets[node + 1]] }
        func count(of node: Int) -> Int { offsets[node + 1] - offsets[node] }
    }

    static func adjacency(nodeCount: Int, edges: [GraphLayout.Edge]) -> Adjacency {
        var counts = [Int](repeating: 0, count: nodeCount + 1)
        for edge in edges {
            counts[Int(edge.low) + 1] += 1
            counts[Int(edge.high) + 1] += 1
        }
        for index in 0..<nodeCount { counts[index + 1] += counts[index] }
        var fill = counts
        var targets = [Int32](repeating: 0, count: edges.count * 2)
        for edge in edges {
            targets[fill[Int(edge.low)]] = edge.high
            fill[Int(edge.low)] += 1
            targets[fill[Int(edge.high)]] = edge.low
            fill[Int(edge.high)] += 1
        }
        return Adjacency(offsets: counts, targets: targets)
    }
}

/// A small fast random number generator (SplitMix64): the same seed gives the same numbers on
/// every machine, which Swift's `SystemRandomNumberGenerator` never does.
struct LayoutRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
}
