/// An 8-bit sRGB colour for drawing annotations.
///
///     var frame = Image<UInt8>(width: 176, height: 144, channels: 3, repeating: 0)
///     frame.drawRectangle(PixelRect(x: 20, y: 30, width: 40, height: 50), colour: .yellow, thickness: 1)
public struct RGBColour: Equatable, Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// BT.601 luma, the grey value this colour has in a luma plane (same weights as ``Image/luma()``).
    public var luma: UInt8 {
        let weighted = 77 * UInt32(red) + 150 * UInt32(green) + 29 * UInt32(blue) + 128
        return UInt8(truncatingIfNeeded: weighted >> 8)
    }

    /// Black on light colours, white on dark ones: the text colour for a label filled with this colour.
    public var contrastingTextColour: RGBColour { luma >= 140 ? .black : .white }

    public static let black = RGBColour(red: 0, green: 0, blue: 0)
    public static let white = RGBColour(red: 255, green: 255, blue: 255)
    public static let red = RGBColour(red: 255, green: 0, blue: 0)
    public static let green = RGBColour(red: 0, green: 255, blue: 0)
    public static let blue = RGBColour(red: 0, green: 0, blue: 255)
    public static let yellow = RGBColour(red: 255, green: 255, blue: 0)
}
