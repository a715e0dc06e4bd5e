import Foundation
import LassoSnapshot
import LassoTUI
import Testing

/// The canvas's scene is kept between frames while what it is made from stays the same; whatever changes it (the
/// magnification, the zoom, the canvas's size), the kept scene is the one a fresh reading gives.
@Suite("The canvas scene kept between frames")
struct CanvasSceneCacheTests {
    func agrees(_ state: AppState, columns: Int = 40, rows: Int = 30) -> Bool {
        let kept = CanvasScene.of(state, columns: columns, rows: rows)
        let fresh = CanvasScene(state, columns: columns, rows: rows)
        return kept.boxes == fresh.boxes && kept.offset == fresh.offset && kept.screenColumns == fresh.screenColumns
            && kept.screenRows == fresh.screenRows
    }

    @Test("after cursor moves, magnifying, zooming and another size, the kept scene is the fresh one")
    func keptIsFresh() throws {
        var state = try TUIFixtures.state(width: 120, height: 40)
        #expect(agrees(state))
        state.type(.char("j"), .char("j"), .char("j"))
        #expect(agrees(state))
        state.reduce(.select(node: TUIFixtures.node("加入购物车", in: state)))
        state.type(.char("+"))
        #expect(agrees(state))
        state.type(.char("+"), .char("-"))
        #expect(agrees(state))
        state.type(.char("z"))
        #expect(agrees(state))
        #expect(agrees(state, columns: 60, rows: 20))
        #expect(agrees(state))
    }
}
