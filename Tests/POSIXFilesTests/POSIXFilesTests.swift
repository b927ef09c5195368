import Foundation
import Glibc
import POSIXFiles
import Testing

struct POSIXFilesTests {
    /// A fresh folder for one test, removed by `body`'s end.
    static func withFolder<Result>(_ body: (String) throws -> Result) throws -> Result {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("posixfiles-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    static func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    }

    /// Written bytes read back the same, for nothing, a little, and more than one write may take.
    @Test(arguments: [0, 1, 4_095, 300_000])
    func writtenBytesReadBack(count: Int) throws {
        try Self.withFolder { folder in
            let path = folder + "/file"
            let sent = Self.bytes(count)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            #expect(descriptor >= 0)
            #expect(POSIXFiles.write(sent.span.bytes, to: descriptor) == 0)
            close(descriptor)
            let read = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect([UInt8](read) == sent)
        }
    }

    /// A write to a descriptor not open for writing reports its errno.
    @Test func failedWriteReportsErrno() {
        #expect(POSIXFiles.write([1, 2, 3].span.bytes, to: -1) == EBADF)
    }

    /// The same bytes are held; a file shorter, longer, or different in its first, a middle or its
    /// last byte is not, whatever the block size (block edges are where a comparison slips).
    @Test(arguments: [1, 7, 64, 1 << 16])
    func holdsOnlyTheSameBytes(block: Int) throws {
        try Self.withFolder { folder in
            let path = folder + "/file"
            let expected = Self.bytes(1_000)
            var variants: [[UInt8]] = [Array(expected.dropLast()), expected + [0], []]
            for index in [0, 1, 6, 7, 63, 64, 500, 999] {
                var changed = expected
                changed[index] ^= 0x40
                variants.append(changed)
            }
            func holds(_ contents: [UInt8], _ bytes: [UInt8]) throws -> Bool {
                try Data(contents).write(to: URL(fileURLWithPath: path))
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                defer { close(descriptor) }
                return POSIXFiles.holds(descriptor, exactly: bytes.span.bytes, block: block)
            }
            let same = try holds(expected, expected)
            let bothEmpty = try holds([], [])
            #expect(same && bothEmpty)
            for variant in variants {
                let held = try holds(variant, expected)
                #expect(!held, "\(variant.count) bytes")
            }
        }
    }

    /// Every entry once, with its type and its name's exact bytes (not UTF-8 too), `.` and `..` aside.
    @Test func folderEntriesAreListedWithTheirTypes() throws {
        try Self.withFolder { folder in
            let odd: [UInt8] = [0x6E, 0xFF, 0x2E, 0x6D, 0x64]
            #expect(mkdir(folder + "/sub", 0o755) == 0)
            #expect(FileManager.default.createFile(atPath: folder + "/a.md", contents: Data()))
            #expect(FileManager.default.createFile(atPath: folder + "/..b", contents: Data()))
            let oddPath = Array(folder.utf8) + [UInt8(ascii: "/")] + odd + [0]
            let descriptor = oddPath.withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { creat($0.baseAddress!, 0o644) }
            }
            #expect(descriptor >= 0)
            close(descriptor)
            var seen: [[UInt8]: UInt8] = [:]
            var repeated = 0
            let failure = POSIXFiles.forEachEntry(in: folder) { name, type in
                if seen.updateValue(type, forKey: name) != nil { repeated += 1 }
                return true
            }
            #expect(failure == 0 && repeated == 0)
            #expect(
                seen == [
                    Array("sub".utf8): UInt8(DT_DIR), Array("a.md".utf8): UInt8(DT_REG),
                    Array("..b".utf8): UInt8(DT_REG), odd: UInt8(DT_REG),
                ])
            var calls = 0
            let stopped = POSIXFiles.forEachEntry(in: folder) { _, _ in
                calls += 1
                return false
            }
            #expect(stopped == 0 && calls == 1)
        }
    }

    @Test func missingFolderReportsErrno() {
        #expect(POSIXFiles.forEachEntry(in: "/nonexistent-\(UUID().uuidString)") { _, _ in true } == ENOENT)
    }
}
