import Foundation
import SiteBuilder

enum SiteBuildProxy {
    static func make(_ vault: URL) async -> ([String: Data], BuildReport) {
        let (site, report) = await SiteBuild.make(BuildOptions(vault: vault))
        return (site?.files ?? [:], report)
    }
}
