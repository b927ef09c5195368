public import SiteBuilder

/// What `notesite serve` was asked to do.
public struct ServeOptions: Sendable {
    public var build: BuildOptions
    /// The address to listen on; loopback unless the person asks otherwise.
    public var host: String
    /// 0 picks a free port.
    public var port: UInt16
    /// How long the vault must be quiet after a change before the rebuild starts.
    public var quietPeriod: Duration
    /// Makes the site in memory; `SiteBuild.make` unless a test or tool wraps it.
    public var make: @Sendable (BuildOptions) async -> (SiteFiles?, BuildReport)

    public init(
        build: BuildOptions, host: String = "127.0.0.1", port: UInt16 = 4000,
        quietPeriod: Duration = .milliseconds(50),
        make: @escaping @Sendable (BuildOptions) async -> (SiteFiles?, BuildReport) = SiteBuild.make
    ) {
        self.build = build
        self.host = host
        self.port = port
        self.quietPeriod = quietPeriod
        self.make = make
    }

    /// True for addresses only this machine can reach.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
