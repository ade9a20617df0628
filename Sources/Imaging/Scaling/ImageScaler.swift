/// Resizes bitmaps for the terminal. Down-scaling averages the exact source area each target
/// pixel covers (a box filter with fractional edges), so thin lines and text thin out into
/// the right shade instead of vanishing or flickering as nearest-neighbour sampling makes
/// them. Up-scaling repeats pixels (nearest neighbour): a tiny picture stays crisp.
public enum ImageScaler {
    /// The largest size inside `maxWidth` × `maxHeight` with the proportions of `width` ×
    /// `height`, at least 1 × 1 (zero when the box is empty).
    public static func fittedSize(width: Int, height: Int, maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        guard maxWidth > 0, maxHeight > 0 else { return (0, 0) }
        guard width > 0, height > 0 else { return (maxWidth, maxHeight) }
        // Compare width/maxWidth with height/maxHeight without rounding.
        if width * maxHeight >= height * maxWidth {
            // The width fills the box.
            let fittedHeight = (height * maxWidth * 2 + width) / (width * 2) // rounded
            return (maxWidth, min(maxHeight, max(1, fittedHeight)))
        } else {
            let fittedWidth = (width * maxHeight * 2 + height) / (height * 2)
            return (min(maxWidth, max(1, fittedWidth)), maxHeight)
        }
    }

    /// `bitmap` scaled to fit `maxWidth` × `maxHeight`, proportions kept.
    public static func fit(_ bitmap: Bitmap, maxWidth: Int, maxHeight: Int) -> Bitmap {
        let size = fittedSize(width: bitmap.width, height: bitmap.height, maxWidth: maxWidth, maxHeight: maxHeight)
        return resize(bitmap, width: size.width, height: size.height)
    }

    /// `bitmap` at exactly `width` × `height`: area averaging when either side shrinks,
    /// nearest neighbour when both grow (or stay).
    public static func resize(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
        let width = max(0, width), height = max(0, height)
        guard width > 0, height > 0, bitmap.width > 0, bitmap.height > 0 else {
            return Bitmap(width: width, height: height, color: .clear)
        }
        if width == bitmap.width && height == bitmap.height { return bitmap }
        if width >= bitmap.width && height >= bitmap.height { return nearest(bitmap, width: width, height: height) }
        return areaAverage(bitmap, width: width, height: height)
    }

    static func nearest(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
        let columns = (0..<width).map { $0 * bitmap.width / width }
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            bitmap.pixels.withUnsafeBufferPointer { source in
                var target = 0
                for y in 0..<height {
                    let row = y * bitmap.height / height * bitmap.width
                    for x in 0..<width {
                        let from = (row + columns[x]) * 4
                        out[target] = source[from]
                        out[target + 1] = source[from + 1]
                        out[target + 2] = source[from + 2]
                        out[target + 3] = source[from + 3]
                        target += 4
                    }
                }
            }
            initialized = width * height * 4
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Which source pixels a target pixel covers along one axis, and by how much. In units of
    /// 1/target of a source pixel the weights are whole numbers summing to `source` for every
    /// target pixel, so the averages are exact integer arithmetic.
    struct Span {
        var first: Int
        var weights: [Int]
    }

    static func spans(source: Int, target: Int) -> [Span] {
        (0..<target).map { j in
            let start = j * source, end = (j + 1) * source // in 1/target units
            let first = start / target, last = (end - 1) / target
            let weights = (first...last).map { i in min((i + 1) * target, end) - max(i * target, start) }
            return Span(first: first, weights: weights)
        }
    }

    /// Box filter, separable: rows first (into sums), then columns. Colours are averaged
    /// weighted by alpha (premultiplied), so transparent pixels lend no colour to their
    /// neighbours.
    static func areaAverage(_ bitmap: Bitmap, width: Int, height: Int) -> Bitmap {
        let across = spans(source: bitmap.width, target: width)
        let down = spans(source: bitmap.height, target: height)
        // Per source row and target column: Σ w·a·r, Σ w·a·g, Σ w·a·b, Σ w·a.
        var rows = [Int](repeating: 0, count: bitmap.height * width * 4)
        bitmap.pixels.withUnsafeBufferPointer { source in
            rows.withUnsafeMutableBufferPointer { sums in
                for y in 0..<bitmap.height {
                    let rowStart = y * bitmap.width
                    var out = y * width * 4
                    for span in across {
                        var r = 0, g = 0, b = 0, a = 0
                        // The two edge pixels carry their own share; those between are covered
                        // whole (weight `width`): summed plainly and weighed once, below.
                        func addWeighted(_ from: Int, _ weight: Int) {
                            let weighted = Int(source[from + 3]) * weight
                            r += Int(source[from]) * weighted
                            g += Int(source[from + 1]) * weighted
                            b += Int(source[from + 2]) * weighted
                            a += weighted
                        }
                        let first = (rowStart + span.first) * 4, count = span.weights.count
                        addWeighted(first, span.weights[0])
                        if count > 1 { addWeighted(first + (count - 1) * 4, span.weights[count - 1]) }
                        var opaqueR = 0, opaqueG = 0, opaqueB = 0, opaqueCount = 0
                        var r0 = 0, g0 = 0, b0 = 0, a0 = 0
                        var from = first + 4
                        let end = first + (count - 1) * 4
                        while from < end {
                            let alpha = Int(source[from + 3])
                            if alpha == 255 {
                                opaqueR += Int(source[from])
                                opaqueG += Int(source[from + 1])
                                opaqueB += Int(source[from + 2])
                                opaqueCount += 1
                            } else {
                                r0 += Int(source[from]) * alpha
                                g0 += Int(source[from + 1]) * alpha
                                b0 += Int(source[from + 2]) * alpha
                                a0 += alpha
                            }
                            from += 4
                        }
                        sums[out] = r + (opaqueR * 255 + r0) * width
                        sums[out + 1] = g + (opaqueG * 255 + g0) * width
                        sums[out + 2] = b + (opaqueB * 255 + b0) * width
                        sums[out + 3] = a + (opaqueCount * 255 + a0) * width
                        out += 4
                    }
                }
            }
        }
        let total = bitmap.width * bitmap.height // Σ of all weights for one target pixel
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            rows.withUnsafeBufferPointer { sums in
                var target = 0
                for span in down {
                    for x in 0..<width {
                        var r = 0, g = 0, b = 0, a = 0
                        var from = (span.first * width + x) * 4
                        for weight in span.weights {
                            r += sums[from] * weight
                            g += sums[from + 1] * weight
                            b += sums[from + 2] * weight
                            a += sums[from + 3] * weight
                            from += width * 4
                        }
                        if a == 0 {
                            out[target] = 0; out[target + 1] = 0; out[target + 2] = 0; out[target + 3] = 0
                        } else {
                            out[target] = UInt8((r + a / 2) / a)
                            out[target + 1] = UInt8((g + a / 2) / a)
                            out[target + 2] = UInt8((b + a / 2) / a)
                            out[target + 3] = UInt8((a + total / 2) / total)
                        }
                        target += 4
                    }
                }
            }
            initialized = width * height * 4
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
