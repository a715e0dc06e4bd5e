import LassoSnapshot

/// Turns a 24-bit colour into the colour number a terminal of some depth takes: itself, the nearest of the
/// 256-colour palette (6×6×6 cube and 24 greys), or the nearest ANSI colour.
enum ColorQuantizer {
    /// The cube's six levels, as xterm defines them.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    static func number(_ color: RGB, depth: ColorDepth) -> Int32 {
        let (r, g, b) = (Int(color.red), Int(color.green), Int(color.blue))
        switch depth {
        case .direct:
            // Direct-colour terminfo sends numbers below 8 as palette colours: nudge those few off them.
            return Int32(max(8, r << 16 | g << 8 | b))
        case .indexed256:
            let (cr, cg, cb) = (cubeIndex(r), cubeIndex(g), cubeIndex(b))
            let cube = (cubeLevels[cr], cubeLevels[cg], cubeLevels[cb])
            let grey = min(23, max(0, (r + g + b) / 3 - 3) / 10)
            let greyLevel = 8 + grey * 10
            let cubeDistance = square(r - cube.0) + square(g - cube.1) + square(b - cube.2)
            let greyDistance = square(r - greyLevel) + square(g - greyLevel) + square(b - greyLevel)
            return greyDistance < cubeDistance ? Int32(232 + grey) : Int32(16 + 36 * cr + 6 * cg + cb)
        case .ansi8:
            return Int32((r > 127 ? 1 : 0) | (g > 127 ? 2 : 0) | (b > 127 ? 4 : 0))
        case .none:
            return -1
        }
    }

    /// The nearest of the cube's levels.
    static func cubeIndex(_ value: Int) -> Int {
        if value < 48 { return 0 }
        if value < 115 { return 1 }
        return min(5, (value - 35) / 40)
    }

    private static func square(_ x: Int) -> Int { x * x }
}
