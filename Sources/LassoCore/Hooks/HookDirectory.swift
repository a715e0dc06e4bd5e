import Foundation

/// The hook configs of a configs directory: one canonical file per config at
/// `<dir>/<appKey>/hooks/<class>-<first 8 of id>.json` (docs/hook-configs.md, "File layout").
public struct HookDirectory: Sendable {
    /// A hook config and the file it was read from.
    public struct Entry: Sendable, Equatable {
        public var config: HookConfig
        public var file: String

        public init(config: HookConfig, file: String) {
            self.config = config
            self.file = file
        }
    }

    /// The hook configs that read, and each file or folder that did not, with why.
    public struct Listing: Sendable, Equatable {
        public var entries: [Entry] = []
        public var problems: [ConfigListing.Problem] = []
    }

    /// The configs directory (the same folder as the view configs').
    public let root: String

    public init(root: String) { self.root = root }

    /// The folder name under each app's folder that holds its hook configs.
    public static let folderName = "hooks"

    /// Where a config's file belongs.
    public func file(for config: HookConfig) -> String {
        root + "/" + config.appKey + "/" + Self.folderName + "/" + config.className + "-" + config.shortID + ".json"
    }

    public static func read(_ path: String) throws -> HookConfig {
        let bytes = try FileBytes.read(path)
        return try HookCodec.decode(try JSONParser.parse(bytes, file: path), file: path)
    }

    /// Every hook config, sorted by file; the first problem of the listing is thrown (the strict read).
    public func load() throws -> [Entry] {
        let listing = self.listing()
        if let problem = listing.problems.first { throw problem.error }
        return listing.entries
    }

    /// Every hook config that reads and a problem for every one that does not (a file that does not parse, a config
    /// in another app's folder, a repeated id); a configs folder or app without `hooks/` holds none.
    public func listing() -> Listing {
        var listing = Listing()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue,
            let apps = try? FileManager.default.contentsOfDirectory(atPath: root)
        else { return listing }
        for app in apps.sorted() where !app.hasPrefix(".") {
            let folder = root + "/" + app + "/" + Self.folderName
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else {
                listing.problems.append(.init(file: folder, message: "expected a folder of hook configs, found a file"))
                continue
            }
            let files: [String]
            do {
                files = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                listing.problems.append(.init(file: folder, message: "cannot read the folder", kind: .io))
                continue
            }
            AtomicFile.removeLeftovers(in: folder, names: files)
            for name in files.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
                let path = folder + "/" + name
                do {
                    let config = try Self.read(path)
                    guard config.appKey == app else {
                        listing.problems.append(
                            .init(
                                file: path,
                                message:
                                    "$.appKey: expected \"\(app)\" (the name of the app folder it is in), found \"\(config.appKey)\""
                            ))
                        continue
                    }
                    listing.entries.append(Entry(config: config, file: path))
                } catch let error as InputError {
                    listing.problems.append(.init(file: path, message: Self.withoutFile(error.description, path)))
                } catch let error as LassoError {
                    listing.problems.append(
                        .init(file: path, message: Self.withoutFile(error.message, path), kind: error.kind))
                } catch {
                    listing.problems.append(.init(file: path, message: "\(error)"))
                }
            }
        }
        var seen: [String: String] = [:]
        listing.entries = listing.entries.filter { entry in
            if let first = seen[entry.config.id] {
                listing.problems.append(
                    .init(
                        file: entry.file,
                        message: "has the same id (\(entry.config.id)) as \(first); each hook config needs its own id"))
                return false
            }
            seen[entry.config.id] = entry.file
            return true
        }
        return listing
    }

    /// The entry whose id is `id` or starts with it (at least 4 characters); an error when none or several do.
    public func find(_ id: String, in entries: [Entry]) throws(LassoError) -> Entry {
        let wanted = id.lowercased()
        let found = entries.filter { $0.config.id == wanted || (wanted.count >= 4 && $0.config.id.hasPrefix(wanted)) }
        if let exact = found.first(where: { $0.config.id == wanted }) { return exact }
        guard !found.isEmpty else { throw LassoError(.notFound, "no hook config in \(root) has the id \(id)") }
        guard found.count == 1 else {
            throw LassoError(
                .usage,
                "the id \(id) is the start of \(found.count) hook configs' ids (\(found.map(\.config.shortID).joined(separator: ", "))); give more of it"
            )
        }
        return found[0]
    }

    /// Saves `config` atomically, refusing a conflict (the same class and a shared selector of one app, in overlapping
    /// versions); an edited config's old file is removed after the new one is written.
    @discardableResult
    public func save(_ config: HookConfig, replacing entries: [Entry]) throws(LassoError) -> String {
        let clashes = entries.filter { config.conflicts(with: $0.config) }
        guard clashes.isEmpty else {
            let list = clashes.map {
                "\($0.file) (selectors: \($0.config.selectors.joined(separator: " ")); versions: \($0.config.versions))"
            }
            .joined(separator: "; ")
            throw LassoError(
                .conflict,
                "conflict: a hook config of \(config.className) with a selector in common already covers some of these versions: \(list)"
            )
        }
        let path = file(for: config)
        AtomicFile.removeLeftovers(in: (path as NSString).deletingLastPathComponent)
        try AtomicFile.write(HookCodec.fileText(config), to: path)
        if let old = entries.first(where: { $0.config.id == config.id }), old.file != path {
            unlink(old.file)
        }
        return path
    }

    /// Deletes a hook config's file.
    public func remove(_ entry: Entry) throws(LassoError) {
        guard unlink(entry.file) == 0 else {
            throw LassoError(
                .cannotWrite, "\(entry.file): cannot delete: \(String(cString: strerror(errno)).lowercased())")
        }
    }

    private static func withoutFile(_ message: String, _ file: String) -> String {
        guard message.hasPrefix(file) else { return message }
        let rest = message.dropFirst(file.count)
        return String(rest.hasPrefix(": ") ? rest.dropFirst(2) : rest.hasPrefix(":") ? rest.dropFirst() : rest)
    }
}
