// SiteBuilder
