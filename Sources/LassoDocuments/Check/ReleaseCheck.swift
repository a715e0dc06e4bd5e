import LassoSnapshot

/// The release check (docs/release-check.md): for each config around a new app version, does it still match a view on
/// the new version's screens, and does its key path still give a value there?
///
/// A config is judged on every screen where its path matches: ok when it resolves on each of them; no-value or
/// ambiguous when it fails on one; no-match when it matches on none (with the nearest view, when one is close).
public struct ReleaseCheck: Sendable {
    /// One screen of the new version, with its paths worked out.
    public struct Screen: Sendable {
        public var file: String
        public var table: PathTable
        public init(file: String, table: PathTable) {
            self.file = file
            self.table = table
        }
    }

    /// The view a broken path most likely meant.
    public struct Candidate: Sendable {
        public var snapshot: String
        public var node: Int
        public var path: String
        public var difference: String
    }

    /// One config's verdict.
    public struct Result: Sendable {
        public var entry: ConfigDirectory.Entry
        public var why: ReleaseWindow.Reason
        public var status: ConfigValidator.Status
        public var reason: String
        /// The screen the verdict comes from (where it matched, or failed), when any.
        public var snapshot: String?
        public var matches: Int
        public var value: JSONValue?
        public var nearest: Candidate?
    }

    /// The duplicates and path disagreements of one screen.
    public struct ScreenFindings: Sendable {
        public var snapshot: String
        public var duplicates: [DuplicateCollection]
        public var disagreements: [PathDisagreement]
    }

    public var window: ReleaseWindow
    public var appKey: String?
    public var results: [Result]
    public var screens: [ScreenFindings]

    /// The configs broken at V: those whose versions hold V. One that ends at V or before it (closed by
    /// `--close-broken`, or written up to the previous release) is shown with its verdict but breaks nothing, so that
    /// a repaired folder checks green.
    public var broken: [Result] { results.filter { $0.status.isBroken && $0.why == .containsVersion } }

    /// Checks the configs of `appKey` (every app's when nil) that `window` concerns against `screens`.
    public init(entries: [ConfigDirectory.Entry], screens: [Screen], appKey: String?, window: ReleaseWindow) {
        self.window = window
        self.appKey = appKey
        let considered = entries.compactMap { entry -> (ConfigDirectory.Entry, ReleaseWindow.Reason)? in
            if let appKey, entry.config.appKey != appKey { return nil }
            return window.reason(for: entry.config).map { (entry, $0) }
        }
        let validators = screens.map { ConfigValidator(PathMatcher($0.table)) }
        // Per screen, per considered config.
        let outcomes = validators.map { validator in considered.map { validator.check($0.0) } }
        results = considered.indices.map { index in
            ReleaseCheck.verdict(
                considered[index].0, why: considered[index].1, outcomes: outcomes.map { $0[index] }, screens: screens)
        }
        self.screens = screens.indices.map { position in
            ScreenFindings(
                snapshot: screens[position].file, duplicates: DuplicateCollection.find(outcomes[position]),
                disagreements: PathDisagreement.find(in: screens[position].table))
        }
    }

    static func verdict(
        _ entry: ConfigDirectory.Entry, why: ReleaseWindow.Reason, outcomes: [ConfigValidator.Outcome],
        screens: [Screen]
    ) -> Result {
        var result = Result(
            entry: entry, why: why, status: .noMatch, reason: "", snapshot: nil, matches: 0, value: nil, nearest: nil)
        let matched = outcomes.indices.filter { !outcomes[$0].matches.isEmpty }
        if matched.isEmpty {
            result.nearest = nearest(entry.config, outcomes: outcomes, screens: screens)
            // Views that have the path but not the event or conditions say more than "no view".
            if let loose = outcomes.indices.first(where: { !outcomes[$0].looseMatches.isEmpty }) {
                result.reason = outcomes[loose].reason
                result.snapshot = screens[loose].file
            } else {
                result.reason =
                    "no view on \(screens.count == 1 ? "the screen" : "the \(screens.count) screens") has the path \(entry.config.viewPathText)"
            }
            return result
        }
        let failing = matched.first { outcomes[$0].status.isBroken }
        let chosen = failing ?? matched[0]
        result.status = outcomes[chosen].status
        result.reason = outcomes[chosen].reason
        result.snapshot = screens[chosen].file
        result.matches = outcomes[chosen].matches.count
        result.value = outcomes[chosen].value
        return result
    }

    /// The closest view to a config's path over all screens: first a view with the path whose event or conditions
    /// differ, else the same leaf class with the fewest changed segments.
    static func nearest(_ config: KVCConfig, outcomes: [ConfigValidator.Outcome], screens: [Screen]) -> Candidate? {
        for (outcome, screen) in zip(outcomes, screens) {
            if let node = outcome.looseMatches.first {
                let path =
                    config.profile == .lasso
                    ? screen.table.pathText(of: node)
                    : config.profile.dialect(for: screen.table.snapshot, rules: screen.table.profile).location(
                        of: node)?
                        .path ?? ""
                return Candidate(
                    snapshot: screen.file, node: node, path: path,
                    difference: "the same path; the event \(config.viewEvent) or the conditions do not fit it")
            }
        }
        // The nearest view is sought by lasso's path; a path in an SDK's dialect has no segments lasso can weigh.
        guard config.profile == .lasso else { return nil }
        var best: (Candidate, Int)?
        for screen in screens {
            guard let found = NearestView.find(config.viewPath, in: screen.table), found.cost < (best?.1 ?? .max) else {
                continue
            }
            best = (
                Candidate(
                    snapshot: screen.file, node: found.node, path: screen.table.pathText(of: found.node),
                    difference: found.difference), found.cost
            )
        }
        return best?.0
    }
}
