internal import CShims
internal import CVips
internal import Foundation

/// A libvips call that failed; `step` says what notesite was doing, in words for a person.
struct VipsFailure: Error {
    var step: String
}

/// libvips for this process: started once, and a gate that makes its error messages reliable.
///
/// `vips_error_buffer()` is one buffer for the whole process: with several images failing at
/// once, one thread's message can land in another's report or be cleared before it is read.
/// So ordinary work runs holding the gate shared (all in parallel) and ignores the buffer;
/// when a job fails, it is run again holding the gate exclusively, after clearing the buffer,
/// so every message written during that run (errors and libvips warnings) is that job's own.
/// Failures are rare, so the exclusive re-runs cost little.
enum VipsRuntime {
    /// nil when libvips started, else why it did not. `static let` runs once, thread-safely, when
    /// the first image is read: only then is libvips loaded into the process (`notesite_vips_load`),
    /// so a vault without images never maps it and the hundred libraries it needs.
    static let startupFailure: String? = {
        if let problem = notesite_vips_load() {
            return "libvips cannot be loaded: " + String(cString: problem)
        }
        guard notesite_vips_init() == 0 else {
            return "libvips failed to start: " + takeErrorBuffer()
        }
        return nil
    }()

    /// The libvips version ("8.14.1"), part of every cache key: another libvips may encode differently.
    /// Asking loads libvips.
    static let version: String = {
        if let problem = notesite_vips_load() { return "unavailable (\(String(cString: problem)))" }
        return String(cString: vips_version_string())
    }()

    /// Whether libvips is in this process yet (a build that read no image never loads it).
    static var isLoaded: Bool { notesite_vips_is_loaded() != 0 }

    /// Runs `body` alongside other shared work.
    static func shared<T>(_ body: () -> T) -> T {
        notesite_vips_gate_shared_enter()
        defer { notesite_vips_gate_shared_leave() }
        return body()
    }

    /// Runs `body` alone, so libvips's error buffer and warnings during it belong to it alone.
    /// `body` receives a function returning what libvips reported so far, on one line.
    static func diagnosing<T>(_ body: (_ report: () -> String) -> T) -> T {
        notesite_vips_gate_exclusive_enter()
        defer { notesite_vips_gate_exclusive_leave() }
        vips_error_clear()
        notesite_vips_warnings_capture_begin()
        var warnings: String?
        let report = {
            if warnings == nil, let captured = notesite_vips_warnings_capture_end() {
                warnings = String(cString: captured)
                g_free(captured)
            }
            return oneLine([takeErrorBuffer(), warnings ?? ""])
        }
        defer {
            if let leftover = notesite_vips_warnings_capture_end() { g_free(leftover) }
        }
        return body(report)
    }

    /// Copies and clears the error buffer.
    private static func takeErrorBuffer() -> String {
        guard let copy = vips_error_buffer_copy() else { return "" }
        defer { g_free(copy) }
        return String(cString: copy)
    }

    /// Follow-on messages that only repeat that an earlier step failed.
    private static let noiseMarkers = ["unable to write to target", "error in tile"]

    /// Joins messages into one short line without repeats or follow-on noise.
    private static func oneLine(_ parts: [String]) -> String {
        var seen: [String] = []
        for part in parts {
            for piece in part.split(whereSeparator: { $0 == "\n" || $0 == ";" }) {
                let text = piece.trimmingCharacters(in: .whitespaces)
                let noise = noiseMarkers.contains { text.contains($0) }
                if !text.isEmpty, !noise, !seen.contains(text) { seen.append(text) }
            }
        }
        let line = seen.joined(separator: "; ")
        return line.count > 300 ? String(line.prefix(297)) + "..." : line
    }
}
