import LassoDocuments
import LassoSnapshot

/// `JSONParser.parse` then `ConfigCodec.decode`, with two promises checked: parsed JSON written back (compact and
/// pretty) parses to the same value, and a decoded config written in its canonical form decodes to the same config.
enum ConfigTarget {
    static func run(_ bytes: [UInt8]) {
        guard let value = try? JSONParser.parse(bytes, file: "fuzz.json") else { return }
        for text in [JSONWriter.compact(value), JSONWriter.pretty(value)] {
            guard let again = try? JSONParser.parse(Array(text.utf8), file: "written.json"), again == value else {
                broken("JSON written back does not parse to the same value: \(text.debugDescription)", bytes)
            }
        }
        decode(value, bytes)
        // A random viewId is never the hash of the viewPath: put the right one in so the fields after it are reached.
        if case .object(var object) = value, let text = object["viewPath"]?.stringValue,
            let path = try? PathNotation.parse(text)
        {
            object["viewId"] = .string(ViewId.make(path))
            decode(.object(object), bytes)
        }
    }

    static func decode(_ value: JSONValue, _ bytes: [UInt8]) {
        guard let config = try? ConfigCodec.decode(value, file: "fuzz.json") else { return }
        let text = ConfigCodec.fileText(config)
        let again: KVCConfig
        do {
            again = try ConfigCodec.decode(
                JSONParser.parse(Array(text.utf8), file: "written.json"), file: "written.json")
        } catch {
            broken("a decoded config's canonical text does not decode: \(error)\n\(text)", bytes)
        }
        guard again == config else { broken("a config's canonical text decodes to another config:\n\(text)", bytes) }
    }
}

/// `PathNotation.parse` of the bytes as text; a path read is written in each notation and must read back the same.
/// The text also goes through `DisplayText`, which must leave nothing a terminal acts on.
enum PathTarget {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        checkDisplay(text)
        _ = PathNotation.detect(text)
        for notation in PathNotation.allCases { _ = try? notation.parse(text) }
        guard let path = try? PathNotation.parse(text) else { return }
        checkRoundTrip(path, source: "the input " + text.debugDescription)
        _ = ViewId.make(path)
    }

    /// What lasso shows of any text (paths and names included) holds nothing a terminal acts on: no controls but line
    /// feeds and tabs in `terminalSafe`, none at all in `quoted`, no line or paragraph separators, no bidirectional
    /// controls.
    static func checkDisplay(_ text: String) {
        func acted(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E,
                0x2066...0x2069:
                return true
            default: return false
            }
        }
        if DisplayText.terminalSafe(text).unicodeScalars.contains(where: { acted($0) && $0 != "\n" && $0 != "\t" }) {
            broken("terminalSafe left a control, separator or bidi override in \(text.debugDescription)")
        }
        if DisplayText.quoted(text, limit: 40).unicodeScalars.contains(where: acted) {
            broken("quoted left a control, separator or bidi override in \(text.debugDescription)")
        }
    }

    /// Every notation writes `path` as text that reads back as `path`, both in that notation and as detected.
    static func checkRoundTrip(_ path: ViewPath, source: @autoclosure () -> String) {
        for notation in PathNotation.allCases {
            let written = notation.write(path)
            let again: ViewPath
            do { again = try notation.parse(written) } catch {
                broken("\(notation) text of \(source()) does not read: \(written.debugDescription): \(error)")
            }
            guard again == path else {
                broken("\(notation) text \(written.debugDescription) of \(source()) reads to another path: \(again)")
            }
            guard let detected = try? PathNotation.parse(written), detected == path else {
                broken("\(notation) text \(written.debugDescription) of \(source()) is read as another notation")
            }
        }
    }
}

/// `KeyPathEvaluator.evaluate` and `KeyCompletion.keys` with the bytes as the key path, on every view of a small
/// fixed snapshot that has properties, state, a text field, a search bar, a table cell and a view controller.
enum KeyPathTarget {
    static let snapshot: Snapshot = {
        do { return try SnapshotLoader.load(bytes: Array(fixture.utf8), file: "keypath-fixture.json") } catch {
            fatalError("the key path fixture does not load: \(error)")
        }
    }()

    static func run(_ bytes: [UInt8]) {
        let keyPath = String(decoding: bytes, as: UTF8.self)
        let evaluator = KeyPathEvaluator(snapshot)
        for node in snapshot.indices {
            let result = evaluator.evaluate(keyPath, on: node)
            if let value = result.value { _ = JSONWriter.compact(value) }
            _ = KeyCompletion.keys(after: keyPath, on: node, in: snapshot)
        }
    }

    static let fixture = """
        {"format": "lasso.snapshot/1", "app": {"key": "shop-ios", "version": "5.3.0", "platform": "ios"},
         "root": {"class": "UIWindow", "superclasses": ["UIView", "UIResponder", "NSObject"], "frame": [0, 0, 390, 844],
          "children": [
           {"class": "UIView", "frame": [0, 0, 390, 844],
            "viewController": {"class": "ShopKit.CartViewController", "superclasses": ["UIViewController"],
             "title": "Cart", "alias": "main", "properties": {"itemCount": 3, "coupon": null}},
            "children": [
             {"class": "UISearchBar", "frame": [0, 0, 390, 56], "children": [
               {"class": "UISearchBarTextField", "superclasses": ["UITextField", "UIControl", "UIView"],
                "text": "shoes", "frame": [8, 8, 374, 40]}]},
             {"class": "UITextField", "superclasses": ["UIControl", "UIView"], "text": "secret",
              "accessibilityIdentifier": "password", "frame": [8, 60, 374, 40], "alpha": 0.5},
             {"class": "UITableView", "superclasses": ["UIScrollView", "UIView"], "frame": [0, 100, 390, 700],
              "state": {"contentOffset": [0, 120], "pagingEnabled": false, "rows": [1, 2, "3"]},
              "children": [
               {"class": "ShopKit.ProductCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 2],
                "accessibilityLabel": "Blue shoes", "frame": [0, 0, 390, 88], "hidden": false,
                "properties": {"product": {"name": "Blue shoes", "price": 19.90, "tags": ["sale", "new", "sale"],
                 "variants": [{"size": 41, "stock": 2}, {"size": 42, "stock": 0}, {"size": "43", "stock": null}]},
                 "prices": [19.9, 1e3, -4, "12", true, null], "empty": [], "nested": [[1, 2], [3, [4, 5]]]},
                "children": [
                 {"class": "UILabel", "text": "Blue shoes", "frame": [16, 8, 200, 20]},
                 {"class": "UIButton", "title": "Add", "imageName": "cart.badge.plus", "frame": [300, 8, 80, 40],
                  "actions": ["addTapped:"], "gestures": ["UITapGestureRecognizer"]}]}]}]}]}}
        """
}
