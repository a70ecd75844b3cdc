"""A private ``redis-server`` for fault benchmarks: on a free port of 127.0.0.1, with its
own directory and persistence on (append-only file, fsync on every write), so that it can
be killed with SIGKILL and restarted on the same port and data, as a crash would be. The
shared Redis of the machine is never touched."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import structlog

from daemon.base.errors import ConfigError

log = structlog.get_logger("memoryd.bench")

_READY_S = 15.0


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on (as of now)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _answers_ping(port: int) -> bool:
    """True when the server on ``port`` answers PONG (not LOADING, not refused)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(64).startswith(b"+PONG")
    except OSError:
        return False


class PrivateRedis:
    """One ``redis-server`` process of our own: :meth:`start`, :meth:`kill` (SIGKILL),
    :meth:`restart` (same port, same directory, so the append-only file is replayed)."""

    def __init__(self, directory: Path, *, port: int | None = None) -> None:
        self.directory = directory
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.restarts = 0

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def _command(self, binary: str) -> list[str]:
        return [
            binary,
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(self.directory),
            "--appendonly",
            "yes",
            "--appendfsync",
            "always",
            "--save",
            "",
            "--daemonize",
            "no",
            "--logfile",
            str(self.directory / "redis.log"),
        ]

    def start(self) -> None:
        """Start the server and wait until it answers (it may be loading its file)."""
        if self.process is not None and self.process.poll() is None:
            raise RuntimeError("the private redis-server is already running")
        binary = shutil.which("redis-server")
        if binary is None:
            raise ConfigError("this benchmark needs redis-server on the PATH")
        self.directory.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            self._command(binary), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + _READY_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            if _answers_ping(self.port):
                log.info("bench.redis_started", port=self.port, restarts=self.restarts)
                return
            time.sleep(0.05)
        self.stop()
        raise ConfigError(
            f"the private redis-server on port {self.port} did not start "
            f"(see {self.directory / 'redis.log'})"
        )

    def kill(self) -> None:
        """SIGKILL: no shutdown save, no goodbye to clients."""
        if self.process is None:
            return
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.process = None
        log.info("bench.redis_killed", port=self.port)

    def restart(self) -> None:
        """Start again on the same port with the same directory."""
        self.restarts += 1
        self.start()

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


@contextmanager
def private_redis(directory: Path) -> Iterator[PrivateRedis]:
    """A started :class:`PrivateRedis` in ``directory``, stopped on the way out."""
    server = PrivateRedis(directory)
    server.start()
    try:
        yield server
    finally:
        server.stop()
