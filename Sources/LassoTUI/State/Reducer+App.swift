import Foundation
import LassoDocuments
import LassoSnapshot

/// The app-key question: asked over the circle form (or before the push panel) when no app key is known, answered
/// once, written to `lasso.json` by the runner, and then the save or the push goes on with nothing typed lost.
extension AppState {
    /// Asks which app this screen is of, over what is open now, prefilled with the best guess.
    mutating func askAppKey(then: AppQuestion.Then) {
        let guess =
            usableAppKey ?? appKey.map(Self.folderName) ?? AppQuestion.guess(for: snapshot)
        let offered = appVersion == nil ? offeredRelease : nil
        var question = AppQuestion(
            appKey: guess, version: appVersion ?? offered?.version ?? "", then: then,
            file: settings.file ?? ProjectSettings.fileName)
        question.versionOffered = offered?.source
        question.offeredVersion = offered?.version
        // The app is known: only the release is asked.
        if usableAppKey != nil {
            question.field = .version
            question.releaseOnly = true
        }
        ask(.askApp(question))
    }

    /// The release to offer for a screen that names none: lasso.json's `appVersion`, else the newest release a
    /// config of this app here starts from (the one the team last circled on), with where it comes from.
    var offeredRelease: (version: String, source: String)? {
        // lasso.json's release is of its app: a screen of another app is not offered it.
        if let version = settings.appVersion, settings.appKey == nil || settings.appKey == appKey {
            return (version, "appVersion in \(shown(settings.file ?? ProjectSettings.fileName))")
        }
        let starts = appConfigs.flatMap { $0.config.versions.intervals.compactMap(\.from) }
        guard let newest = starts.filter({ $0 > AppVersion("0")! }).max() else { return nil }
        return (newest.text, "the newest release a config of this app starts from")
    }

    /// A name that cannot be a folder's (`shop/ios`), made one (`shop-ios`).
    static func folderName(_ text: String) -> String {
        let made = String(text.map { $0 == "/" || $0 == "\\" || $0.isWhitespace ? "-" : $0 })
        let trimmed = String(made.drop { $0 == "." })
        return SafeName.isSafe(trimmed) ? trimmed : "app"
    }

    mutating func reduceAppQuestion(_ action: Action, _ question: inout AppQuestion) -> [Effect] {
        guard !question.writing else { return [] }
        var effects: [Effect] = []
        switch action {
        case .nextField, .previousField:
            // The question's fields (two, or the version alone): every field key goes to the other one.
            question.stepField(question.field == question.fields.last ? -1 : 1)
        case .submit where question.kind == .server:
            let server = ServerAddress.answered(question.server.text)
            let token = question.token.text.trimmingCharacters(in: .whitespaces)
            if !ServerAddress.isUsable(server) {
                question.field = .server
                question.message = .refusal(
                    "“\(server)” is no server address: write it as http://host:port (what `lasso serve` prints)")
            } else {
                question.message = nil
                question.writing = true
                effects = [.writeServer(server, token: token.isEmpty ? nil : token, file: question.file)]
            }
        case .submit:
            let key = question.appKey.text.trimmingCharacters(in: .whitespaces)
            let version = question.version.text.trimmingCharacters(in: .whitespaces)
            if !SafeName.isSafe(key) {
                question.field = .appKey
                question.message = .refusal(
                    key.isEmpty
                        ? "write the app key the SDKs ask for (such as shop-android)"
                        : "“\(key)” cannot name a folder: no '/', '\\', control characters, not starting with '.'")
            } else if !version.isEmpty && AppVersion(version) == nil {
                question.field = .version
                question.message = .refusal("“\(version)” is not a version such as 5.3.0 (0 for every version)")
            } else if version.isEmpty && appVersion == nil && question.then != .push {
                question.field = .version
                question.message = .refusal(
                    "this screen names no app version: write the release it is of, such as 5.3.0 (0 for every version)")
            } else if let known = usableAppKey, known == key {
                // Only the release was missing: nothing to write to lasso.json.
                question.message = nil
                answeredVersion = version.isEmpty ? answeredVersion : version
                overlay = underQuestion
                underQuestion = .none
                return resume(question.then, version: version, note: "release \(version) taken for this screen")
            } else {
                question.message = nil
                question.writing = true
                effects = [.writeAppKey(key, file: question.file)]
            }
        default:
            question.answerShared(action)
        }
        overlay = .askApp(question)
        return effects
    }

    /// The runner's answer to the server question: the server is known now (and the token, when one was given), and
    /// the push panel opens on the plan.
    mutating func serverWritten(_ outcome: Result<ProjectSettings, EffectFailure>) -> [Effect] {
        guard case .askApp(var question) = overlay, question.kind == .server else { return [] }
        switch outcome {
        case .failure(let failure):
            question.writing = false
            question.message = .error("cannot keep them: \(failure.message)")
            overlay = .askApp(question)
            return []
        case .success(let written):
            settings.server = written.server
            if settings.file == nil { settings.file = question.file }
            needsServer = false
            let token = !question.token.text.trimmingCharacters(in: .whitespaces).isEmpty
            if token { needsToken = false }
            overlay = underQuestion
            underQuestion = .none
            // With a token, the shorter words: the server was just typed, and where the token went fits 80 columns.
            say(
                .info(
                    token
                        ? "server saved to \(shown(question.file)), the token to your user folder (not the project)"
                        : "server \(written.server ?? "") written to \(shown(question.file))"))
            return startPlan()
        }
    }

    /// The runner's answer: take the settings as written, then go on with the save or the push that asked.
    mutating func appKeyWritten(_ outcome: Result<ProjectSettings, EffectFailure>) -> [Effect] {
        guard case .askApp(var question) = overlay else { return [] }
        switch outcome {
        case .failure(let failure):
            question.writing = false
            question.message = .error("cannot write \(shown(question.file)): \(failure.message)")
            overlay = .askApp(question)
            return []
        case .success(var written):
            // The profile and the configs folder stay those the UI opened with: only the app key is new.
            let version = question.version.text.trimmingCharacters(in: .whitespaces)
            written.profile = settings.profile
            written.customEvents = settings.customEvents
            written.configsDir = settings.configsDir
            written.server = settings.server ?? written.server
            if settings.file == nil { written.file = question.file }
            settings = written
            if !version.isEmpty { answeredVersion = version }
            let note = "appKey \(written.appKey ?? "") written to \(shown(question.file))"
            overlay = underQuestion
            underQuestion = .none
            return resume(question.then, version: version, note: note)
        }
    }

    /// Goes on with what the app question interrupted: the push panel, or the form's save with the answered version
    /// as its From.
    mutating func resume(_ then: AppQuestion.Then, version: String, note: String) -> [Effect] {
        switch then {
        case .push:
            say(.info(note))
            return openPush()
        case .save(let force):
            guard case .circle(var form) = overlay else {
                say(.info(note))
                return []
            }
            if form.from.text.isEmpty && !version.isEmpty { form.from.set(version) }
            pendingSaveNote = note
            return reduceCircle(force ? .forceSave : .submit, &form)
        }
    }
}
