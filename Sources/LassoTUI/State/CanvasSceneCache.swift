import Synchronization

/// The last canvas scene worked out, kept with what it was made from (the viewport, the canvas's size, zoom and
/// whether a picture is shown): a key that moves the cursor changes none of these, so the next frame takes the
/// boxes as they are instead of walking up to `CanvasScale.viewLimit` views again. One per snapshot (made with the
/// state, and made again when the whole of a snapshot opened on its first views is loaded).
final class CanvasSceneCache: Sendable {
    /// What a scene is made from, besides the snapshot and its geometry.
    struct Key: Equatable {
        var viewport: CanvasViewport
        var columns: Int
        var rows: Int
        var zoomed: Bool
        var pictureShown: Bool
    }

    private let last = Mutex<(key: Key, scene: CanvasScene)?>(nil)

    /// The scene for `key`: the kept one when it was made from the same, else one made by `make` and kept.
    func scene(for key: Key, make: () -> CanvasScene) -> CanvasScene {
        if let kept = last.withLock({ $0 }), kept.key == key { return kept.scene }
        let scene = make()
        last.withLock { $0 = (key, scene) }
        return scene
    }
}
