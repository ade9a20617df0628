import Core
import Glibc
import Imaging
import TUI

/// Header images in process: a 1000 × 1000 photograph-like picture (gradients plus noise,
/// which compresses like a photograph, unlike a flat colour) encoded as PNG and as JPEG, then
/// timed through what the detail page does with a downloaded header: decode, scale to the
/// picture area (76 × 12 cells, two pixels a cell) and draw with half blocks onto a canvas.
struct ImageBench {
    let context: BenchContext
    /// The picture's side (smaller in tests).
    var side = 1000
    static let area = (columns: 76, rows: 12)
    static let budgetMilliseconds = 30.0

    struct Timing {
        var format: ImageFormat
        var encodedBytes: Int
        /// The very first decode in the process, loading the library with dlopen.
        var firstDecode: Double
        var decode: Summary?
        var scale: Summary?
        var draw: Summary?
        var total: Summary?
        /// The thread's CPU time for the same work: what the code costs, whatever else the
        /// machine is doing (wall time grows when other programs take the cores). The budget
        /// holds this one.
        var cpu: Summary?
    }

    enum Measured {
        case timings([Timing])
        case failed(String)
    }

    /// Smooth gradients with a few soft shapes and ±12 of noise per channel, repeatable.
    static func photograph(side: Int) -> Bitmap {
        var random = SeededRandom(seed: 42)
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        let scale = 255.0 / Double(max(1, side - 1))
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x - side / 3), dy = Double(y - side / 2)
                let glow = max(0, 1 - (dx * dx + dy * dy).squareRoot() / Double(max(1, side / 3)))
                let base = [Double(x) * scale * 0.8 + glow * 50, Double(y) * scale * 0.6 + glow * 90, Double(side - x) * scale * 0.7]
                let i = (y * side + x) * 4
                for channel in 0..<3 {
                    let noise = Double(Int(random.next() % 25) - 12)
                    pixels[i + channel] = UInt8(max(0, min(255, base[channel] + noise)))
                }
            }
        }
        return Bitmap(width: side, height: side, pixels: pixels)
    }

    func measure() -> Measured {
        let picture = Self.photograph(side: side)
        var timings: [Timing] = []
        do {
            for format in [ImageFormat.png, .jpeg] {
                let bytes = try ImageEncoder.encode(picture, as: format, jpegQuality: 85)
                var start = ContinuousClock.now
                _ = try ImageDecoder.decode(bytes)
                let first = Self.milliseconds(since: start)
                var decode: [Double] = [], scale: [Double] = [], draw: [Double] = [], total: [Double] = [], cpu: [Double] = []
                for _ in 0..<max(3, context.options.repetitions * 2) {
                    let cpuStart = Self.threadCPUMilliseconds()
                    start = ContinuousClock.now
                    // The detail page knows its box: JPEGs decode reduced (DCT scaling).
                    let box = (width: Self.area.columns, height: Self.area.rows * 2)
                    let bitmap = try ImageDecoder.decode(bytes, fitting: box)
                    let decoded = ContinuousClock.now
                    let layout = HalfBlockLayout(imageWidth: bitmap.width, imageHeight: bitmap.height, columns: Self.area.columns, rows: Self.area.rows)
                    let scaled = ImageScaler.resize(bitmap, width: layout.pixelWidth, height: layout.pixelHeight)
                    let resized = ContinuousClock.now
                    var canvas = Canvas(size: Size(width: 80, height: 24))
                    let image = HalfBlockImage(width: scaled.width, height: scaled.height, rgba: scaled.pixels, matte: .black, colorMode: .xterm256)
                    image.draw(in: Rect(x: 2, y: 2, width: Self.area.columns, height: Self.area.rows), on: &canvas)
                    let end = ContinuousClock.now
                    cpu.append(Self.threadCPUMilliseconds() - cpuStart)
                    decode.append(Self.milliseconds(start, decoded))
                    scale.append(Self.milliseconds(decoded, resized))
                    draw.append(Self.milliseconds(resized, end))
                    total.append(Self.milliseconds(start, end))
                }
                timings.append(Timing(
                    format: format, encodedBytes: bytes.count, firstDecode: first, decode: Summary(decode),
                    scale: Summary(scale), draw: Summary(draw), total: Summary(total), cpu: Summary(cpu)))
            }
        } catch {
            return .failed(error.description)
        }
        return .timings(timings)
    }

    func report(_ measured: Measured) -> [ReportLine] {
        switch measured {
        case .failed(let reason):
            return [.skipped("header image: decode + scale + draw", because: reason, budget: "< 30 ms")]
        case .timings(let timings):
            var lines: [ReportLine] = []
            for timing in timings {
                let name = "\(side)×\(side) \(timing.format.name) (\(Format.bytes(Double(timing.encodedBytes))))"
                // The budget holds the thread's CPU time: on this shared machine the wall time
                // also counts the time other programs held the cores (it doubles under load).
                if let cpu = timing.cpu {
                    lines.append(.budget(
                        "header image \(name): decode + scale + draw into \(Self.area.columns)×\(Self.area.rows) cells, CPU time",
                        cpu.formatted("ms", digits: 1), budget: "< 30 ms", ok: cpu.median < Self.budgetMilliseconds))
                }
                if let total = timing.total {
                    lines.append(ReportLine("header image \(timing.format.name): the same, wall time", total.formatted("ms", digits: 1)))
                }
                if let decode = timing.decode, let scale = timing.scale, let draw = timing.draw {
                    lines.append(ReportLine(
                        "header image \(timing.format.name): decode / scale / draw (medians)",
                        Format.number(decode.median, digits: 2) + " / " + Format.number(scale.median, digits: 2) + " / "
                            + Format.number(draw.median, digits: 2) + " ms"))
                }
                lines.append(ReportLine(
                    "header image \(timing.format.name): first decode, library loaded on demand",
                    Format.number(timing.firstDecode, digits: 1) + " ms"))
            }
            return lines
        }
    }

    static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        milliseconds(start, ContinuousClock.now)
    }

    private static func milliseconds(_ start: ContinuousClock.Instant, _ end: ContinuousClock.Instant) -> Double {
        PseudoTerminalProcess.seconds(end - start) * 1000
    }
}
