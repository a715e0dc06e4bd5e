import CZlib
import Foundation
import LassoImage
import LassoSnapshot
import Testing

@Suite("Images in the terminals' protocols: sixel, kitty's and iTerm2's")
struct TerminalImageTests {
    // MARK: sixel

    /// The pixels a sixel DCS string sets, read as DEC's documentation describes it (written here, apart from the
    /// encoder): raster attributes, `#n;2;r;g;b` colours in percent, `#n` to pick one, `!n` repeats, `$` back to
    /// the band's start, `-` to the next band; nil for a pixel no colour set.
    struct SixelReading {
        var width = 0
        var height = 0
        var pixels: [RGB?] = []
        var header = ""

        init(_ bytes: [UInt8]) throws {
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.hasPrefix("\u{1B}P"), text.hasSuffix("\u{1B}\\"), let q = text.firstIndex(of: "q") else {
                throw Failure("not a DCS string ending in ST")
            }
            header = String(text[text.index(text.startIndex, offsetBy: 2)..<q])
            var characters = Array(text[text.index(after: q)..<text.index(text.endIndex, offsetBy: -2)])
            var at = 0
            func number() -> Int {
                var value = 0
                while at < characters.count, let digit = characters[at].wholeNumberValue {
                    value = value * 10 + digit
                    at += 1
                }
                return value
            }
            var palette: [Int: RGB] = [:]
            var color = 0
            var x = 0
            var band = 0
            characters.append(" ")
            while at < characters.count - 1 {
                let character = characters[at]
                at += 1
                switch character {
                case "\"":
                    var values: [Int] = [number()]
                    while characters[at] == ";" {
                        at += 1
                        values.append(number())
                    }
                    guard values.count == 4 else { throw Failure("raster attributes \(values)") }
                    width = values[2]
                    height = values[3]
                    pixels = [RGB?](repeating: nil, count: width * height)
                case "#":
                    let index = number()
                    if characters[at] == ";" {
                        var values: [Int] = []
                        while characters[at] == ";" {
                            at += 1
                            values.append(number())
                        }
                        guard values.count == 4, values[0] == 2 else { throw Failure("colour \(values)") }
                        func byte(_ percent: Int) -> UInt8 { UInt8((percent * 255 + 50) / 100) }
                        palette[index] = RGB(byte(values[1]), byte(values[2]), byte(values[3]))
                    } else {
                        color = index
                    }
                case "$": x = 0
                case "-":
                    x = 0
                    band += 1
                case "!":
                    let count = number()
                    let sixel = characters[at]
                    at += 1
                    for _ in 0..<count { try put(sixel) }
                default:
                    guard let value = character.asciiValue, value >= 63, value <= 126 else {
                        throw Failure("unexpected \(character)")
                    }
                    try put(character)
                }
            }
            func put(_ sixel: Character) throws {
                guard let value = sixel.asciiValue, value >= 63 else { throw Failure("sixel \(sixel)") }
                let bits = Int(value) - 63
                for row in 0..<6 where bits & (1 << row) != 0 {
                    let y = band * 6 + row
                    guard x < width, y < height, let rgb = palette[color] else {
                        throw Failure("pixel \(x),\(y) outside \(width)×\(height) or colour \(color) undefined")
                    }
                    pixels[y * width + x] = rgb
                }
                x += 1
            }
        }

        struct Failure: Error, CustomStringConvertible {
            let description: String
            init(_ description: String) { self.description = description }
        }
    }

    @Test("a sixel image of few colours reads back pixel for pixel (to the percent), every pixel set")
    func sixelExact() throws {
        let image = ImageFixtures.image(width: 37, height: 20) { x, y in
            x < 10 ? RGB(255, 0, 0) : (y < 7 ? RGB(0, 0, 255) : (x % 3 == 0 ? RGB(255, 255, 255) : RGB(40, 40, 40)))
        }
        let bytes = SixelEncoder.encode(image)
        let read = try SixelReading(bytes)
        #expect(read.header == "0;1;0", "P2 1: pixels a colour leaves unset keep what is under them")
        #expect(read.width == 37 && read.height == 20)
        for y in 0..<20 {
            for x in 0..<37 {
                let want = image.pixel(x: x, y: y)
                let got = try #require(read.pixels[y * 37 + x], "pixel \(x),\(y) was not set")
                #expect(abs(Int(got.red) - Int(want.red)) <= 2 && abs(Int(got.blue) - Int(want.blue)) <= 2)
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("!10"), "a run of ten columns is one repeat, not ten characters")
    }

    @Test("a photo-like image gets at most 256 colours, each pixel near its own")
    func sixelPalette() throws {
        var seed: UInt32 = 7
        let image = ImageFixtures.image(width: 120, height: 90) { x, y in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return RGB(UInt8(x * 2), UInt8(y * 2), UInt8(seed >> 24))
        }
        let palette = SixelPalette(image)
        #expect(palette.colors.count <= 256 && palette.colors.count > 200)
        let read = try SixelReading(SixelEncoder.encode(image))
        var error = 0
        for y in 0..<90 {
            for x in 0..<120 {
                let want = image.pixel(x: x, y: y)
                let got = try #require(read.pixels[y * 120 + x])
                error +=
                    abs(Int(got.red) - Int(want.red)) + abs(Int(got.green) - Int(want.green))
                    + abs(Int(got.blue) - Int(want.blue))
            }
        }
        let mean = Double(error) / Double(120 * 90 * 3)
        #expect(mean < 12, "mean error per channel \(mean)")
    }

    @Test("an image whose height is not a multiple of six sets no pixel below it")
    func sixelPartialBand() throws {
        let image = ImageFixtures.image(width: 5, height: 8) { _, _ in RGB(10, 200, 30) }
        let read = try SixelReading(SixelEncoder.encode(image))
        #expect(read.height == 8 && read.pixels.allSatisfy { $0 != nil })
    }

    // MARK: kitty

    @Test(
        "kitty: transmitted as base64 in chunks of at most 4096 (the keys on the first, m=1 until the last), placed apart"
    )
    func kittyChunks() throws {
        var seed: UInt32 = 3
        let image = ImageFixtures.image(width: 200, height: 150) { _, _ in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return RGB(UInt8(seed >> 24), UInt8((seed >> 16) & 255), 9)
        }
        let sequences = KittyImageEncoder.transmit(image, id: 42).map { String(decoding: $0, as: UTF8.self) }
        #expect(sequences.count > 2, "noise does not compress: many chunks")
        var payload = ""
        for (index, sequence) in sequences.enumerated() {
            #expect(sequence.hasPrefix("\u{1B}_G") && sequence.hasSuffix("\u{1B}\\"))
            let body = sequence.dropFirst(3).dropLast(2)
            let parts = body.split(separator: ";", maxSplits: 1).map(String.init)
            let keys = parts[0].split(separator: ",")
            let data = parts.count > 1 ? parts[1] : ""
            #expect(data.utf8.count <= 4096)
            if index == 0 {
                for key in ["a=t", "f=24", "o=z", "s=200", "v=150", "i=42", "q=2"] {
                    #expect(keys.contains(Substring(key)), "first chunk lacks \(key): \(parts[0])")
                }
            } else {
                #expect(keys == ["m=1"] || keys == ["m=0"], "later chunks carry m alone: \(parts[0])")
            }
            let last = index == sequences.count - 1
            #expect(keys.contains(last ? "m=0" : "m=1"))
            if !last { #expect(data.utf8.count % 4 == 0) }
            payload += data
        }
        #expect(
            String(decoding: KittyImageEncoder.place(id: 42, columns: 20, rows: 9), as: UTF8.self)
                == "\u{1B}_Ga=p,i=42,c=20,r=9,q=2,C=1,z=-1\u{1B}\\")
        let compressed = try #require(Data(base64Encoded: payload))
        var size = uLong(image.pixels.count)
        var out = [UInt8](repeating: 0, count: image.pixels.count)
        let status = out.withUnsafeMutableBufferPointer { target in
            Array(compressed).withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &size, source.baseAddress, uLong(source.count))
            }
        }
        #expect(status == Z_OK && Int(size) == image.pixels.count && out == image.pixels)
        #expect(
            String(decoding: KittyImageEncoder.delete(id: 42), as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=42,q=2\u{1B}\\")
    }

    // MARK: iTerm2

    @Test("iTerm2: OSC 1337 File= with inline, size, cells and no kept aspect; the base64 is the PNG of the pixels")
    func iterm() throws {
        let image = ImageFixtures.quarters(width: 40, height: 24)
        let text = String(decoding: try ITermImageEncoder.encode(image, columns: 8, rows: 3), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]1337;File=") && text.hasSuffix("\u{7}"))
        let header = text.dropFirst(2).prefix { $0 != ":" }
        let fields = header.dropFirst("1337;File=".count).split(separator: ";")
        for field in ["inline=1", "width=8", "height=3", "preserveAspectRatio=0"] {
            #expect(fields.contains(Substring(field)), "\(header)")
        }
        let body = text[text.index(after: text.firstIndex(of: ":")!)...].dropLast()
        let png = try #require(Data(base64Encoded: String(body)))
        #expect(fields.contains(Substring("size=\(png.count)")))
        #expect(try ImageDecoder.decode(Array(png)) == image)
    }

    // MARK: tmux, tiles

    @Test("tmux passthrough doubles every escape, in one wrapper")
    func passthrough() {
        let wrapped = TmuxPassthrough.wrap(Array("\u{1B}7\u{1B}[3;4H\u{1B}Pq#0!5~\u{1B}\\\u{1B}8".utf8))
        #expect(
            String(decoding: wrapped, as: UTF8.self)
                == "\u{1B}Ptmux;\u{1B}\u{1B}7\u{1B}\u{1B}[3;4H\u{1B}\u{1B}Pq#0!5~\u{1B}\u{1B}\\\u{1B}\u{1B}8\u{1B}\\")
    }

    @Test("an image larger than the terminal draws at once is cut into tiles of whole cells")
    func tiles() {
        // 25 × 10 cells of 6 × 13 pixels: 150 × 130 pixels, tiles at most 64 × 60 → 10 columns, 4 rows a tile.
        let image = ImageFixtures.image(width: 150, height: 130) { x, y in RGB(UInt8(x), UInt8(y), 0) }
        let tiles = CellTiles(
            image, columns: 25, rows: 10, cellWidth: 6, cellHeight: 13, limitWidth: 64, limitHeight: 60
        ).tiles
        #expect(tiles.count == 9)
        #expect(tiles.map(\.column) == [0, 10, 20, 0, 10, 20, 0, 10, 20])
        #expect(tiles.map(\.row) == [0, 0, 0, 4, 4, 4, 8, 8, 8])
        let last = tiles[8]
        #expect(last.columns == 5 && last.rows == 2 && last.image.width == 30 && last.image.height == 26)
        #expect(last.image.pixel(x: 0, y: 0) == RGB(120, 104, 0))
        let whole = CellTiles(
            image, columns: 25, rows: 10, cellWidth: 6, cellHeight: 13, limitWidth: 1000, limitHeight: 1000)
        #expect(whole.tiles.count == 1 && whole.tiles[0].image == image)
    }
}
