import Foundation

/// What a configs folder holds as a person needs to see it: the configs that read, and each file or folder that did not,
/// with why. `listing()` is the one walk of the folder; `load()` reads the same walk strictly.
public struct ConfigListing: Sendable, Equatable {
    /// A file (or the folder itself) that could not be read as a config, and what is wrong with it.
    public struct Problem: Sendable, Equatable {
        public var file: String
        public var message: String
        /// What kind of failure it is, for the exit status of a command that stops at it.
        public var kind: LassoError.Kind

        public init(file: String, message: String, kind: LassoError.Kind = .badInput) {
            self.file = file
            self.message = message
            self.kind = kind
        }

        /// The problem as the error a command that reads the folder strictly stops with.
        public var error: LassoError {
            LassoError(kind, file + (message.first?.isNumber == true ? ":" : ": ") + message)
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
            return ConfigListing(problems: [.init(file: root, message: Self.cannotRead(error), kind: .io)])
        }
        for app in apps.sorted() where !app.hasPrefix(".") {
            let folder = root + "/" + app
            var appIsFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &appIsFolder), appIsFolder.boolValue
            else { continue }
            let files: [String]
            do {
                files = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                listing.problems.append(.init(file: folder, message: Self.cannotRead(error), kind: .io))
                continue
            }
            // Temporary files of writes that were killed half way are the writer's own: cleared, never listed.
            AtomicFile.removeLeftovers(in: folder, names: files)
            for name in files.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
                let path = folder + "/" + name
                do {
                    let (config, fingerprint) = try ConfigDirectory.readWithFingerprint(path)
                    guard config.appKey == app else {
                        listing.problems.append(
                            .init(
                                file: path,
                                message:
                                    "$.appKey: expected \"\(app)\" (the name of the folder it is in), found \"\(config.appKey)\""
                            ))
                        continue
                    }
                    listing.entries.append(Entry(config: config, file: path, fingerprint: fingerprint))
                } catch let error as InputError {
                    listing.problems.append(.init(file: path, message: Self.withoutFile(error.description, path)))
                } catch let error as LassoError {
                    listing.problems.append(
                        .init(file: path, message: Self.withoutFile(error.message, path), kind: error.kind))
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

    /// Why a folder could not be listed, in the system's words when it gave them.
    private static func cannotRead(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return "cannot read the folder: " + String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        return "cannot read the folder"
    }

    /// A message that starts with its file name, without it (the listing names the file beside it).
    private static func withoutFile(_ message: String, _ file: String) -> String {
        guard message.hasPrefix(file) else { return message }
        let rest = message.dropFirst(file.count)
        return String(rest.hasPrefix(": ") ? rest.dropFirst(2) : rest.hasPrefix(":") ? rest.dropFirst() : rest)
    }
}
