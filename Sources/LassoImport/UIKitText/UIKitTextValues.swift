import Foundation

/// The values of a `recursiveDescription` member that need more than a number: an image's name.
enum UIKitTextValues {
    /// The image name of `<UIImage:0x… named(main: icon-cart) {24, 24}>` or `symbol(system: cart.fill)`.
    static func imageName(_ text: String) -> String? {
        for marker in ["named(", "symbol("] {
            guard let start = text.range(of: marker) else { continue }
            let inside = text[start.upperBound...].prefix { $0 != ")" }
            let name = inside.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
            if let name, !name.isEmpty { return name }
        }
        return nil
    }
}
