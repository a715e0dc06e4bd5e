import LassoSnapshot

/// An RGB pixel canvas with the few drawing operations the sample screenshots need: filled and outlined
/// rectangles, and single pixels blended in (what FontRenderer draws texts with).
struct Canvas {
    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]

    init(width: Int, height: Int, color: RGB) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 3)
        fill(x: 0, y: 0, width: width, height: height, color: color)
    }

    var image: RGBImage { RGBImage(width: width, height: height, pixels: pixels)! }

    /// Fills a rectangle of pixels, clipped to the canvas; `alpha` below 1 blends it over what is there.
    mutating func fill(x: Int, y: Int, width w: Int, height h: Int, color: RGB, alpha: Double = 1) {
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(width, x + w)
        let y1 = min(height, y + h)
        guard x1 > x0, y1 > y0 else { return }
        let keep = 1 - alpha
        for row in y0..<y1 {
            var at = (row * width + x0) * 3
            for _ in x0..<x1 {
                if alpha >= 1 {
                    pixels[at] = color.red
                    pixels[at + 1] = color.green
                    pixels[at + 2] = color.blue
                } else {
                    pixels[at] = UInt8(Double(pixels[at]) * keep + Double(color.red) * alpha)
                    pixels[at + 1] = UInt8(Double(pixels[at + 1]) * keep + Double(color.green) * alpha)
                    pixels[at + 2] = UInt8(Double(pixels[at + 2]) * keep + Double(color.blue) * alpha)
                }
                at += 3
            }
        }
    }

    /// Draws a rectangle's outline `thickness` pixels wide, inside the rectangle.
    mutating func outline(x: Int, y: Int, width w: Int, height h: Int, thickness: Int, color: RGB) {
        fill(x: x, y: y, width: w, height: thickness, color: color)
        fill(x: x, y: y + h - thickness, width: w, height: thickness, color: color)
        fill(x: x, y: y, width: thickness, height: h, color: color)
        fill(x: x + w - thickness, y: y, width: thickness, height: h, color: color)
    }

    /// Blends `color` over the pixel at (x, y) by `coverage`, from 0 (leaves it) to 255 (paints it over), if the
    /// pixel is on the canvas.
    mutating func blend(x: Int, y: Int, color: RGB, coverage: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height, coverage > 0 else { return }
        let at = (y * width + x) * 3
        let alpha = Int(coverage)
        let keep = 255 - alpha
        pixels[at] = UInt8((Int(pixels[at]) * keep + Int(color.red) * alpha + 127) / 255)
        pixels[at + 1] = UInt8((Int(pixels[at + 1]) * keep + Int(color.green) * alpha + 127) / 255)
        pixels[at + 2] = UInt8((Int(pixels[at + 2]) * keep + Int(color.blue) * alpha + 127) / 255)
    }
}
