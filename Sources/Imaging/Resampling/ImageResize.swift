extension Image where Pixel == Float {
    /// The image resampled bilinearly to `width` x `height` pixels, all channels.
    ///
    /// Pixel centres are aligned: output pixel `(i, j)` samples the source at pixel-centre position
    /// `((i + 0.5) * sourceWidth / width - 0.5, ...)`, replicating the border. The same size returns the
    /// same values. There is no prefilter: to shrink by more than 2, ``downscaled(by:)`` first.
    /// Non-positive sizes give an empty image; an empty source gives zeros.
    public func resized(width: Int, height: Int) -> Image<Float> {
        bilinearResized(width: width, height: height)
    }
}

extension Image where Pixel == UInt8 {
    /// The image resampled bilinearly to `width` x `height` pixels, rounded to nearest.
    ///
    /// Same geometry and bad-input behaviour as the `Float` version.
    public func resized(width: Int, height: Int) -> Image<UInt8> {
        bilinearResized(width: width, height: height)
    }
}
