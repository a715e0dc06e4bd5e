/// What an import note means for the configs a person makes on this screen, in words that need no programmer.
enum NoteMeaning {
    static func explain(_ note: String) -> String {
        let text = note.lowercased()
        if text.hasPrefix("the screenshot is not drawn") {
            return
                "This terminal is not showing pictures, as said; the outline, the frames, search and every config work without it."
        }
        if text.hasPrefix("screenshot ") {
            return
                "The outline, the frames, search and every config work without the picture: it only helps you find a view by sight. To see the screen, open the dump again with --screenshot FILE (a PNG or JPEG of this screen)."
        }
        if text.contains("the activity is the page") {
            return
                "The page is the activity the snapshot names, as in the header: paths start at it, as your app's SDK writes them."
        }
        if text.contains("app key is the") {
            return
                "Configs made here are filed under this app key, which the dump itself gives. If your team names the app otherwise, set appKey in lasso.json (or give --app-key)."
        }
        if text.contains("no view controllers") || text.contains("no activities") || text.contains("is the page") {
            return
                "Pages are unknown here: paths start at the top of the dump, not at a screen of the app, and may not match what your app's SDK reports. Check a config made here against a snapshot your app's SDK took (or ask for one with the pages in it)."
        }
        if text.contains("--activity") {
            return
                "The dump holds several screens and this is the one named at the top. Configs made here are for it; to circle on another, open the dump again with --activity and its name."
        }
        if text.contains("clipped") || text.contains("scroll") {
            return
                "Where views sit is approximate for views partly scrolled away: the picture may be off there, but paths and configs are not affected."
        }
        if text.contains("no class") {
            return
                "Some views have no class in the dump and got a made-up one: a config whose path goes through them will not match the app."
        }
        if text.contains("index path") || text.contains("indexpath") || text.contains("adapter position") {
            return
                "A row's number here is its place on the screen, not its place in the list's data. For \"any row of this list\" that does not matter; a config for one fixed row may point at another row in the app."
        }
        if text.contains("gesture") {
            return
                "Whether a view takes a tap or a long press is a guess here: check that the event you pick is the one the app sends."
        }
        if text.contains("pixels") {
            return
                "Sizes are in pixels rather than points. The picture of the screen is right; paths and configs are not affected."
        }
        if text.contains("windows") {
            return
                "Several windows were found and put side by side. Views in the extra windows (keyboards, alerts, overlays) may have paths the SDK does not report the same way."
        }
        if text.contains("no frame") || text.contains("no bounds") || text.contains("no x, y") {
            return
                "Some views have no position: they are in the outline but not in the picture. Their paths are still right."
        }
        if text.contains("skipped") || text.contains("ignored") || text.contains("left out") {
            return "Some parts of the dump were not views and were left out. Every view the dump had is here."
        }
        return "This is something the dump did not say. Configs made on this screen may need checking against the app."
    }
}
