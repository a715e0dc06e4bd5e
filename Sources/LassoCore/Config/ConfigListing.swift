import Foundation

/// What a configs folder holds as a person needs to see it: the configs that read, and each file or folder that did not, with why.
public struct ConfigListing: Sendable, Equatable {
    /// A file (or the folder itself) that could not be read as a config, and what is wrong with it.
    public struct Problem: Sendable, Equatable {
        public var file: String
        public var message: String

        public init(file: String, message: String) {
            self.file = file
            self.message = message
        }
    }

    public var entries: [ConfigDirectory.Entry]
    public var problems: [Problem]

    public init(entries: [ConfigDirectory.Entry] = [], problems: [Problem] = []) {
        self.entries = entries
        self.problems = problems
    }
}

extension ConfigDirectory {
    /// Every config that reads, and a problem for every one that does not, so that one broken file hides nothing else.
    public func listing() -> ConfigListing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else { return ConfigListing() }
        guard isDirectory.boolValue else {
            return ConfigListing(problems: [.init(file: root, message: "expected a configs folder, found a file")])
        }
        var listing = ConfigListing()
        let apps: [String]
        do {
            apps = try FileManager.default.contentsOfDirectory(atPath: root)
        } catch {
            return ConfigListing(problems: [.init(file: root, message: "cannot read the folder")])
        }
        for app in apps.sorted() where !app.hasPrefix(".") {
            let folder = root + "/" + app
            var appIsFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &appIsFolder), appIsFolder.boolValue
            else { continue }
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                listing.problems.append(.init(file: folder, message: "cannot read the folder"))
                continue
            }
            for name in files.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
                let path = folder + "/" + name
                do {
                    let config = try ConfigDirectory.read(path)
                    guard config.appKey == app else {
                        listing.problems.append(
                            .init(
                                file: path,
                                message:
                                    "$.appKey: expected \"\(app)\" (the name of the folder it is in), found \"\(config.appKey)\""
                            ))
                        continue
                    }
                    listing.entries.append(Entry(config: config, file: path))
                } catch let error as InputError {
                    listing.problems.append(.init(file: path, message: Self.withoutFile(error.description, path)))
                } catch {
                    listing.problems.append(.init(file: path, message: Self.withoutFile("\(error)", path)))
                }
            }
        }
        var seen: [String: String] = [:]
        listing.entries = listing.entries.filter { entry in
            if let first = seen[entry.config.id] {
                listing.problems.append(
                    .init(
                        file: entry.file,
                        message: "has the same id (\(entry.config.id)) as \(first); each config needs its own id"))
                return false
            }
            seen[entry.config.id] = entry.file
            return true
        }
        return listing
    }

    /// A message that starts with its file name, without it (the listing names the file beside it).
    private static func withoutFile(_ message: String, _ file: String) -> String {
        guard message.hasPrefix(file) else { return message }
        let rest = message.dropFirst(file.count)
        return String(rest.hasPrefix(": ") ? rest.dropFirst(2) : rest.hasPrefix(":") ? rest.dropFirst() : rest)
    }
}
