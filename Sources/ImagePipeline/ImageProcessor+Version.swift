extension ImageProcessor {
    /// The version of the libvips notesite is linked against ("8.14.1"), for `notesite --version`.
    public static var vipsVersion: String { VipsRuntime.version }
}
