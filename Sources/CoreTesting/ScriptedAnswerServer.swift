import Foundation

/// A server on 127.0.0.1 that answers every connection as a test scripts it, byte for byte: for
/// answers no real server gives on purpose (cut half way, held in the middle). `answer` gets the
/// connection once the request's head has been read, writes what it likes (`send`), and the
/// connection is closed after it.
public final class ScriptedAnswerServer: Sendable {
    public let port: Int
    private let listener: Int32

    public init(answer: @escaping @Sendable (_ connection: Int32) -> Void) throws {
        // Close-on-exec, the listener and each connection: a program another test starts
        // meanwhile would otherwise hold them open.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, size) == 0 && listen(listener, 4) == 0 && getsockname(listener, pointer, &size) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
                // The request's head, whatever it asks.
                var request = [UInt8](repeating: 0, count: 65536)
                _ = read(connection, &request, request.count)
                answer(connection)
                close(connection)
            }
        }
    }

    /// Writes `data` to `connection` until all of it went or the other side stopped taking it;
    /// how many bytes went.
    @discardableResult
    public static func send(_ data: Data, to connection: Int32) -> Int {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(connection, raw.baseAddress! + offset, raw.count - offset)
                guard written > 0 else { break }
                offset += written
            }
            return offset
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
