/// Twelve colours that stay distinguishable from each other and on typical video, one per track.
///
///     let colour = TrackPalette.colour(for: trackIndex)
public enum TrackPalette {
    /// The colours in the order tracks receive them.
    public static let colours: [RGBColour] = [
        RGBColour(red: 255, green: 59, blue: 48),    // red
        RGBColour(red: 52, green: 199, blue: 89),    // green
        RGBColour(red: 10, green: 132, blue: 255),   // blue
        RGBColour(red: 255, green: 204, blue: 0),    // amber
        RGBColour(red: 191, green: 90, blue: 242),   // violet
        RGBColour(red: 0, green: 215, blue: 215),    // cyan
        RGBColour(red: 255, green: 140, blue: 0),    // orange
        RGBColour(red: 255, green: 85, blue: 190),   // pink
        RGBColour(red: 170, green: 235, blue: 40),   // lime
        RGBColour(red: 0, green: 128, blue: 128),    // teal
        RGBColour(red: 160, green: 105, blue: 50),   // brown
        RGBColour(red: 225, green: 225, blue: 225),  // light grey
    ]

    /// The colour for track `index`; any integer is accepted, indices wrap around the palette
    /// (negative ones too).
    public static func colour(for index: Int) -> RGBColour {
        let count = colours.count
        return colours[((index % count) + count) % count]
    }
}
