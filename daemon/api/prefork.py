"""Several ``memoryd serve`` processes on one port (``--workers N``): the API keeps nothing
between requests in a process, so any worker can answer any request.

The parent binds the listening socket, forks the workers (each builds its own application,
store pool and Redis client after the fork, so nothing with a thread or a connection crosses
it) and supervises them: a worker that dies while serving is started again (at most
``MAX_RESTARTS`` times in ``RESTART_WINDOW_S``, after which the parent stops them all and
exits non-zero, rather than spin); SIGTERM or SIGINT stops every worker gracefully and the
parent returns when they have exited. Unix only (``os.fork``), as uvicorn's own workers.
"""

from __future__ import annotations

import os
import signal
import socket
import time
from collections.abc import Callable
from types import FrameType

import structlog

log = structlog.get_logger("memoryd.api")

#: How many unexpected worker deaths the parent absorbs per window before giving up.
MAX_RESTARTS = 5
RESTART_WINDOW_S = 30.0

#: Runs one worker's server on the shared socket until it is told to stop.
Serve = Callable[[socket.socket], None]


class Supervisor:
    """The parent of ``workers`` forked servers sharing ``sock``."""

    def __init__(self, workers: int, sock: socket.socket, serve: Serve) -> None:
        self.workers = workers
        self.sock = sock
        self.serve = serve
        self.children: set[int] = set()
        self.stopping = False
        self.deaths: list[float] = []
        self.failed = False

    def _fork(self) -> None:
        pid = os.fork()
        if pid == 0:  # the worker
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            code = 0
            try:
                self.serve(self.sock)
            except BaseException as exc:  # a worker's last word is its exit status
                log.error("api.worker_failed", error=type(exc).__name__)
                code = 1
            os._exit(code)
        self.children.add(pid)
        log.info("api.worker_started", pid=pid)

    def _stop(self, signum: int, _frame: FrameType | None = None) -> None:
        self.stopping = True
        for pid in list(self.children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                self.children.discard(pid)

    def _absorb(self, pid: int, status: int) -> None:
        """One worker exited: start another unless stopping or dying too often."""
        self.children.discard(pid)
        if self.stopping:
            return
        now = time.monotonic()
        self.deaths = [t for t in self.deaths if now - t < RESTART_WINDOW_S] + [now]
        log.error("api.worker_died", pid=pid, status=os.waitstatus_to_exitcode(status))
        if len(self.deaths) > MAX_RESTARTS:
            log.error("api.workers_failing", restarts=MAX_RESTARTS, window_s=RESTART_WINDOW_S)
            self._stop(signal.SIGTERM)
            self.failed = True
            return
        self._fork()

    def run(self) -> int:
        """Serve until stopped; the exit status the parent should end with."""
        previous = {s: signal.signal(s, self._stop) for s in (signal.SIGTERM, signal.SIGINT)}
        try:
            for _ in range(self.workers):
                self._fork()
            while self.children:
                try:
                    pid, status = os.wait()
                except ChildProcessError:
                    break
                except InterruptedError:  # pragma: no cover (PEP 475 retries os.wait)
                    continue
                self._absorb(pid, status)
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            self.sock.close()
        return 1 if self.failed else 0
