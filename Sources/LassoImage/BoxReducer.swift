import LassoSnapshot

/// Shrinks a picture by a whole factor as its rows arrive: each pixel of the result is the average of a
/// `factor`×`factor` square of the source (smaller at the right and bottom edges), so no source row is kept.
struct BoxReducer {
    let factor: Int
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    /// Per source byte of the band being summed (red, green and blue of each column): its total down the band.
    private var columnSums: [UInt32]
    private var pixels: [UInt8]
    private var rowsInBand = 0
    private var band = 0

    init(sourceWidth: Int, sourceHeight: Int, factor: Int) {
        // At most 256: a square's total (255 × 256 × 256) then fits the 32-bit sums.
        self.factor = min(256, max(1, factor))
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        width = (sourceWidth + self.factor - 1) / self.factor
        height = (sourceHeight + self.factor - 1) / self.factor
        columnSums = [UInt32](repeating: 0, count: self.factor == 1 ? 0 : sourceWidth * 3)
        pixels = [UInt8](repeating: 0, count: width * height * 3)
    }

    /// Adds the next source row: `sourceWidth` pixels of red, green and blue.
    mutating func add(row: UnsafePointer<UInt8>) {
        guard band < height else { return }
        if factor == 1 {
            pixels.withUnsafeMutableBufferPointer { out in
                (out.baseAddress! + band * width * 3).update(from: row, count: width * 3)
            }
            band += 1
            return
        }
        // Down the columns first: one add per byte, which the compiler turns into vector adds.
        let count = sourceWidth * 3
        columnSums.withUnsafeMutableBufferPointer { sums in
            for index in 0..<count { sums[index] &+= UInt32(row[index]) }
        }
        rowsInBand += 1
        if rowsInBand == factor { finishBand() }
    }

    /// The averages of the band summed so far, written as one result row; the sums start again.
    private mutating func finishBand() {
        let rows = rowsInBand
        let factor = factor
        let whole = sourceWidth / factor
        let rest = sourceWidth - whole * factor
        let start = band * width * 3
        let width = width
        columnSums.withUnsafeMutableBufferPointer { sums in
            pixels.withUnsafeMutableBufferPointer { out in
                var at = 0
                for column in 0..<width {
                    let across = column < whole ? factor : rest
                    var red: UInt32 = 0
                    var green: UInt32 = 0
                    var blue: UInt32 = 0
                    for _ in 0..<across {
                        red &+= sums[at]
                        green &+= sums[at + 1]
                        blue &+= sums[at + 2]
                        at += 3
                    }
                    let count = UInt32(rows * across)
                    out[start + column * 3] = UInt8(red / count)
                    out[start + column * 3 + 1] = UInt8(green / count)
                    out[start + column * 3 + 2] = UInt8(blue / count)
                }
                sums.update(repeating: 0)
            }
        }
        rowsInBand = 0
        band += 1
    }

    /// The reduced picture, once every source row was added; nil when rows are missing.
    mutating func finish() -> RGBImage? {
        if rowsInBand > 0 { finishBand() }
        guard band == height else { return nil }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// The largest whole factor that keeps the longer side of a `width`×`height` picture at least `longSide` pixels.
    static func factor(width: Int, height: Int, longSide: Int) -> Int {
        max(1, max(width, height) / max(1, longSide))
    }
}
