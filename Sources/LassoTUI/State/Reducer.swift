import LassoCore

/// How the state answers input: keys through the keymap, clicks by place, resizes as actions.
extension AppState {
    /// The context that has the keys now.
    public var keyContext: Keymap.Context {
        switch overlay {
        case .none: return .outline
        case .search: return .search
        case .help: return .help
        case .circle: return .circle
        case .configs: return .configs
        case .confirmQuit, .confirmDelete: return .confirm
        case .push: return .push
        }
    }

    /// Turns one input event into actions and applies them.
    public mutating func handle(_ event: InputEvent) {
        switch event {
        case .resize(let size):
            reduce(.resize(size))
        case .mouse(let mouse):
            handleMouse(mouse)
        case .key(let key):
            if isTooSmall, key != .char("q"), key != .ctrl("c") { return }
            if let action = textAction(for: key) {
                reduce(action)
            } else if let action = Keymap.action(for: key, in: keyContext) {
                reduce(action)
            }
        }
    }

    /// Printable characters typed into the search prompt or a form's text field (or Space toggling an index).
    private func textAction(for key: Key) -> Action? {
        guard case .char(let character) = key else { return nil }
        switch overlay {
        case .search: return .insert(character)
        case .circle(let form):
            if form.field.isText { return .insert(character) }
            if character == " " { return .insert(character) }
            return nil
        default: return nil
        }
    }

    private mutating func handleMouse(_ mouse: MouseEvent) {
        guard !isTooSmall else { return }
        let layout = Layout(size)
        switch mouse {
        case .press(let x, let y):
            guard overlay == .none else { return }
            if layout.outline.contains(x: x, y: y), y > layout.outline.y,
                y < layout.outline.y + layout.outline.height - 1
            {
                let node = outline.advance(top, by: y - layout.outline.y - 1)
                if outline.distance(from: top, to: node, limit: outlineRows) == y - layout.outline.y - 1 {
                    reduce(.select(node: node))
                }
            } else if layout.wireframe.contains(x: x, y: y) {
                reduce(.clickWireframe(x: x - layout.wireframe.x, y: y - layout.wireframe.y))
            }
        case .wheelUp(let x, let y):
            if layout.outline.contains(x: x, y: y) || overlay == .none { reduce(.scroll(rows: -3)) }
        case .wheelDown(let x, let y):
            if layout.outline.contains(x: x, y: y) || overlay == .none { reduce(.scroll(rows: 3)) }
        }
    }

    /// The one place where the state changes.
    public mutating func reduce(_ action: Action) {
        switch action {
        case .resize(let newSize):
            size = newSize
            keepCursorInView()
        case .redraw:
            status = ""
        case .quit:
            if case .circle(let form) = overlay, form.changed { overlay = .confirmQuit } else { shouldQuit = true }
        case .forceQuit:
            shouldQuit = true
        case .closeOverlay:
            closeOverlay()
        case .showHelp:
            overlay = .help
        default:
            switch overlay {
            case .none: reduceOutline(action)
            case .search(var field):
                reduceSearch(action, &field)
            case .circle(var form):
                reduceCircle(action, &form)
            case .configs(var list):
                reduceConfigs(action, &list)
            case .confirmQuit:
                if action == .confirmYes { shouldQuit = true }
                if action == .confirmNo {
                    overlay = .none
                    status = ""
                }
            case .confirmDelete(let id):
                if action == .confirmYes { deleteConfig(id: id) }
                if action == .confirmNo { overlay = .configs(ConfigsList(matches: matchesOfConfigs())) }
            case .push(var panel):
                reducePush(action, &panel)
            case .help:
                break
            }
        }
    }

    private mutating func closeOverlay() {
        switch overlay {
        case .confirmQuit:
            overlay = .none
        case .confirmDelete:
            overlay = .configs(ConfigsList(matches: matchesOfConfigs()))
        default:
            overlay = .none
        }
    }

    mutating func say(_ text: String, error: Bool = false) {
        status = text
        statusIsError = error
    }
}
