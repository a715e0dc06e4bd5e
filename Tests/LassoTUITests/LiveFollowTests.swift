import LassoDocuments
import LassoSnapshot
import Testing

@testable import LassoTUI

/// The UI following a phone (`lasso open --live`), as the reducer decides it: a new screen opens at once when nothing
/// is open, waits for a form and for a config on its way to the phone, and the phone's echoes are said.
@Suite struct LiveFollowTests {
    static func screen(_ id: Int64, _ name: String) -> LiveScreenSummary {
        LiveScreenSummary(
            id: id, app: "shop-ios", version: "5.3.0", screen: name, sdk: "sensors", time: "2026-11-29T10:00:00Z",
            pairing: "7cbcf511bd5f")
    }

    static func following() throws -> AppState {
        var state = try TUIFixtures.state()
        state.follow(LiveFollow(app: nil, screen: screen(1, "HomeViewController")), movedFrom: nil)
        return state
    }

    @Test func theFirstEffectsWaitForTheNextScreenAndTheEchoes() throws {
        let state = try Self.following()
        #expect(state.startEffects.contains(.followLive(app: nil, after: 1)))
        #expect(state.startEffects.contains(.followEchoes(pairing: "7cbcf511bd5f", after: 0)))
        #expect(state.screenText.contains("live screen 1"))
    }

    @Test func aNewScreenOpensAtOnceWhenNothingIsOpen() throws {
        var state = try Self.following()
        let effects = state.reduce(.liveScreen(.success(Self.screen(2, "CartViewController"))))
        #expect(state.shouldQuit)
        #expect(state.live?.next?.id == 2)
        #expect(effects.contains(.followLive(app: nil, after: 2)))
        // None came while the server waited: ask again, nothing moves.
        var quiet = try Self.following()
        #expect(quiet.reduce(.liveScreen(.success(nil))) == [.followLive(app: nil, after: 1)])
        #expect(!quiet.shouldQuit)
    }

    @Test func aNewScreenWaitsForTheOpenFormThenOpens() throws {
        var state = try Self.following()
        _ = state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        state.type(.char("c"))
        guard case .circle = state.overlay else {
            Issue.record("the circle form did not open")
            return
        }
        _ = state.reduce(.liveScreen(.success(Self.screen(2, "CartViewController"))))
        #expect(!state.shouldQuit, "the screen was taken away from an open form")
        #expect(state.status.contains("the phone moved to CartViewController: it opens here when you close this"))
        state.type(.escape)
        if state.overlay == .confirmDiscard { state.type(.char("y")) }
        #expect(state.shouldQuit)
        #expect(state.live?.next?.screen == "CartViewController")
    }

    @Test func aConfigOnItsWayToThePhoneHoldsTheScreenAndIsSaidOnTheNext() throws {
        var state = try Self.following()
        state.live?.pending = Self.screen(2, "CartViewController")
        state.live?.sending = 1
        _ = state.reduce(.redraw)
        #expect(!state.shouldQuit, "moved on before the config reached the phone")
        _ = state.reduce(.sentToPhone(.success("productId")))
        #expect(state.shouldQuit)
        let carried = try #require(state.live?.carried)
        #expect(carried.contains("sent productId to the phone"))
        var next = try TUIFixtures.state()
        next.follow(
            LiveFollow(app: nil, screen: Self.screen(2, "CartViewController")), movedFrom: Self.screen(1, "Home"),
            carried: carried)
        #expect(next.status.contains("the phone moved from Home to CartViewController"))
        #expect(next.status.contains("sent productId to the phone"))
    }

    @Test func theEchoesAreSaidAndTheNextAreAwaited() throws {
        var state = try Self.following()
        let echo = LiveEchoSummary(
            seq: 4, pairing: "7cbcf511bd5f", event: "lasso_1", content: "加入购物车", position: "1",
            properties: [(key: "productId", value: "P1002")])
        let effects = state.reduce(.liveEchoes(.success([echo])))
        #expect(state.status.contains("fired on the phone: 「加入购物车」 row 1 · productId=P1002"))
        #expect(effects == [.followEchoes(pairing: "7cbcf511bd5f", after: 4)])
        // The server cannot be reached: said, and asked again.
        let failed = state.reduce(.liveEchoes(.failure(EffectFailure("no server listening"))))
        #expect(state.status.contains("live: no server listening; asking the server again"))
        #expect(failed == [.followEchoes(pairing: "7cbcf511bd5f", after: 4)])
    }

    @Test func aScreenThatCannotBeOpenedIsSkippedAndFollowingGoesOn() throws {
        var state = try Self.following()
        _ = state.reduce(.liveScreen(.success(Self.screen(5, "com.example.BigActivity"))))
        #expect(state.shouldQuit)
        state.skipLiveScreen(Self.screen(5, "com.example.BigActivity"), because: "too big")
        #expect(!state.shouldQuit)
        #expect(
            state.status.contains("the phone's screen 5 (BigActivity) could not be opened: too big; still following"))
        #expect(state.startEffects.contains(.followLive(app: nil, after: 5)))
    }

    /// On a Sensors screen the form says, before saving, that an event that is no click is never sent to the phone.
    @Test func theCircleFormSaysAnEventSensorsCannotFire() throws {
        var state = try ValuePickerTests.sample(profile: .sensors, folder: TUIFixtures.folder())
        let cell = try #require(
            state.snapshot.indices.first { state.snapshot.className(of: $0).hasSuffix("ProductCell") })
        _ = state.reduce(.select(node: cell))
        state.type(.char("c"))
        var form = try #require(ValuePickerTests.circle(state))
        var tries = 0
        while SensorsVisualizedConfig.clickEvents.contains(form.event), tries < form.events.count {
            state.type(.right)
            form = try #require(ValuePickerTests.circle(state))
            tries += 1
        }
        try #require(!SensorsVisualizedConfig.clickEvents.contains(form.event), "\(form.events)")
        #expect(state.screenText.contains("is no click"), "\(state.screenText)")
    }
}
