"""challenge-tui on an 80x24 pseudo-terminal, typed at as a person would: what Linker/order/generate
and Linker/profile/generate run their sessions with (Linker/README.md)."""
import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time

DOWN, UP, ESCAPE, TAB, ENTER = b"\x1bOB", b"\x1bOA", b"\x1b", b"\t", b"\r"


class Session:
    """`arguments` (the program first, or a tool that runs it) with `environment` added to this
    process's, on a pseudo-terminal of 80x24 in xterm-256color."""

    def __init__(self, arguments, environment):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execvpe(arguments[0], arguments, dict(os.environ, TERM="xterm-256color", **environment))
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.screen = b""

    def read(self, quiet):
        """Reads until nothing came for `quiet` seconds."""
        while select.select([self.fd], [], [], quiet)[0]:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.screen = (self.screen + chunk)[-200_000:]

    def wait_for(self, text, timeout=60):
        deadline = time.time() + timeout
        while text.encode() not in self.screen:
            if time.time() > deadline:
                sys.exit(f"generate: '{text}' did not show within {timeout} s")
            self.read(0.2)
        self.read(1.0)

    def keys(self, *keys, pause=0.6):
        for key in keys:
            os.write(self.fd, key)
            self.read(pause)

    def quit(self):
        self.screen = b""
        os.write(self.fd, b"q")
        deadline = time.time() + 60
        while time.time() < deadline:
            done, _ = os.waitpid(self.pid, os.WNOHANG)
            if done:
                return
            self.read(0.2)
        os.kill(self.pid, 9)
        sys.exit("generate: challenge-tui did not quit")
