import Foundation
import LassoSnapshot

/// Whether a picture is the snapshot's screen: its pixel size must be the screen's points times the scale.
public enum ScreenFit {
    /// How far the pixel size may be off: rounding of fractional points, at least 2 pixels or 1 %.
    static func tolerance(_ size: Double) -> Double { max(2, size / 100) }

    /// What the screen wants and what the image is, when they disagree; nil when the image fits.
    public static func mismatch(image: RGBImage, snapshot: Snapshot) -> (expected: String, found: String)? {
        mismatch(width: image.width, height: image.height, snapshot: snapshot)
    }

    /// What the screen wants and what a picture of `width`×`height` pixels is, when they disagree; nil when it fits.
    public static func mismatch(width pixelWidth: Int, height pixelHeight: Int, snapshot: Snapshot) -> (
        expected: String, found: String
    )? {
        let screen: (width: Double, height: Double, scale: Double?)
        if let info = snapshot.screen {
            screen = (info.width, info.height, info.scale)
        } else if snapshot.count > 0, let root = snapshot.frame(of: 0) {
            screen = (root.width, root.height, nil)
        } else {
            return nil
        }
        guard screen.width > 0, screen.height > 0 else { return nil }
        let width = Double(pixelWidth)
        let height = Double(pixelHeight)
        let found = "an image of \(pixelWidth)×\(pixelHeight) pixels"
        let points = "\(number(screen.width))×\(number(screen.height))"
        if let scale = screen.scale, scale > 0 {
            let wantWidth = screen.width * scale
            let wantHeight = screen.height * scale
            if abs(width - wantWidth) > tolerance(wantWidth) || abs(height - wantHeight) > tolerance(wantHeight) {
                return (
                    "\(number(wantWidth))×\(number(wantHeight)) pixels (the screen, \(points) points at scale \(number(scale)))",
                    found
                )
            }
            return nil
        }
        // No scale: any one scale must map both sides.
        let scale = width / screen.width
        let wantHeight = screen.height * scale
        if abs(height - wantHeight) > tolerance(wantHeight) {
            return ("an image shaped like the screen (\(points) points)", found)
        }
        return nil
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(format: "%.1f", value)
    }
}
