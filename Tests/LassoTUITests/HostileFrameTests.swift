import LassoTUI
import Testing

@Suite("Frames of any size draw without trapping")
struct HostileFrameTests {
    static func screen(frame: String, screen: String = #"{"width": 390, "height": 844}"#) -> String {
        #"{"format":"lasso.snapshot/1","screen":\#(screen),"root":{"class":"UIWindow","frame":[0,0,390,844],"children":[{"class":"UIView","frame":\#(frame),"children":[{"class":"UIButton","frame":[1e12,-1e12,3e38,3e38]}]}]}}"#
    }

    @Test(
        "a huge, negative or overflowing frame is clamped to the pane",
        arguments: [
            "[0,0,1e12,10]", "[-1e30,-1e30,1e30,1e30]", "[3e38,3e38,3e38,3e38]", "[0,0,1e-30,1e-30]",
            "[-9.2e18,9.2e18,1,1]",
        ])
    func hugeFrames(frame: String) throws {
        var state = try TUIFixtures.state(Self.screen(frame: frame), width: 120, height: 40)
        for key: Key in [.char("E"), .char("j"), .char("j"), .char("k")] {
            state.type(key)
            let text = state.screenText
            #expect(text.contains("Screen"))
        }
        // A click anywhere in the canvas is answered, not trapped.
        for y in 20..<39 { state.handle(.mouse(.press(x: 100, y: y))) }
        #expect(!state.screenText.isEmpty)
    }

    @Test("a screen of absurd size still draws")
    func absurdScreen() throws {
        for screen in [#"{"width": 1e300, "height": 1e-300}"#, #"{"width": 0, "height": 0}"#] {
            var state = try TUIFixtures.state(
                Self.screen(frame: "[0,0,1e12,10]", screen: screen), width: 120, height: 40)
            state.type(.char("j"))
            #expect(state.screenText.contains("Views"))
        }
    }

    @Test("cell numbers stay within the clamp")
    func clamp() {
        let scale = CanvasScale(screen: (390, 844), columns: 60, rows: 20)
        #expect(scale.column(1e30) == CanvasScale.cellLimit)
        #expect(scale.row(-1e30) == -CanvasScale.cellLimit)
        #expect(scale.column(.nan) == 0)
        #expect(scale.column(.infinity) == CanvasScale.cellLimit)
        #expect(scale.column(195) == 9)
    }
}
