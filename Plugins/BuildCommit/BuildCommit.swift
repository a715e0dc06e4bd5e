import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift`, the git commit the `lasso` executable is built from, before each build, so that
/// `lasso --version` names it. The file is rewritten only when the commit (or its being modified) changes, so an
/// unchanged checkout recompiles nothing.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "generated")
        let file = output.appending(path: "BuildCommit.swift").path(percentEncoded: false)
        let package = context.package.directoryURL.path(percentEncoded: false)
        // The commit, with "-modified" when the work tree differs from it; "unknown" outside a git checkout.
        let script = """
            set -u
            mkdir -p "$OUT"
            commit=$(git -C "$PKG" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
            if [ "$commit" != unknown ] && ! git -C "$PKG" diff --quiet HEAD -- Sources Package.swift 2>/dev/null; then
              commit="$commit-modified"
            fi
            printf '/// The git commit this binary was built from (written by the BuildCommit plugin).\\nlet buildCommit = "%s"\\n' "$commit" > "$FILE.new"
            if cmp -s "$FILE.new" "$FILE"; then rm -f "$FILE.new"; else mv "$FILE.new" "$FILE"; fi
            """
        return [
            .prebuildCommand(
                displayName: "Naming the git commit of this build",
                executable: URL(filePath: "/bin/sh"),
                arguments: ["-c", script],
                environment: ["OUT": output.path(percentEncoded: false), "FILE": file, "PKG": package],
                outputFilesDirectory: output)
        ]
    }
}
