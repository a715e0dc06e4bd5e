import LassoDocuments
import LassoSnapshot

/// Applies a push plan step by step and records what each step did, stopping at the first server that cannot be reached.
public struct PushRun: Sendable {
    /// What became of one step.
    public enum Result: String, Sendable {
        /// Sent and acknowledged.
        case done
        /// Nothing to send.
        case unchanged
        /// The server's copy changed since it was read (412); nothing overwritten.
        case conflict
        /// The server refused it for another reason (the message says why).
        case refused
        /// Not sent: an earlier step could not reach the server.
        case notAttempted = "not-attempted"
        /// Sent, but no answer came: it may or may not have gone through; a new push finds out.
        case unknown
    }

    /// One step and its result.
    public struct Outcome: Sendable {
        public var step: PushPlan.Step
        public var result: Result
        public var message: String?
    }

    public var outcomes: [Outcome] = []
    /// Why the run stopped early, when it did.
    public var stoppedBecause: String?

    /// Sends every step of `plan` through `client`.
    public static func apply(_ plan: PushPlan, with client: LassoClient) async -> PushRun {
        var run = PushRun()
        for step in plan.steps {
            if run.stoppedBecause != nil {
                run.outcomes.append(Outcome(step: step, result: step.action == .unchanged ? .unchanged : .notAttempted))
                continue
            }
            do {
                let reply: LassoClient.Reply
                switch step.action {
                case .unchanged, .conflict:
                    run.outcomes.append(Outcome(step: step, result: .unchanged))
                    continue
                case .create, .update:
                    reply = try await client.put(step.kind, id: step.id, text: step.text ?? "", ifMatch: step.revision)
                case .delete:
                    reply = try await client.delete(step.kind, id: step.id, ifMatch: step.revision)
                }
                switch reply.status {
                case 200, 201: run.outcomes.append(Outcome(step: step, result: .done))
                case 412: run.outcomes.append(Outcome(step: step, result: .conflict, message: reply.errorMessage))
                case 404 where step.action == .delete:
                    run.outcomes.append(Outcome(step: step, result: .done, message: "already gone"))
                case 401, 403:
                    run.outcomes.append(Outcome(step: step, result: .refused, message: reply.errorMessage))
                    run.stoppedBecause = "the server refused the token (\(reply.status)): \(reply.errorMessage)"
                case 500...599:
                    run.outcomes.append(Outcome(step: step, result: .unknown, message: reply.errorMessage))
                    run.stoppedBecause = "the server failed (\(reply.status)): \(reply.errorMessage)"
                default:
                    run.outcomes.append(
                        Outcome(step: step, result: .refused, message: "\(reply.status): \(reply.errorMessage)"))
                }
            } catch {
                let words = SystemErrorWords.describe(error)
                run.outcomes.append(Outcome(step: step, result: .unknown, message: words))
                run.stoppedBecause = words
            }
        }
        return run
    }

    public func count(_ result: Result) -> Int { outcomes.filter { $0.result == result }.count }

    /// True when every step went through or had nothing to do.
    public var succeeded: Bool { outcomes.allSatisfy { $0.result == .done || $0.result == .unchanged } }
}
