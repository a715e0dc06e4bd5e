import LassoCounting
import LassoSnapshot

/// Draws a `PixelPicture` at a terminal's cell size: the screenshot scaled to the cells it covers (each output pixel
/// the average of the source pixels under it, or the nearest one when magnified), the tapped views tinted, the
/// marked views outlined and the highlighted view outlined thickest, so that the terminal is sent one finished image.
public enum PixelPainter {
    /// The colour where the screen does not reach (past its edge in the last column or row).
    static let outside = RGB(24, 24, 24)
    static let highlightColor = RGB(255, 196, 0)
    static let matchedColor = RGB(236, 64, 236)
    static let configuredColor = RGB(48, 200, 96)

    /// `picture` drawn with cells of `cellWidth` × `cellHeight` pixels: an image exactly the size of its area.
    public static func draw(_ picture: PixelPicture, cellWidth: Int, cellHeight: Int) -> RGBImage {
        let width = max(1, picture.area.width * max(1, cellWidth))
        let height = max(1, picture.area.height * max(1, cellHeight))
        let image = picture.image
        // A screen that ends inside the area's last column (or row) is stretched by less than a cell to end with
        // it, so that no strip of another colour shows there; the marks are placed by the same stretch.
        let pointsPerColumn = fitted(
            picture.pointsPerColumn, cells: picture.area.width, screenLeft: picture.screenWidth - picture.originX)
        let pointsPerRow = fitted(
            picture.pointsPerRow, cells: picture.area.height, screenLeft: picture.screenHeight - picture.originY)
        // Screen points of each output pixel's edges, then the source pixels between them.
        let pointsPerPixelX = pointsPerColumn / Double(max(1, cellWidth))
        let pointsPerPixelY = pointsPerRow / Double(max(1, cellHeight))
        let sourcePerPointX = Double(image.width) / picture.screenWidth
        let sourcePerPointY = Double(image.height) / picture.screenHeight
        let columns = spans(
            count: width, start: picture.originX * sourcePerPointX, step: pointsPerPixelX * sourcePerPointX,
            limit: image.width)
        let rows = spans(
            count: height, start: picture.originY * sourcePerPointY, step: pointsPerPixelY * sourcePerPointY,
            limit: image.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            image.pixels.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let (top, bottom) = rows[y]
                    var at = y * width * 3
                    for x in 0..<width {
                        let (left, right) = columns[x]
                        guard bottom > top && right > left else {
                            out[at] = outside.red
                            out[at + 1] = outside.green
                            out[at + 2] = outside.blue
                            at += 3
                            continue
                        }
                        var red = 0
                        var green = 0
                        var blue = 0
                        for sourceY in top..<bottom {
                            var from = (sourceY * image.width + left) * 3
                            let end = (sourceY * image.width + right) * 3
                            while from < end {
                                red += Int(source[from])
                                green += Int(source[from + 1])
                                blue += Int(source[from + 2])
                                from += 3
                            }
                        }
                        let count = (bottom - top) * (right - left)
                        out[at] = UInt8(red / count)
                        out[at + 1] = UInt8(green / count)
                        out[at + 2] = UInt8(blue / count)
                        at += 3
                    }
                }
            }
        }
        var canvas = PixelCanvas(width: width, height: height, pixels: pixels)
        let scaleX = Double(max(1, cellWidth)) / pointsPerColumn
        let scaleY = Double(max(1, cellHeight)) / pointsPerRow
        for mark in picture.marks {
            let left = Int(((mark.x - picture.originX) * scaleX).rounded(.down))
            let top = Int(((mark.y - picture.originY) * scaleY).rounded(.down))
            let right = Int(((mark.x + mark.width - picture.originX) * scaleX).rounded(.up))
            let bottom = Int(((mark.y + mark.height - picture.originY) * scaleY).rounded(.up))
            switch mark.kind {
            case .heat(let level):
                canvas.fill(
                    left: left, top: top, right: right, bottom: bottom, color: HeatScale.color(level), mixed: true)
            case .configured:
                canvas.outline(left: left, top: top, right: right, bottom: bottom, thickness: 2, color: configuredColor)
            case .matched:
                canvas.outline(left: left, top: top, right: right, bottom: bottom, thickness: 2, color: matchedColor)
            case .highlight:
                // A dark line inside the bright one, so that the outline shows on light and dark screens alike.
                canvas.outline(left: left, top: top, right: right, bottom: bottom, thickness: 3, color: highlightColor)
                canvas.outline(
                    left: left + 3, top: top + 3, right: right - 3, bottom: bottom - 3, thickness: 1,
                    color: RGB(0, 0, 0))
            }
        }
        // The sizes are positive and the pixels exactly width × height × 3.
        return RGBImage(width: width, height: height, pixels: canvas.pixels)!
    }

    /// Points a cell, stretched so that a screen with `screenLeft` points left to show ends with the last of `cells`
    /// when it would end inside it; as given otherwise.
    public static func fitted(_ pointsPerCell: Double, cells: Int, screenLeft: Double) -> Double {
        let ends = screenLeft / pointsPerCell
        guard cells > 0, ends >= Double(cells - 1), ends < Double(cells) else { return pointsPerCell }
        return screenLeft / Double(cells)
    }

    /// Per output pixel, the source pixels `[from, to)` it averages: at least one while inside the source, none past
    /// its edge.
    static func spans(count: Int, start: Double, step: Double, limit: Int) -> [(Int, Int)] {
        var result = [(Int, Int)](repeating: (0, 0), count: count)
        for index in 0..<count {
            let from = start + Double(index) * step
            let to = from + step
            guard from.isFinite, to.isFinite, from < Double(limit), to > 0 else { continue }
            let low = min(max(Int(from.rounded(.down)), 0), limit - 1)
            let high = min(max(Int(to.rounded(.down)), low + 1), limit)
            result[index] = (low, high)
        }
        return result
    }
}
