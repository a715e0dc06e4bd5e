import LassoSnapshot

/// Moving, folding, filtering and clicking in the outline and the canvas.
extension AppState {
    mutating func reduceOutline(_ action: Action) -> [Effect] {
        // A message is about what was just done: a move leaves it behind.
        switch action {
        case .moveDown, .moveUp, .pageDown, .pageUp, .first, .last, .parent, .nextSibling, .previousSibling,
            .expandOrChild, .collapseOrParent, .select, .scroll:
            message = nil
        default: break
        }
        switch action {
        case .moveDown: moveCursor(to: outline.next(cursor) ?? cursor)
        case .moveUp: moveCursor(to: outline.previous(cursor) ?? cursor)
        case .pageDown:
            let rows = max(1, outlineRows - 1)
            cursor = outline.advance(cursor, by: rows)
            top = outline.advance(top, by: rows)
            keepCursorInView()
        case .pageUp:
            let rows = max(1, outlineRows - 1)
            cursor = outline.advance(cursor, by: -rows)
            top = outline.advance(top, by: -rows)
            keepCursorInView()
        case .first: moveCursor(to: outline.firstRow)
        case .last: moveCursor(to: outline.lastRow)
        case .parent:
            if let parent = snapshot.parent(of: cursor) { reveal(parent) }
        case .nextSibling:
            if let sibling = snapshot.nextSibling(of: cursor) { reveal(sibling) }
        case .previousSibling:
            if let parent = snapshot.parent(of: cursor) {
                let siblings = snapshot.children(of: parent)
                if let at = siblings.firstIndex(of: cursor), at > 0 { reveal(siblings[at - 1]) }
            }
        case .expandOrChild:
            if outline.isFolded(cursor) {
                outline.setFolded(cursor, false)
            } else if outline.hasChildren(cursor) {
                reveal(cursor + 1)
            }
        case .collapseOrParent:
            if outline.hasChildren(cursor) && !outline.isFolded(cursor) && outline.filtered == nil {
                outline.setFolded(cursor, true)
            } else {
                return reduceOutline(.parent)
            }
        case .toggleFold:
            outline.setFolded(cursor, !outline.isFolded(cursor))
        case .expandSubtree:
            outline.setSubtree(cursor, folded: false)
        case .collapseSubtree:
            outline.setSubtree(cursor, folded: true)
        case .expandAll:
            outline.setSubtree(0, folded: false)
            keepCursorInView()
        case .toggleFilter:
            toggleFilter()
        case .magnify, .unmagnify:
            let steps = CanvasViewport.magnifications
            let now = steps.firstIndex(of: canvasMagnification) ?? 0
            let next = action == .magnify ? min(now + 1, steps.count - 1) : max(now - 1, 0)
            canvasMagnification = steps[next]
            fitPicture()
            say(
                .info(
                    canvasMagnification == 1
                        ? "the whole screen"
                        : "magnified \(canvasMagnification)× around the highlighted view, following it: \(KeyHint.magnify.key) more, \(KeyHint.unmagnify.key) less"
                ))
        case .toggleZoom:
            canvasZoomed.toggle()
            fitPicture()
            say(
                .info(
                    canvasZoomed
                        ? "the screen's picture, full screen: j/k and clicks still select; \(KeyHint.zoomCanvas.key) goes back"
                        : "back to the outline"))
            keepCursorInView()
        case .undo:
            return undo()
        case .showNotes:
            if screenNotes.isEmpty {
                say(.info("this is a lasso snapshot: the import left no notes, nothing is missing from it"))
            } else {
                overlay = .notes(top: 0)
            }
        case .select(let node):
            reveal(node)
        case .scroll(let rows):
            top = outline.advance(top, by: rows)
            if outline.distance(from: top, to: cursor, limit: outlineRows - 1) == nil {
                cursor = rows > 0 ? top : outline.advance(top, by: outlineRows - 1)
            }
        case .clickCanvas(let x, let y):
            if let node = viewInCanvas(x: x, y: y) {
                if outline.filtered != nil { outline.setFilter(nil) }
                reveal(node)
                say(.info("selected \(table.name(of: node)) under the pointer"))
            }
        case .startSearch:
            startSearch()
        case .nextMatch: stepMatch(forward: true)
        case .previousMatch: stepMatch(forward: false)
        case .openCircle: openCircle()
        case .openHook: openHook()
        case .openPush:
            return openPush()
        case .openConfigs:
            overlay = .configs(ConfigsList(matches: configMatches))
            // The list's keys take the status line: a word about the last save is no help here, a warning still is.
            if message?.kind == .info { message = nil }
            // Read the folder again: someone may have changed it since.
            return Self.readFolder
        case .nameEvent:
            return nameEventHere()
        default: break
        }
        return []
    }

    /// Moves the cursor to a row that is already visible.
    mutating func moveCursor(to node: Int) {
        cursor = node
        keepCursorInView()
    }

    /// Unfolds what hides `node`, puts the cursor on it and scrolls to it.
    mutating func reveal(_ node: Int) {
        if outline.filtered != nil && !outline.isVisible(node) { outline.setFilter(nil) }
        outline.reveal(node)
        cursor = node
        keepCursorInView()
    }

    /// Scrolls so that the cursor row is on screen, a few rows from the edges when possible.
    mutating func keepCursorInView() {
        if !outline.isVisible(cursor) {
            cursor =
                outline.filtered != nil ? (outline.filteredRow(atOrAfter: cursor) ?? 0) : visibleAncestor(of: cursor)
        }
        if !outline.isVisible(top) {
            top = outline.filtered != nil ? (outline.filteredRow(atOrAfter: top) ?? 0) : visibleAncestor(of: top)
        }
        let rows = max(1, outlineRows)
        // Visible rows are in pre-order, so a smaller index is higher up.
        if cursor < top {
            top = cursor
            return
        }
        if outline.distance(from: top, to: cursor, limit: rows - 1) == nil {
            top = outline.advance(cursor, by: -(rows - 1))
        }
        // No empty rows at the bottom while there are rows above to show.
        var below = 0
        var last = top
        while below < rows - 1, let next = outline.next(last) {
            last = next
            below += 1
        }
        if below < rows - 1 { top = outline.advance(top, by: -(rows - 1 - below)) }
    }

    private func visibleAncestor(of node: Int) -> Int {
        var shown = node
        var ancestor = snapshot.parent(of: node)
        while let current = ancestor {
            if outline.isFolded(current) { shown = current }
            ancestor = snapshot.parent(of: current)
        }
        return shown
    }

    private mutating func toggleFilter() {
        if outline.filtered != nil {
            outline.setFilter(nil)
            outline.reveal(cursor)
            say(.info("showing every view"))
        } else {
            let interactive = EventType.interactiveViews(in: snapshot)
            guard !interactive.isEmpty else {
                say(.warning("no view on this screen takes a tap or a value"))
                return
            }
            outline.setFilter(interactive)
            cursor = outline.filteredRow(atOrAfter: cursor) ?? Int(interactive[0])
            top = cursor
            say(
                .info(
                    "showing the \(interactive.count) views a user can interact with (\(KeyHint.toggleFilter.key): show all)"
                ))
        }
        keepCursorInView()
    }

    /// The view drawn under a point of the canvas (pane-relative cells, border included): the frontmost visible
    /// view whose drawn cells hold the point, so that a view thinner than a row is clickable on the row its outline
    /// is drawn on.
    func viewInCanvas(x: Int, y: Int) -> Int? {
        let area = layout.canvas
        return CanvasScene.of(self, columns: area.width - 2, rows: area.height - 2).view(atColumn: x - 1, row: y - 1)
    }
}
