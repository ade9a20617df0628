/// Minimum, median and maximum of repeated measurements: the median is what a run usually
/// costs, the minimum what it costs without interference (the machine is shared), the maximum
/// how bad it gets.
struct Summary: Equatable, Sendable {
    var minimum: Double
    var median: Double
    var maximum: Double
    var count: Int

    /// nil for no samples. The median of an even count is the mean of the two middle values.
    init?(_ samples: [Double]) {
        let sorted = samples.filter { $0.isFinite }.sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        minimum = first
        maximum = last
        count = sorted.count
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// "3.2 ms (min 2.9, max 4.0, n=11)" with `unit` and `digits` decimals.
    func formatted(_ unit: String, digits: Int = 1) -> String {
        let m = Format.number(median, digits: digits)
        let lo = Format.number(minimum, digits: digits)
        let hi = Format.number(maximum, digits: digits)
        return "\(m) \(unit) (min \(lo), max \(hi), n=\(count))"
    }
}

/// Number formatting without Foundation's locale machinery: fixed decimals, rounded half away
/// from zero.
enum Format {
    static func number(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<max(0, digits) { scale *= 10 }
        let rounded = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        let sign = value < 0 && rounded != 0 ? "-" : ""
        let whole = Int(rounded / scale)
        guard digits > 0 else { return sign + String(whole) }
        let fraction = Int(rounded - Double(whole) * scale)
        let fractionText = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: max(0, digits - fractionText.count)) + fractionText
    }

    /// A count with its thousands grouped, as the app's header writes it: "100,000".
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// Bytes as "812 B", "3.4 KiB", "27.1 MiB".
    static func bytes(_ value: Double) -> String {
        if value < 1024 { return number(value, digits: 0) + " B" }
        if value < 1024 * 1024 { return number(value / 1024, digits: 1) + " KiB" }
        return number(value / (1024 * 1024), digits: 1) + " MiB"
    }
}

/// Percentiles of sorted samples (nearest rank).
enum Percentile {
    /// The `fraction` (0…1) percentile of `sorted`, nil for no samples.
    static func of(_ sorted: [Double], _ fraction: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}
