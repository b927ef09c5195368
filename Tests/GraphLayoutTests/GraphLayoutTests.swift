import Foundation
import Glibc
import Testing

@testable import GraphLayout

/// The force-directed layout: the same picture for the same graph, finite and spread out, linked
/// nodes nearer each other than the rest, time growing about linearly with the nodes.
@Suite struct GraphLayoutTests {
    /// Clusters of `size` nodes, densely linked inside, each linked to the next cluster by one link,
    /// plus a few nodes with no links at all.
    static func clusters(_ count: Int, size: Int, loners: Int = 0) -> GraphLayout {
        var random = LayoutRandom(seed: 7)
        var links: [(Int, Int)] = []
        for cluster in 0..<count {
            let first = cluster * size
            for node in first..<first + size {
                for _ in 0..<3 { links.append((node, first + Int(random.next() % UInt64(size)))) }
            }
            if cluster > 0 { links.append((first, first - size)) }
        }
        return GraphLayout(nodeCount: count * size + loners, links: links)
    }

    static func distance(_ p: (x: [Double], y: [Double]), _ a: Int, _ b: Int) -> Double {
        let dx = p.x[a] - p.x[b]
        let dy = p.y[a] - p.y[b]
        return (dx * dx + dy * dy).squareRoot()
    }

    @Test func theSameSeedGivesTheSameLayoutAndAnotherSeedAnother() {
        let layout = Self.clusters(6, size: 20, loners: 5)
        let first = layout.positions()
        let second = layout.positions()
        #expect(first.x == second.x && first.y == second.y)
        var reseeded = layout
        reseeded.seed = 42
        #expect(reseeded.positions().x != first.x)
    }

    @Test func anyNumberOfThreadsGivesTheSameLayout() {
        var layout = Self.clusters(100, size: 21)
        layout.iterations = 8
        let one = layout.positions(jobs: 1)
        let four = layout.positions(jobs: 4)
        #expect(one.x == four.x && one.y == four.y)
    }

    @Test func positionsAreFiniteSpreadAndBounded() {
        let layout = Self.clusters(10, size: 30, loners: 20)
        let p = layout.positions()
        #expect(p.x.count == 320 && p.y.count == 320)
        #expect(p.x.allSatisfy(\.isFinite) && p.y.allSatisfy(\.isFinite))
        // Not collapsed onto a point, not blown apart: within a few hundred link lengths.
        let extent = (p.x + p.y).map(abs).max() ?? 0
        #expect(extent > GraphLayout.linkLength * 3 && extent < GraphLayout.linkLength * 300, "\(extent)")
        // Nodes on top of each other are rare: pairs closer than a tenth of a link.
        var close = 0
        for a in 0..<320 { for b in (a + 1)..<320 where Self.distance(p, a, b) < 3 { close += 1 } }
        #expect(close < 10, "\(close) pairs nearly on top of each other")
    }

    @Test func linkedNodesAreCloserThanUnlinkedOnAverage() {
        let layout = Self.clusters(8, size: 25, loners: 0)
        let p = layout.positions()
        let linked = layout.edges.map { Self.distance(p, Int($0.low), Int($0.high)) }
        let meanLinked = linked.reduce(0, +) / Double(linked.count)
        var random = LayoutRandom(seed: 3)
        var total = 0.0
        for _ in 0..<2000 {
            total += Self.distance(p, Int(random.next() % 200), Int(random.next() % 200))
        }
        let meanAny = total / 2000
        #expect(meanLinked * 3 < meanAny, "linked \(meanLinked), any pair \(meanAny)")
        // Clusters hold together: a node's own cluster is nearer than the others'.
        let centre = { (cluster: Int) -> (Double, Double) in
            let range = cluster * 25..<(cluster + 1) * 25
            return (range.map { p.x[$0] }.reduce(0, +) / 25, range.map { p.y[$0] }.reduce(0, +) / 25)
        }
        let centres = (0..<8).map(centre)
        var nearest = 0
        for node in 0..<200 {
            let own = node / 25
            let distances = centres.map {
                ($0.0 - p.x[node]) * ($0.0 - p.x[node]) + ($0.1 - p.y[node]) * ($0.1 - p.y[node])
            }
            if distances.firstIndex(of: distances.min() ?? 0) == own { nearest += 1 }
        }
        #expect(nearest > 180, "\(nearest) of 200 nodes nearest their own cluster's centre")
    }

    @Test func edgeCases() {
        #expect(GraphLayout(nodeCount: 0, links: []).positions().x.isEmpty)
        let one = GraphLayout(nodeCount: 1, links: [(0, 0), (0, 5)]).positions()
        #expect(one.x == [0] && one.y == [0])
        let same = GraphLayout(nodeCount: 3, links: [(0, 1), (1, 0), (0, 1), (2, 2), (-1, 2)])
        #expect(same.edges == [GraphLayout.Edge(low: 0, high: 1)])
        // Points on top of each other are pushed apart, not divided by zero.
        let tree = QuadTree(x: [5, 5, 5, 9], y: [1, 1, 1, 1])
        var stack: [Int32] = []
        let push = tree.push(on: 0, x: 5, y: 1, strength: 900, theta: 0.9, stack: &stack)
        #expect(push.x.isFinite && push.y.isFinite && (push.x != 0 || push.y != 0))
    }

    @Test func barnesHutAgreesWithEveryPair() {
        var random = LayoutRandom(seed: 11)
        let x = (0..<300).map { _ in random.unit() * 1000 }
        let y = (0..<300).map { _ in random.unit() * 1000 }
        let tree = QuadTree(x: x, y: y)
        var stack: [Int32] = []
        for node in stride(from: 0, to: 300, by: 37) {
            var exactX = 0.0
            var exactY = 0.0
            for other in 0..<300 where other != node {
                let dx = x[node] - x[other]
                let dy = y[node] - y[other]
                let scale = 900 / (dx * dx + dy * dy)
                exactX += dx * scale
                exactY += dy * scale
            }
            let near = tree.push(on: node, x: x[node], y: y[node], strength: 900, theta: 0.5, stack: &stack)
            let error = ((near.x - exactX) * (near.x - exactX) + (near.y - exactY) * (near.y - exactY))
                .squareRoot()
            let size = (exactX * exactX + exactY * exactY).squareRoot()
            #expect(error < 0.05 * size + 1, "node \(node): \(near) against \(exactX), \(exactY)")
        }
    }

    /// Time grows about as n log n: four times the nodes (same steps) stays well under sixteen
    /// times the time. Not asserted under sanitizers, whose overhead is uneven.
    @Test func timeGrowsAboutLinearly() {
        guard ProcessInfo.processInfo.environment["NOTESITE_SANITIZER"] == nil else { return }
        func seconds(_ clusters: Int) -> Double {
            var layout = Self.clusters(clusters, size: 25)
            layout.iterations = 20
            // This thread's CPU time: the bound holds on a machine busy with other work.
            var start = timespec()
            var end = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
            _ = layout.positions(jobs: 1)
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
            return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) * 1e-9
        }
        _ = seconds(4)
        let small = [seconds(20), seconds(20)].min() ?? 0
        let large = [seconds(80), seconds(80)].min() ?? 0
        #expect(large < small * 10, "500 nodes: \(small) s, 2,000 nodes: \(large) s")
    }
}
