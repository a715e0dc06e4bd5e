import LassoSnapshot

/// An RGB buffer that rectangles are drawn on, clipped to its edges: the picture the terminal is sent, with its
/// marks.
struct PixelCanvas {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    /// The rectangle in `color`, or with `mixed` half `color` over what is there.
    mutating func fill(left: Int, top: Int, right: Int, bottom: Int, color: RGB, mixed: Bool = false) {
        let x0 = max(left, 0)
        let x1 = min(right, width)
        let y0 = max(top, 0)
        let y1 = min(bottom, height)
        guard x1 > x0 && y1 > y0 else { return }
        let channels = [color.red, color.green, color.blue]
        for y in y0..<y1 {
            var at = (y * width + x0) * 3
            for _ in x0..<x1 {
                for channel in 0..<3 {
                    pixels[at + channel] =
                        mixed ? UInt8((Int(pixels[at + channel]) + Int(channels[channel])) / 2) : channels[channel]
                }
                at += 3
            }
        }
    }

    /// A rectangle's border `thickness` pixels wide, inside its edges; a rectangle thinner than that is filled.
    mutating func outline(left: Int, top: Int, right: Int, bottom: Int, thickness: Int, color: RGB) {
        guard right > left && bottom > top else { return }
        let line = max(1, thickness)
        fill(left: left, top: top, right: right, bottom: min(bottom, top + line), color: color)
        fill(left: left, top: max(top, bottom - line), right: right, bottom: bottom, color: color)
        fill(left: left, top: top, right: min(right, left + line), bottom: bottom, color: color)
        fill(left: max(left, right - line), top: top, right: right, bottom: bottom, color: color)
    }
}
