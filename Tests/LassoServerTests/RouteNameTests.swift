import Testing

@testable import LassoServer

/// The route pattern a request target is counted under: the API's routes by pattern, everything else `other`, so
/// that clients cannot make series without end.
@Suite struct RouteNameTests {
    @Test func targetsAreNamedByTheirRoutesPattern() {
        let cases: [(String, String)] = [
            ("/health", "/health"), ("/health/full", "/health/full"), ("/metrics", "/metrics"),
            ("/v1/ping", "/v1/ping"), ("/decide?token=x", "/decide"),
            ("/v1/apps/shop/configs?version=1.0.0", "/v1/apps/{appKey}/configs"),
            ("/v1/apps/shop/configs/3c1f0a9e", "/v1/apps/{appKey}/configs/{id}"),
            ("/v1/apps/shop/events", "/v1/apps/{appKey}/events"),
            ("/v1/apps/shop/hooks/h1", "/v1/apps/{appKey}/hooks/{id}"),
            ("/v1/apps/shop/reports", "/v1/apps/{appKey}/reports"),
            ("/config/visualized/iOS.conf?app_id=a", "/config/visualized/iOS.conf"),
            ("/config/visualized/Android.conf", "/config/visualized/Android.conf"),
        ]
        for (target, route) in cases { #expect(RouteName.of(target: target) == route, "\(target)") }
    }

    @Test func anythingElseIsOther() {
        for target in [
            "", "/", "*", "//health", "/health/", "/v1/apps//configs", "/v1/apps/shop/configs/", "/v1/apps/shop/x",
            "/config/visualized/Windows.conf", "/v1/apps/a/configs/b/c", "http://example.com/health",
            "/\u{202E}", "/metrics/x",
        ] {
            #expect(RouteName.of(target: target) == RouteName.other, "\(target)")
        }
    }
}
