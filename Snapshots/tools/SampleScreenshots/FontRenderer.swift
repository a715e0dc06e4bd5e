import CFreeType
import Foundation
import LassoSnapshot

/// A font face opened once through the system's FreeType, which measures texts and draws them anti-aliased on a
/// canvas, so that Chinese and Latin texts are readable in the screenshots.
final class FontRenderer {
    /// WenQuanYi Zen Hei, from Debian's fonts-wqy-zenhei: Chinese, Latin, digits and "¥" in one face.
    static let defaultPath = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"

    private let library: FT_Library
    private let face: FT_Face
    private var pixelSize = 0

    /// Opens the first face of the font file at `path` (a .ttf, .otf or .ttc).
    init(path: String) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw FontError(
                description: "no font file at \(path): install fonts-wqy-zenhei, or name a font with --font PATH "
                    + "or SAMPLE_SCREENSHOTS_FONT")
        }
        var library: FT_Library?
        let started = FT_Init_FreeType(&library)
        guard started == 0, let library else {
            throw FontError(description: "FreeType would not start (error \(started))")
        }
        var face: FT_Face?
        let opened = FT_New_Face(library, path, 0, &face)
        guard opened == 0, let face else {
            FT_Done_FreeType(library)
            throw FontError(description: "FreeType cannot open the font \(path) (error \(opened))")
        }
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// How far the font's lines reach above and below the baseline at `size` pixels to the em.
    func lineMetrics(size: Int) -> (ascent: Int, descent: Int) {
        setSize(size)
        let metrics = face.pointee.size.pointee.metrics
        return (Int(metrics.ascender + 63) >> 6, Int(-metrics.descender + 63) >> 6)
    }

    /// How wide `text` is at `size` pixels to the em: the sum of its glyphs' advances.
    func measure(_ text: String, size: Int) -> Int {
        setSize(size)
        var width = 0
        for scalar in text.unicodeScalars where load(scalar, render: false) {
            width += advance
        }
        return width
    }

    /// Draws `text` at `size` pixels to the em from `x` on the line `baseline`, whole glyphs only up to `limit`
    /// (each glyph's pixels are also cut there); returns the width used.
    @discardableResult
    func draw(
        _ text: String, on canvas: inout Canvas, x: Int, baseline: Int, size: Int, color: RGB, limit: Int
    ) -> Int {
        setSize(size)
        var cursor = x
        for scalar in text.unicodeScalars where load(scalar, render: true) {
            let step = advance
            if cursor + step > limit { break }
            let slot = face.pointee.glyph.pointee
            let bitmap = slot.bitmap
            if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer {
                let left = cursor + Int(slot.bitmap_left)
                let top = baseline - Int(slot.bitmap_top)
                let levels = max(1, Int(bitmap.num_grays) - 1)
                for row in 0..<Int(bitmap.rows) {
                    let line = buffer + row * Int(bitmap.pitch)
                    for column in 0..<Int(bitmap.width) where left + column < limit {
                        // Coverage rounded to one of 16 levels: as smooth to the eye as 256, and the PNG about 40 %
                        // smaller.
                        let coverage = (min(255, Int(line[column]) * 255 / levels) + 8) / 17 * 17
                        if coverage > 0 {
                            canvas.blend(x: left + column, y: top + row, color: color, coverage: UInt8(coverage))
                        }
                    }
                }
            }
            cursor += step
        }
        return cursor - x
    }

    private var advance: Int { Int(face.pointee.glyph.pointee.advance.x + 32) >> 6 }

    private func setSize(_ size: Int) {
        guard size != pixelSize else { return }
        FT_Set_Pixel_Sizes(face, 0, FT_UInt(max(1, size)))
        pixelSize = size
    }

    /// Loads the glyph of `scalar` into the face's slot (outlines only, never the font's embedded bitmaps, so that
    /// every size is drawn alike); false when FreeType cannot load it.
    private func load(_ scalar: Unicode.Scalar, render: Bool) -> Bool {
        let flags = lasso_ft_load_no_bitmap() | (render ? lasso_ft_load_render() : lasso_ft_load_default())
        return FT_Load_Char(face, FT_ULong(scalar.value), flags) == 0
    }
}

/// Why the font could not be opened, said so that the person running the tool knows what to install or pass.
struct FontError: Error, CustomStringConvertible {
    let description: String
}
