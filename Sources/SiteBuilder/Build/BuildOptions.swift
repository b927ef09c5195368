public import Foundation
public import ImagePipeline

/// What `notesite build` was asked to do.
public struct BuildOptions: Sendable {
    public var vault: URL
    /// `--output`, else the `output` setting, else `VAULT/_site`.
    public var output: URL
    /// Whether `output` was given (`--output`); if not, `notesite.yml` may choose it.
    public var outputGiven: Bool
    /// Warnings count as errors.
    public var strict: Bool
    /// How many notes or images are worked on at once.
    public var jobs: Int
    /// Replace the output folder even when notesite did not make it (never the vault itself).
    public var force: Bool
    /// What earlier builds in this process made (`notesite serve`), each stage's results reused
    /// while their inputs are unchanged; nil: a cold build, which keeps nothing.
    public var memory: BuildMemory?
    /// `--base-url`: replaces the `base_url` setting for this build (an absolute http(s) URL ending in `/`).
    public var baseURL: String?
    /// `--image-format`: replaces the `image_format` setting for this build.
    /// Whether the build may keep its caches (renditions, highlighted code) in the vault; false for
    /// a vault that must stay as it is (a corpus read in place). The `cache` setting still applies.
    public var writesCache = true
    public var imageFormat: ImageFormatPolicy?
    /// Advanced as notes, images and pages are made, for a progress bar; nil when nobody watches.
    public var progress: BuildProgress?
    /// The process ends right after this build (the `build` and `check` commands): the stages'
    /// outputs are left to the exit instead of being freed piece by piece (1.5% of a build's CPU).
    public var endsWithProcess = false
    /// The clock of bases' `now()` and `today()`; nil: the moment the build starts.
    public var now: Date?
    /// Where protected notes' passwords are read (`protect:`, `password_env`); nil: the process's environment.
    public var environment: [String: String]?

    public init(vault: URL, output: URL? = nil, strict: Bool = false, jobs: Int? = nil, force: Bool = false) {
        self.vault = vault.standardizedFileURL
        self.output = (output ?? vault.appendingPathComponent("_site")).standardizedFileURL
        self.outputGiven = output != nil
        self.strict = strict
        self.jobs = max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        self.force = force
    }
}
