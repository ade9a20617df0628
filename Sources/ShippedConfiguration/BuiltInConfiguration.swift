// Made from Config/ by BuiltInConfigurationTests; do not edit. After changing a file in
// Config/, run `SNAPSHOT_UPDATE=1 swift test --filter BuiltInConfigurationTests`.

/// Every shipped scenario as the text of its file in `Config/scenarios/`, compiled in, so an
/// installed program needs no file beside it; their contents are read by the modules that
/// own them (Docs/configuration.md, "Where settings come from").
public enum BuiltInConfiguration {
    /// `Config/scenarios/<name>.json`, by name.
    public static let scenarios: [String: String] = [
        "default": #"""
            {
              "description": "Delays of 0.5-2 s; rLogin fails once (visible retry), everything else succeeds",
              "defaults": { "delay": [0.5, 2], "outcome": "succeed" },
              "endpoints": {
                "rLogin": { "delay": [0.5, 2], "outcome": { "failNext": 1, "failure": "500" } },
                "images": { "delay": [0.2, 0.6], "outcome": "succeed" }
              }
            }
            """#,
        "flaky": #"""
            {
              "description": "Delays of 0.5-2 s; about 30% of requests fail (500s, a few timeouts)",
              "defaults": { "delay": [0.5, 2], "outcome": { "successRate": 0.7, "failure": "500" } },
              "endpoints": {
                "articles": { "delay": [0.5, 2], "outcome": { "successRate": 0.7, "failure": "timeout" } },
                "profile": { "delay": [0.5, 2], "outcome": { "successRate": 0.7, "failure": "503" } }
              }
            }
            """#,
        "happy": #"""
            {
              "description": "Short delays, every request succeeds",
              "defaults": { "delay": [0.1, 0.3], "outcome": "succeed" }
            }
            """#,
        "login-down": #"""
            {
              "description": "rLogin fails 5 times (backoff 1, 2, 4, 8, 15 s), then recovers; the rest succeeds",
              "defaults": { "delay": [0.5, 2], "outcome": "succeed" },
              "endpoints": {
                "rLogin": { "delay": [0.2, 0.5], "outcome": { "failNext": 5, "failure": "500" } }
              }
            }
            """#,
        "offline": #"""
            {
              "description": "No network: every request fails as offline, the articles server refuses connections",
              "defaults": { "delay": [0.1, 0.5], "outcome": { "fail": "offline" } },
              "endpoints": {
                "articles": { "delay": [0.1, 0.3], "outcome": { "fail": "refused" } }
              }
            }
            """#,
        "server-errors": #"""
            {
              "description": "The server is broken: 5xx answers everywhere",
              "defaults": { "delay": [0.5, 2], "outcome": { "fail": "500" } },
              "endpoints": {
                "articles": { "delay": [0.5, 1], "outcome": { "fail": "503" } },
                "profile": { "delay": [0.5, 1], "outcome": { "fail": "502" } },
                "passwordChange": { "delay": [0.5, 1], "outcome": { "sequence": ["fail:500", "fail:503", "fail:500"] } }
              }
            }
            """#,
        "slow": #"""
            {
              "description": "Every request takes 5-15 s, then succeeds (like the original server)",
              "defaults": { "delay": [5, 15], "outcome": "succeed" }
            }
            """#,
    ]
}
